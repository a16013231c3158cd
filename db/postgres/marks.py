"""The SQL both stores share (db/sql.py) is written with SQLite's `?` marks; PostgreSQL numbers its own."""

import re

_MARK = re.compile(r"\?(\d*)")


def numbered(sql: str) -> str:
    """`sql` with `?N` as `$N` and each bare `?` as the next `$n`, in order. The shared SQL holds no
    `?` inside a string literal, and none mixes the two kinds."""
    count = 0

    def number(mark: re.Match[str]) -> str:
        nonlocal count
        if mark.group(1):
            return f"${mark.group(1)}"
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)
