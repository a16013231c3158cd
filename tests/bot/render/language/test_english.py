"""The English detector the tests of each language use finds English, and nothing in the language."""

from tests.bot.render.language.english import english_in


def test_the_detector_finds_english_and_nothing_else():
    detector = english_in("it")
    assert detector.found(["alice rolled a 6", "Roll the die", "bob paid 500 $ to the Bank"]) == [
        "'rolled a 6' in 'alice rolled a 6'",
        "'Roll the die' in 'Roll the die'",
        "'paid' in 'bob paid 500 $ to the Bank'",
        "'to' in 'bob paid 500 $ to the Bank'",
        "'the Bank' in 'bob paid 500 $ to the Bank'",
    ]
    assert detector.found(["alice tira un 6", "Tira il dado", "Pay Day — partita di alice"]) == []
    assert detector.found(["`/payday start`, alice: Ann paga 500 $ alla Banca"]) == []
