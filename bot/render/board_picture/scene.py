"""What the board picture shows, as plain data: the cog builds a `Scene` from the table, the
renderer draws it, and `scene_key` says whether a new picture is needed at all.

Everything the picture depends on is in the scene (the edition's board comes from its name), so
two scenes with the same key draw the same pixels, and the bot re-uploads only when the key moves.
"""

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from string import ascii_uppercase
from typing import TYPE_CHECKING

from bot.game.house import HouseValue, house_rules_of, with_house_rules
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState
from bot.game.strengths import Strength
from bot.render.board_picture import style as st
from bot.render.language.cards import heading_name, space_name
from bot.render.language.i18n import Lang, lang
from bot.render.language.strengths import strength_name

if TYPE_CHECKING:
    from bot.table import Table

HouseRules = tuple[tuple[str, HouseValue], ...]
"""A game's house rules as (key, value) pairs, in `HOUSE_RULES` order: frozen, so a cache key."""
LAYOUT_VERSION = 4
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
    strength: Strength | None = None
    """A computer player's strength, a word by its name in the legend (None: a person's seat, or
    one a computer took over, which says so instead)."""


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
    """The language of the picture's words (a code `bot.render.language.i18n.lang` takes)."""
    house: HouseRules = ()
    """The game's house rules (`house_rules_of`, as pairs): the calendar writes the amounts they
    change (the salary on Pay Day, the Radio Contest's prize)."""


def scene_key(scene: Scene) -> str:
    """A short digest of everything drawn, stable across processes (Python's `hash` of a string is
    not), so it can be stored with the table and compared after a restart."""
    tokens = (
        f"{t.seat},{t.letter},{t.name},{t.day},{t.colour},{int(t.retired)},{int(t.orders)},{int(t.replaced)}"
        + (f",{t.strength}" if t.strength else "")
        for t in sorted(scene.tokens, key=lambda t: t.seat)
    )
    text = "\n".join(
        (
            str(LAYOUT_VERSION),
            scene.edition,
            scene.month_label,
            str(scene.jackpot),
            "|".join(tokens),
            ",".join(map(str, sorted(scene.asked))),
            scene.language,
            *([repr(scene.house)] if scene.house else []),  # a game without keeps its key
        )
    )
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def token_letters(names: Sequence[str]) -> list[str]:
    """One distinct capital letter per player: the first letter of the name, else the initial of
    another of its words ("Bot Penny" beside bob is P), else the next letter of the name not taken
    yet, else the first free letter of the alphabet."""
    taken: list[str] = []
    for name in names:
        upper = name.upper()
        initials = (word[0] for word in upper.split()[1:])
        candidates = (c for c in chain(upper[:1], initials, upper, ascii_uppercase) if "A" <= c <= "Z")
        taken.append(next(c for c in candidates if c not in taken))
    return taken


def describe(scene: Scene, limit: int = 1000) -> str:
    """The picture in words, for its alt text (screen readers, and anyone whose image did not load):
    the month, the Jackpot and where each player is, with what their day says (its space and the
    money it moves, as the calendar writes them), the asked ones marked. At most `limit` characters
    (Discord keeps 1,024 of an attachment's description)."""
    L = lang(scene.language)
    ruleset = RULESETS[scene.edition]
    if scene.house:
        ruleset = replace(ruleset, rules=with_house_rules(scene.edition, dict(scene.house)))
    where = [
        _token_words(t, t.seat in scene.asked, ruleset, L) for t in sorted(scene.tokens, key=lambda t: t.seat)
    ]
    text = L._(
        "Pay Day board, {month}. {jackpot_name} {jackpot}. {players}.",
        month=scene.month_label,
        jackpot_name=L.pgettext("heading", heading_name(ruleset.jackpot_name)),
        jackpot=L.money(scene.jackpot),
        players="; ".join(where),
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _token_words(t: Token, asked: bool, ruleset: Ruleset, L: Lang) -> str:
    """One player's part of `describe`."""
    if t.retired:
        place = L._("retired")
    elif t.day <= 0:
        place = L._("START")
    else:
        space = ruleset.board[t.day]
        name = space_name(space, L)
        effect = st.effect_line(space, ruleset, L)
        if effect is not None:
            name = L._("{space} ({effect})", space=name, effect=effect[0])
        place = L._("day {day}: {space}", day=t.day, space=name)
    if t.orders:
        place = L._("{place}, standing orders", place=place)
    if t.replaced:
        place = L._("{place}, played by the computer", place=place)
    if t.strength:
        place = L._("{place}, computer: {strength}", place=place, strength=strength_name(t.strength, L))
    if asked:
        return L._("{name} ({letter}) {place}, to answer", name=t.name, letter=t.letter, place=place)
    return L._("{name} ({letter}) {place}", name=t.name, letter=t.letter, place=place)


def game_scene(
    state: GameState,
    month: int,
    L: Lang | None = None,
    orders: Collection[int] = (),
    replaced: Collection[int] = (),
    computers: Mapping[int, Strength] | None = None,
) -> Scene:
    """What the board shows of a game: every player's day, the Jackpot and who must answer now, in
    the game's language. `month` is the table's current month (`Table.month()`); `orders`: the
    seats with standing orders; `replaced`: the seats a computer took over; `computers`: the
    computer players' strengths by seat."""
    computers = computers or {}
    L = L or lang("en")
    letters = token_letters([p.name for p in state.players])
    tokens = tuple(
        Token(
            seat=p.seat,
            letter=letters[p.seat],
            name=p.name,
            day=p.day,
            colour=p.seat,
            retired=p.retired,
            orders=p.seat in orders,
            replaced=p.seat in replaced,
            strength=computers.get(p.seat),
        )
        for p in state.players
    )
    asked = frozenset(state.pending.seats) if state.pending is not None and not state.over else frozenset()
    if state.over:
        label = L._("Game over")
    else:
        label = L._("Month {month} of {months}", month=month, months=state.months)
    house = tuple(house_rules_of(state.ruleset, state.rules).items())
    return Scene(state.ruleset, label, state.jackpot, tokens, asked, L.code, house)


def table_scene(table: "Table") -> Scene:
    """The scene of a table's running or finished game, in the game's language."""
    if table.state is None:
        raise ValueError("a lobby has no board")
    orders = [seat for seat, player in enumerate(table.seats) if player.orders.any]
    replaced = [seat for seat, player in enumerate(table.seats) if player.replaced is not None]
    computers = {
        seat: player.strength
        for seat, player in enumerate(table.seats)
        if player.computer and player.replaced is None
    }
    return game_scene(table.state, table.month(), lang(table.language), orders, replaced, computers)


def table_board(table: "Table") -> tuple[Scene, str]:
    """The scene of a table's game and its key, which names the picture file."""
    scene = table_scene(table)
    return scene, scene_key(scene)
