"""One showing of the live message, as data: the board (or the lobby), its controls, the drawn
board it shows, and its text (the Pay Day summaries it carries, then the players called).

Pure functions of a saved table: the cog's live message (cogs/payday/live/_message.py) decides which
snapshot and which text to show and when, and writes the frame to Discord with the bot's token or
through a click's own answer; both write the very same frame.
"""

from dataclasses import dataclass, replace

import discord

from bot.game.state import PendingKind
from bot.render.board_attachment import Picture, show_board
from bot.render.board_picture import table_board
from bot.render.calls import call_line
from bot.render.components import Rows, game_rows, lobby_rows
from bot.render.embeds import game_embeds, safe
from bot.render.language.i18n import Lang, lang
from bot.render.lobby import lobby_embed
from bot.render.notes import note_text
from bot.render.prompts.answers import choices
from bot.service.values import Call, Note
from bot.table import Table
from bot.table.attention import asked


@dataclass(frozen=True, slots=True)
class Frame:
    embeds: tuple[discord.Embed, ...]
    """The lobby's one embed, or a game's two: the board (with its picture), then the question,
    which sits directly above the buttons."""
    rows: Rows
    """No rows: the message keeps no buttons (a closed lobby, a game over)."""
    lobby: bool = False
    """A lobby has no picture: an edit leaves the message's attachments alone."""
    picture: Picture | None = None
    """The drawn board the first embed shows; None for a game with pictures off (an edit drops any)."""


@dataclass(frozen=True, slots=True)
class Text:
    """The live message's text."""

    content: str | None
    called: tuple[int, ...] | None
    """The users its mentions may ping (None: nobody, the bot's default)."""


def frame(
    table: Table, channel_id: int, game_id: int, note: Note | None, closed: bool, pictures: bool
) -> Frame:
    """The lobby (with `note`, who joined or left, as its footer), or the board with the buttons
    for the question the game waits on (none once it is over or `closed`), in the game's language;
    with the drawn board as its image if `pictures`."""
    L = lang(table.language)
    state = table.state
    if state is None:
        rows = () if closed else lobby_rows(channel_id, game_id, L, table.hints)
        embed = lobby_embed(table, "" if note is None else note_text(note, L), L, closed=closed)
        return Frame((embed,), rows, lobby=True)
    board, asked = game_embeds(table, game_id, L)
    picture = None
    if pictures:
        scene, key = table_board(table)
        show_board(board, key)
        picture = Picture(scene, key)
    if closed or state.over or state.pending is None:
        return Frame((board, asked), (), picture=picture)
    answers = choices(state, L, table.computers())
    paused, hint = table.paused is not None, table.hints is True
    rows = game_rows(channel_id, game_id, state.prompt, answers, L, paused=paused, hint=hint)
    return Frame((board, asked), rows, picture=picture)


def call_text(call: Call | None, carried: str | None, table: Table) -> Text:
    """The Pay Day summaries the message carries, then the call, in the game's language; mentions
    ping exactly the players called (names in the text never ping: they are escaped, and not
    allowed). A paused game calls nobody."""
    lines = [carried] if carried else []
    called: tuple[int, ...] = ()
    if call is not None and call.user_ids and table.paused is None:
        pending = None if table.state is None else table.state.pending
        order = [safe(table.seats[seat].name) for seat in asked(pending)] if pending is not None else []
        kind = PendingKind(call.kind)
        until = table.deadline if call.reminder else None
        lines.append(
            call_line(kind, call.user_ids, language(table), reminder=call.reminder, order=order, until=until)
        )
        called = call.user_ids
    return Text("\n\n".join(lines) or None, called)


def still_called(table: Table) -> Call | None:
    """The call of the players called for the question the game waits on who have not answered it
    yet (None when nobody is), so an edit takes the call away as they answer."""
    state = table.state
    if state is None or state.over or state.pending is None or not table.calls:
        return None
    asked = set(state.pending.seats) | set(state.pending.order)
    waiting = tuple(
        user_id
        for seat in table.calls
        if seat in asked and (user_id := table.seats[seat].user_id) is not None
    )
    return Call(state.pending.kind, waiting) if waiting else None


def seated(call: Call, table: Table) -> Call:
    """The call without anyone who no longer holds a seat: a player who left (or was removed) after
    the question called them and before the call went out is not called for a seat the computer
    plays now."""
    users = tuple(user_id for user_id in call.user_ids if table.seat_of(user_id) is not None)
    return call if users == call.user_ids else replace(call, user_ids=users)


def language(table: Table | None) -> Lang:
    """The game's language (English without a table)."""
    return lang(None if table is None else table.language)
