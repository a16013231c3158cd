"""Refusals in words: the one sentence a player reads when the service, the engine, the lobby or
the check of a slash option says no.

`refusal_text` writes a `service.Refused` (or an engine `IllegalAction`) from its code and
parameters, one small function per code, in the language asked for. The core's codes (the
engine's, the lobby's, the service's and the options') have their words here; a feature's join the
same table from its own words module (bot/render/refusal_table.py).
"""

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from bot.game.actions import IllegalAction
from bot.game.actions import RefusalCode as Why
from bot.render.embeds import safe
from bot.render.house import rule_name, rule_value
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list
from bot.render.refusal_table import REFUSALS, Names, Writer
from bot.service.values import Refused, ServiceCode
from bot.table.lobby import LobbyCode


class OptionCode(StrEnum):
    """A slash option outside what its command declares (a hand-made request: Discord's client
    never sends one). Every code has `option`, the option's name."""

    NOT_A_NUMBER = "option_not_a_number"
    NOT_TEXT = "option_not_text"
    NOT_A_CHOICE = "option_not_a_choice"
    """choices: the names of the choices, in order."""
    TOO_SMALL = "option_too_small"
    """least"""
    TOO_SHORT = "option_too_short"
    """least: characters."""
    OUT_OF_RANGE = "option_out_of_range"
    """least, most"""
    WRONG_LENGTH = "option_wrong_length"
    """least, most: characters."""


def went_wrong(L: Lang) -> str:
    """The answer to a click or command that crashed, instead of Discord's "interaction failed"."""
    return L._("Sorry, something went wrong on my side. Please try again.")


def refusal_text(refusal: Refused | IllegalAction, L: Lang, names: Names = ()) -> str:
    """What to tell the player; `names`: the players by seat, for refusals that name one (a
    `Refused` carries its own)."""
    return REFUSALS.writer(refusal.code)(refusal.params, getattr(refusal, "names", None) or names, L)


def _no_amount(step: int, most: int, L: Lang) -> str:
    """The form an amount takes, with its limits when the player may move any money now (else the
    engine says why not once an amount is read)."""
    if most < step:
        return L._(
            "Type a whole number of dollars in steps of {step}, like {example}. Nothing was changed.",
            step=L.money(step),
            example=L.number(step),
        )
    return L._(
        "Type a whole number of dollars in steps of {step}, from {step} to {most}, like {example}. "
        "Nothing was changed.",
        step=L.money(step),
        most=L.money(most),
        example=L.number(2 * step if 2 * step <= most else step),
    )


def permission_name(flag: str, L: Lang) -> str:
    """A Discord permission as Discord's own settings call it."""
    return _PERMISSIONS[flag](L)


_PERMISSIONS: dict[str, Callable[[Lang], str]] = {
    "send_messages": lambda L: L.pgettext("permission", "Send Messages"),
    "send_messages_in_threads": lambda L: L.pgettext("permission", "Send Messages in Threads"),
    "embed_links": lambda L: L.pgettext("permission", "Embed Links"),
    "attach_files": lambda L: L.pgettext("permission", "Attach Files"),
    "create_public_threads": lambda L: L.pgettext("permission", "Create Public Threads"),
}


def _not_your_turn(p: dict[str, Any], n: Names, L: Lang) -> str:
    """Whose move it is instead; a move only the computer makes (seats of computer players, or of
    players who left: `computers`) says so, since nobody at the table is to answer it."""
    players = and_list([n[seat] for seat in p["seats"]], L)
    if p["seats"] and set(p["seats"]) <= set(p.get("computers", ())):
        return L._("It's not your move: the computer is playing for {players}.", players=players)
    return L._("It's not your move: the game is waiting for {players}.", players=players)


_CORE: dict[StrEnum, Writer] = {
    # Starting a game
    Why.NO_RULESET: lambda p, n, L: L._(
        "There is no ruleset called {ruleset}: choose one of {choices}.",
        ruleset=p["ruleset"],
        choices=", ".join(p["choices"]),
    ),
    Why.PLAYER_COUNT: lambda p, n, L: L._(
        "This ruleset needs {least} to {most} players.", least=p["least"], most=p["most"]
    ),
    Why.MONTHS: lambda p, n, L: L._(
        "Choose between {least} and {most} months.", least=p["least"], most=p["most"]
    ),
    Why.NAME_LENGTH: lambda p, n, L: L._(
        "Every player needs a name of 1 to {most} characters.", most=p["most"]
    ),
    # Any action
    Why.GAME_OVER: lambda p, n, L: L._("This game is over."),
    Why.NOT_IN_GAME: lambda p, n, L: L._("You're not playing in this game."),
    Why.STALE: lambda p, n, L: L._("That question has passed."),
    Why.ALREADY_ANSWERED: lambda p, n, L: L._("You already answered this one."),
    Why.NOT_YOUR_TURN: lambda p, n, L: _not_your_turn(p, n, L),
    Why.NOT_A_CHOICE: lambda p, n, L: L._("That isn't one of the choices right now."),
    # Loans and repayments
    Why.LOAN_STEP: lambda p, n, L: L._(
        "Loans come in steps of {step}: ask for {step}, {double} and so on.",
        step=L.money(p["step"]),
        double=L.money(2 * p["step"]),
    ),
    Why.BORROW_WITH_SAVINGS: lambda p, n, L: L._(
        "You have {savings} in savings: withdraw it before you borrow "
        "(nobody holds savings and a loan at once).",
        savings=L.money(p["savings"]),
    ),
    Why.LOAN_CAP: lambda p, n, L: L._(
        "That would take your loan past the {cap} limit.", cap=L.money(p["cap"])
    ),
    Why.REPAY_PASSED: lambda p, n, L: L._("The repayment step of this Pay Day has passed."),
    Why.REPAY_AT_PAY_DAY: lambda p, n, L: L._("Loans can only be repaid at your own Pay Day."),
    Why.REPAY_STEP: lambda p, n, L: L._("Repayments come in steps of {step}.", step=L.money(p["step"])),
    Why.LOAN_ONLY: lambda p, n, L: L._("Your loan is only {loan}.", loan=L.money(p["loan"])),
    Why.CASH_ONLY: lambda p, n, L: L._("You only have {cash} in cash.", cash=L.money(p["cash"])),
    Why.REPAY_CHOICE: lambda p, n, L: L._(
        "Repay in steps of {step}, no more than your loan and your cash.", step=L.money(p["step"])
    ),
    # Savings
    Why.NO_SAVINGS: lambda p, n, L: L._("This edition of the rules has no savings accounts."),
    Why.DEPOSIT_AT_PAY_DAY: lambda p, n, L: L._("Savings deposits are taken only at your own Pay Day."),
    Why.NOTHING_TO_WITHDRAW: lambda p, n, L: L._("You have no savings to withdraw."),
    Why.WITHDRAW_STEP: lambda p, n, L: L._(
        "Withdraw in steps of {step}, or your whole balance.", step=L.money(p["step"])
    ),
    Why.SAVINGS_ONLY: lambda p, n, L: L._("Your savings are only {savings}.", savings=L.money(p["savings"])),
    Why.FEE_TOO_BIG: lambda p, n, L: L._(
        "A withdrawal before Pay Day costs a {fee} fee: withdraw more than that.", fee=L.money(p["fee"])
    ),
    Why.OWE_BEFORE_SAVING: lambda p, n, L: L._(
        "You owe {loan}: repay your loan before you save (never both at once).", loan=L.money(p["loan"])
    ),
    Why.WITHDREW_THIS_PAY_DAY: lambda p, n, L: L._("You withdrew this Pay Day: deposit at your next one."),
    Why.DEPOSITED_THIS_PAY_DAY: lambda p, n, L: L._(
        "You deposited this Pay Day: withdraw at your next one, or later for a fee."
    ),
    Why.BANK_STEP: lambda p, n, L: L._(
        "Bank in steps of {step}, within your cash, your loan and your savings.", step=L.money(p["step"])
    ),
    # Answers
    Why.NUMBER_TAKEN: lambda p, n, L: L._(
        "Number {number} goes to {player}, who picks before you in turn: pick another number.",
        number=p["number"],
        player=n[p["seat"]],
    ),
    Why.NOT_HELD: lambda p, n, L: L._("You don't hold that Deal."),
    # The lobby
    LobbyCode.STARTED: lambda p, n, L: L._(
        "The game in this channel has already started: wait for the next one."
    ),
    LobbyCode.ALREADY_JOINED: lambda p, n, L: L._("You're already in this game."),
    LobbyCode.TABLE_FULL: lambda p, n, L: L.ngettext(
        "The table is full ({n} player).", "The table is full ({n} players).", p["most"]
    ),
    LobbyCode.NOT_JOINED: lambda p, n, L: L._("You're not in this game."),
    LobbyCode.NOT_PLAYING: lambda p, n, L: L._("You're not playing in this game."),
    LobbyCode.HOST_ADDS_COMPUTERS: lambda p, n, L: (
        L._("Only the host, {host}, can add computer players.", host=safe(p["host"]))
        if p.get("host")
        else L._("Only the host can add computer players.")
    ),
    LobbyCode.HOST_STARTS: lambda p, n, L: (
        L._("Only the host, {host}, can start the game.", host=safe(p["host"]))
        if p.get("host")
        else L._("Only the host can start the game.")
    ),
    LobbyCode.PLAYER_COUNT: lambda p, n, L: L._(
        "A game needs {least} to {most} players: invite someone, or add a computer player.",
        least=p["least"],
        most=p["most"],
    ),
    LobbyCode.HOST_OR_MANAGER: lambda p, n, L: (
        L._("Only the host, {host}, or someone with Manage Channels can do that.", host=safe(p["host"]))
        if p.get("host")
        else L._("Only the host or someone with Manage Channels can do that.")
    ),
    LobbyCode.KICK_SELF: lambda p, n, L: L._("To leave the game yourself, use /payday leave."),
    LobbyCode.NOT_SEATED: lambda p, n, L: L._("{player} has no seat in this game.", player=safe(p["name"])),
    LobbyCode.REPLACED: lambda p, n, L: L._(
        "{player} is no longer in this game: a computer player already plays their seat.",
        player=safe(p["name"]),
    ),
    # The service
    ServiceCode.NO_GAME: lambda p, n, L: L._(
        "There is no game in this channel: start one with /payday start."
    ),
    ServiceCode.GAME_OPEN: lambda p, n, L: L._(
        "A game is already open here: see /payday status, or /payday end it."
    ),
    ServiceCode.LOBBY_CLOSED: lambda p, n, L: L._("This lobby has closed."),
    ServiceCode.GAME_ENDED: lambda p, n, L: L._("This game has ended."),
    ServiceCode.NOT_STARTED: lambda p, n, L: L._("The game here hasn't started yet: the host presses Start."),
    ServiceCode.ALREADY_DONE: lambda p, n, L: L._("Already done: your answer was counted."),
    ServiceCode.TAKEN_OVER: lambda p, n, L: L._(
        "You're no longer in this game: a computer player took over your seat."
    ),
    ServiceCode.OTHER_CHANNEL: lambda p, n, L: L._("That button belongs to another channel."),
    ServiceCode.MOVED_ON: lambda p, n, L: L._(
        "The game has moved on since you asked, so nothing was ended: use /payday end again to see the "
        "standings it would end with now."
    ),
    ServiceCode.CHANGED_MEANWHILE: lambda p, n, L: L._(
        "The game changed just as you asked, so nothing was done: look at its latest message and try again."
    ),
    ServiceCode.MISSING_PERMISSIONS: lambda p, n, L: L.ngettext(
        "I need the {permissions} permission in this channel to run a game here: ask a moderator to "
        "grant it, or start the game in another channel.",
        "I need the {permissions} permissions in this channel to run a game here: ask a moderator to "
        "grant them, or start the game in another channel.",
        len(p["permissions"]),
        permissions=and_list([permission_name(flag, L) for flag in p["permissions"]], L),
    ),
    ServiceCode.NO_SUCH_STRENGTH: lambda p, n, L: L._(
        "Choose Easy, Normal or Hard from the menu: nobody was added."
    ),
    ServiceCode.ONE_LOTTERY_ORDER: lambda p, n, L: L._(
        "Choose one Lottery order: a single number, or never. Your orders are unchanged."
    ),
    ServiceCode.BAD_SETTING: lambda p, n, L: L._(
        "That is not a value this setting takes: choose one from the list. Nothing was changed."
    ),
    ServiceCode.HOUSE_VALUE: lambda p, n, L: L._(
        "{rule} takes a whole number from {least} to {most} in this edition. Nothing was changed.",
        rule=rule_name(p["rule"], L),
        least=rule_value(p["rule"], p["least"], L),
        most=rule_value(p["rule"], p["most"], L),
    ),
    LobbyCode.HOST_HOUSE_RULES: lambda p, n, L: (
        L._("Only the host, {host}, can change the house rules.", host=safe(p["host"]))
        if p.get("host")
        else L._("Only the host can change the house rules.")
    ),
    ServiceCode.NO_AMOUNT: lambda p, n, L: _no_amount(p["step"], p["most"], L),
    ServiceCode.REMATCH_GONE: lambda p, n, L: L._(
        "That game is too old for a rematch: start a new one with /payday start."
    ),
    LobbyCode.REMATCH_PLAYERS: lambda p, n, L: L._(
        "Only the players of that game can ask for a rematch: start a new game with /payday start."
    ),
    ServiceCode.NOT_SAVED: lambda p, n, L: L._(
        "That couldn't be saved, so nothing was done: please try again."
    ),
    ServiceCode.UNCONFIRMED: lambda p, n, L: L._(
        "The game's records didn't answer, so I can't tell whether that was done: look at the game's "
        "latest message in a moment, and try again only if it didn't happen."
    ),
    # Slash options
    OptionCode.NOT_A_NUMBER: lambda p, n, L: L._(
        "That {option} is not allowed: it must be a number.", option=p["option"]
    ),
    OptionCode.NOT_TEXT: lambda p, n, L: L._(
        "That {option} is not allowed: it must be text.", option=p["option"]
    ),
    OptionCode.NOT_A_CHOICE: lambda p, n, L: L._(
        "That {option} is not allowed: choose one of {choices}.",
        option=p["option"],
        choices=", ".join(p["choices"]),
    ),
    OptionCode.TOO_SMALL: lambda p, n, L: L._(
        "That {option} is not allowed: use {least} or more.", option=p["option"], least=L.number(p["least"])
    ),
    OptionCode.TOO_SHORT: lambda p, n, L: L._(
        "That {option} is not allowed: use {least} characters or more.",
        option=p["option"],
        least=L.number(p["least"]),
    ),
    OptionCode.OUT_OF_RANGE: lambda p, n, L: L._(
        "That {option} is not allowed: use {least} to {most}.",
        option=p["option"],
        least=L.number(p["least"]),
        most=L.number(p["most"]),
    ),
    OptionCode.WRONG_LENGTH: lambda p, n, L: L._(
        "That {option} is not allowed: use {least} to {most} characters.",
        option=p["option"],
        least=L.number(p["least"]),
        most=L.number(p["most"]),
    ),
}
"""One writer per refusal code of the core: the engine's, the lobby's, the service's and the
options'."""
REFUSALS.register(_CORE)
