"""/payday settings end to end: an admin changes the server's defaults and house rules on the private
panel and the next game plays by them; a member without Manage Server is refused; a bad number
changes nothing; the host changes the lobby's house rules before Start; the panel works after a
restart and reads in Italian."""

import discord
import pytest
import simcord
import simcord.interactions

from bot.features.settings.service import SettingsEditing
from bot.game.rulesets import RULESETS
from bot.service import GameSettings, Person, Service, Tables
from bot.table.settings import ServerSettings
from tests.bot.service.fakes import Clock, Screen
from tests.cogs.payday.rig import client_locales, load, menu_options, service, stored, unescape
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


def house_rule(actor, message, key: str):
    """The editor's menu: house rule `key` chosen."""
    [option] = [value for value in menu_options(message).values() if value.split(":")[0] == key]
    return actor.select(message, [option])


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
    asked = await house_rule(alice, panel, "salary")
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
    await house_rule(alice, opened.response.message, "repay_anytime")  # a Modern edition house rule

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
        house_rule(alice, panel, "repay_anytime"),
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
        asked = await house_rule(alice, opened.response.message, "salary")
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

    await submit(alice, await house_rule(alice, panel, "salary"), {"value": "$5,000.00"})

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

    result = await submit(alice, await house_rule(alice, panel, "loan_interest_pct"), {"value": typed})

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
    asked = await house_rule(bob, editor.response.message, "lottery_ante")
    await submit(bob, asked, {"value": "250"})
    await house_rule(bob, editor.response.message, "repay_anytime")  # a switch: switched at once
    await house_rule(bob, editor.response.message, "jackpot_six")  # a choice: its next way at once

    shown = unescape("\n".join(f.value for f in lobby.embeds[0].fields))
    assert "Lottery ante $250 (rules: $100)" in shown and "Loans repaid at any time" in shown
    assert "Jackpot won by any 6 rolled (rules: a movement 6)" in shown
    assert lobby.embeds[0].footer.text == "bob changed the house rules."
    assert "**Lottery ante: $250**" in unescape(editor.response.message.embeds[0].description)
    assert await stored(env, channel) != before

    await click(bob, lobby, label="Start")
    rules = (await load(env, channel)).game.rules
    assert (rules.lottery_ante, rules.repay_anytime, rules.jackpot_six) == (250, True, "any")
    late = await house_rule(bob, editor.response.message, "salary")  # the game started: no more changes
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
    asked = await house_rule(alice, panel, "loan_interest_pct")
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
            await SettingsEditing(elsewhere.core).change(guild_id, carol, pending.pop())
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

    refused = await house_rule(alice, opened.response.message, "jackpot_six")  # a movement 6 -> any 6

    panel = opened.response.message
    assert refused.response.message.id == panel.id and panel.content == CHANGED_MEANWHILE
    assert "Jackpot won by: no roll" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {
        "jackpot_six": "none"
    }


NEW_GAMES = {  # the "New games…" form as it opens on a server that never chose
    "ruleset": ["modern"],
    "months": ["3"],
    "turn_seconds": ["default"],
    "interrupt_seconds": ["default"],
    "language": ["default"],
}


def admins(env):
    """A guild where alice and carol both have Manage Server, each with a panel of her own."""
    guild, channel, alice, _ = server(env)
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    carol = guild.add_member(env.create_user("carol"), roles=[managers])
    return guild, channel, alice, carol


@pytest.mark.parametrize("alices", [{}, {"turn_seconds": ["86400"]}], ids=["unchanged", "another change"])
async def test_a_form_opened_before_another_admins_change_is_refused_and_shows_it(env, alices):
    """Alice's form sends back every menu as it opened: saving it would put carol's months back."""
    guild, channel, alice, carol = admins(env)
    opened = await slash(alice, channel, "payday settings")
    form = await click(alice, opened.response.message, label="New games…")
    theirs = (await slash(carol, channel, "payday settings")).response.message
    await submit(carol, await click(carol, theirs, label="New games…"), {**NEW_GAMES, "months": ["5"]})

    refused = await submit(alice, form, {**NEW_GAMES, **alices})

    panel = opened.response.message
    assert refused.response.message.id == panel.id and panel.content == CHANGED_MEANWHILE
    assert "Length: 5 months" in panel_text(
        panel
    ) and "Turn time: 5 minutes (the bot's default)" in panel_text(panel)
    stored = await service(env).tables.server_settings(guild.id)
    assert (stored.months, stored.turn_seconds) == (5, None)  # carol's, and nothing of alice's

    form = await click(alice, panel, label="New games…")  # it opens on carol's months now
    again = await submit(alice, form, {**NEW_GAMES, "months": ["5"], "turn_seconds": ["86400"]})
    assert again.response.message.id == panel.id and not opened.response.message.content
    stored = await service(env).tables.server_settings(guild.id)
    assert (stored.months, stored.turn_seconds) == (5, 86400)  # both


async def test_a_form_opened_before_a_change_from_another_process_is_refused(env):
    """A shard hand-over: the change is saved by another process while alice's form is open."""
    guild, channel, alice, _ = admins(env)
    opened = await slash(alice, channel, "payday settings")
    form = await click(alice, opened.response.message, label="Ends and ranks…")
    elsewhere = Service(Tables(env.bot.store), GameSettings(), Screen(), Clock())
    await SettingsEditing(elsewhere.core).change(
        guild.id, Person(3, "carol", manages_server=True), {"idle_end_days": 3}
    )

    await submit(alice, form, {"idle_end_days": ["7"], "pause_end_days": ["14"], "min_ranked_games": ["5"]})

    panel = opened.response.message
    assert panel.content == CHANGED_MEANWHILE and "A game nobody plays ends after 3 days" in panel_text(panel)
    stored = await service(env).tables.server_settings(guild.id)
    assert (stored.idle_end_days, stored.pause_end_days) == (3, ServerSettings().pause_end_days)


async def test_a_form_saves_when_nothing_changed_since_it_opened(env):
    guild, channel, alice, _ = admins(env)
    opened = await slash(alice, channel, "payday settings")
    await click(alice, opened.response.message, label="Board pictures")  # saved before the form opens

    await submit(
        alice, await click(alice, opened.response.message, label="New games…"), {**NEW_GAMES, "months": ["7"]}
    )

    assert not opened.response.message.content and "Length: 7 months" in panel_text(opened.response.message)
    stored = await service(env).tables.server_settings(guild.id)
    assert (stored.months, stored.board_pictures) == (7, False)


def forged(form: simcord.InteractionResult, custom_id: str) -> simcord.InteractionResult:
    """The form as a hand-made submission sends it: with `custom_id` for the bot's."""
    form._interaction.modal["custom_id"] = custom_id
    return form


@pytest.mark.parametrize("version", ["", ":0", ":2", ":99"], ids=["none", "older", "newer", "forged"])
async def test_a_form_naming_another_version_than_the_stored_one_is_refused(env, version):
    """A forged version, or a form opened before forms carried one (read as shown on a server that
    never chose), on a server whose settings are at version 1: refused, nothing changed."""
    guild, channel, alice, _ = admins(env)
    opened = await slash(alice, channel, "payday settings")
    await click(alice, opened.response.message, label="Calls by name")
    form = await click(alice, opened.response.message, label="New games…")
    before = await env.bot.store.server_settings(guild.id)

    await submit(alice, forged(form, f"pdcf:{guild.id}:modern:game{version}"), {**NEW_GAMES, "months": ["7"]})

    assert opened.response.message.content == CHANGED_MEANWHILE
    assert await env.bot.store.server_settings(guild.id) == before


async def test_a_form_opened_before_forms_carried_a_version_saves_where_nothing_was_ever_saved(env):
    guild, channel, alice, _ = admins(env)
    opened = await slash(alice, channel, "payday settings")
    form = await click(alice, opened.response.message, label="New games…")

    await submit(alice, forged(form, f"pdcf:{guild.id}:modern:game"), {**NEW_GAMES, "months": ["7"]})

    assert (await service(env).tables.server_settings(guild.id)).months == 7


@pytest.mark.parametrize("typed", ["3500", "4000"], ids=["unchanged", "another value"])
async def test_a_house_rules_form_opened_before_another_admin_set_it_is_refused(env, typed):
    """The form shows the salary as it was ($3,500): sent as it is, it would put it back."""
    guild, channel, alice, carol = admins(env)
    opened = await slash(alice, channel, "payday settings")
    form = await house_rule(alice, opened.response.message, "salary")
    assert form.modal is not None and "3500" in str(form.modal)
    theirs = (await slash(carol, channel, "payday settings")).response.message
    await submit(carol, await house_rule(carol, theirs, "salary"), {"value": "5000"})

    await submit(alice, form, {"value": typed})

    panel = opened.response.message
    assert panel.content == CHANGED_MEANWHILE and "Salary: $5,000" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {"salary": 5000}


async def test_a_house_rule_switched_on_a_panel_opened_before_another_admin_switched_it_is_refused(env):
    guild, channel, alice, carol = admins(env)
    opened = await slash(alice, channel, "payday settings")  # loans repaid only on Pay Day
    theirs = (await slash(carol, channel, "payday settings")).response.message
    await house_rule(carol, theirs, "repay_anytime")  # carol: at any time

    await house_rule(alice, opened.response.message, "repay_anytime")  # alice meant the same

    panel = opened.response.message
    assert panel.content == CHANGED_MEANWHILE and "**Loans repaid: at any time**" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {
        "repay_anytime": True
    }
    await house_rule(alice, panel, "repay_anytime")  # on the panel as it is now: switched
    assert not opened.response.message.content
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {}


async def test_the_hosts_older_house_rules_editor_never_sets_back_what_a_newer_one_changed(env):
    _, channel, _, bob = server(env)
    lobby = (await slash(bob, channel, "payday start", ruleset="modern")).response
    older = (await click(bob, lobby, label="House rules")).response.message
    asked = await house_rule(bob, older, "lottery_ante")
    newer = (await click(bob, lobby, label="House rules")).response.message
    await house_rule(bob, newer, "repay_anytime")
    await submit(bob, await house_rule(bob, newer, "lottery_ante"), {"value": "250"})

    switched = await house_rule(bob, older, "repay_anytime")
    typed = await submit(bob, asked, {"value": "100"})
    reset = await click(bob, older, label="Reset Modern edition's house rules")

    for refused in (switched, typed, reset):
        assert refused.ephemeral and refusal(refused) == (
            "The game changed just as you asked, so nothing was done: look at its latest message and "
            "try again."
        )
    rules = (await load(env, channel)).house_rules
    assert rules == {"repay_anytime": True, "lottery_ante": 250}


async def test_a_switch_on_a_panel_opened_before_another_admin_switched_it_is_refused(env):
    """Alice's panel shows calls by name on; carol switched them off: alice's click meant off too,
    and would switch them back on."""
    guild, channel, alice, carol = admins(env)
    opened = await slash(alice, channel, "payday settings")
    theirs = (await slash(carol, channel, "payday settings")).response.message
    await click(carol, theirs, label="Calls by name")

    await click(alice, opened.response.message, label="Calls by name")

    panel = opened.response.message
    assert panel.content == CHANGED_MEANWHILE and "Call players by name: off" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).calls is False
    await click(alice, panel, label="Calls by name")  # on the panel as it is now: switched
    assert not opened.response.message.content
    assert (await service(env).tables.server_settings(guild.id)).calls is True


async def test_reset_on_a_panel_opened_before_another_admin_set_a_house_rule_is_refused(env):
    """Alice's panel shows the edition's own rules: her Reset would take carol's salary away unseen."""
    guild, channel, alice, carol = admins(env)
    opened = await slash(alice, channel, "payday settings")
    theirs = (await slash(carol, channel, "payday settings")).response.message
    await submit(carol, await house_rule(carol, theirs, "salary"), {"value": "5000"})

    await click(alice, opened.response.message, label="Reset Modern edition's house rules")

    panel = opened.response.message
    assert panel.content == CHANGED_MEANWHILE and "**Salary: $5,000**" in panel_text(panel)
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {"salary": 5000}
    await click(alice, panel, label="Reset Modern edition's house rules")  # having seen it: reset
    assert (await service(env).tables.server_settings(guild.id)).house_rules("modern") == {}
