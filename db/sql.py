"""The SQL both stores run, written once with SQLite's `?` marks (the PostgreSQL store numbers them,
`db.postgres.marks`) over the same tables: the shared writes' statements and the reads' queries.
Each store's own statements (SQLite's write transactions, PostgreSQL's one-statement writes) stay
in its package; the results' and ratings' SQL lives with their reading in `db/records.py`."""

from collections.abc import Collection
from typing import Any

from db.interface import Shards

Query = tuple[str, list[Any]]
"""A query's SQL, written with `?` marks, and its parameters."""

HISTORY_COLUMNS = "game_id, channel_id, guild_id, data, summary, created_at, finished_at"
INSERT_HISTORY = f"INSERT INTO history ({HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"


SET_PREFERENCES = (
    "INSERT INTO preferences (user_id, calls, updated_at) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (user_id) DO UPDATE SET calls = ?2, updated_at = ?3"
)
# A server's first settings (it never chose: ?4 is 0) and its later ones, over the row still at
# version ?4; each leaves the row at ?4 + 1 and returns it, or returns nothing when another writer
# saved since (and writes nothing).
INSERT_SERVER_SETTINGS = (
    "INSERT INTO server_settings (guild_id, data, updated_at, version) VALUES (?1, ?2, ?3, ?4 + 1)"
    " ON CONFLICT (guild_id) DO NOTHING RETURNING version"
)
UPDATE_SERVER_SETTINGS = (
    "UPDATE server_settings SET data = ?2, updated_at = ?3, version = ?4 + 1"
    " WHERE guild_id = ?1 AND version = ?4 RETURNING version"
)


def set_server_settings(version: int) -> str:
    """The statement that saves a server's settings over those at `version` (?1 the server, ?2 the
    settings, ?3 the time, ?4 `version`)."""
    return INSERT_SERVER_SETTINGS if version == 0 else UPDATE_SERVER_SETTINGS


PRUNE_BATCH = 5
"""Games whose logs one prune transaction removes (about 5 ms each, for a whole game's 875 rows): each
transaction stays short, so the bot's writes never wait long behind it, a prune interrupted part way
keeps what it did, and a PostgreSQL standby replays no single huge delete."""
# Finished games, then logs no live, set-aside or finished game owns (lobbies cancelled before a
# closed lobby's log went with it), judged by their newest entry.
PRUNABLE = """
    SELECT game_id FROM history AS h WHERE finished_at < ?1
        AND EXISTS (SELECT 1 FROM events AS e WHERE e.game_id = h.game_id)
    UNION
    SELECT game_id FROM events GROUP BY game_id HAVING MAX(at) < ?1
        AND game_id NOT IN (SELECT game_id FROM games)
        AND game_id NOT IN (SELECT game_id FROM quarantine)
        AND game_id NOT IN (SELECT game_id FROM history)
"""


def events_of(game_id: int, limit: int, before_seq: int | None, kinds: Collection[str] | None) -> Query:
    """One page of a game's log, newest first: seq, at, data."""
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    kind_sql, kind_params = _kind_filter(kinds)
    seq_sql = "" if before_seq is None else " AND seq < ?"
    seq_params = [] if before_seq is None else [before_seq]
    return (
        f"SELECT seq, at, data FROM events WHERE game_id = ?{seq_sql}{kind_sql} ORDER BY seq DESC LIMIT ?",
        [game_id, *seq_params, *kind_params, limit],
    )


def count_of_events(game_id: int, kinds: Collection[str] | None) -> Query:
    kind_sql, kind_params = _kind_filter(kinds)
    return f"SELECT COUNT(*) FROM events WHERE game_id = ?{kind_sql}", [game_id, *kind_params]


def _kind_filter(kinds: Collection[str] | None) -> tuple[str, list[str]]:
    if kinds is None:
        return "", []
    if isinstance(kinds, str):
        raise TypeError("kinds must be a collection of str, not a single str")
    wanted = list(kinds)
    if not wanted:
        return " AND FALSE", []
    return f" AND kind IN ({','.join('?' * len(wanted))})", wanted


def wakeups_of(shards: Shards | None) -> Query:
    """Every live game's timer, earliest first, from the deadline index alone: channel_id, deadline.
    With `shards`, the condition `Shards.owns` puts, in SQL (a game with no server is shard 0's)."""
    sql = "SELECT channel_id, deadline FROM games WHERE deadline IS NOT NULL"
    if shards is None:
        return f"{sql} ORDER BY deadline", []
    ids = sorted(shards.ids)
    marks = ",".join("?" * len(ids))
    return (
        f"{sql} AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks}) ORDER BY deadline",
        [shards.count, *ids],
    )


def preferences_of(user_ids: Collection[int]) -> Query:
    """Some members' preferences (at least one): user_id, calls, updated_at."""
    wanted = list(user_ids)
    marks = ",".join("?" * len(wanted))
    return f"SELECT user_id, calls, updated_at FROM preferences WHERE user_id IN ({marks})", wanted


def history_of(guild_id: int | None, channel_id: int | None, limit: int) -> Query:
    """The WHERE and ORDER of finished games, newest first, of one guild and/or channel (None: any)."""
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    filters = [(column, value) for column, value in (("guild_id", guild_id), ("channel_id", channel_id))]
    wanted = [(column, value) for column, value in filters if value is not None]
    where = "WHERE " + " AND ".join(f"{column} = ?" for column, _ in wanted) if wanted else ""
    return f"{where} ORDER BY finished_at DESC, game_id DESC LIMIT ?", [*(v for _, v in wanted), limit]


def finished_game_of(game_id: int) -> Query:
    return "WHERE game_id = ?", [game_id]


def unrecorded_of(limit: int) -> Query:
    """The WHERE and ORDER of finished games without a result, oldest first."""
    return "WHERE game_id NOT IN (SELECT game_id FROM results) ORDER BY finished_at, game_id LIMIT ?", [limit]


SAVE_REVIEW = (
    "INSERT INTO reviews (game_id, data, made_at) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (game_id) DO UPDATE SET data = ?2, made_at = ?3"
)
"""A finished game's review, made again over an older one (a review of an older format)."""
REVIEW_OF = "SELECT data FROM reviews WHERE game_id = ?"


def unreviewed_of(limit: int) -> Query:
    """The WHERE and ORDER of finished games whose moves are kept (a prune removes them) and that
    have no review yet, newest first: the games people may still look at come first."""
    return (
        "WHERE game_id NOT IN (SELECT game_id FROM reviews) AND EXISTS (SELECT 1 FROM events AS e"
        " WHERE e.game_id = history.game_id AND e.kind = 'action')"
        " ORDER BY finished_at DESC, game_id DESC LIMIT ?",
        [limit],
    )
