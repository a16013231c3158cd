"""The leak check finds a secret's pieces, not only the whole of it."""

from tests.leaks import pieces


def test_the_first_characters_of_a_password_are_a_leak():
    assert pieces("S3cr3tPa55w0rd", "it starts with '//u:S3cr3t'") == {"S3c", "3cr", "cr3", "r3t"}


def test_a_text_without_three_characters_in_a_row_of_it_is_clean():
    assert pieces("S3cr3tPa55w0rd", "postgresql://u:***@127.0.0.1:5432/db S3 Pa") == set()
