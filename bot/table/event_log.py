"""The kinds of the event log's records that are the table's rather than the engine's.

A game's event log (kept by the store, one JSON record a row) holds the engine's events
(`bot.game.events.EventKind`, each with an `amount`) among the records of this table: who opened
the lobby, the deal, each answer, a seat changing hands, a pause, how the game ended. The service
writes them, and the replay, the exported record's schema and the story read them back by these
kinds. A member's value is the string saved, so logs written before this enum read the same.
"""

from enum import StrEnum

from bot.table.document import TableKind


class LogKind(StrEnum):
    """A record of the table in the event log; the keys each carries besides `kind` follow."""

    LOBBY = "lobby"
    """The lobby opened (`host`, `rematch`: the game it follows) or changed: a button (`change`,
    `user`), the house rules (`house`, `user`), a member removed (`removed`, `by`)."""
    STARTED = "started"
    """`seats`: the names the game was dealt with, in seat order (the exported record adds
    `computers`)."""
    ACTION = "action"
    """An answer: `seat`, `action`, `value`, `prompt`, `question`, `timed_out`; `ordered` when the
    player's standing orders gave it."""
    LEFT = TableKind.LEFT.value
    """`seat`, `user`: its player left; the computer plays it."""
    KICKED = TableKind.KICKED.value
    """`seat`, `user`, `by`: its player was removed by the host or a moderator."""
    TOOK_OVER = TableKind.TOOK_OVER.value
    """`seat`, `user` (and `name`: the seat's new player), `by` (the host), `request`."""
    BACK = TableKind.BACK.value
    """`seat`: back from away."""
    SEAT_ASKED = "seat_asked"
    """`seat`, `user`, `request`: a member asked to take the seat over from the computer."""
    SEAT_DECLINED = "seat_declined"
    """`seat`, `user`, `request`: the host declined the member's request."""
    ORDERS = "orders"
    """`seat` and the standing orders its player set (`bot.game.orders.Orders`' fields)."""
    ORDERS_RESUMED = "orders_resumed"
    """A game saved before standing orders could answer its question (an older version): they
    answer it now."""
    PAUSED = "paused"
    """`by`: the member who paused the game."""
    RESUMED = "resumed"
    """`by`: the member who resumed it."""
    CLOCK_RESTARTED = "clock_restarted"
    """`prompt`: time ran out on a board Discord has not shown; the question's full time starts
    again."""
    RESTART_GRACE = "restart_grace"
    """A time limit or idle clock that ran out while the bot was down was moved on after its restart
    (`Table.extend_for_downtime`)."""
    ENDED = "ended"
    """`by`: the host or a moderator ended the game early. This and the endings below are the
    game's early endings (`bot.service.values.Ending`), each followed by the stakes' refunds."""
    ABANDONED = "abandoned"
    """Every human left (`removed`, `by`: the last one was removed)."""
    GONE = "gone"
    """The game's channel or thread could no longer be reached."""
    IDLE = "idle"
    """Nobody played for the table's `idle_end_days`."""
    PAUSE_EXPIRED = "pause_expired"
    """Paused for the table's `pause_end_days`."""
