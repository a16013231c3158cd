"""The live message's state per channel: once everything is shown it keeps the saved row only, and
reads the table back from it, unchanged, if anything asks before the next change."""

from datetime import UTC, datetime

from bot.service import Loaded
from bot.table import Seat, Table
from cogs.live import LiveMessage
from db.interface import GameRow

CHANNEL = 1_000_000_000_000_000_001
NOW = datetime(2026, 11, 30, tzinfo=UTC)


def saved(table: Table, version: int = 3) -> Loaded:
    row = GameRow(7, CHANNEL, 9, version, table.model_dump_json(), None, NOW, NOW)
    return Loaded(row, table)


def lobby() -> Table:
    return Table(
        host_id=5, turn_seconds=60, interrupt_seconds=30, seed=1, seats=[Seat(user_id=5, name="Ann")]
    )


def test_a_shown_snapshot_rests_as_its_row_and_reads_back_the_same_table():
    live = LiveMessage(bot=None, moved=None)
    loaded = saved(lobby())
    seq = live.update(loaded)
    live.shown(loaded, seq)

    live.kick(CHANNEL)  # nothing to send: the channel rests

    assert live._channels[CHANNEL]._table is None
    assert not live.behind(CHANNEL)
    again, again_seq = live.newest(CHANNEL)
    assert again_seq == seq and again.row is loaded.row
    assert again.table == loaded.table and again.table is not loaded.table


def test_a_snapshot_not_yet_shown_keeps_its_table():
    live = LiveMessage(bot=None, moved=None)
    loaded = saved(lobby())
    live.update(loaded)
    live._channels[CHANNEL].tried = live._channels[CHANNEL].seq  # the worker tried and failed

    live.kick(CHANNEL)

    assert live.behind(CHANNEL)
    assert live.newest(CHANNEL)[0].table is loaded.table
