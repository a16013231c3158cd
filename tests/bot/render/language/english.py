"""English left on a screen of another language, found from the language's own catalogs: what the
end-to-end game in each language and the render tests of each language look for."""

import functools
import re
from collections.abc import Iterable

from bot.render.language.i18n import feature_po_paths, po_path
from tools.catalog import load

PRODUCT = "Pay Day"
"""The product's name, the same in every language (its title)."""
PLAYERS = ("alice", "bob", "carol", "olga", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
"""The names the tests give players: names, not English."""
COMMON_ENGLISH = ("the", "and", "rolled", "paid", "collected", "your", "month", "drew", "bought", "wins")
"""Words of English sentences, for English that comes from no catalog at all (a literal left in code)."""
PLACEHOLDER = re.compile(r"\{\w*\}")
WORD = re.compile(r"[^\W\d_]{2,}")
CODE = re.compile(r"`[^`]*`")


class EnglishDetector:
    """English on a screen of a language: the English text of any message its catalogs translate
    otherwise (each piece between placeholders, as a whole word or phrase), and common English words;
    a piece is not English if the language's own translations use it too ("Jackpot" in German)."""

    def __init__(self, code: str) -> None:
        entries = [
            entry
            for path in [po_path(code), *feature_po_paths(code)]
            for entry in list(load(path))[1:]
            if not entry.fuzzy
        ]
        pieces = set(COMMON_ENGLISH)
        ours = []
        for entry in entries:
            ids, forms = _texts(entry.id), _texts(entry.string)
            ours += forms
            if forms != ids:
                pieces |= {piece.strip(" *_:.,;!?()\n") for text in ids for piece in PLACEHOLDER.split(text)}
        translated = PLACEHOLDER.sub(" ", "\n".join(ours))
        english = sorted(
            (p for p in pieces if WORD.search(p) and p != PRODUCT and not re.search(_whole(p), translated)),
            key=len,
            reverse=True,
        )
        self._by_word: dict[str, list[str]] = {}
        """Each English piece by its first word, longest first: a text is searched only for the
        pieces whose first word it holds (one alternation of thousands of pieces tried at every
        position was minutes per test once several languages' screens were checked)."""
        for piece in english:
            first = WORD.search(piece)
            assert first is not None, piece
            self._by_word.setdefault(first.group(0), []).append(piece)

    def found(self, texts: Iterable[str]) -> list[str]:
        """Each English piece found, longest first where two overlap, with the text it is in."""
        hits = []
        for text in texts:
            unnamed = _unnamed(text)
            pieces = {piece for word in WORD.findall(unnamed) for piece in self._by_word.get(word, ())}
            if pieces:
                hits += [f"{hit!r} in {text!r}" for hit in _alternation(frozenset(pieces)).findall(unnamed)]
        return hits


@functools.lru_cache(maxsize=4096)
def _alternation(pieces: frozenset[str]) -> re.Pattern[str]:
    return re.compile("|".join(_whole(p) for p in sorted(pieces, key=lambda p: (-len(p), p))))


def _texts(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


def _whole(piece: str) -> str:
    return rf"(?<!\w){re.escape(piece)}(?!\w)"


def _unnamed(text: str) -> str:
    for name in (PRODUCT, *PLAYERS):
        text = text.replace(name, " ")
    text = re.sub(r"<[@#]!?\d+>|<t:\d+(:\w)?>", " ", text)  # mentions and timestamps: Discord's
    return CODE.sub(" ", text)  # `/payday start`: command names stay English


@functools.cache
def english_in(code: str) -> EnglishDetector:
    """The detector of a language, made once (it reads the language's every catalog)."""
    return EnglishDetector(code)
