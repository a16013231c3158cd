"""Numbered schema steps, applied at open so an older database file upgrades in place."""

import sqlite3

# Append new steps with the next number; never edit a step that has shipped, because databases in the
# wild already ran it. Each step is a tuple of single statements (not a script), since executescript()
# would commit the surrounding transaction. Times are integer microseconds since the Unix epoch (UTC):
# exact round-trips, cheap to compare, and sortable.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            # AUTOINCREMENT, not a plain rowid, so a game_id is never handed out twice, even after the
            # newest game moved to history.
            """
            CREATE TABLE games (
                game_id    INTEGER PRIMARY KEY AUTOINCREMENT,
                channel_id INTEGER NOT NULL UNIQUE,
                guild_id   INTEGER,
                version    INTEGER NOT NULL,
                data       TEXT NOT NULL,
                deadline   INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            )
            """,
            # No foreign key to games: the log outlives the live row (finished and deleted games).
            """
            CREATE TABLE events (
                game_id INTEGER NOT NULL,
                seq     INTEGER NOT NULL,
                at      INTEGER NOT NULL,
                kind    TEXT NOT NULL,
                data    TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            )
            """,
            "CREATE INDEX events_by_kind ON events (game_id, kind, seq)",
            """
            CREATE TABLE history (
                game_id     INTEGER PRIMARY KEY,
                channel_id  INTEGER NOT NULL,
                guild_id    INTEGER,
                data        TEXT NOT NULL,
                summary     TEXT NOT NULL,
                created_at  INTEGER NOT NULL,
                finished_at INTEGER NOT NULL
            )
            """,
            "CREATE INDEX history_by_guild ON history (guild_id, finished_at)",
            "CREATE INDEX history_by_time ON history (finished_at)",
        ),
    ),
    # The ledger of a channel's last finished game, however many games other channels finished since.
    (2, ("CREATE INDEX history_by_channel ON history (channel_id, finished_at)",)),
    (
        3,
        (
            # Live rows the bot could not read (bytes that are not text, a document an upgrade no
            # longer accepts), moved here byte for byte so their channel can play again and an admin
            # can still look at, repair or restore them. Nothing ever deletes from this table.
            """
            CREATE TABLE quarantine (
                game_id        INTEGER PRIMARY KEY,
                channel_id     INTEGER NOT NULL,
                guild_id       INTEGER,
                version        INTEGER NOT NULL,
                data           BLOB NOT NULL,
                deadline       INTEGER,
                created_at     INTEGER NOT NULL,
                updated_at     INTEGER NOT NULL,
                reason         TEXT NOT NULL,
                quarantined_at INTEGER NOT NULL
            )
            """,
            # Start-up re-arms every timer from this index alone, never reading the games' documents.
            "CREATE INDEX games_by_deadline ON games (deadline, channel_id) WHERE deadline IS NOT NULL",
        ),
    ),
    (
        4,
        (
            # A member's lasting choices, applied to every game they play; a member who never chose
            # has no row. Each choice is a column, so a later one is a column added by a later step.
            """
            CREATE TABLE preferences (
                user_id    INTEGER PRIMARY KEY,
                calls      INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            )
            """,
            # Ids of lobbies that closed before their game started, handed to the next new lobby, so
            # the game numbers players see count only games that started. `version` is the lobby's
            # last one: the lobby that reuses its id carries on above it, so a stale row of the old
            # lobby can never pass the version check of the new one.
            "CREATE TABLE free_ids (game_id INTEGER PRIMARY KEY, version INTEGER NOT NULL)",
        ),
    ),
    (
        5,
        (
            # A server's defaults for its new games (`/payday settings`), one JSON document per server
            # that the bot validates when it reads it; a server that never chose has no row.
            """
            CREATE TABLE server_settings (
                guild_id   INTEGER PRIMARY KEY,
                data       TEXT NOT NULL,
                updated_at INTEGER NOT NULL
            )
            """,
        ),
    ),
    (
        6,
        (
            # A finished game's result, one row per game, beside its history row: what /payday history,
            # stats and leaderboard read, so they never parse a game's document. `house` is the key of
            # its house rules ('' for the edition's own rules): a rating pool is (guild, edition, house).
            """
            CREATE TABLE results (
                game_id     INTEGER PRIMARY KEY,
                guild_id    INTEGER,
                channel_id  INTEGER NOT NULL,
                message_id  INTEGER,
                ruleset     TEXT NOT NULL,
                house       TEXT NOT NULL,
                finished_at INTEGER NOT NULL,
                reason      TEXT NOT NULL,
                rated       INTEGER NOT NULL,
                months      INTEGER NOT NULL
            )
            """,
            "CREATE INDEX results_by_guild ON results (guild_id, finished_at, game_id)",
            # One row per seat: its place (ties share one), net worth, the game's records, and for a
            # rated person the rating before and after. The game's guild, pool and time are copied
            # here, so a member's games and a pool's period are read from one index without a join.
            """
            CREATE TABLE placings (
                game_id          INTEGER NOT NULL,
                seat             INTEGER NOT NULL,
                guild_id         INTEGER,
                ruleset          TEXT NOT NULL,
                house            TEXT NOT NULL,
                finished_at      INTEGER NOT NULL,
                user_id          INTEGER,
                name             TEXT NOT NULL,
                strength         TEXT,
                place            INTEGER NOT NULL,
                net_worth        INTEGER NOT NULL,
                best_jackpot     INTEGER NOT NULL,
                deals_sold       INTEGER NOT NULL,
                lotteries        INTEGER NOT NULL,
                radio_wins       INTEGER NOT NULL,
                loans            INTEGER NOT NULL,
                charges_carried  INTEGER NOT NULL,
                mu_before        REAL,
                sigma_before     REAL,
                mu               REAL,
                sigma            REAL,
                PRIMARY KEY (game_id, seat)
            )
            """,
            # A member's games, newest first (history); their sums by edition, read from the index
            # alone (stats; a computer's user_id is NULL, so the computers' are one range of it).
            "CREATE INDEX placings_by_member ON placings (guild_id, user_id, finished_at, game_id)",
            "CREATE INDEX placings_by_edition ON placings (guild_id, user_id, ruleset, strength, place,"
            " net_worth, best_jackpot, deals_sold, lotteries, radio_wins, loans, charges_carried)",
            # Who played rated games in a period, with their places, from the index alone.
            "CREATE INDEX placings_by_pool ON placings"
            " (guild_id, ruleset, house, finished_at, user_id, place) WHERE mu IS NOT NULL",
            # Each person's current rating per pool, with their rated games and wins in it.
            """
            CREATE TABLE ratings (
                guild_id   INTEGER NOT NULL,
                ruleset    TEXT NOT NULL,
                house      TEXT NOT NULL,
                user_id    INTEGER NOT NULL,
                name       TEXT NOT NULL,
                mu         REAL NOT NULL,
                sigma      REAL NOT NULL,
                games      INTEGER NOT NULL,
                wins       INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                PRIMARY KEY (guild_id, ruleset, house, user_id)
            )
            """,
        ),
    ),
    (
        7,
        (
            # The version of a server's settings, counted up by every save: a save names the one it
            # read, so two processes changing them at once never lose a change. A server's settings
            # saved before count as version 1 (one that never chose has no row: version 0).
            "ALTER TABLE server_settings ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
        ),
    ),
    (
        8,
        (
            # Every person who left a seat is rated in the game, whoever held the seat after them
            # (docs/RULES.md §5.10): a seat has its own row and one more per other person who left
            # it, keyed by the order they left in (0: the seat's own row of a player who stayed, or
            # the computer's). SQLite changes a key only by copying the table, and its indexes go with
            # the old one.
            """
            CREATE TABLE placings_keyed (
                game_id          INTEGER NOT NULL,
                seat             INTEGER NOT NULL,
                guild_id         INTEGER,
                ruleset          TEXT NOT NULL,
                house            TEXT NOT NULL,
                finished_at      INTEGER NOT NULL,
                user_id          INTEGER,
                name             TEXT NOT NULL,
                strength         TEXT,
                place            INTEGER NOT NULL,
                net_worth        INTEGER NOT NULL,
                best_jackpot     INTEGER NOT NULL,
                deals_sold       INTEGER NOT NULL,
                lotteries        INTEGER NOT NULL,
                radio_wins       INTEGER NOT NULL,
                loans            INTEGER NOT NULL,
                charges_carried  INTEGER NOT NULL,
                mu_before        REAL,
                sigma_before     REAL,
                mu               REAL,
                sigma            REAL,
                left_order       INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (game_id, seat, left_order)
            )
            """,
            "INSERT INTO placings_keyed SELECT *, 0 FROM placings",
            "DROP TABLE placings",
            "ALTER TABLE placings_keyed RENAME TO placings",
            "CREATE INDEX placings_by_member ON placings (guild_id, user_id, finished_at, game_id)",
            "CREATE INDEX placings_by_edition ON placings (guild_id, user_id, ruleset, strength, place,"
            " net_worth, best_jackpot, deals_sold, lotteries, radio_wins, loans, charges_carried)",
            "CREATE INDEX placings_by_pool ON placings"
            " (guild_id, ruleset, house, finished_at, user_id, place) WHERE mu IS NOT NULL",
        ),
    ),
    (
        9,
        (
            # Whether anyone took a hint in the game (bot/features/review): history says so, as the
            # reason it is not rated.
            "ALTER TABLE results ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0",
            # A finished game's review (bot/features/review): its JSON, made once off the click path
            # and read the same every time; no foreign key, like the log, since history keeps it.
            """
            CREATE TABLE reviews (
                game_id INTEGER PRIMARY KEY,
                data    TEXT NOT NULL,
                made_at INTEGER NOT NULL
            )
            """,
        ),
    ),
)

LATEST = MIGRATIONS[-1][0]


class SchemaTooNewError(Exception):
    """The file was written by a newer payday-bot; running old code on it could lose data."""

    def __init__(self, found: int) -> None:
        super().__init__(f"schema version {found} is newer than {LATEST}")
        self.found = found


def upgrade(db: sqlite3.Connection) -> None:
    """Bring the schema up to LATEST (counted in PRAGMA user_version), on an autocommit connection.

    The upgrade is one transaction, so a crash mid-way leaves the old schema intact, and BEGIN
    IMMEDIATE takes the write lock before the version is read, so two processes opening the same new
    file cannot both run step 1.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        [(current,)] = db.execute("PRAGMA user_version").fetchall()
        if current > LATEST:
            raise SchemaTooNewError(current)
        for number, statements in MIGRATIONS:
            if number > current:
                for sql in statements:
                    db.execute(sql)
        # Written even when nothing changed: a read-only file then fails here, at start-up, instead
        # of at the first save in the middle of someone's game.
        db.execute(f"PRAGMA user_version = {LATEST}")
        db.commit()
    except BaseException:
        db.rollback()
        raise
