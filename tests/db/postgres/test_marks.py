"""The SQL both stores share, as PostgreSQL reads it."""

from db.postgres.marks import numbered


def test_bare_marks_are_numbered_in_order():
    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?) LIMIT ?") == (
        "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3) LIMIT $4"
    )


def test_numbered_marks_keep_their_numbers_and_repeats():
    assert numbered("VALUES (?1, ?2, ?3) ON CONFLICT DO UPDATE SET x = ?2, y = ?3") == (
        "VALUES ($1, $2, $3) ON CONFLICT DO UPDATE SET x = $2, y = $3"
    )


def test_sql_written_for_postgresql_is_left_as_it_is():
    assert numbered("SELECT $1::bigint[]") == "SELECT $1::bigint[]"
