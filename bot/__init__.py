"""payday-bot: a Discord bot that runs games of Pay Day."""
