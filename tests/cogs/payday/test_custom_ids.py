"""Every custom_id the bot has ever written still reaches the handler it was made for: buttons stay
in channels for months (lobbies, standings with Rematch, ledgers, story pages, hand panels), and a
new kind of button never takes a prefix another kind has used."""

import dataclasses
import re

import discord
import pytest

from bot.render import components as c
from bot.service import LobbyChange
from cogs.payday import _custom_ids as ids
from cogs.payday._controls import Controls
from cogs.payday._items import ITEMS, Control
from tests.cogs.payday.rig import cog, message, start_game
from tests.helpers import click

C, G = 12345678901234567890, 987654321098  # the longest channel and game ids a custom_id carries

OLD_CUSTOM_IDS = [
    (f"pd:{C}:{G}:12:lottery:3", c.Answer(C, G, 12, "lottery", 3), "game_click"),
    (f"pdm:{C}:{G}:12:repay", c.AnswerMenu(C, G, 12, "repay"), "game_click"),
    (f"pdl:{C}:{G}:join", c.LobbyAction(C, G, LobbyChange.JOIN), "lobby_click"),
    (f"pdl:{C}:{G}:addbot", c.LobbyAction(C, G, LobbyChange.ADD_COMPUTER), "lobby_click"),
    (f"pda:{C}:{G}", c.AddComputer(C, G), "computer_click"),
    (f"pdg:{G}:loans:3", c.LedgerTurn(G, "loans", 3), "ledger_page"),
    (f"pds:{G}:17", c.StoryTurn(G, 17), "story_page"),
    (f"pdr:{G}", c.Rematch(G), "rematch_click"),
    (f"pdh:{C}:{G}", c.OpenHand(C, G), "hand_click"),
    (f"pdo:{C}:{G}", c.SetOrders(C, G), "orders_click"),
    (f"pdb:{C}:{G}:repay", c.OpenForm(C, G, "repay"), "money_form"),
    (f"pdr:{C}:{G}", c.RefreshHand(C, G), "hand_refresh"),
    (f"pdt:{C}:{G}:123456789:approve", c.SeatVerdict(C, G, 123456789, c.APPROVE), "seat_verdict"),
    (f"pdt:{C}:{G}:7:decline", c.SeatVerdict(C, G, 7, c.DECLINE), "seat_verdict"),
    (f"pdhist:{C}:12", c.HistoryTurn(C, 12), "history_page"),
    ("pdhist:0:3", c.HistoryTurn(0, 3), "history_page"),
    ("pdrank:classic:30d:2", c.LeaderboardTurn("classic", "30d", 2), "leaderboard_page"),
    (f"pdy:{C}:{G}", c.EditHouse(C, G), "lobby_house"),
    (f"pdym:s:{C}:classic", c.HouseMenu("s", C, "classic"), "house_chosen"),
    (f"pdym:l:{C}:{G}", c.HouseMenu("l", C, str(G)), "house_chosen"),
    (f"pdyr:l:{C}:{G}", c.HouseReset("l", C, str(G)), "house_reset"),
    (f"pdc:{C}:family:thread_per_game", c.SettingsButton(C, "family", "thread_per_game"), "settings_click"),
    (f"pdw:{G}:999999:payday", c.ReplayTurn(G, 999999, "payday"), "replay_step"),
]
"""One of each layout ever sent, written out by hand as the messages in channels hold them."""


class Recorder:
    """Stands in for the cog: notes which handler a click reached, with what."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, name: str):
        async def handler(interaction, *args) -> None:
            self.calls.append((name, args))

        return handler


@pytest.mark.parametrize(("custom_id", "target", "handler"), OLD_CUSTOM_IDS)
async def test_each_custom_id_already_in_channels_still_routes_to_its_handler(custom_id, target, handler):
    matched = [item for item in ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(matched) == 1, matched
    [item] = matched
    match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
    menu = custom_id.startswith(("pdm:", "pdo:", "pdym:", "pda:"))
    clicked = discord.ui.Select(custom_id=custom_id) if menu else discord.ui.Button(custom_id=custom_id)
    control = await item.from_custom_id(None, clicked, match)
    assert control.target == target
    control._refresh_state(None, {"custom_id": custom_id, "values": ["4"]})  # as discord.py does on a click

    recorder = Recorder()
    await control.handle(recorder, None)
    [(name, args)] = recorder.calls
    assert name == handler
    assert args[0] == (target.chosen(4) if isinstance(target, c.AnswerMenu) else target)
    if isinstance(target, c.SetOrders | c.AddComputer):
        assert args[1] == ("4",)  # the options ticked


def test_the_form_of_a_panel_opened_before_reads_back_too():
    assert ids.FORM.read(f"pdx:{C}:{G}:loan") == c.SubmitForm(C, G, "loan")
    assert ids.FORM.read(f"pdx:{C}:{G}:steal") is None


def test_every_kind_of_custom_id_has_a_prefix_of_its_own():
    prefixes = [codec.prefix for codec in ids.CODECS.values()]
    assert len(prefixes) == len(set(prefixes)), prefixes
    forms = {ids.FORM.prefix, ids.HOUSE_FORM.prefix, ids.SETTINGS_FORM.prefix}
    assert {item.codec.prefix for item in ITEMS} | forms == set(prefixes)


def test_every_codec_writes_the_fields_of_its_target_in_their_order():
    for target, codec in ids.CODECS.items():
        assert tuple(codec.parts) == tuple(f.name for f in dataclasses.fields(target)), codec.prefix


@pytest.mark.parametrize("custom_id", [custom_id for custom_id, _, _ in OLD_CUSTOM_IDS])
def test_a_custom_id_the_bot_writes_now_is_matched_by_one_template_and_reads_back(custom_id):
    target = next(t for c, t, _ in OLD_CUSTOM_IDS if c == custom_id)
    built = ids.custom_id(target)
    assert len(built) <= 100
    matched = [codec for codec in ids.CODECS.values() if re.fullmatch(codec.template, built)]
    assert [codec.target for codec in matched] == [type(target)]
    assert matched[0].read(built) == target
    if not isinstance(target, c.RefreshHand):
        assert built == custom_id  # the same layout as ever
    else:
        assert built == f"pdp:{C}:{G}"  # Refresh has its own prefix now (Rematch keeps pdr)


def test_the_base_control_matches_no_custom_id():
    for custom_id, _, _ in OLD_CUSTOM_IDS:
        assert not Control.__discord_ui_compiled_template__.fullmatch(custom_id)


async def test_the_refresh_button_of_a_panel_from_before_still_shows_the_hand(env):
    """A hand panel opened before Refresh had a prefix of its own: its button says pdr:<channel>:<game>."""
    game = await start_game(env, 2)
    alice = game.players[0]
    row = await env.bot.store.get(game.channel.id)
    old = {"type": 2, "style": 2, "label": "Refresh", "custom_id": f"pdr:{game.channel.id}:{row.game_id}"}
    channel = env.bot.get_partial_messageable(game.channel.id)
    panel = await channel.send("an old panel", view=Controls([{"type": 1, "components": [old]}]))

    result = await click(alice, message(game.channel, panel.id), custom_id=old["custom_id"])

    shown = result.response.message
    assert shown.id == panel.id, "edited in place, no new message"
    [embed] = shown.embeds
    assert embed.title == "Your hand, alice" and embed.description.startswith("Cash $")
    assert "pdp:" in " ".join(item.custom_id or "" for row in shown.components for item in row.children)


async def test_a_click_whose_handler_crashes_gets_a_sentence(env, monkeypatch):
    game = await start_game(env, 2)

    async def crash(*args) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(type(cog(env)), "hand_click", crash)
    board = game.channel.history()[-1]
    result = await click(game.players[0], board, label="My hand")

    assert (
        result.ephemeral
        and result.response.content == "Sorry, something went wrong on my side. Please try again."
    )


@pytest.mark.parametrize(
    ("codec", "custom_id"),
    [
        (ids.ANSWER, f"pd:{C}:{G}:12:repay:١٠٠٠"),
        (ids.ANSWER, f"pd:١٢٣:{G}:12:repay:1000"),
        (ids.HOUSE_FORM, f"pdyf:l:{C}:٤:salary"),
    ],
)
def test_a_custom_id_with_another_scripts_digits_is_none_of_the_bots(codec, custom_id):
    """The bot writes ASCII digits: Arabic-Indic ones, which `int` would read as numbers, match no
    control (a forged button never answers $1,000 for "١٠٠٠")."""
    assert codec.read(custom_id) is None
    assert codec.read(custom_id.translate(str.maketrans("١٢٣٤٠", "12340"))) is not None
    assert not [item for item in ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)]


def test_a_settings_form_carries_the_version_it_showed_and_one_from_before_reads_as_version_0():
    form = c.SettingsForm(C, "family", "ending", 123456789012)
    assert len(ids.SETTINGS_FORM.build(form)) <= 100
    assert ids.SETTINGS_FORM.read(ids.SETTINGS_FORM.build(form)) == form
    assert ids.SETTINGS_FORM.read(f"pdcf:{C}:modern:game") == c.SettingsForm(C, "modern", "game", 0)
    assert ids.SETTINGS_FORM.read(f"pdcf:{C}:modern:game:") is None


def test_a_house_rules_form_carries_the_value_it_showed_and_one_from_before_reads_as_none():
    form = c.HouseForm("l", C, str(G), "loan_interest_pct", "20")
    assert len(ids.HOUSE_FORM.build(form)) <= 100
    assert ids.HOUSE_FORM.read(ids.HOUSE_FORM.build(form)) == form
    assert ids.HOUSE_FORM.read(f"pdyf:s:{C}:classic:salary") == c.HouseForm("s", C, "classic", "salary", None)


def test_a_settings_switch_carries_the_position_it_showed_and_the_panels_other_buttons_none():
    switch = c.SettingsButton(C, "modern", "calls", 1)
    assert ids.SETTINGS.build(switch) == f"pdc:{C}:modern:calls:1"
    assert ids.SETTINGS.read(ids.SETTINGS.build(switch)) == switch
    assert ids.SETTINGS.build(c.SettingsButton(C, "family", "show")) == f"pdc:{C}:family:show"
    assert ids.SETTINGS.read(f"pdc:{C}:modern:calls:2") is None


def test_a_house_rules_reset_carries_a_mark_of_the_rules_it_showed_and_one_from_before_none():
    reset = c.HouseReset("s", C, "classic", "0123456789")
    assert ids.HOUSE_RESET.build(reset) == f"pdyr:s:{C}:classic:0123456789"
    assert ids.HOUSE_RESET.read(ids.HOUSE_RESET.build(reset)) == reset
    assert ids.HOUSE_RESET.read(f"pdyr:l:{C}:{G}") == c.HouseReset("l", C, str(G))
