"""Numbers people type, read as they meant them in their own language, or refused.

Every number a person types (the hand's Borrow… and Repay…, a house rule's form) is read here, with
Babel's strict parsing in the reader's language: "1,000" is a thousand in English and "1.000" in
Italian, German, Spanish and Portuguese, "1 000" in French (with a space, a no-break space or a
narrow no-break space, whichever the keyboard gives), and "1,000.00", "1.000,00" or "1 000,00" is
read when its cents are zero. One dollar sign (before or
after the number) or, for a percentage, one percent sign after it, and the spaces around it, are
let pass: that is how the bot itself writes amounts ("$3,500", "3.500 $", "$ 3.500", "10%"). Anything else (a
minus sign, an exponent, a fraction where whole numbers are asked, three decimals, digits of
another script or a superscript, two numbers) is refused, never guessed at.

Only the number is read here: its steps and limits are the rules' (the engine's checks of a loan,
the house rules' limits), checked once where they live, and the refusal's words say them.
"""

from decimal import Decimal
from enum import StrEnum

from babel.numbers import NumberFormatError, get_decimal_symbol, get_group_symbol, parse_decimal

from bot.render.custom_ids import NUMBER

DIGITS = frozenset("0123456789")
MINUS = ("-", "\u2212")
"""A hyphen, as people type it, and the minus sign proper."""
SPACES = (" ", "\u00a0", "\u202f")
"""A space, a no-break space and a narrow no-break space: one of them is French's thousands mark
(Babel's is the narrow one), and a person types whichever their keyboard gives."""
CENTS = 2
"""Decimal places a whole amount may show, all zeros ("1,000.00"); three ("1.000" in English) are
some other language's thousands, not cents."""


class Unit(StrEnum):
    """What the number counts, by the one sign that may stand beside it."""

    DOLLARS = "$"
    PERCENT = "%"


class Why(StrEnum):
    """Why a text is not a number read here (for the logs and tests; the person reads one sentence)."""

    EMPTY = "empty"
    NEGATIVE = "negative"
    FRACTION = "fraction"
    NOT_A_NUMBER = "not_a_number"


class Unread(ValueError):
    """What was typed is not a whole number of the unit asked for; `why` says what it is instead."""

    def __init__(self, why: Why) -> None:
        super().__init__(why.value)
        self.why = why


def read_whole(text: str, locale: str, unit: Unit) -> int:
    """The whole, non-negative number `text` says in `locale` (a Babel locale: the reader's
    language), or `Unread`."""
    body = _without_sign(text, unit)
    if not body:
        raise Unread(Why.EMPTY)
    if body.startswith(MINUS):
        raise Unread(Why.NEGATIVE)
    group = get_group_symbol(locale)
    if group in SPACES:
        body = "".join(group if c in SPACES else c for c in body)
    if not set(body) <= DIGITS | {group, get_decimal_symbol(locale)}:
        raise Unread(Why.NOT_A_NUMBER)
    try:
        value = parse_decimal(body, locale, strict=True)
    except NumberFormatError:
        raise Unread(Why.NOT_A_NUMBER) from None
    if _decimals(value) > CENTS:
        raise Unread(Why.NOT_A_NUMBER)
    if value != value.to_integral_value():
        raise Unread(Why.FRACTION)
    return int(value)


def _without_sign(text: str, unit: Unit) -> str:
    """`text` without the spaces around it and one sign of `unit` where the bot writes it, a minus
    sign kept in front ("-$500" as "-500")."""
    body = text.strip()
    minus = body[:1] if body.startswith(MINUS) else ""
    body = body.removeprefix(minus).strip()
    if unit is Unit.DOLLARS and body.startswith(unit.value):
        body = body.removeprefix(unit.value)
    else:
        body = body.removesuffix(unit.value)
    return minus + body.strip()


def _decimals(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int), "a parsed number is finite"
    return max(-exponent, 0)


def option_number(value: str) -> int | None:
    """The number a control's option value carries ("3"), or None: the value comes back from the
    client, and only a number as the bot writes one in a custom_id (`NUMBER`: ASCII digits, "²" and
    "٣" are not) is one of its numbers."""
    number: int | None = NUMBER.value(value)
    return number
