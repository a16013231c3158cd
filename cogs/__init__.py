"""Discord cogs: slash commands and buttons in, engine actions out."""
