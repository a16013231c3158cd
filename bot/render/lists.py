"""Lists of words joined the way the reader's language joins them: "Ann and Bob", "5 or 6".

Each join is one message ("{first} and {second}"), so a catalog can word it, and every sentence
that names several players or faces shares the same two.
"""

from collections.abc import Sequence

from bot.render.i18n import Lang


def and_list(items: Sequence[str], L: Lang) -> str:
    """ "Ann", "Ann and Bob", "Ann and Bob and Cat"."""
    text = items[0]
    for item in items[1:]:
        text = L._("{first} and {second}", first=text, second=item)
    return text


def or_list(items: Sequence[str], L: Lang) -> str:
    """ "5", "5 or 6", "4 or 5 or 6"."""
    text = items[0]
    for item in items[1:]:
        text = L._("{first} or {second}", first=text, second=item)
    return text
