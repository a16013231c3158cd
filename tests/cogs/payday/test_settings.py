"""/payday settings end to end: an admin changes the server's defaults and house rules on the private
panel and the next game plays by them; a member without Manage Server is refused; a bad number
changes nothing; the host changes the lobby's house rules before Start; the panel works after a
restart and reads in Italian."""

import discord
import pytest
import simcord
import simcord.interactions

from bot.game.rulesets import RULESETS
from bot.service import GameSettings, Person, Service, Tables
from tests.bot.service.fakes import Clock, Screen
from tests.cogs.payday.rig import client_locales, load, service, stored, unescape
from tests.helpers import click, refusal, slash

MANAGE_SERVER_ONLY = (
    "Only members with the Manage Server permission can change this server's Pay Day settings."
)
CHANGED_MEANWHILE = (
    "Someone else changed these settings meanwhile, so your change wasn't saved: the panel now "
    "shows them as they are; try again if you still want it."
)


@pytest.fixture
def demoted(monkeypatch) -> set[int]:
    """Users whose clicks come without Manage Server from now on (as a forged or stale click would)."""
    users: set[int] = set()
    build = simcord.interactions.base_payload

    def base_payload(backend, **fields):
        record, payload = build(backend, **fields)
        member = payload.get("member")
        if fields["user_id"] in users and member is not None:
            allowed = discord.Permissions(int(member["permissions"]))
            allowed.manage_guild = False
            member["permissions"] = str(allowed.value)
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return users


def server(env, locale: str | None = None):
    """A guild where alice has Manage Server and bob does not."""
    guild = env.create_guild("Casino", preferred_locale=locale)
    channel = guild.create_text_channel("payday")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    return guild, channel, alice, bob


def panel_text(panel) -> str:
    return unescape("\n".join(f"{f.name}\n{f.value}" for f in panel.embeds[0].fields))


async def submit(actor, shown: simcord.InteractionResult, values: dict) -> simcord.InteractionResult:
    assert shown.modal is not None, shown.response.content if shown.response else shown
    result = await actor.submit_modal(shown, values)
    assert result.acknowledged
    return result


async def test_an_admin_changes_the_settings_and_the_next_game_plays_by_them(env):
    guild, channel, alice, bob = server(env)
    opened = await slash(alice, channel, "payday settings")
    assert opened.ephemeral
    panel = opened.response.message
    assert "Edition: Modern edition" in panel_text(panel) and "Length: 3 months" in panel_text(panel)

    form = await click(alice, panel, label="New games…")
    await submit(
        alice,
        form,
        {
            "ruleset": ["family"],
            "months": ["5"],
            "turn_seconds": ["86400"],
            "interrupt_seconds": ["3600"],
            "language": ["default"],
        },
    )
    await click(alice, panel, label="Board pictures")
    await click(alice, panel, label="Show: Family variant")
    asked = await alice.select(panel, ["salary"])
    await submit(alice, asked, {"value": "$5,000"})

    shown = panel_text(opened.response.message)  # the same private message, edited in place
    assert "Edition: Family variant" in shown and "Length: 5 months" in shown
    assert "Turn time: 1 day" in shown and "Time for questions to everyone: 1 hour" in shown
    assert "Board pictures: off" in shown and "House rules — Family variant" in shown
    assert "Salary: $5,000" in shown

    lobby = (await slash(bob, channel, "payday start")).response
    invitation = unescape(lobby.embeds[0].description)
    assert invitation.startswith("5 months · Family variant")
    assert "Salary $5,000 (rules: $3,500)" in unescape("\n".join(f.value for f in lobby.embeds[0].fields))
    await click(alice, lobby, label="Join")
    await click(bob, lobby, label="Start")
    table = await load(env, channel)
    assert (table.ruleset, table.months, table.turn_seconds, table.interrupt_seconds) == (
        "family",
        5,
        86400,
        3600,
    )
    assert table.game.rules.salary == 5000 and table.board_pictures is False
    assert table.game.rules.start_cash == RULESETS["family"].rules.start_cash

    second = guild.create_text_channel("quick")  # /payday start's options still choose for one game
    quick = (await slash(bob, second, "payday start", months=1, ruleset="classic", turn_time=60)).response
    assert unescape(quick.embeds[0].description).startswith("1 month · Classic 1975")


def edition_row(panel) -> list[tuple[str, str | None, bool]]:
    """The panel's last row as an admin reads it: each button's label, emoji and whether it is off."""
    return [(b.label, b.emoji and b.emoji.name, b.disabled) for b in panel.components[-1].children]


async def test_the_edition_buttons_say_they_show_an_editions_house_rules_and_reset_names_the_edition(env):
    guild, channel, alice, _ = server(env)
    opened = await slash(alice, channel, "payday settings")
    await alice.select(opened.response.message, ["repay_anytime"])  # a Modern edition house rule

    assert edition_row(opened.response.message) == [
        ("Show: Modern edition", "▶️", False),  # the one shown: marked, not greyed as if unavailable
        ("Show: Family variant", None, False),
        ("Show: Classic 1975 (reconstructed)", None, False),
        ("Reset Modern edition's house rules", None, False),
    ]
    await click(alice, opened.response.message, label="Show: Family variant")
    panel = opened.response.message  # the same private message, edited in place
    assert "House rules — Family variant" in panel_text(panel)
    assert [(label, emoji) for label, emoji, _ in edition_row(panel)][:2] == [
        ("Show: Modern edition", None),
        ("Show: Family variant", "▶️"),
    ]
    await click(alice, panel, label="Reset Family variant's house rules")
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {
        "repay_anytime": True
    }


async def test_a_member_without_manage_server_is_refused_and_nothing_changes(env, demoted):
    guild, channel, alice, bob = server(env)
    refused = await slash(bob, channel, "payday settings")
    assert refused.ephemeral and refusal(refused) == MANAGE_SERVER_ONLY

    panel = (await slash(alice, channel, "payday settings")).response.message
    demoted.add(alice.id)  # her role was taken away, or the click is forged
    for clicked in (
        click(alice, panel, label="Thread per game"),
        click(alice, panel, label="Reset Modern edition's house rules"),
        alice.select(panel, ["repay_anytime"]),
        click(alice, panel, label="New games…"),
    ):
        result = await clicked
        assert result.ephemeral and refusal(result) == MANAGE_SERVER_ONLY
    assert await env.bot.store.server_settings(guild.id) is None


async def test_a_bad_number_for_a_house_rule_names_its_limits_and_changes_nothing(env):
    guild, channel, alice, _ = server(env)
    opened = await slash(alice, channel, "payday settings")
    panel = opened.response.message
    await click(alice, panel, label="Show: Classic 1975 (reconstructed)")
    before = panel_text(opened.response.message)

    for typed in ("lots", "99999"):
        asked = await alice.select(panel, ["salary"])
        result = await submit(alice, asked, {"value": typed})
        assert result.ephemeral
        assert (
            refusal(result)
            == "Salary takes a whole number from $0 to $1,857 in this edition. Nothing was changed."
        )

    assert panel_text(opened.response.message) == before
    assert await env.bot.store.server_settings(guild.id) is None


async def test_a_house_rules_number_is_read_as_the_admin_wrote_it(env):
    """Cents and all: $5,000.00 is a salary of $5,000, not $500,000 refused."""
    guild, channel, alice, _ = server(env)
    panel = (await slash(alice, channel, "payday settings")).response.message

    await submit(alice, await alice.select(panel, ["salary"]), {"value": "$5,000.00"})

    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {"salary": 5000}


LOAN_INTEREST_WORDS = {
    "en-US": "Loan interest takes a whole number from 0% to 50% in this edition. Nothing was changed.",
    "it": (
        "Interessi sul prestito: in questa edizione serve un numero intero da 0% a 50%. Non è cambiato nulla."
    ),
}


@pytest.mark.parametrize(
    ("locale", "typed"), [("en-US", "2.5"), ("en-US", "2.5%"), ("it", "2,5"), ("en-US", "-5"), ("it", "1e1")]
)
async def test_a_percentage_house_rule_refuses_a_fraction_a_sign_or_an_exponent(
    env, monkeypatch, locale, typed
):
    """Never 25% for "2.5": the rule is a whole percentage, so the sentence names it and nothing changes."""
    locales = client_locales(monkeypatch)
    guild, channel, alice, _ = server(env)
    locales[alice.id] = locale
    panel = (await slash(alice, channel, "payday settings")).response.message

    result = await submit(alice, await alice.select(panel, ["loan_interest_pct"]), {"value": typed})

    assert result.ephemeral and refusal(result) == LOAN_INTEREST_WORDS[locale]
    assert await env.bot.store.server_settings(guild.id) is None


async def test_the_host_changes_the_lobbys_house_rules_everyone_sees_them_and_the_game_keeps_them(env):
    _, channel, alice, bob = server(env)
    lobby = (await slash(bob, channel, "payday start", ruleset="modern")).response
    await click(alice, lobby, label="Join")

    refused = await click(alice, lobby, label="House rules")
    assert refused.ephemeral and refusal(refused) == "Only the host, bob, can change the house rules."
    before = await stored(env, channel)

    editor = await click(bob, lobby, label="House rules")
    assert editor.ephemeral
    asked = await bob.select(editor.response.message, ["lottery_ante"])
    await submit(bob, asked, {"value": "250"})
    await bob.select(editor.response.message, ["repay_anytime"])  # a switch: switched at once
    await bob.select(editor.response.message, ["jackpot_six"])  # a choice: its next way at once

    shown = unescape("\n".join(f.value for f in lobby.embeds[0].fields))
    assert "Lottery ante $250 (rules: $100)" in shown and "Loans repaid at any time" in shown
    assert "Jackpot won by any 6 rolled (rules: a movement 6)" in shown
    assert lobby.embeds[0].footer.text == "bob changed the house rules."
    assert "**Lottery ante: $250**" in unescape(editor.response.message.embeds[0].description)
    assert await stored(env, channel) != before

    await click(bob, lobby, label="Start")
    rules = (await load(env, channel)).game.rules
    assert (rules.lottery_ante, rules.repay_anytime, rules.jackpot_six) == (250, True, "any")
    late = await bob.select(editor.response.message, ["salary"])  # the game started: no more changes
    assert late.ephemeral and "already started" in refusal(late)


async def test_the_panels_controls_work_after_a_restart(env, make_bot):
    _, channel, alice, _ = server(env)
    opened = await slash(alice, channel, "payday settings")
    await env.bot.close()
    await env.restart_bot(make_bot())

    await click(alice, opened.response.message, label="Thread per game")
    form = await click(alice, opened.response.message, label="Ends and ranks…")
    await submit(alice, form, {"idle_end_days": ["3"], "pause_end_days": ["14"], "min_ranked_games": ["5"]})

    shown = panel_text(opened.response.message)
    assert "A thread per game: on" in shown
    assert "A game nobody plays ends after 3 days" in shown and "A paused game ends after 14 days" in shown
    assert "The leaderboard ranks players after 5 rated games" in shown


async def test_the_panel_reads_in_the_admins_own_language(env, monkeypatch):
    locales = client_locales(monkeypatch)
    _, channel, alice, _ = server(env, locale="it")
    locales[alice.id] = "it"
    opened = await slash(alice, channel, "payday settings")
    panel = opened.response.message
    assert panel.embeds[0].title == "Pay Day — impostazioni di questo server"
    assert "Edizione: Edizione moderna" in panel_text(panel)
    assert edition_row(panel)[0] == ("Mostra: Edizione moderna", "▶️", False)
    assert edition_row(panel)[-1] == ("Azzera le regole della casa: Edizione moderna", None, False)
    asked = await alice.select(panel, ["loan_interest_pct"])
    refused = await submit(alice, asked, {"value": "80"})
    assert refusal(refused) == (
        "Interessi sul prestito: in questa edizione serve un numero intero da 0% a 50%. Non è cambiato nulla."
    )


def carol_first(env, monkeypatch, guild_id: int, values: dict) -> None:
    """Carol's change `values`, from another process sharing the database (a service of its own on
    it, as during a shard hand-over), is saved between the bot's next read of the settings and its
    save."""
    elsewhere = Service(Tables(env.bot.store), GameSettings(), Screen(), Clock())
    carol = Person(3, "carol", manages_server=True)
    store, pending = env.bot.store, [values]
    save = store.set_server_settings

    async def after_carols(*args):
        if pending:
            await elsewhere.change_server_settings(guild_id, carol, pending.pop())
        return await save(*args)

    monkeypatch.setattr(store, "set_server_settings", after_carols)


async def test_a_change_another_admin_beat_is_refused_on_the_panel_which_shows_the_stored_settings(
    env, monkeypatch
):
    guild, channel, alice, _ = server(env)
    opened = await slash(alice, channel, "payday settings")
    panel = opened.response.message
    carol_first(env, monkeypatch, guild.id, {"months": 5})
    chosen = {
        "ruleset": ["modern"],
        "turn_seconds": ["300"],
        "interrupt_seconds": ["60"],
        "language": ["default"],
    }

    refused = await submit(alice, await click(alice, panel, label="New games…"), {**chosen, "months": ["7"]})

    assert opened.ephemeral and refused.response.message.id == panel.id  # her own panel, edited
    panel, stored = opened.response.message, await service(env).tables.server_settings(guild.id)
    assert panel.content == CHANGED_MEANWHILE
    shown = panel_text(panel)
    assert "Length: 5 months" in shown and "Turn time: 5 minutes (the bot's default)" in shown
    assert (stored.months, stored.turn_seconds) == (5, None)  # carol's, and nothing of alice's

    await submit(alice, await click(alice, panel, label="New games…"), {**chosen, "months": ["7"]})
    panel = opened.response.message
    assert not panel.content and "Length: 7 months" in panel_text(panel)


async def test_a_house_rule_another_admin_set_otherwise_meanwhile_is_refused_on_the_panel(env, monkeypatch):
    guild, channel, alice, _ = server(env)
    opened = await slash(alice, channel, "payday settings")
    carol_first(env, monkeypatch, guild.id, {"house": {"modern": {"jackpot_six": "none"}}})

    refused = await alice.select(opened.response.message, ["jackpot_six"])  # a movement 6 -> any 6

    panel = opened.response.message
    assert refused.response.message.id == panel.id and panel.content == CHANGED_MEANWHILE
    assert "Jackpot won by: no roll" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {
        "jackpot_six": "none"
    }
