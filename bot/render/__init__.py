"""Turning game state and events into what players see: embeds, buttons, text."""
