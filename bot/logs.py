"""One log line per event, with `extra=` fields as sorted key=value pairs so a game can be grepped."""

import json
import logging
import time

# Attributes every LogRecord has; anything else on a record came from `extra=`.
_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


def _value(value: object) -> str:
    text = str(value)
    # Quote only when needed, so `channel=123` stays greppable and `reason="no cash"` stays one field.
    return json.dumps(text) if not text or any(c.isspace() or c in '"=' for c in text) else text


class KeyValueFormatter(logging.Formatter):
    """`2026-11-29T15:00:00Z INFO cogs.payday applied channel=123 game=7`, UTC, extras sorted."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.created))
        line = f"{stamp} {record.levelname} {record.name} {record.getMessage()}"
        extras = sorted((k, v) for k, v in vars(record).items() if k not in _STANDARD)
        if extras:
            line += " " + " ".join(f"{key}={_value(value)}" for key, value in extras)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        if record.stack_info:
            line += "\n" + self.formatStack(record.stack_info)
        return line


_handler: logging.Handler | None = None


def setup_logging(level: str) -> None:
    """Log to stderr at `level`; discord.py stays at WARNING unless `level` is DEBUG.

    Calling it again replaces our handler rather than adding a second one.
    """
    global _handler
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
    _handler = logging.StreamHandler()
    _handler.setFormatter(KeyValueFormatter())
    root.addHandler(_handler)
    root.setLevel(level)
    logging.getLogger("discord").setLevel(logging.DEBUG if level == "DEBUG" else logging.WARNING)
