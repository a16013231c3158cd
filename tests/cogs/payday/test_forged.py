"""Forged slash options: Discord's client enforces ranges and choices, a hand-made request does not,
and discord.py passes the raw value on. Each one gets a one-line refusal (with the link back to the
game, like every refusal) and changes nothing."""

import pytest
import simcord.actors
import simcord.interactions

from tests.cogs.payday.rig import live, load, rigged, start_game, stored, unescape
from tests.helpers import click, refusal, slash
from tests.helpers import table as make_table


@pytest.fixture
def forged(monkeypatch):
    """simcord checks options like Discord's client does: let any value through, as a forger would."""
    monkeypatch.setattr(simcord.interactions, "validate_option_value", lambda _name, _option, value: value)


def refused(result, text: str) -> None:
    """A private refusal that reads `text` (as Discord shows it: the option's name is escaped)."""
    assert result.ephemeral and unescape(refusal(result)) == text, result.response.content


def only_refusals(env) -> bool:
    """The refusal was answered as a refusal: nothing reached an error handler."""
    return not env.errors


@pytest.mark.parametrize(
    ("options", "text"),
    [
        (
            {"turn_time": -60},
            "That turn_time is not allowed: choose one of 1 minute, 2 minutes, 5 minutes, "
            "15 minutes, 1 hour, 4 hours, 12 hours, 1 day, 2 days, 3 days, 7 days.",
        ),
        ({"turn_time": 10**12}, None),
        ({"months": 0}, "That months is not allowed: use 1 to 12."),
        ({"months": 10**12}, "That months is not allowed: use 1 to 12."),
        ({"ruleset": "poker night"}, None),
        ({"months": "three"}, "That months is not allowed: it must be a number."),
    ],
)
async def test_forged_start_options_are_refused(env, forged, options, text):
    _, channel, (alice,) = make_table(env, 1)

    result = await slash(alice, channel, "payday start", **options)

    assert result.ephemeral and result.response.content.startswith("That ")
    if text is not None:
        refused(result, text)
    assert await load(env, channel) is None and only_refusals(env)


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("payday loan", {"amount": 10**12}),
        ("payday loan", {"amount": -1000}),
        ("payday repay", {"amount": -1}),
        ("payday savings deposit", {"amount": 0}),
        ("payday savings withdraw", {"amount": 10**15}),
        ("payday ledger", {"book": "cooked"}),
        ("payday ledger", {"page": -3}),
        ("payday rules", {"topic": "cheats"}),
        ("payday rules", {"edition": "1066"}),
    ],
)
async def test_forged_options_of_game_commands_are_refused(env, forged, command, options):
    game = await start_game(env, 2)
    before = await stored(env, game.channel)

    result = await slash(game.players[0], game.channel, command, **options)

    assert result.ephemeral and result.response.content.startswith("That ")
    assert await stored(env, game.channel) == before and only_refusals(env)


async def test_the_loan_refusal_names_the_allowed_amounts_and_links_back_to_the_game(env, forged):
    game = await start_game(env, 2)
    result = await slash(game.players[0], game.channel, "payday loan", amount=10**12)
    refused(result, "That amount is not allowed: use 1 to 10,000,000.")
    assert len(result.response.content.split("\n")) == 2  # the sentence, then the way back
    assert only_refusals(env)


@pytest.mark.parametrize("value", ["²", "١٠٠٠"])
async def test_a_forged_menu_value_is_refused_as_no_choice_and_changes_nothing(env, value):
    """A menu's option values are the bot's digits; anything else a hand-made click sends is a
    choice the game refuses: never a crash ("²" passed `isdigit`), nor a repayment of $100 for
    Arabic-Indic digits no option of the bot carries."""
    game = await start_game(env, 2, ruleset="classic")
    alice = game.players[0]
    async with rigged(env, game.channel) as state:  # alice's classic Pay Day: its banking amounts are menus
        state.players[0].loan, state.players[0].cash, state.players[0].day = 1000, 2000, 30
        state.script.append(1)
    await click(alice, await live(env, game.channel), label="Roll the die")
    board = await live(env, game.channel)
    [menu, *_] = [item.custom_id for row in board.components for item in row.children if item.type.value == 3]
    before = await stored(env, game.channel)

    visible = simcord.actors._visible_message(alice, board)
    result = await simcord.actors._component_interaction(
        alice, visible, {"custom_id": menu, "component_type": 3, "values": [value]}
    )

    refused(result, "Bank in steps of $100, within your cash, your loan and your savings.")
    assert await stored(env, game.channel) == before and only_refusals(env)
