"""The answers as data and their place on the live message: a `Choice` is a button or a menu
option, `rows` lays them out in Discord's rows, within what a phone shows. No Discord type here:
bot/render/components.py turns the rows into buttons and menus.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from math import ceil
from typing import Any

ROW = 5
"""Discord puts five buttons in a row; a select menu takes a row of its own."""
MAX_ROWS = 3
"""Phones: the live message shows at most three rows of controls (issue 9.8), with room for the
message's own buttons (`rows(..., extra)`) beside the answers."""
MENU_OPTIONS = 25
"""Discord's limit on the options of one select menu."""
MAX_LABEL = 25
"""Phones: a button label or menu option longer than this is cut or wraps."""
SELL_BUTTONS = ROW - 1
"""Deals a Buyer offers as buttons, one each, with Keep beside them in one row; beyond, a menu."""

PRIMARY, SUCCESS, DANGER, SECONDARY = "primary", "success", "danger", "secondary"


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    kind: str
    value: int = 0
    style: str = SECONDARY
    menu: str = ""
    """Non-empty: this choice is an option of a select menu with this placeholder, not a button:
    answers that would take more than a row of buttons (amounts, more than `SELL_BUTTONS` Deals
    to sell, bets)."""
    detail: str = ""
    """A menu option's second line (a Deal's price and profit), where the label has no room."""
    form: bool = False
    """This button opens the money form for an amount of its own ("Other amount…") instead of
    answering with `value`."""


@dataclass(frozen=True, slots=True)
class Menu:
    """One select menu: every option answers with the same action kind, the option's value."""

    placeholder: str
    kind: str
    options: tuple[Choice, ...]


Row = tuple[Any, ...] | Menu
"""A row of the live message: up to five buttons (`Choice`s, and the message's own), or one menu."""


def rows(offered: Sequence[Choice], extra: Sequence[Any] = (), most: int = 5) -> list[Row]:
    """The answers laid out in rows: buttons first, in the order offered, with the message's own
    buttons (`extra`, such as My hand, of any type) after them, then one row per select menu.
    Buttons go five to a row, but a run of answers of one kind too long for a row (the six Lottery
    numbers) gets rows of its own, split evenly (1 2 3 / 4 5 6), so no number sits apart among
    other buttons; without room for the extra row, they simply flow. Never more than `most` rows
    (Discord's five): answer buttons past that are dropped, never the message's own (`choices`
    keeps to `MAX_ROWS` anyway)."""
    menus: dict[str, list[Choice]] = {}
    for choice in offered:
        if choice.menu:
            menus.setdefault(choice.menu, []).append(choice)
    room = (most - len(menus)) * ROW - len(extra)
    buttons = [choice for choice in offered if not choice.menu][: max(room, 0)]
    laid = _balanced(buttons, extra)
    if len(laid) + len(menus) > most:
        laid = _flowed([*buttons, *extra])
    return [
        *laid,
        *(Menu(placeholder, options[0].kind, tuple(options)) for placeholder, options in menus.items()),
    ]


def _balanced(buttons: list[Choice], extra: Sequence[Any]) -> list[Row]:
    """Runs of one kind longer than a row on rows of their own, split evenly; the rest flowing."""
    laid: list[Row] = []
    line: list[Any] = []
    for _, group in groupby(buttons, key=lambda choice: choice.kind):
        run = list(group)
        if len(run) <= ROW:
            line += run
            continue
        per = ceil(len(run) / ceil(len(run) / ROW))
        laid += [*_flowed(line), *(tuple(run[i : i + per]) for i in range(0, len(run), per))]
        line = []
    return [*laid, *_flowed([*line, *extra])]


def _flowed(items: Sequence[Any]) -> list[Row]:
    """Five to a row."""
    return [tuple(items[i : i + ROW]) for i in range(0, len(items), ROW)]
