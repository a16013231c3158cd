"""Numbered schema steps for PostgreSQL, applied at open, counted in a `schema_version` table.

The tables are SQLite's (db/sqlite/migrations.py), column for column, so both stores share their queries
and `python -m bot migrate-to-postgres` copies rows unchanged. Integers are BIGINT (Discord ids
need 64 bits), times integer microseconds since the Unix epoch (UTC) as in SQLite, and flags BOOLEAN.
Documents and events stay TEXT, not JSONB, so they come back byte for byte as saved. PostgreSQL's
numbering starts afresh at 1: a server database never ran SQLite's steps.
"""

import logging

import asyncpg

log = logging.getLogger(__name__)

GAME_IDS = "game_ids"
"""The sequence of new game ids (step 2); its last value is the highest id ever handed out."""
NUMBER_ON_FROM = f"SELECT setval('{GAME_IDS}', GREATEST({{last}}, 1), {{last}} > 0)"
"""Set the sequence so the next new game takes the id after `last` (0: no game yet, so 1)."""

# Append new steps with the next number; never edit a step that has shipped.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """
            CREATE TABLE games (
                game_id    BIGINT PRIMARY KEY,
                channel_id BIGINT NOT NULL UNIQUE,
                guild_id   BIGINT,
                version    BIGINT NOT NULL,
                data       TEXT NOT NULL,
                deadline   BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            # The highest game id ever handed out, SQLite's AUTOINCREMENT counter: a row, not a
            # SEQUENCE, because a sequence never gives back a number whose transaction rolled back
            # (a create refused with GameExists would leave a gap in the game numbers).
            "CREATE TABLE last_game_id (game_id BIGINT NOT NULL)",
            "INSERT INTO last_game_id VALUES (0)",
            "CREATE TABLE free_ids (game_id BIGINT PRIMARY KEY, version BIGINT NOT NULL)",
            """
            CREATE TABLE events (
                game_id BIGINT NOT NULL,
                seq     BIGINT NOT NULL,
                at      BIGINT NOT NULL,
                kind    TEXT NOT NULL,
                data    TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            )
            """,
            "CREATE INDEX events_by_kind ON events (game_id, kind, seq)",
            """
            CREATE TABLE history (
                game_id     BIGINT PRIMARY KEY,
                channel_id  BIGINT NOT NULL,
                guild_id    BIGINT,
                data        TEXT NOT NULL,
                summary     TEXT NOT NULL,
                created_at  BIGINT NOT NULL,
                finished_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX history_by_guild ON history (guild_id, finished_at)",
            "CREATE INDEX history_by_time ON history (finished_at)",
            "CREATE INDEX history_by_channel ON history (channel_id, finished_at)",
            # BYTEA: a row copied from SQLite may hold bytes that are not text at all.
            """
            CREATE TABLE quarantine (
                game_id        BIGINT PRIMARY KEY,
                channel_id     BIGINT NOT NULL,
                guild_id       BIGINT,
                version        BIGINT NOT NULL,
                data           BYTEA NOT NULL,
                deadline       BIGINT,
                created_at     BIGINT NOT NULL,
                updated_at     BIGINT NOT NULL,
                reason         TEXT NOT NULL,
                quarantined_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX games_by_deadline ON games (deadline, channel_id) WHERE deadline IS NOT NULL",
            """
            CREATE TABLE preferences (
                user_id    BIGINT PRIMARY KEY,
                calls      BOOLEAN NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE server_settings (
                guild_id   BIGINT PRIMARY KEY,
                data       TEXT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE results (
                game_id     BIGINT PRIMARY KEY,
                guild_id    BIGINT,
                channel_id  BIGINT NOT NULL,
                message_id  BIGINT,
                ruleset     TEXT NOT NULL,
                house       TEXT NOT NULL,
                finished_at BIGINT NOT NULL,
                reason      TEXT NOT NULL,
                rated       BOOLEAN NOT NULL,
                months      BIGINT NOT NULL
            )
            """,
            "CREATE INDEX results_by_guild ON results (guild_id, finished_at, game_id)",
            """
            CREATE TABLE placings (
                game_id          BIGINT NOT NULL,
                seat             BIGINT NOT NULL,
                guild_id         BIGINT,
                ruleset          TEXT NOT NULL,
                house            TEXT NOT NULL,
                finished_at      BIGINT NOT NULL,
                user_id          BIGINT,
                name             TEXT NOT NULL,
                strength         TEXT,
                place            BIGINT NOT NULL,
                net_worth        BIGINT NOT NULL,
                best_jackpot     BIGINT NOT NULL,
                deals_sold       BIGINT NOT NULL,
                lotteries        BIGINT NOT NULL,
                radio_wins       BIGINT NOT NULL,
                loans            BIGINT NOT NULL,
                charges_carried  BIGINT NOT NULL,
                mu_before        DOUBLE PRECISION,
                sigma_before     DOUBLE PRECISION,
                mu               DOUBLE PRECISION,
                sigma            DOUBLE PRECISION,
                PRIMARY KEY (game_id, seat)
            )
            """,
            "CREATE INDEX placings_by_member ON placings (guild_id, user_id, finished_at, game_id)",
            "CREATE INDEX placings_by_edition ON placings (guild_id, user_id, ruleset, strength, place,"
            " net_worth, best_jackpot, deals_sold, lotteries, radio_wins, loans, charges_carried)",
            "CREATE INDEX placings_by_pool ON placings"
            " (guild_id, ruleset, house, finished_at, user_id, place) WHERE mu IS NOT NULL",
            """
            CREATE TABLE ratings (
                guild_id   BIGINT NOT NULL,
                ruleset    TEXT NOT NULL,
                house      TEXT NOT NULL,
                user_id    BIGINT NOT NULL,
                name       TEXT NOT NULL,
                mu         DOUBLE PRECISION NOT NULL,
                sigma      DOUBLE PRECISION NOT NULL,
                games      BIGINT NOT NULL,
                wins       BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (guild_id, ruleset, house, user_id)
            )
            """,
        ),
    ),
    (
        2,
        (
            # Game ids from a sequence: the one counter row made every create of every server wait
            # for the last, and a process frozen inside a create stopped them all. A sequence is
            # never locked; a create refused gives its number back through free_ids, so only one
            # cancelled part way leaves a gap.
            f"CREATE SEQUENCE {GAME_IDS} AS BIGINT",
            NUMBER_ON_FROM.format(last="game_id") + " FROM last_game_id",
            "DROP TABLE last_game_id",
        ),
    ),
    (
        3,
        (
            # The version of a server's settings, as in SQLite's step 7: a save names the one it
            # read; settings saved before count as version 1 (no row: version 0).
            "ALTER TABLE server_settings ADD COLUMN version BIGINT NOT NULL DEFAULT 1",
        ),
    ),
    (
        4,
        (
            # Every person who left a seat is rated in the game, whoever held the seat after them
            # (docs/RULES.md §5.10): a seat has its own row and one more per other person who left
            # it, keyed by the order they left in (0: the seat's own row of a player who stayed, or
            # the computer's).
            "ALTER TABLE placings ADD COLUMN left_order BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE placings DROP CONSTRAINT placings_pkey, ADD PRIMARY KEY (game_id, seat, left_order)",
        ),
    ),
    (
        5,
        (
            # Whether anyone took a hint in the game, as in SQLite's step 9.
            "ALTER TABLE results ADD COLUMN hinted BOOLEAN NOT NULL DEFAULT FALSE",
            # A finished game's review, as in the same step there.
            """
            CREATE TABLE reviews (
                game_id BIGINT PRIMARY KEY,
                data    TEXT NOT NULL,
                made_at BIGINT NOT NULL
            )
            """,
        ),
    ),
)

LATEST = MIGRATIONS[-1][0]

UPGRADE_LOCK = 0x7061_7964_6179
"""The advisory lock key ("payday") the upgrade holds: two processes opening a new database at once
take turns, so step 1 runs once."""


class SchemaTooNewError(Exception):
    """The database was written by a newer payday-bot; running old code on it could lose data."""

    def __init__(self, found: int) -> None:
        super().__init__(f"schema version {found} is newer than {LATEST}")
        self.found = found


async def upgrade(db: asyncpg.Connection) -> None:
    """Bring the schema (of the connection's search_path) up to LATEST in one transaction, so a
    failure part way leaves the old schema intact. It waits for locks as long as it takes (a
    second process for the first's upgrade, a step for a busy table): failing part way helps no one."""
    async with db.transaction():
        await db.execute("SET LOCAL lock_timeout = 0")
        await db.execute("SELECT pg_advisory_xact_lock($1)", UPGRADE_LOCK)
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = await db.fetchval("SELECT version FROM schema_version")
        if current is None:
            await db.execute("INSERT INTO schema_version VALUES (0)")
            current = 0
        if current > LATEST:
            raise SchemaTooNewError(current)
        if current < LATEST:
            log.info("upgrading the PostgreSQL schema", extra={"from": current, "to": LATEST})
        for number, statements in MIGRATIONS:
            if number > current:
                for sql in statements:
                    await db.execute(sql)
        await db.execute("UPDATE schema_version SET version = $1", LATEST)
