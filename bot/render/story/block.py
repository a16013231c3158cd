"""A block of the story (one turn under its heading) and the marks its lines carry: a die face with
its number, a signed gain or loss, and a big moment's sign in bold type, so it stands out without
colour.
"""

from dataclasses import dataclass, field

FACES = "⚀⚁⚂⚃⚄⚅"

JACKPOT_SIGN, LOTTERY_SIGN, RADIO_SIGN, POKER_SIGN = "🎰", "🎟️", "📻", "🃏"
SALE_SIGN, PAYDAY_SIGN, RETIRED_SIGN, END_SIGN = "🤝", "💵", "🏁", "🏆"


def die(face: int) -> str:
    """A die face as players see one, with its number for screen readers and small screens: "⚄ 5"."""
    return f"{FACES[face - 1]} {face}" if 1 <= face <= 6 else str(face)


def big(sign: str, text: str) -> str:
    """A big moment's line: its sign and bold type, so it stands out without colour."""
    return f"{sign} **{text}**"


@dataclass(slots=True)
class Block:
    """One turn (or the opening, or the end): a heading and its lines, in order."""

    heading: str
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join([f"**{self.heading}**", *self.lines])
