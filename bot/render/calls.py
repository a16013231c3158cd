"""The short line that calls players to the game by name (`bot/table/attention.py` decides who and when).

It is the text of the live message posted anew at the foot of the channel, above the board that
asks the question, so it says only what the call is about; the board says the rest. A mention is
written `<@id>`: Discord shows the member's name and, given `allowed_mentions` for exactly those
users, notifies them. Written in the game's language, since the whole table reads it.
"""

from collections.abc import Callable, Sequence
from datetime import datetime

import discord

from bot.game.state import PendingKind
from bot.render.language.i18n import Lang
from bot.render.language.lists import in_turn

BELL = "🔔"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


_ABOUT: dict[str, Callable[[str, Lang], str]] = {
    PendingKind.ROLL: lambda who, L: L._("{who}, your turn.", who=who),
    PendingKind.LOTTERY: lambda who, L: L._("{who}: Lottery! Take a number or sit out.", who=who),
    PendingKind.WALK: lambda who, L: L._("{who}: Walk for Charity! Roll and give to the Jackpot.", who=who),
    PendingKind.ROLL_OFF: lambda who, L: L._("{who}: everyone rolls, and the highest roll wins.", who=who),
    PendingKind.POKER: lambda who, L: L._("{who}: Poker Game! Put your stake in or sit out.", who=who),
}
"""Questions for several players, and the turn itself; every other question is the player's own
decision (a Deal, a Pay Day choice, a Mail card) and gets the general line."""


def call_line(
    kind: PendingKind,
    user_ids: Sequence[int],
    L: Lang,
    *,
    reminder: bool = False,
    order: Sequence[str] = (),
    until: datetime | None = None,
) -> str:
    """ "🔔 <@1> <@2>: Lottery! Take a number or sit out." — the players in the order they are asked.
    A reminder says the game is still waiting, and until when (`until`, a countdown each reader sees
    in their own time). The Radio Contest's call names everyone still to roll in their `order`
    (computers and players not called too), since its players roll one after another."""
    who = " ".join(mention(user_id) for user_id in user_ids)
    about = _ABOUT.get(kind)
    if reminder and until is not None:
        text = L._(
            "{who}, the game is still waiting for you: time runs out {when}.",
            who=who,
            when=discord.utils.format_dt(until, "R"),
        )
    elif reminder:
        text = L._("{who}, the game is still waiting for you.", who=who)
    elif kind == PendingKind.RADIO:
        text = L._("{who}: Radio Contest! Roll in turn: {order}.", who=who, order=in_turn(order))
    elif about is not None:
        text = about(who, L)
    else:
        text = L._("{who}, the game is waiting for your answer.", who=who)
    return f"{BELL} {text}"


def switched(on: bool, here: bool, L: Lang) -> str:
    """The private answer to a member turning their calls on or off: always for every game they play
    from now on, and in this channel's game too when they are seated at it (`here`)."""
    if on and here:
        return L._(
            "Calls on, in this game and every game you play from now on: you will be mentioned when "
            "a game waits for you."
        )
    if on:
        return L._(
            "Calls on for every game you play from now on: you will be mentioned when a game waits for you."
        )
    if here:
        return L._(
            "Calls off, in this game and every game you play from now on: you will not be mentioned; "
            "the board still shows whose move it is. /payday notices on turns them back on."
        )
    return L._(
        "Calls off for every game you play from now on: you will not be mentioned; the board still "
        "shows whose move it is. /payday notices on turns them back on."
    )
