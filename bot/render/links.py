"""The way back to the game: a refusal or a private answer ends with a link to the live message,
so a player who pressed an old button or typed in the wrong place is one tap from the table
(issue 9.7). Discord shows a message link as a jump to that message."""

from bot.render.language.i18n import Lang


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """Discord's link to a message (`@me` stands for the guild in a direct message)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def way_back(text: str, url: str | None, L: Lang) -> str:
    """`text`, then a line that links to the game's live message (none when there is none)."""
    if url is None:
        return text
    return "\n".join((text, L._("↪ Back to the game: {link}", link=url)))
