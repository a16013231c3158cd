"""DATABASE_URL is read in one place, `Url.parse`: a URL it cannot read is one sentence that quotes
none of it (what it cannot read may be a password split at a character that needed encoding), and a
database is named user@host:port/database, never with its password."""

import pytest

from db.postgres.server import MalformedUrl, Url
from tests.leaks import ENCODED, MALFORMED, PASSWORD, pieces


@pytest.mark.parametrize(("url", "why"), MALFORMED.items())
def test_a_malformed_url_is_one_sentence_quoting_none_of_it(url, why):
    with pytest.raises(MalformedUrl) as refused:
        Url.parse(url)

    message = str(refused.value)
    assert message == (
        f"DATABASE_URL is not a PostgreSQL URL ({refused.value.problem}):"
        " write it as postgresql://user:password@host:5432/database."
    )
    assert refused.value.problem.startswith(why)
    assert not pieces(PASSWORD, message) and not pieces(ENCODED, message)


@pytest.mark.parametrize(
    ("url", "where"),
    [
        (f"postgresql://bot:{PASSWORD}@db.example:6543/payday", "bot@db.example:6543/payday"),
        (f"postgres://bot:{ENCODED}@[::1]/pay%20day?sslmode=require", "bot@[::1]:5432/pay day"),
        (
            f"postgresql:///payday?host=/run/postgresql&user=bot&password={PASSWORD}",
            "bot@/run/postgresql:5432/payday",
        ),
        ("postgresql://10.0.0.7", "10.0.0.7:5432/"),
    ],
)
def test_a_database_is_named_by_user_host_port_and_database(url, where):
    assert Url.parse(url).where == where
    assert PASSWORD not in repr(Url.parse(url))


def test_the_password_is_starred_out_as_written_and_as_meant():
    url = Url.parse(f"postgresql://bot:{ENCODED}@127.0.0.1/payday")

    said = url.masked(f"connect to postgresql://bot:{ENCODED}@127.0.0.1 with\n{PASSWORD} failed")

    assert said == "connect to postgresql://bot:***@127.0.0.1 with *** failed"


def test_a_password_of_one_or_two_characters_is_left_in_sentences():
    assert Url.parse("postgresql://bot:a@127.0.0.1/payday").masked("a database") == "a database"
