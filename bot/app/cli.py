"""`python -m bot`: check the settings and the database, then run the bot until Ctrl-C.

    python -m bot                          run the bot
    python -m bot backup DEST              copy the database to the new file DEST (safe while it runs)
    python -m bot prune --older-than DAYS  remove event logs of games finished more than DAYS ago
    python -m bot replay FILE              re-run a game's record (/payday export): does it reproduce
                                           all it claims? exit code 0 if it does, 1 if not or if
                                           the file is no record
    python -m bot migrate-to-postgres SQLITE_PATH [DATABASE_URL]
                                           copy an SQLite database into an empty PostgreSQL one
                                           (DATABASE_URL from the environment or .env unless given:
                                           a password on the command line lands in shell history)
                                           and count every table on both sides (exit code 1 if they
                                           differ)

A problem ends the program with one line on stderr, never a traceback: the line says what is wrong
and what to do. The exit code tells a supervisor (deploy/payday-bot.service) whether to retry:

    0   done, or stopped with Ctrl-C
    2   a mistake an admin must fix (a bad setting or token, a taken port, a damaged database):
        starting again cannot help
    75  trouble that may pass by itself (EX_TEMPFAIL): the PostgreSQL server or Discord cannot be
        reached or does not answer in time; start again later
"""

import argparse
import asyncio
import os
import stat
import sys
from datetime import UTC, datetime, timedelta
from typing import NoReturn

import discord
from pydantic import SecretStr, ValidationError

from bot.app.bot import create_bot
from bot.app.config import Settings
from bot.app.logs import setup_logging
from bot.app.metrics import MetricsUnavailable
from bot.features.replay.exports import BadRecord, audit
from db import StoreError
from db.copying import Copied, CopyMismatch, copy_to_postgres
from db.interface import StoreUnavailable
from db.opening import open_store
from db.postgres.server import FORM
from db.sqlite import backup, check_file

USER_ERROR = 2
TRY_LATER = 75
"""EX_TEMPFAIL from sysexits.h: the unit restarts it, after its delay and within its start limit."""
PORTAL = "Discord Developer Portal → your application → Bot → Reset Token"


SECRET = {("database_url",), ("discord_token",)}
"""Settings whose value an error line never repeats."""


class SetupError(Exception):
    """A mistake the admin can fix; the message is the whole explanation, on one line."""


class DiscordUnreachable(Exception):
    """Discord cannot be reached now; the message is the whole explanation, on one line."""


def read_settings() -> Settings:
    """Settings from the environment and `.env`, or a SetupError naming each bad variable."""
    try:
        return Settings()
    except ValidationError as e:
        problems = [
            f"{'.'.join(map(str, err['loc'])).upper()} is invalid: "
            f"{err['msg'][:1].lower()}{err['msg'][1:]}"
            # A secret (DATABASE_URL's password) is never echoed.
            + ("" if err["loc"] in SECRET else f" (got {err['input']!r})")
            for err in e.errors()
        ]
        raise SetupError("; ".join(problems) + ". Fix it in .env or the environment.") from None


def check_token(token: SecretStr | None) -> str:
    """The token, once it at least looks like one; Discord is asked only after this."""
    if token is None:
        raise SetupError(
            f"DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot token ({PORTAL}), "
            "or `make try` to play offline."
        )
    value = token.get_secret_value().strip()
    parts = value.split(".")
    if len(parts) != 3 or not all(parts) or any(c.isspace() for c in value):
        raise SetupError(
            "DISCORD_TOKEN does not look like a bot token (three parts separated by dots): "
            f"copy it again from the {PORTAL}."
        )
    return value


async def run(settings: Settings, token: str) -> None:
    """Open the store once before connecting, so a bad DATABASE_PATH or DATABASE_URL fails fast and
    offline.

    Opening checks the tables of live games; the whole SQLite file (the event log is most of it: seconds
    to read when big) is checked beside the running bot, and damage found there stops it with the
    same one-line error.
    """
    store = await open_store(settings.database)
    await store.close()
    bot = create_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        turn_seconds=settings.turn_seconds,
        interrupt_seconds=settings.interrupt_seconds,
        lobby_minutes=settings.lobby_minutes,
        board_pictures=settings.board_pictures,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
        metrics_port=settings.metrics_port,
        metrics_host=settings.metrics_host,
    )
    damage: list[StoreError] = []

    async def check_whole_file() -> None:
        if settings.database_url is not None:
            return  # a PostgreSQL server checks its own pages
        try:
            await asyncio.to_thread(check_file, settings.database_path)
        except StoreError as e:
            damage.append(e)
            await bot.close()

    async with bot:  # closes the bot, and with it the store, however start() ends
        checking = asyncio.create_task(check_whole_file())
        try:
            await bot.start(token)
            if damage:
                raise damage[0]
        except MetricsUnavailable as e:
            raise SetupError(str(e)) from None
        except discord.LoginFailure:
            raise SetupError(
                f"Discord rejected DISCORD_TOKEN: get a new one ({PORTAL}) and put it in .env."
            ) from None
        except discord.PrivilegedIntentsRequired:
            raise SetupError(
                "Discord refused a privileged intent: this bot needs none, so check that you are running "
                "payday-bot unmodified, or enable it in the Developer Portal → your application → Bot."
            ) from None
        except OSError as e:  # aiohttp.ClientConnectorError included
            reason = " ".join(str(e).split()) or type(e).__name__
            raise DiscordUnreachable(
                f"Cannot reach Discord ({reason}): check the internet connection and try again."
            ) from None
        except discord.DiscordServerError as e:
            raise DiscordUnreachable(
                f"Discord is not answering (HTTP {e.status}): try again later, https://discordstatus.com says"
                " when it is back."
            ) from None
        finally:
            if not damage:
                checking.cancel()
            # A check that found damage is closing the bot (and its store): let it finish.
            await asyncio.gather(checking, return_exceptions=True)


class _Arguments(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and exit code 2 like every other mistake."""

    def error(self, message: str) -> NoReturn:
        raise SetupError(f"{message}: see `python -m bot --help`.")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = _Arguments(prog="python -m bot", description="Run the Pay Day bot, or look after its database.")
    commands = parser.add_subparsers(dest="command")
    copy = commands.add_parser("backup", help="copy the database to a new file, safely while the bot runs")
    copy.add_argument("dest", help="the backup file to create (it must not exist yet)")
    prune = commands.add_parser("prune", help="remove the event logs of long-finished games")
    prune.add_argument("--older-than", type=int, required=True, metavar="DAYS", help="finished DAYS ago")
    audit = commands.add_parser("replay", help="re-run a game's record and check its final standings")
    audit.add_argument("file", help="the game's record, as /payday export gives it (JSON)")
    migrate = commands.add_parser(
        "migrate-to-postgres", help="copy an SQLite database into an empty PostgreSQL database"
    )
    migrate.add_argument(
        "sqlite_path", metavar="SQLITE_PATH", help="the bot's SQLite file (stop the bot first)"
    )
    migrate.add_argument(
        "database_url",
        metavar="DATABASE_URL",
        nargs="?",
        help="postgresql://user:password@host/database; by default DATABASE_URL from the environment or .env",
    )
    args = parser.parse_args(argv)
    if args.command == "prune" and args.older_than < 0:
        parser.error("--older-than must be 0 or more days")
    return args


def back_up(settings: Settings, dest: str) -> str:
    if settings.database_url is not None:
        raise SetupError(
            "The games are in PostgreSQL (DATABASE_URL): back them up with `pg_dump --format=custom"
            f' --file={dest} "$DATABASE_URL"`, which is safe while the bot runs.'
        )
    size = backup(settings.database_path, dest)
    return f"Backed up {settings.database_path} to {dest} ({size:,} bytes, checked)."


async def prune(settings: Settings, days: int) -> str:
    store = await open_store(settings.database)
    try:
        pruned = await store.prune(datetime.now(UTC) - timedelta(days=days))
    finally:
        await store.close()
    games = f"{pruned.games:,} game" + ("" if pruned.games == 1 else "s")
    return (
        f"Removed the event logs of {games} finished more than {days} days ago"
        f" ({pruned.events:,} rows); their results are kept."
    )


def target_url() -> str:
    """DATABASE_URL from the settings: where `migrate-to-postgres` copies to when not told."""
    url = read_settings().database_url
    if url is None:
        raise SetupError(
            "DATABASE_URL is not set: set it (in .env or the environment) to the empty PostgreSQL database"
            f" to copy into, {FORM}."
        )
    return url.get_secret_value()


RECORD_LIMIT = 8 * 1024 * 1024
"""The largest record `replay` reads: a year's game of six players is about a megabyte."""


class Unaudited(Exception):
    """A record `replay` could not read or check; the message is the one line that says why."""


def replay(path: str, limit: int = RECORD_LIMIT) -> tuple[str, bool]:
    """The verdict on a game's record, in one line, and whether it reproduced; Unaudited for a file
    that cannot be read or is no record."""
    text = read_record(path, limit)
    try:
        verdict = audit(text)
    except BadRecord as bad:
        raise Unaudited(f"{path} is not a game record this bot reads: {bad}.") from None
    if verdict.reproduced:
        return f"Game #{verdict.game_id}: the replay reproduces the same final standings.", True
    return f"Game #{verdict.game_id}: the replay does NOT reproduce the record: {verdict.problem}.", False


def read_record(path: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Opened without waiting (a named pipe
    with no writer would wait for ever) and checked to be a file before anything is read (a device
    such as /dev/zero never ends); at most one byte past the limit is read to tell it is too big."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as e:
        raise Unaudited(f"Cannot read {path}: {e.strerror or e}.") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unaudited(f"Cannot read {path}: it is not a regular file.")
        with os.fdopen(fd, "rb", closefd=False) as file:
            text = file.read(limit + 1)
    except OSError as e:
        raise Unaudited(f"Cannot read {path}: {e.strerror or e}.") from None
    finally:
        os.close(fd)
    if len(text) > limit:
        raise Unaudited(f"Cannot read {path}: it is larger than a record can be ({limit:,} bytes).")
    return text


async def migrate(sqlite_path: str, url: str) -> str:
    """One line per table copied, and one that sums it up."""
    copied = await copy_to_postgres(sqlite_path, url)
    total = sum(count for _, count in copied.rows)
    return "\n".join(
        [
            *(f"{table}: {count:,} row" + ("" if count == 1 else "s") for table, count in copied.rows),
            f"Copied {total:,} rows from {sqlite_path} into {copied.into}, every table counted on both sides;"
            f" new games continue after #{copied.last_game_id}. Set DATABASE_URL to use it.",
            *_damaged_lines(copied),
        ]
    )


def _damaged_lines(copied: Copied) -> list[str]:
    """What the copy left behind or set aside because its text was not UTF-8, by game."""
    lines = []
    if copied.left_out:
        games = ", ".join(f"#{game_id} ({rows:,})" for game_id, rows in copied.left_out)
        lines.append(f"Left out rows whose text is not UTF-8, of games (rows): {games}.")
    if copied.set_aside:
        games = ", ".join(f"#{game_id}" for game_id in copied.set_aside)
        lines.append(f"Set aside live games whose saved text is not UTF-8 (in quarantine): {games}.")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the bot or a database command; the exit code is 0 on success or after Ctrl-C, 2 after a
    setup mistake, 75 while a server it needs cannot be reached (`replay`: 1 for a record that does
    not reproduce or cannot be read; `migrate-to-postgres`: 1 for a copy whose counts differ)."""
    try:
        args = parse_args([] if argv is None else argv)
        if args.command == "replay":  # needs no settings: anyone can audit a record
            said, reproduced = replay(args.file)
            print(said)
            return 0 if reproduced else 1
        if args.command == "migrate-to-postgres":
            print(asyncio.run(migrate(args.sqlite_path, args.database_url or target_url())))
            return 0
        settings = read_settings()
        if args.command == "backup":
            print(back_up(settings, args.dest))
            return 0
        if args.command == "prune":
            print(asyncio.run(prune(settings, args.older_than)))
            return 0
        setup_logging(settings.log_level, settings.log_format, secrets=settings.secrets)
        token = check_token(settings.discord_token)
        asyncio.run(run(settings, token))
    except (DiscordUnreachable, StoreUnavailable) as e:
        print(e, file=sys.stderr)
        return TRY_LATER
    except (SetupError, StoreError) as e:
        print(e, file=sys.stderr)
        return USER_ERROR
    except Unaudited as e:
        print(e, file=sys.stderr)
        return 1
    except CopyMismatch as e:
        print(
            f"The copy was undone, its counts differ ({e}): try again with the bot stopped.", file=sys.stderr
        )
        return 1
    except KeyboardInterrupt:
        pass  # asyncio.run cancelled run(), whose `async with bot` closed the bot and the store.
    return 0
