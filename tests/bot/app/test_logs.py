"""Log lines: UTC time, level, logger, message, then `extra=` fields as sorted key=value pairs; or,
with LOG_FORMAT=json, one JSON object per line with the same fields."""

import json
import logging
import re
from datetime import UTC, datetime

import pytest

from bot.app.logs import JsonFormatter, KeyValueFormatter, Redacting, setup_logging


def record(msg: str, extra: dict | None = None, exc_info=None) -> logging.LogRecord:
    return logging.getLogger("cogs.payday").makeRecord(
        "cogs.payday", logging.INFO, __file__, 1, msg, (), exc_info, extra=extra
    )


def test_extras_are_sorted_key_value_pairs():
    line = KeyValueFormatter().format(
        record("applied", {"seat": 2, "channel": 123, "game": 7, "action": "roll"})
    )

    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ INFO cogs\.payday applied action=roll channel=123 game=7 seat=2",
        line,
    )


def test_values_with_spaces_or_nothing_are_quoted():
    line = KeyValueFormatter().format(record("refused", {"reason": 'no "cash"', "note": ""}))

    assert line.endswith(' refused note="" reason="no \\"cash\\""')


def test_a_plain_message_has_no_trailing_fields():
    assert KeyValueFormatter().format(record("hello %s")).endswith(" INFO cogs.payday hello %s")


def test_exceptions_follow_the_line():
    try:
        raise ValueError("boom")
    except ValueError as e:
        line = KeyValueFormatter().format(record("failed", {"channel": 5}, (type(e), e, e.__traceback__)))

    first, *rest = line.splitlines()
    assert first.endswith("failed channel=5")
    assert rest[0] == "Traceback (most recent call last):" and rest[-1] == "ValueError: boom"


def test_discord_stays_quiet_unless_debugging():
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    try:
        setup_logging("INFO")
        setup_logging("INFO")
        assert logging.getLogger("discord").level == logging.WARNING
        assert sum(isinstance(h.formatter, KeyValueFormatter) for h in root.handlers) == 1
        setup_logging("DEBUG")
        assert logging.getLogger("discord").level == logging.DEBUG
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("discord").setLevel(logging.NOTSET)


def test_json_is_one_object_per_line_with_the_extras_as_fields():
    line = JsonFormatter().format(
        record(
            "applied", {"channel": 123, "game": 7, "action": "roll", "at": datetime(2026, 1, 2, tzinfo=UTC)}
        )
    )

    assert "\n" not in line
    fields = json.loads(line)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", fields.pop("time"))
    assert fields == {
        "level": "INFO",
        "logger": "cogs.payday",
        "message": "applied",
        "action": "roll",
        "at": "2026-01-02 00:00:00+00:00",
        "channel": 123,
        "game": 7,
    }


def test_json_carries_an_exception_as_one_string_field_and_keeps_its_own_fields_first():
    try:
        raise ValueError("boom")
    except ValueError as e:
        line = JsonFormatter().format(
            record("failed", {"level": "mine", "channel": 5}, (type(e), e, e.__traceback__))
        )

    [text] = line.splitlines()
    fields = json.loads(text)
    assert (fields["level"], fields["message"], fields["channel"]) == ("INFO", "failed", 5)
    assert fields["exception"].startswith("Traceback (most recent call last):")
    assert fields["exception"].endswith("ValueError: boom")


def test_log_format_json_writes_json_lines_to_stderr(capsys):
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    try:
        setup_logging("INFO", "json")
        logging.getLogger("cogs.payday").info("applied", extra={"channel": 123})
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("discord").setLevel(logging.NOTSET)

    [line] = capsys.readouterr().err.splitlines()
    assert json.loads(line) | {"time": None} == {
        "time": None,
        "level": "INFO",
        "logger": "cogs.payday",
        "message": "applied",
        "channel": 123,
    }


TOKEN, PASSWORD = "Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4", "S3cr3tPa55w0rd"


@pytest.mark.parametrize("formatter", [KeyValueFormatter, JsonFormatter])
def test_the_secrets_are_starred_out_of_message_arguments_fields_traceback_and_stack(formatter):
    url = f"postgresql://bot:{PASSWORD}@127.0.0.1/payday"
    try:
        raise ConnectionError(f"cannot connect to {url}")
    except ConnectionError as e:
        line = record("login with %s to %s", {"dsn": url, "game": 7}, (type(e), e, e.__traceback__))
    line.args = (TOKEN, url)
    line.stack_info = f"Stack (most recent call last):\n  connect({url!r})"

    assert Redacting((TOKEN, PASSWORD)).filter(line)
    text = formatter().format(line)

    assert TOKEN not in text and PASSWORD not in text
    assert text.count("postgresql://bot:***@127.0.0.1/payday") == 4  # message, field, traceback, stack
    assert "login with *** to " in text and "game" in text


def test_a_record_without_secrets_is_written_as_it_was():
    line = record("applied %s", {"channel": 123, "at": datetime(2026, 1, 2, tzinfo=UTC)})
    line.args = ("roll",)
    before = KeyValueFormatter().format(line)

    assert Redacting((TOKEN, PASSWORD)).filter(line)

    assert KeyValueFormatter().format(line) == before
    assert isinstance(vars(line)["at"], datetime)


def test_setup_logging_stars_out_the_secrets_it_is_given(capsys):
    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    try:
        setup_logging("INFO", secrets=(TOKEN,))
        logging.getLogger("discord.client").warning("logging in with %s", TOKEN)
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("discord").setLevel(logging.NOTSET)

    [line] = capsys.readouterr().err.splitlines()
    assert line.endswith("WARNING discord.client logging in with ***")
