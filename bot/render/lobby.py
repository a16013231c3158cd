"""The lobby's embed: who sits, the game's settings and house rules, how to join, and when an open
lobby closes by itself. Apart from embeds.py because a lobby is a screen of its own, shown before
there is a game to draw."""

import discord

from bot.game.rulesets import RULESETS
from bot.render.embeds import GOLD, GREY, add_house_rules, safe
from bot.render.language.i18n import Lang
from bot.render.language.strengths import strength_name
from bot.render.rules_text import duration, edition_title
from bot.table import Seat, Table


def lobby_embed(table: Table, note: str, L: Lang, *, closed: bool = False) -> discord.Embed:
    """The lobby; `note` (who joined or left, already in words) is its footer. A `closed` lobby
    (cancelled, emptied or expired) says so in its title and, first thing, who or what closed it
    (`note`): the message stays in the channel, and an invitation or a countdown would mislead."""
    ruleset = RULESETS[table.ruleset]
    seats = "\n".join(f"{i + 1}. {_seat_label(table, s, L)}" for i, s in enumerate(table.seats))
    settings = " · ".join(
        (
            L.ngettext("{n} month", "{n} months", table.months),
            edition_title(ruleset, L),
            L._("{time} per turn", time=duration(table.turn_seconds, L)),
            *_hints(table, L),
        )
    )
    if closed:
        closing = "\n".join(line for line in (note, settings) if line)
        embed = discord.Embed(title=L._("Pay Day — lobby closed"), description=closing, colour=GREY)
    else:
        invitation = _invitation(table, settings, L)
        embed = discord.Embed(title=L._("Pay Day — a game is forming"), description=invitation, colour=GOLD)
    seated = len(table.seats)
    heading = (
        L._("Players") if closed else L._("Players ({seated}/{most})", seated=seated, most=table.max_players)
    )
    embed.add_field(name=heading, value=seats or L._("nobody yet"))  # a closed lobby has no room left to fill
    if not closed:
        add_house_rules(embed, table, L)
        if note:
            embed.set_footer(text=note)
    return embed


def _hints(table: Table, L: Lang) -> tuple[str, ...]:
    """Whether players may ask for hints, where the server allows them (a game where anyone takes
    one is not rated, so the table knows before it sits down)."""
    if table.hints is None:
        return ()
    return (L._("hints allowed (a game with hints is not rated)") if table.hints else L._("no hints"),)


def _invitation(table: Table, settings: str, L: Lang) -> str:
    """An open lobby's text: its settings, how to sit down, and when it closes by itself."""
    join = L._(
        "Press **Join** to take a seat. The host starts with {least}–{most} players.",
        least=table.min_players,
        most=table.max_players,
    )
    return f"{settings}\n{join}" + _closes(table, L)


def _closes(table: Table, L: Lang) -> str:
    """When an open lobby closes by itself, so a forgotten one never blocks its channel."""
    if table.lobby_closes is None:
        return ""
    when = discord.utils.format_dt(table.lobby_closes, "R")
    return "\n" + L._(
        "If nobody starts it, the lobby closes by itself {when}; the host can close it with Cancel.",
        when=when,
    )


def _seat_label(table: Table, seat: Seat, L: Lang) -> str:
    name = safe(seat.name)
    if seat.invited:
        return L._("{player} (kept for a rematch: press Join)", player=name)
    if seat.computer:
        return L._("{player} (computer: {strength})", player=name, strength=strength_name(seat.strength, L))
    host = seat.user_id == table.host_id
    if host:
        return L._("{player} (host)", player=name)
    return name
