"""Deep copies of a table, about twice as fast as parsing its saved JSON again.

`Tables` keeps the last table it saved for each channel and hands every use case its own copy: the
use case may change it freely (and be refused, or fail to save) without the kept one moving. The
copy walks the objects a table is made of (pydantic models, slotted dataclasses, lists, dicts,
tuples) and shares only values that cannot change (numbers, strings, enums, datetimes, tuples of
those); anything else falls back to `copy.deepcopy`, so a new kind of field is copied correctly,
only more slowly.
"""

import copy
import dataclasses
import datetime
import enum
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_IMMUTABLE: set[type] = {
    int,
    str,
    bool,
    float,
    bytes,
    type(None),
    datetime.datetime,
    datetime.date,
    datetime.timedelta,
}
"""Types whose values never change in place: shared by the copy. Enums join on first sight."""
_COPIERS: dict[type, Callable[[Any], Any]] = {}
"""How to copy each other type met so far."""


def deep_copy(value: T) -> T:
    """A copy of `value` that shares no mutable object with it."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _copier(kind)
        if copier is None:
            return value
    return copier(value)


def _copier(kind: type) -> Callable[[Any], Any] | None:
    """The copier of `kind`, remembered; None (and `kind` counted immutable) for an enum."""
    if issubclass(kind, enum.Enum):
        _IMMUTABLE.add(kind)
        return None
    if kind is list:
        copier = _list
    elif kind is dict:
        copier = _dict
    elif issubclass(kind, tuple):
        copier = _tuple if kind is tuple else _named_tuple
    elif issubclass(kind, BaseModel):
        copier = _model
    elif dataclasses.is_dataclass(kind) and _only_fields(kind):
        copier = _slotted(kind)
    else:
        copier = copy.deepcopy
    _COPIERS[kind] = copier
    return copier


def _list(value: list) -> list:
    out = value.copy()
    if not _all_immutable(out):  # most lists are of numbers: one check in C, no loop here
        for i, item in enumerate(out):
            if type(item) not in _IMMUTABLE:
                out[i] = deep_copy(item)
    return out


def _dict(value: dict) -> dict:
    out = value.copy()
    if not _all_immutable(out.values()):
        for key, item in out.items():
            if type(item) not in _IMMUTABLE:
                out[key] = deep_copy(item)
    return out


def _tuple(value: tuple) -> tuple:
    return value if _all_immutable(value) else tuple(map(deep_copy, value))


def _named_tuple(value: tuple) -> tuple:
    return value if _all_immutable(value) else type(value)(*map(deep_copy, value))


def _model(value: BaseModel) -> BaseModel:
    out = _new(type(value))
    fields = value.__dict__.copy()
    for name, item in fields.items():
        if type(item) not in _IMMUTABLE:
            fields[name] = deep_copy(item)
    _put(out, "__dict__", fields)
    _put(out, "__pydantic_fields_set__", value.__pydantic_fields_set__.copy())
    extra, private = value.__pydantic_extra__, value.__pydantic_private__
    _put(out, "__pydantic_extra__", None if extra is None else _dict(extra))
    _put(out, "__pydantic_private__", None if private is None else _dict(private))
    return out


def _only_fields(kind: type) -> bool:
    """Whether every instance attribute of `kind` is a dataclass field kept in a slot."""
    slots = {slot for cls in kind.__mro__ for slot in getattr(cls, "__slots__", ())}
    return "__dict__" not in slots and slots - {"__weakref__"} == {f.name for f in dataclasses.fields(kind)}


def _slotted(kind: type) -> Callable[[Any], Any]:
    """A slotted dataclass (the engine's state): a bare instance, every field copied in. Written out
    field by field (as dataclasses writes its `__init__`): a loop over the names costs twice as much.
    A frozen one whose fields are all immutable is itself immutable, so it is shared."""
    names = [field.name for field in dataclasses.fields(kind)]
    frozen = kind.__dataclass_params__.frozen
    lines = ["def copier(value):"]
    if frozen:
        shared = " and ".join(f"type(value.{name}) in immutable" for name in names) or "True"
        lines.append(f"    if {shared}: return value")
    lines.append("    out = new(kind)")
    for name in names:
        lines.append(f"    item = value.{name}")
        lines.append("    if type(item) not in immutable: item = deep_copy(item)")
        lines.append(f"    put(out, {name!r}, item)" if frozen else f"    out.{name} = item")
    lines.append("    return out")
    scope = {"new": _new, "put": _put, "kind": kind, "immutable": _IMMUTABLE, "deep_copy": deep_copy}
    exec("\n".join(lines), scope)  # names are a dataclass's fields: identifiers, checked by dataclasses
    return scope["copier"]


def _all_immutable(values: Iterable[Any]) -> bool:
    return _IMMUTABLE.issuperset(map(type, values))


_new = object.__new__
_put = object.__setattr__
