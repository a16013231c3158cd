"""Messages of their own in a channel (standings, warnings, Pay Day summaries, removals), in the
game's language."""

from bot.render.components import Message, rematch_button
from bot.render.embeds import final_embed, payday_notices, safe
from bot.render.language.i18n import Lang
from bot.render.standings_buttons import STANDINGS_BUTTONS
from bot.service.values import Alert, AlertCode, Ending, Kicked, Notice, PayDays, Standings


def notice_message(notice: Notice, L: Lang) -> Message:
    if isinstance(notice, PayDays):
        return Message(payday_notices(notice, L))
    if isinstance(notice, Standings):
        # The last player to retire gets their Pay Day summary too, on the standings message.
        # A game whose channel is gone has no table left to play a rematch at, and its standings
        # go where /payday history does not link.
        text, embed = payday_notices(notice.paydays, L), final_embed(notice, L)
        if notice.ending is Ending.GONE:
            return Message(text, embed)
        # Rematch, then what features add (bot/render/standings_buttons.py): one row, up to five.
        row = (rematch_button(notice.game_id, L), *STANDINGS_BUTTONS.buttons(notice.game_id, L))
        return Message(text, embed, (row,), standings=notice.game_id)
    if isinstance(notice, Kicked):
        return Message(kicked(notice, L))
    return Message(alert(notice, L))


def kicked(notice: Kicked, L: Lang) -> str:
    """Told to the table when the host or a moderator removes a player from a running game."""
    return L._(
        "{host} removed {player} from the game: a computer player takes over their seat and their money.",
        host=safe(notice.by),
        player=safe(notice.name),
    )


def alert(notice: Alert, L: Lang) -> str:
    if notice.code is AlertCode.SET_ASIDE:
        return set_aside(notice.game_id, L)
    return save_failed(L)


def save_failed(L: Lang) -> str:
    """Posted once when a timer's work could not be saved (it is tried again)."""
    return L._(
        "⚠️ I couldn't save this game just now (the database is busy or the disk is full), so it is "
        "paused. Nothing is lost: I keep trying by myself, and the game goes on once saving works again."
    )


def set_aside(game_id: int, L: Lang) -> str:
    """Posted once in a channel whose saved game the bot could not read."""
    return L._(
        "The game saved in this channel (game {game}) could not be read, so the bot set it aside "
        "for its admin to look at; nothing was deleted. Start a new game here with /payday start.",
        game=game_id,
    )


def cannot_post(L: Lang) -> str:
    """Told once, privately, to the next player after posting in the channel failed."""
    return L._(
        "⚠️ I can't post new messages in this channel right now (has my Send Messages permission been "
        "removed?). The game is saved and goes on in its message; the standings will come as a reply."
    )
