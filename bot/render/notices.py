"""Public notices about the bot itself rather than the game (what happened to a saved game)."""


def set_aside(game_id: int) -> str:
    """Posted once in a channel whose saved game the bot could not read."""
    return (
        f"The game saved in this channel (game {game_id}) could not be read, so the bot set it aside "
        "for its admin to look at; nothing was deleted. Start a new game here with /payday start."
    )
