"""One log line per event, with `extra=` fields as sorted key=value pairs so a game can be grepped;
or (LOG_FORMAT=json) one JSON object per line, for a log collector that indexes the fields."""

import json
import logging
import re
import time

from bot.app.config import LogFormat
from db.postgres.server import redact

# Attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
_PLAIN = re.compile(r'[^\s"=]+')
_stamped: tuple[int, str] = (-1, "")
"""The last second formatted and its text: a busy bot logs many lines within one second."""


def _value(value: object) -> str:
    if type(value) is int:
        return str(value)
    text = str(value)
    # Quote only when needed, so `channel=123` stays greppable and `reason="no cash"` stays one field.
    return text if _PLAIN.fullmatch(text) else json.dumps(text)


def _stamp(created: float) -> str:
    global _stamped
    second = int(created)
    if _stamped[0] != second:
        _stamped = (second, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(second)))
    return _stamped[1]


def _exception(formatter: logging.Formatter, record: logging.LogRecord) -> str:
    """The record's traceback, formatted once into `exc_text` as logging does (where `Redacting`
    cleans it); empty if it has none."""
    if record.exc_info and not record.exc_text:
        record.exc_text = formatter.formatException(record.exc_info)
    return record.exc_text or ""


class Redacting(logging.Filter):
    """Stars the token and DATABASE_URL's password out of every record before it is written: its
    message, its `extra=` fields, its traceback (an asyncpg error's may quote a DSN) and its stack."""

    def __init__(self, secrets: tuple[str, ...]) -> None:
        super().__init__()
        self.secrets = secrets

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        try:
            record.msg, record.args = self._clean(record.getMessage()), None
        except (TypeError, ValueError):  # arguments that do not fit: the handler reports it
            return True
        fields = vars(record)
        for key in fields.keys() - _STANDARD:
            if not isinstance(fields[key], int | float | None):
                text = str(fields[key])
                if (cleaned := self._clean(text)) != text:
                    fields[key] = cleaned
        record.exc_text = self._clean(_exception(logging.Formatter(), record)) or None
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True

    def _clean(self, text: str) -> str:
        return redact(text, self.secrets)


class KeyValueFormatter(logging.Formatter):
    """`2026-11-29T15:00:00Z INFO cogs.payday applied channel=123 game=7`, UTC, extras sorted."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"{_stamp(record.created)} {record.levelname} {record.name} {record.getMessage()}"
        fields = vars(record)
        extras = sorted(fields.keys() - _STANDARD)
        if extras:
            line += " " + " ".join([f"{key}={_value(fields[key])}" for key in extras])
        if exception := _exception(self, record):
            line += "\n" + exception
        if record.stack_info:
            line += "\n" + self.formatStack(record.stack_info)
        return line


class JsonFormatter(logging.Formatter):
    """`{"time": "2026-11-29T15:00:00.250Z", "level": "INFO", "logger": "cogs.payday", "message":
    "applied", "channel": 123, "game": 7}`: the extras as fields of their own (numbers stay numbers,
    anything else is its text), a traceback as the string field `exception`, all on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": f"{_stamp(record.created)[:-1]}.{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = vars(record)
        for key in sorted(fields.keys() - _STANDARD):
            line.setdefault(key, fields[key])  # an extra never hides the line's own four fields
        if exception := _exception(self, record):
            line["exception"] = exception
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


FORMATTERS: dict[LogFormat, type[logging.Formatter]] = {"text": KeyValueFormatter, "json": JsonFormatter}
"""The formatter of each LOG_FORMAT."""

_handler: logging.Handler | None = None


def setup_logging(level: str, log_format: LogFormat = "text", *, secrets: tuple[str, ...] = ()) -> None:
    """Log to stderr at `level` in `log_format` ("text" or "json"), with `secrets` starred out;
    discord.py stays at WARNING unless `level` is DEBUG.

    Calling it again replaces our handler rather than adding a second one.
    """
    global _handler
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
    _handler = logging.StreamHandler()
    _handler.setFormatter(FORMATTERS[log_format]())
    _handler.addFilter(Redacting(secrets))
    root.addHandler(_handler)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(logging.DEBUG if level == "DEBUG" else logging.WARNING)
