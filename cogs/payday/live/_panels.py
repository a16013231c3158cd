"""The hand panels open now, kept up with the questions put to their players.

A hand panel is a private message, which Discord keeps at the foot of a phone's screen: with one
open, the live message and its buttons sit far above it, off screen. So while a panel is fresh (the
token of the interaction it answered may edit it for 15 minutes), a question put to its player is
pushed into it, with its answer buttons (`hand_view.with_question`), and a question answered
elsewhere leaves it, so the panel never offers a stale button. That is one edit of the panel per
question that changes what it shows, through the interaction's webhook (outside the bot's global
rate limit). A panel its player is clicking on is left to that click's own answer (`holding`),
which shows the panel again and keeps it open in its turn.
"""

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta

import discord

from bot.render.components import Message
from bot.table import Table
from cogs.payday.live._controls import view

log = logging.getLogger(__name__)

PANEL_LIFETIME = timedelta(minutes=14)
"""How long after its interaction a panel is kept up: within the 15 minutes its token may edit it."""

Render = Callable[[Table], Message]
"""The panel as a table shows it, in its reader's language."""


@dataclass(slots=True)
class OpenPanel:
    """A player's panel open in a channel: the interaction whose answer it is, and what it shows."""

    interaction: discord.Interaction
    game_id: int
    seat: int
    render: Render
    asked: int | None
    """The question (its prompt) the panel shows, None for none."""
    held: int = 0
    """Clicks on the panel being answered now."""
    due: Message | None = None
    """What the panel is to show next, not sent yet: edits go one at a time, the newest last."""
    editing: bool = False


def asked_prompt(table: Table, seat: int) -> int | None:
    """The question the game puts to `seat` now (its prompt), None if it asks `seat` nothing, or
    only through the computer (`hand_view.with_question` shows the question on the same terms)."""
    state = table.game
    asked = state.pending
    if state.over or asked is None or seat not in asked.seats or seat in table.computers():
        return None
    return state.prompt


class OpenPanels:
    """Every channel's open panels, by (channel, player); the edits pushing questions into them."""

    def __init__(self) -> None:
        self._open: dict[int, dict[int, OpenPanel]] = {}
        """By channel, then by player."""
        self._edits: set[asyncio.Task[None]] = set()

    def opened(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        game_id: int,
        seat: int,
        table: Table,
        render: Render,
    ) -> None:
        """`interaction` was answered with `seat`'s panel of `table`, as `render` draws it."""
        panel = OpenPanel(interaction, game_id, seat, render, asked_prompt(table, seat))
        self._open.setdefault(channel_id, {})[interaction.user.id] = panel

    @contextlib.contextmanager
    def holding(self, channel_id: int, interaction: discord.Interaction) -> Iterator[None]:
        """While a click on a private message (a panel) is answered, its player's panel waits for
        that answer instead of being pushed a question."""
        message = interaction.message
        panel = None
        if message is not None and message.flags.ephemeral:
            panel = self._open.get(channel_id, {}).get(interaction.user.id)
        if panel is not None:
            panel.held += 1
        try:
            yield
        finally:
            if panel is not None:
                panel.held -= 1

    def published(self, channel_id: int, table: Table, game_id: int) -> None:
        """A change to `channel_id`'s game `game_id` was saved: each open panel whose question
        changed shows the new one (or none). Panels too old to edit, or of another game, go."""
        now = discord.utils.utcnow()
        panels = self._open.get(channel_id, {})
        for user_id, panel in list(panels.items()):
            if panel.game_id != game_id or now - panel.interaction.created_at > PANEL_LIFETIME:
                del panels[user_id]
                continue
            asked = asked_prompt(table, panel.seat)
            if panel.held or asked == panel.asked:
                continue
            panel.asked, panel.due = asked, panel.render(table)
            if not panel.editing:
                panel.editing = True
                edit = asyncio.create_task(self._keep_up(channel_id, user_id, panel))
                self._edits.add(edit)
                edit.add_done_callback(self._edits.discard)
        if not panels:
            self._open.pop(channel_id, None)

    async def _keep_up(self, channel_id: int, user_id: int, panel: OpenPanel) -> None:
        """Edit the panel in place until it shows the newest it is due (a burst of questions costs
        an edit each at most, never an older one over a newer); one dismissed (or out of reach) is
        forgotten."""
        try:
            while panel.due is not None:
                message, panel.due = panel.due, None
                await panel.interaction.edit_original_response(embed=message.embed, view=view(message.rows))
        except discord.HTTPException as failed:
            log.info(
                "hand panel not kept up",
                extra={"channel": channel_id, "game": panel.game_id, "status": failed.status},
            )
            panels = self._open.get(channel_id, {})
            if panels.get(user_id) is panel:
                del panels[user_id]
        finally:
            panel.editing = False

    async def close(self) -> None:
        """Cancel the edits under way (the bot is shutting down)."""
        for edit in self._edits:
            edit.cancel()
        await asyncio.gather(*self._edits, return_exceptions=True)
