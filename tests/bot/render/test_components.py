"""The live message's answers as a player sees them, and as Discord receives them: each control
written by discord.py's own items, in the rows render lays out, with nothing for discord.py to keep
per message."""

import discord
import pytest

from bot.game.strengths import Strength
from bot.render.components import (
    AddComputer,
    AnswerChoice,
    AnswerMenu,
    AskHint,
    Button,
    LobbyHints,
    OpenHand,
    Select,
    game_rows,
    lobby_rows,
)
from bot.render.language.i18n import lang
from bot.render.language.strengths import strength_name
from bot.render.prompts.layout import Choice
from cogs.payday.live._controls import view

EN = lang("en")
CHANNEL, GAME, PROMPT = 123456789012345678, 42, 7

OFFERS = {
    "one button": [Choice("Roll", "roll", 0)],
    "styles": [
        Choice("Buy for $5,000", "buy", 1, style="success"),
        Choice("Decline", "decline", 0, style="danger"),
        Choice("Later", "wait", 0, style="secondary"),
    ],
    "two rows": [Choice(f"Ante {n}", "lottery", n) for n in range(1, 7)] + [Choice("Pass", "lottery", 0)],
    "a menu": [
        Choice("Roll", "roll", 0),
        *(Choice(f"Player {n}", "target", n, menu="Pick a neighbour", detail=f"seat {n}") for n in range(4)),
    ],
    "long label": [Choice("x" * 120, "roll", 0)],
}


def items_view(offered: list[Choice]) -> discord.ui.View:
    """The same answers as discord.ui items in their rows: what discord.py itself would send."""
    items = discord.ui.View(timeout=None)
    for number, row in enumerate(game_rows(CHANNEL, GAME, PROMPT, offered, EN)):
        if isinstance(row, Select):
            options = [
                discord.SelectOption(label=o.label, value=o.value, description=o.description)
                for o in row.options
            ]
            items.add_item(
                discord.ui.Select(
                    custom_id=_custom_id(row.target), placeholder=row.placeholder, options=options, row=number
                )
            )
            continue
        for button in row:
            items.add_item(
                discord.ui.Button(
                    label=button.label,
                    style=button.style,
                    emoji=button.emoji,
                    custom_id=_custom_id(button.target),
                    row=number,
                )
            )
    return items


def _custom_id(target: object) -> str:
    if isinstance(target, AnswerChoice):
        return f"pd:{target.channel_id}:{target.game_id}:{target.prompt}:{target.kind}:{target.value}"
    if isinstance(target, AnswerMenu):
        return f"pdm:{target.channel_id}:{target.game_id}:{target.prompt}:{target.kind}"
    assert isinstance(target, OpenHand)
    return f"pdh:{target.channel_id}:{target.game_id}"


@pytest.mark.parametrize("offer", sorted(OFFERS))
async def test_the_answers_are_sent_as_discord_ui_items_would_send_them(offer):
    offered = OFFERS[offer]
    sent = view(game_rows(CHANNEL, GAME, PROMPT, offered, EN))
    assert sent is not None and sent.to_components() == items_view(offered).to_components()


def test_the_answers_come_first_my_hand_after_them_and_each_menu_in_a_row_of_its_own():
    laid = game_rows(CHANNEL, GAME, PROMPT, OFFERS["a menu"] + OFFERS["styles"], EN)
    buttons, menu = laid
    assert isinstance(menu, Select) and not isinstance(buttons, Select)
    assert [(b.label, b.style) for b in buttons] == [
        ("Roll", discord.ButtonStyle.secondary),
        ("Buy for $5,000", discord.ButtonStyle.success),
        ("Decline", discord.ButtonStyle.danger),
        ("Later", discord.ButtonStyle.secondary),
        ("My hand", discord.ButtonStyle.secondary),
    ]
    assert buttons[-1] == Button("My hand", OpenHand(CHANNEL, GAME), emoji="🃏")
    assert (
        menu.target == AnswerMenu(CHANNEL, GAME, PROMPT, "target") and menu.placeholder == "Pick a neighbour"
    )
    assert [(o.label, o.value, o.description) for o in menu.options][:1] == [("Player 0", "0", "seat 0")]
    [long] = game_rows(CHANNEL, GAME, PROMPT, OFFERS["long label"], EN)
    assert not isinstance(long, Select) and long[0].label == "x" * 80


def test_a_paused_game_shows_its_answers_and_menus_disabled_and_my_hand_working():
    sent = view(game_rows(CHANNEL, GAME, PROMPT, OFFERS["a menu"] + OFFERS["styles"], EN, paused=True))
    assert sent is not None
    shown = {
        item.get("label", "menu"): item.get("disabled", False)
        for row in sent.to_components()
        for item in row["components"]
    }
    assert shown == {
        "Roll": True,
        "Buy for $5,000": True,
        "Decline": True,
        "Later": True,
        "My hand": False,
        "menu": True,
    }


async def test_views_keep_their_own_rows_and_are_never_stored_by_discord():
    """discord.py keeps a view to dispatch its items only when it has some: these have none (each
    click is routed by its custom_id), so nothing is kept per message sent."""
    first = view(game_rows(CHANNEL, GAME, PROMPT, OFFERS["one button"], EN))
    second = view(lobby_rows(CHANNEL, GAME, EN))
    assert first is not None and second is not None
    assert first.to_components() != second.to_components()
    for sent in (first, second):
        assert not sent.is_finished() and not sent.is_dispatchable() and not sent.has_components_v2()
        assert sent.timeout is None


def test_no_rows_is_no_view():
    """An edit with no view takes the buttons away (a closed lobby, a finished game)."""
    assert view(()) is None


def test_each_screen_keeps_its_buttons_in_one_row():
    # The lobby's four and the host's House rules (a row holds five buttons at most); the menu below.
    assert [len(row) for row in lobby_rows(CHANNEL, GAME, EN) if not isinstance(row, Select)] == [5]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_lobby_adds_computer_players_from_a_menu_of_the_three_strengths(language):
    """Under the lobby's buttons, a menu whose options are the strengths, each saying what it does
    within Discord's 100 characters; its value is what the click sends back."""
    words = lang(language)
    _, menu = lobby_rows(CHANNEL, GAME, words)
    assert isinstance(menu, Select) and menu.target == AddComputer(CHANNEL, GAME)
    assert [o.value for o in menu.options] == ["easy", "normal", "hard"]
    assert [o.label for o in menu.options] == [strength_name(s, words) for s in Strength]
    assert all(o.description and len(o.description) <= 100 for o in menu.options)
    assert len({o.description for o in menu.options}) == 3
    assert menu.placeholder == words._("Add computer player…")


def test_hint_sits_beside_a_choice_only_where_the_table_allows_hints():
    def hint_buttons(offered: list[Choice], **how) -> list[Button]:
        laid = game_rows(CHANNEL, GAME, PROMPT, offered, EN, **how)
        return [b for row in laid if isinstance(row, tuple) for b in row if isinstance(b.target, AskHint)]

    assert hint_buttons(OFFERS["styles"]) == [], "hints not allowed"
    assert hint_buttons(OFFERS["one button"], hint=True) == [], "a roll is no choice"
    [hint] = hint_buttons(OFFERS["styles"], hint=True)
    assert (hint.label, hint.target, hint.disabled) == ("Hint", AskHint(CHANNEL, GAME, PROMPT), False)
    [paused] = hint_buttons(OFFERS["styles"], hint=True, paused=True)
    assert paused.disabled
    [copy] = hint_buttons(OFFERS["styles"], hint=True, hand=False)  # the hand panel's copy
    assert copy.target == hint.target


def test_the_lobby_shows_the_hosts_switch_of_hints_only_where_the_server_allows_them():
    assert len(lobby_rows(CHANNEL, GAME, EN)) == 2
    *_, (allowed,) = lobby_rows(CHANNEL, GAME, EN, hints=True)
    *_, (off,) = lobby_rows(CHANNEL, GAME, EN, hints=False)
    assert (allowed.label, allowed.target) == ("Hints: allowed", LobbyHints(CHANNEL, GAME, 1))
    assert (off.label, off.target) == ("Hints: off", LobbyHints(CHANNEL, GAME, 0))
