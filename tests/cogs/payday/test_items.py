"""Every custom_id the bot has ever written still reaches the handler it was made for: buttons stay
in channels for months (lobbies, standings with Rematch, ledgers, story pages, hand panels), and a
new kind of button never takes a prefix another kind has used."""

import discord
import pytest

import bot.features.records.cog
import bot.features.replay.cog
import bot.features.settings.cog  # noqa: F401 - the settings panel's controls and forms register
from bot.features.books import cog as books  # noqa: F401 - its page buttons register themselves
from bot.features.books.controls import LedgerTurn, StoryTurn
from bot.features.records.controls import HistoryTurn, LeaderboardTurn
from bot.features.replay.controls import ReplayTurn
from bot.features.settings.controls import SettingsButton
from bot.features.takeover.controls import APPROVE, DECLINE, SeatVerdict
from bot.render import components as c
from bot.render.custom_ids import GAME, TARGETS, Codec
from bot.service import LobbyChange
from cogs.payday import _items
from cogs.payday._cog import Payday
from cogs.payday._forms import FORMS
from cogs.payday._items import CONTROLS, Control
from cogs.payday.live._controls import Controls
from tests.cogs.payday.rig import cog, message, start_game
from tests.helpers import click

C, G = 12345678901234567890, 987654321098  # the longest channel and game ids a custom_id carries

OLD_CUSTOM_IDS = [
    (f"pd:{C}:{G}:12:lottery:3", c.AnswerChoice(C, G, 12, "lottery", 3), "game_click"),
    (f"pdm:{C}:{G}:12:repay", c.AnswerMenu(C, G, 12, "repay"), "game_click"),
    (f"pdl:{C}:{G}:join", c.LobbyAction(C, G, LobbyChange.JOIN), "lobby_click"),
    (f"pdl:{C}:{G}:addbot", c.LobbyAction(C, G, LobbyChange.ADD_COMPUTER), "lobby_click"),
    (f"pda:{C}:{G}", c.AddComputer(C, G), "computer_click"),
    (f"pdg:{G}:loans:3", LedgerTurn(G, "loans", 3), "ledger_page"),
    (f"pds:{G}:17", StoryTurn(G, 17), "story_page"),
    (f"pdr:{G}", c.Rematch(G), "rematch_click"),
    (f"pdh:{C}:{G}", c.OpenHand(C, G), "hand_click"),
    (f"pdo:{C}:{G}", c.SetOrders(C, G), "orders_click"),
    (f"pdb:{C}:{G}:repay", c.OpenForm(C, G, "repay"), "money_form"),
    (f"pdr:{C}:{G}", c.RefreshHand(C, G), "hand_refresh"),
    (
        f"pdt:{C}:{G}:123456789:approve",
        SeatVerdict(C, G, 123456789, APPROVE),
        "seat_verdict",
    ),
    (f"pdt:{C}:{G}:7:decline", SeatVerdict(C, G, 7, DECLINE), "seat_verdict"),
    (f"pdhist:{C}:12", HistoryTurn(C, 12), "history_page"),
    ("pdhist:0:3", HistoryTurn(0, 3), "history_page"),
    ("pdrank:classic:30d:2", LeaderboardTurn("classic", "30d", 2), "leaderboard_page"),
    (f"pdy:{C}:{G}", c.EditHouse(C, G), "lobby_house"),
    (f"pdym:s:{C}:classic", c.HouseMenu("s", C, "classic"), "house_chosen"),
    (f"pdym:l:{C}:{G}", c.HouseMenu("l", C, str(G)), "house_chosen"),
    (f"pdyr:l:{C}:{G}", c.HouseReset("l", C, str(G)), "house_reset"),
    (f"pdc:{C}:family:thread_per_game", SettingsButton(C, "family", "thread_per_game"), "settings_click"),
    (f"pdw:{G}:999999:payday", ReplayTurn(G, 999999, "payday"), "replay_step"),
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


def matching(custom_id: str) -> list[type[Control]]:
    """The registered controls whose template matches `custom_id`, as discord.py tries each."""
    return [item for item in CONTROLS.values() if item.__discord_ui_compiled_template__.fullmatch(custom_id)]


@pytest.mark.parametrize(("custom_id", "target", "handler"), OLD_CUSTOM_IDS)
async def test_each_custom_id_already_in_channels_still_routes_to_its_handler(custom_id, target, handler):
    matched = [
        item for item in CONTROLS.values() if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
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


def test_every_kind_of_custom_id_has_a_prefix_of_its_own_and_reaches_one_control_or_form():
    """Each kind of target is clicked on a control or submitted in a form, not both: the registries
    of targets, controls and forms refuse a prefix twice, and name the same prefixes."""
    controls, forms = set(CONTROLS), set(FORMS)
    assert not controls & forms
    assert controls | forms == set(TARGETS)
    assert all(control.codec is TARGETS[prefix].codec for prefix, control in CONTROLS.items())


@pytest.fixture
def controls(monkeypatch) -> dict:
    """The registered controls, as a copy that a test's new controls are forgotten with."""
    monkeypatch.setattr(_items, "CONTROLS", dict(_items.CONTROLS))
    return _items.CONTROLS


def test_a_new_control_registers_itself_by_being_defined(controls):
    class Note(Control[c.Rematch, Payday]):
        codec = Codec("pdzz", c.Rematch, game_id=GAME)
        part = Payday

    assert controls["pdzz"] is Note
    assert Note.__discord_ui_compiled_template__.fullmatch(f"pdzz:{G}")


def test_two_controls_cannot_claim_one_prefix(controls):
    before = dict(controls)

    with pytest.raises(ValueError, match="'pdr' is RematchButton's"):

        class AnotherRematch(Control[c.Rematch, Payday]):
            codec = c.Rematch.codec

    assert controls == before


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
        (c.AnswerChoice.codec, f"pd:{C}:{G}:12:repay:١٠٠٠"),
        (c.AnswerChoice.codec, f"pd:١٢٣:{G}:12:repay:1000"),
        (c.HouseForm.codec, f"pdyf:l:{C}:٤:salary"),
    ],
)
def test_a_custom_id_with_another_scripts_digits_is_none_of_the_bots(codec, custom_id):
    """The bot writes ASCII digits: Arabic-Indic ones, which `int` would read as numbers, match no
    control (a forged button never answers $1,000 for "١٠٠٠")."""
    assert codec.read(custom_id) is None
    assert codec.read(custom_id.translate(str.maketrans("١٢٣٤٠", "12340"))) is not None
    assert not [
        item for item in CONTROLS.values() if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
