"""The statements of the PostgreSQL store's writes, apart from the store that runs them (as
db/sqlite/statements.py is for SQLite): each write is as few round trips as its guarantees allow,
so a save or a create is one statement, and its SQL is read here whole."""

from db import sql
from db.postgres import schema

RECORD_BATCH_KEY = "payday record batch"
"""The advisory lock a batch of `record` holds: one batch at a time across processes."""
GAME_COLUMNS = "game_id, channel_id, guild_id, version, data, deadline, created_at, updated_at"
HISTORY_COLUMNS = sql.HISTORY_COLUMNS
# A write's whole run of events in one statement, numbered on from the end of the log by the
# statement or transaction that holds the game's row; a save's joins `{changed}`, its UPDATE's row.
EVENTS_AFTER = (
    "INSERT INTO events (game_id, seq, at, kind, data)"
    " SELECT $1, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = $1) + e.n, $2, e.kind, e.data"
    " FROM {changed} unnest($3::text[], $4::text[]) WITH ORDINALITY AS e (kind, data, n)"
)
APPEND_EVENTS = EVENTS_AFTER.format(changed="")
# The version-checked UPDATE and the events in one statement: no row, no events. The log's end is
# read in the statement's snapshot, taken before the row lock; a writer that changed the game after
# that snapshot changed its version too, so this UPDATE then matches nothing and appends nothing.
SAVE = (
    "WITH saved AS (UPDATE games SET version = version + 1, data = $5, deadline = $6, updated_at = $2"
    " WHERE game_id = $1 AND version = $7 RETURNING game_id),"
    f" appended AS ({EVENTS_AFTER.format(changed='saved,')})"
    " SELECT COUNT(*) FROM saved"
)
# One statement that locks no row another create needs: the smallest given-back id no other create
# holds (SKIP LOCKED), one version above its lobby's last, else the next number of the sequence.
# A channel that already has a game inserts nothing and gives the id it took back, so a refused
# create costs no game number; only a create cancelled part way leaves a gap.
INSERT_GAME = (
    "WITH given_back AS (DELETE FROM free_ids WHERE game_id ="
    " (SELECT game_id FROM free_ids ORDER BY game_id LIMIT 1 FOR UPDATE SKIP LOCKED)"
    " RETURNING game_id, version + 1 AS version),"
    " chosen AS (SELECT game_id, version FROM given_back"
    f" UNION ALL SELECT nextval('{schema.GAME_IDS}'), 1 WHERE NOT EXISTS (SELECT FROM given_back)),"
    f" created AS (INSERT INTO games ({GAME_COLUMNS}) SELECT game_id, $1, $2, version, $3, $4, $5, $5"
    " FROM chosen ON CONFLICT (channel_id) DO NOTHING RETURNING game_id, version),"
    " unused AS (INSERT INTO free_ids (game_id, version) SELECT game_id, version - 1 FROM chosen"
    " WHERE NOT EXISTS (SELECT FROM created))"
    " SELECT game_id, version FROM created"
)
