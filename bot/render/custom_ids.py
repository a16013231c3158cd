"""How a click's target is written as a custom_id and read back: each kind of target carries its
own codec, bound to it where it is defined (`clicks`), so a new kind of button is written in one
place and no list names every kind.

A layout is `<prefix>:<part>:<part>...`, one part per field of the target, in the target's order,
under Discord's 100 characters. Every layout ever sent still reads, so the buttons of old messages
keep working after a restart and across versions: a field added later is an `Added` part (read as
`absent` from custom_ids without it), a prefix given up is kept in `formerly`. A prefix is one
kind's only: a second kind claiming it is refused when it is defined.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

T = TypeVar("T")
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Part:
    """One field of a custom_id: what it may look like, and how it is read. Numbers are the ASCII
    digits the bot writes: `\\d` would match any script's digits, which `int` reads as well."""

    pattern: str
    read: Callable[[str], Any]

    def value(self, written: str) -> Any:
        """What `written` says if it is all one such part (a control's option value: it comes back
        from the client), or None."""
        return self.read(written) if re.fullmatch(self.pattern, written) else None


@dataclass(frozen=True, slots=True)
class Added(Part):
    """A last field added to a layout after custom_ids without it were sent: those read as `absent`."""

    absent: Any


CHANNEL = Part(r"[0-9]{1,20}", int)
"""A channel's id, or a guild's."""
GAME = Part(r"[0-9]{1,12}", int)
NUMBER = Part(r"[0-9]{1,9}", int)
PAGE = Part(r"[0-9]{1,6}", int)
KIND = Part(r"[a-z_]{1,12}", str)
MONEY = Part("loan|repay", str)


class Codec(Generic[T]):
    """`<prefix>:<part>:<part>...`, one part per field of the target, in the target's order; a
    custom_id with one of the `formerly` prefixes reads the same (buttons already in channels)."""

    def __init__(
        self, prefix: str, target: type[T], *, formerly: tuple[str, ...] = (), **parts: Part
    ) -> None:
        self.prefix, self.target, self.parts = prefix, target, parts
        prefixes = "|".join((prefix, *formerly))
        self.template = "(?:" + prefixes + ")" + "".join(_field(name, p) for name, p in parts.items())
        self._compiled = re.compile(self.template)

    def build(self, target: T) -> str:
        """The custom_id of `target`; an `Added` part it has no value for (None) is left out."""
        written = (getattr(target, name) for name in self.parts)
        return ":".join((self.prefix, *(str(value) for value in written if value is not None)))

    def parse(self, match: re.Match[str]) -> T:
        """The target of a custom_id that matched the template."""
        return self.target(**{name: _read(part, match[name]) for name, part in self.parts.items()})

    def read(self, custom_id: str) -> T | None:
        """The target of `custom_id`, or None if it is not one of this codec's."""
        match = self._compiled.fullmatch(custom_id)
        return None if match is None else self.parse(match)


def _field(name: str, part: Part) -> str:
    field = f":(?P<{name}>{part.pattern})"
    return f"(?:{field})?" if isinstance(part, Added) else field


def _read(part: Part, written: str | None) -> Any:
    if written is None:  # an `Added` part, in a custom_id sent before it
        assert isinstance(part, Added), "a template matches only with every other part"
        return part.absent
    return part.read(written)


class Target:
    """What a click does: a frozen dataclass holding exactly what its custom_id carries, written
    and read by its kind's `codec` (bound by `clicks`)."""

    __slots__ = ()
    codec: ClassVar[Codec[Any]]


TargetT = TypeVar("TargetT", bound=type[Target])

TARGETS: dict[str, type[Target]] = {}
"""Every kind of target, by its codec's prefix."""


def clicks(prefix: str, *, formerly: tuple[str, ...] = (), **parts: Part) -> Callable[[TargetT], TargetT]:
    """Bind a kind of target to the codec of its custom_ids (see `Codec`); a prefix another kind
    has is refused. A kind defined again by its module imported anew (discord.py imports a
    feature's modules anew each time it loads it) keeps the class it has: a target made before
    equals the same target read after, and a control defined anew reads the kind's one class."""

    def bind(target: TargetT) -> TargetT:
        known = TARGETS.get(prefix)
        if known is not None and _named(known) == _named(target):
            return cast(TargetT, known)
        claim(TARGETS, prefix, target, "target")
        target.codec = Codec(prefix, target, formerly=formerly, **parts)
        return target

    return bind


def claim(registry: dict[str, type[K]], prefix: str, kind: type[K], what: str) -> None:
    """Enter `kind` in `registry` under `prefix`; a prefix another kind has is refused, as a
    custom_id must never reach two of them. A kind defined again by its module imported anew
    (discord.py imports an extension's modules anew when it unloads and loads it) takes its own
    place."""
    known = registry.get(prefix)
    if known is not None and _named(known) != _named(kind):
        raise ValueError(f"the {what} prefix {prefix!r} is {known.__name__}'s already")
    registry[prefix] = kind


def _named(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def custom_id(target: Target) -> str:
    """The custom_id a control of that target carries."""
    return target.codec.build(target)
