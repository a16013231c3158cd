"""What the board picture shows, as plain data: the cog builds a `Scene` from the table, the
renderer draws it, and `scene_key` says whether a new picture is needed at all.

Everything the picture depends on is in the scene (the edition's board comes from its name), so
two scenes with the same key draw the same pixels, and the bot re-uploads only when the key moves.
"""

import functools
import hashlib
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import chain
from string import ascii_uppercase
from typing import TYPE_CHECKING

from bot.game.state import GameState
from bot.render.i18n import Lang, lang

if TYPE_CHECKING:
    from bot.table import Table

LAYOUT_VERSION = 2
"""Bump when the drawing changes, so a stored key no longer matches and the picture is redrawn."""


@dataclass(frozen=True, slots=True)
class Token:
    """One player's piece. `colour` indexes the player colours; `letter` is drawn on the piece, so
    colour is never the only way to tell two players apart."""

    seat: int
    letter: str
    name: str
    day: int
    colour: int
    retired: bool = False
    orders: bool = False
    """The player has standing orders on (issue 9.5): a mark by their name in the legend."""
    replaced: bool = False
    """The player left or was removed and a computer plays the seat now: a word by their name in
    the legend, so the table sees whose moves nobody will click for."""


@dataclass(frozen=True, slots=True)
class Scene:
    edition: str
    """A ruleset name (modern, family, classic): picks the board drawn."""
    month_label: str
    jackpot: int
    tokens: tuple[Token, ...]
    asked: frozenset[int] = field(default_factory=frozenset)
    """Seats the game is waiting for: highlighted on the board and in the legend."""
    language: str = "en"
    """The language of the picture's words (a code `bot.render.i18n.lang` takes)."""


def scene_key(scene: Scene) -> str:
    """A short digest of everything drawn, stable across processes (Python's `hash` of a string is
    not), so it can be stored with the table and compared after a restart."""
    tokens = sorted(scene.tokens, key=lambda t: t.seat)
    return _digest(
        scene,
        [
            _token_key(t.seat, t.letter, t.name, t.day, t.colour, t.retired, t.orders, t.replaced)
            for t in tokens
        ],
    )


def _digest(scene: Scene, tokens: list[str]) -> str:
    """`scene_key` of a scene whose tokens, in seat order, read `tokens` (`_token_key`)."""
    text = "\n".join(
        (
            str(LAYOUT_VERSION),
            scene.edition,
            scene.month_label,
            str(scene.jackpot),
            "|".join(tokens),
            ",".join(map(str, sorted(scene.asked))),
            scene.language,
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _token_key(
    seat: int, letter: str, name: str, day: int, colour: int, retired: bool, orders: bool, replaced: bool
) -> str:
    """One token's part of `scene_key`."""
    return f"{seat},{letter},{name},{day},{colour},{int(retired)},{int(orders)},{int(replaced)}"


def token_letters(names: Sequence[str]) -> list[str]:
    """One distinct capital letter per player: the first letter of the name, else the initial of
    another of its words ("Bot Penny" beside bob is P), else the next letter of the name not taken
    yet, else the first free letter of the alphabet."""
    return list(_letters(tuple(names)))


@functools.lru_cache(maxsize=4096)
def _letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """`token_letters`, cached: a game's names never change, and every click's scene asks again
    (room for the names of a few thousand live games, a few hundred bytes each)."""
    taken: list[str] = []
    for name in names:
        upper = name.upper()
        initials = (word[0] for word in upper.split()[1:])
        candidates = (c for c in chain(upper[:1], initials, upper, ascii_uppercase) if "A" <= c <= "Z")
        taken.append(next(c for c in candidates if c not in taken))
    return tuple(taken)


def describe(scene: Scene, limit: int = 1000) -> str:
    """The picture in words, for its alt text (screen readers, and anyone whose image did not load):
    the month, the Jackpot and where each player is, the asked ones marked."""
    L = lang(scene.language)
    where = [
        _token_words(t.name, t.letter, t.day, t.retired, t.orders, t.replaced, t.seat in scene.asked, L)
        for t in sorted(scene.tokens, key=lambda t: t.seat)
    ]
    text = L._(
        "Pay Day board, {month}. Jackpot {jackpot}. {players}.",
        month=scene.month_label,
        jackpot=L.money(scene.jackpot),
        players="; ".join(where),
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


@functools.lru_cache(maxsize=4096)
def _token_words(
    name: str, letter: str, day: int, retired: bool, orders: bool, replaced: bool, asked: bool, L: Lang
) -> str:
    """One player's part of `describe`. Cached: most tokens stand still from one picture to the next
    (keyed by plain values, which hash faster than the token)."""
    if retired:
        place = L._("retired")
    elif day <= 0:
        place = L._("START")
    else:
        place = L._("day {day}", day=day)
    if orders:
        place = L._("{place}, standing orders", place=place)
    if replaced:
        place = L._("{place}, played by the computer", place=place)
    if asked:
        return L._("{name} ({letter}) {place}, to answer", name=name, letter=letter, place=place)
    return L._("{name} ({letter}) {place}", name=name, letter=letter, place=place)


def game_scene(
    state: GameState,
    month: int,
    L: Lang | None = None,
    orders: Collection[int] = (),
    replaced: Collection[int] = (),
) -> Scene:
    """What the board shows of a game: every player's day, the Jackpot and who must answer now, in
    the game's language. `month` is the table's current month (`Table.month()`); `orders`: the
    seats with standing orders; `replaced`: the seats a computer took over."""
    return _scene(state, month, L or lang("en"), orders, replaced)[0]


def _scene(
    state: GameState, month: int, L: Lang, orders: Collection[int], replaced: Collection[int]
) -> tuple[Scene, str]:
    """`game_scene` and its `scene_key`, each token and its part of the key reused from the game's
    last scene while it stands still (`_placed`)."""
    names = tuple(p.name for p in state.players)
    letters = _letters(names)
    kept = _placed.get(names)
    if kept is None:
        kept = _placed[names] = [None] * len(names)
        if len(_placed) > GAMES_PLACED:
            _placed.popitem(last=False)
    else:
        _placed.move_to_end(names)
    for p in state.players:
        seat, ordered, computer, last = p.seat, p.seat in orders, p.seat in replaced, kept[p.seat]
        stands = (p.day, p.retired, ordered, computer)
        if last is None or (last[0].day, last[0].retired, last[0].orders, last[0].replaced) != stands:
            letter = letters[seat]
            kept[seat] = (
                Token(seat, letter, p.name, p.day, seat, p.retired, ordered, computer),
                _token_key(seat, letter, p.name, p.day, seat, p.retired, ordered, computer),
            )
    asked = frozenset(state.pending.seats) if state.pending is not None and not state.over else frozenset()
    if state.over:
        label = L._("Game over")
    else:
        label = L._("Month {month} of {months}", month=month, months=state.months)
    scene = Scene(state.ruleset, label, state.jackpot, tuple(token for token, _ in kept), asked, L.code)
    return scene, _digest(scene, [key for _, key in kept])


GAMES_PLACED = 4096
"""Games whose tokens `_placed` keeps (one small list each): more than are live at once."""
_placed: OrderedDict[tuple[str, ...], list] = OrderedDict()
"""Each game's tokens as last placed, with their parts of the key, by the players' names (which,
with a seat, fix a token's letter and colour): a token is made again only when its day, its
retirement, its orders mark or its computer mark changed, since most stand still from one click
to the next."""


def table_scene(table: "Table") -> Scene:
    """The scene of a table's running or finished game, in the game's language."""
    return _table_scene(table)[0]


def _table_scene(table: "Table") -> tuple[Scene, str]:
    orders = [seat for seat, player in enumerate(table.seats) if player.orders.any]
    replaced = [seat for seat, player in enumerate(table.seats) if player.replaced is not None]
    return _scene(table.state, table.month(), lang(table.language), orders, replaced)


_last: tuple["Table", Scene, str] | None = None


def table_board(table: "Table") -> tuple[Scene, str]:
    """The scene of a table's game and its key. The last table's are kept (by identity: a saved
    table is never changed again), because showing a board asks for them several times in a row:
    the embed's image names the key, then the attachment is kept or drawn from the scene."""
    global _last
    if _last is None or _last[0] is not table:
        scene, key = _table_scene(table)
        _last = (table, scene, key)
    return _last[1], _last[2]
