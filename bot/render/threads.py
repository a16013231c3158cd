"""A game in a thread of its own, in words: the short line it is opened from in the channel, the
thread's name, and the one line that says why a game opens in the channel instead."""

from bot.render.embeds import safe
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list
from bot.render.refusals import permission_name


def thread_name(host: str, L: Lang) -> str:
    """The thread's name as the channel lists it (names are at most 32 characters: well within
    Discord's 100)."""
    return L._("Pay Day: {player}'s game", player=host)


def opened_in_thread(host: str, L: Lang) -> str:
    """The message in the channel the game's thread opens from (the thread shows under it)."""
    return L._("🎲 {player} opened a game of Pay Day in its own thread: join it there.", player=safe(host))


def no_thread(missing: list[str], L: Lang) -> str:
    """Why the lobby opened in the channel: the thread permissions the bot lacks, or (none missing)
    a channel where no thread can be opened (a thread, a voice channel's chat)."""
    if not missing:
        return L._("No thread for this game: threads can't be opened from here, so it plays in this channel.")
    return L.ngettext(
        "No thread for this game: I need the {permissions} permission for one, so it plays in this channel.",
        "No thread for this game: I need the {permissions} permissions for one, so it plays in this channel.",
        len(missing),
        permissions=and_list([permission_name(flag, L) for flag in missing], L),
    )
