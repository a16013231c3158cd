"""`/payday help` in sections, one at a time: each fits a phone's screen, and a menu under it turns
to the others.

A menu rather than a button per section: six buttons wrap into two or three rows on a 400 px screen
(more in Italian, whose names are longer) and push the text up; a menu is one row in every language,
and its options say what each section holds. One embed per section in one message would be the
2,700 px list again.

Each section is a few paragraphs, then the commands it is about, written from the /payday group at
run time (bot/render/commands.py), so a command added, or an option changed, shows with nothing
here to edit. Where a command is listed: the core's commands by this module's `CORE`, a feature's
by its own `extras={HELP_SECTION: Section...}`, written beside its description. The buttons and
menus the help names are the same messages of the catalog as the buttons themselves ("Roll the
die", "My hand"), so the help reads what the player sees, in every language.
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import discord
from discord import app_commands

from bot.game.strengths import Strength
from bot.render.commands import help_lines
from bot.render.components import Message, Option, Select
from bot.render.custom_ids import Target, clicks
from bot.render.language.hand import ORDERS_MARK
from bot.render.language.i18n import Lang
from bot.render.language.lists import or_list
from bot.render.language.strengths import strength_name

COLOUR = discord.Colour.gold()


class Section(StrEnum):
    """The sections, in the menu's order; the first is shown first."""

    TURN = "turn"
    MONEY = "money"
    ORDERS = "orders"
    LOBBY = "lobby"
    TABLE = "table"
    SERVER = "server"
    HISTORY = "history"
    COACH = "coach"


HELP_SECTION = "help_section"
"""A command's `extras` key naming the `Section` that lists it (a feature's commands say it there)."""
CORE: dict[str, Section] = {
    "status": Section.TURN,
    "notices": Section.TURN,
    "rules": Section.TURN,
    "help": Section.TURN,
    "hand": Section.MONEY,
    "loan": Section.MONEY,
    "repay": Section.MONEY,
    "deposit": Section.MONEY,
    "withdraw": Section.MONEY,
    "start": Section.LOBBY,
    "join": Section.LOBBY,
    "leave": Section.LOBBY,
    "end": Section.TABLE,
    "kick": Section.TABLE,
}
"""The section of each of the core's commands (cogs/payday), by name."""
FALLBACK = Section.TURN
"""Where a command no section claims is listed (a test insists none is left there unclaimed)."""


@clicks("pdhelp")
@dataclass(frozen=True, slots=True)
class HelpTurn(Target):
    """The help's menu of sections: the option chosen is the section shown."""


AppCommand = app_commands.Command[Any, ..., Any]


def section_of(command: AppCommand) -> Section | None:
    """The section a command says it belongs to, or the core's `CORE` says; None: neither."""
    claimed = command.extras.get(HELP_SECTION)
    return claimed if isinstance(claimed, Section) else CORE.get(command.name)


def read_section(value: str) -> Section:
    """The section a menu's option names; the first for anything else (the payload is the client's)."""
    return Section(value) if value in set(Section) else Section.TURN


def help_message(section: Section, group: app_commands.Group, L: Lang) -> Message:
    """`section` of the help as one embed (its words, then its commands) with the menu of sections."""
    lines = [line for command, line in help_lines(group, L) if (section_of(command) or FALLBACK) == section]
    parts = [WORDS[section](L)]
    if lines:
        parts.append("**" + L._("Commands") + "**\n" + "\n".join(lines))
    text = "\n\n".join(part for part in parts if part)
    embed = discord.Embed(title=title(section, L), description=text, colour=COLOUR)
    if section == Section.TURN:
        embed.set_footer(text=L._("More help: choose a section in the menu below."))
    return Message(embed=embed, rows=(menu(section, L),))


def menu(shown: Section, L: Lang) -> Select:
    options = tuple(Option(TITLES[s](L), s.value, ABOUT[s](L), EMOJI[s], default=s == shown) for s in Section)
    return Select(HelpTurn(), options, L._("Help: choose a section"))


def title(section: Section, L: Lang) -> str:
    return f"{EMOJI[section]} {TITLES[section](L)}"


EMOJI = {
    Section.TURN: "🎲",
    Section.MONEY: "🃏",
    Section.ORDERS: "📋",
    Section.LOBBY: "🚪",
    Section.TABLE: "🪑",
    Section.SERVER: "⚙️",
    Section.HISTORY: "🏆",
    Section.COACH: "🧠",
}
TITLES: dict[Section, Callable[[Lang], str]] = {
    Section.TURN: lambda L: L._("Playing a turn"),
    Section.MONEY: lambda L: L._("Your money and your hand"),
    Section.ORDERS: lambda L: L._("Standing orders"),
    Section.LOBBY: lambda L: L._("A new game"),
    Section.TABLE: lambda L: L._("The table and the host"),
    Section.SERVER: lambda L: L._("The server"),
    Section.HISTORY: lambda L: L._("History and ratings"),
    Section.COACH: lambda L: L._("The coach"),
}
ABOUT: dict[Section, Callable[[Lang], str]] = {
    Section.TURN: lambda L: L._("Your turn, its questions, the story and the rules"),
    Section.MONEY: lambda L: L._("My hand, loans, savings and the Bank's books"),
    Section.ORDERS: lambda L: L._("Let me roll and ante for you"),
    Section.LOBBY: lambda L: L._("The lobby, house rules and computer players"),
    Section.TABLE: lambda L: L._("Pausing, ending, kicking, taking over a seat"),
    Section.SERVER: lambda L: L._("This server's defaults, house rules and threads"),
    Section.HISTORY: lambda L: L._("Finished games, replays, stats and the leaderboard"),
    Section.COACH: lambda L: L._("Your review of each game, and hints where the table allows them"),
}
"""Each section's line under its name in the menu (Discord allows 100 characters)."""


def _turn(L: Lang) -> str:
    return L._(
        "I run **Pay Day** for 2 to 6 players and keep the Bank, so nobody has to count.\n"
        "1. On your turn press **{roll}**: I move your token and say what happened.\n"
        "2. A space that asks a question (buy a Deal, ante for the Lottery) shows its buttons to the "
        "player asked.\n"
        "3. Each month ends on your Pay Day; after the last, the highest net worth wins.",
        roll=L._("Roll the die"),
    )


def _money(L: Lang) -> str:
    return L._(
        "**{hand}**, beside the game's buttons, shows only you your cash, loan, bills, Deals and next "
        "Pay Day. Under it, **{borrow}** and **{repay}** ask for an amount; **{refresh}** shows it as it "
        "is now.",
        hand=L._("My hand"),
        borrow=L._("Borrow…"),
        repay=L._("Repay…"),
        refresh=L._("Refresh"),
    )


def _orders(L: Lang) -> str:
    lines = [
        L._(
            "Standing orders answer for you the questions where there is nothing to decide, so nobody "
            "waits on you. Set them under **{hand}**, in the menu *{menu}*:",
            hand=L._("My hand"),
            menu=L._("Standing orders: choose any"),
        ),
        "🎲 **{}**: {}".format(L._("Roll my turns for me"), L._("I roll your die on your turn.")),
        "📻 **{}**: {}".format(
            L._("Roll for me: Radio, Walk, roll-offs"), L._("I roll for you when the whole table rolls.")
        ),
        "🎟️ **{}**: {}".format(
            L._("Lottery: always ante on {number}", number=4),
            L._("you ante on your number (or the nearest free one) when your cash covers it."),
        ),
        "🚫 **{}**: {}".format(L._("Lottery: never ante"), L._("you sit out every Lottery.")),
        "",
        L._(
            "Every real decision (buying, selling, choosing a player, repaying) is still put to you. "
            "{mark} by your name on the board says your orders are on; untick them in the same menu.",
            mark=ORDERS_MARK,
        ),
    ]
    return "\n".join(lines)


def _lobby(L: Lang) -> str:
    return L._(
        "`/payday start` opens a lobby; the others press **{join}**, and whoever started it (the host) "
        "presses **{start}**. Before that the host may change the **{house}** and add computer players "
        "with *{add}*: {strengths}.",
        join=L._("Join"),
        start=L._("Start"),
        house=L._("House rules"),
        add=L._("Add computer player…"),
        strengths=or_list([strength_name(s, L) for s in Strength], L),
    )


def _table(L: Lang) -> str:
    return L._(
        "The host, or anyone who may manage the channel, can pause, end or kick. A seat whose player "
        "left is played by the computer, and someone not seated can ask to take it over."
    )


def _server(L: Lang) -> str:
    return L._(
        "Members who may manage the server choose the defaults of new games here (edition, months, "
        "turn time, language), the house rules, and whether each game plays in a thread of its own. "
        "Each player reads what only they see in their own Discord language."
    )


def _history(L: Lang) -> str:
    return ""  # its commands say it all: words here would push them off a phone's screen


def _coach(L: Lang) -> str:
    return L._(
        "After a game, **{review}** on the standings shows only you how your luck and your choices "
        "moved your chance to win. Where the server and the lobby allow hints, **{hint}** beside your "
        "question says what a Hard computer player would answer; a game with hints is not rated.",
        review=L._("My review"),
        hint=L._("Hint"),
    )


WORDS: dict[Section, Callable[[Lang], str]] = {
    Section.TURN: _turn,
    Section.MONEY: _money,
    Section.ORDERS: _orders,
    Section.LOBBY: _lobby,
    Section.TABLE: _table,
    Section.SERVER: _server,
    Section.HISTORY: _history,
    Section.COACH: _coach,
}
