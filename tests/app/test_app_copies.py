"""The deep copy the service hands each use case: equal to the kept table, sharing nothing mutable."""

import dataclasses
import enum
from datetime import UTC, datetime

from bot.service.copies import deep_copy
from bot.table import Table
from tests.app.test_app_tables import started_table

MUTABLE_LEAVES = (list, dict, set)


def mutable_objects(value, found: dict | None = None) -> dict[int, object]:
    """Every object reachable from `value` that could be changed in place, by id."""
    found = {} if found is None else found
    if isinstance(value, str | int | float | bool | bytes | enum.Enum | datetime) or value is None:
        return found
    if isinstance(value, tuple):
        for item in value:
            mutable_objects(item, found)
        return found
    if id(value) in found:
        return found
    found[id(value)] = value
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list | set):
        children = list(value)
    elif dataclasses.is_dataclass(value):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:  # a pydantic model
        children = list(vars(value).values())
    for child in children:
        mutable_objects(child, found)
    return found


async def test_a_running_games_copy_is_equal_and_shares_nothing_that_can_change(service):
    table = await started_table(service)

    copied = deep_copy(table)

    assert copied == table and copied.model_dump_json() == table.model_dump_json()
    original = mutable_objects(table)
    assert len(original) > 30  # the walk reached the engine's state
    shared = [obj for key, obj in mutable_objects(copied).items() if key in original]
    frozen = [obj for obj in shared if dataclasses.is_dataclass(obj) and obj.__dataclass_params__.frozen]
    assert shared == frozen  # only frozen dataclasses of plain values (a seat's orders) are shared


def test_values_that_cannot_change_are_shared_and_anything_else_is_copied():
    class Colour(enum.Enum):
        RED = 1

    class Box:  # a type the copier has no fast way for: copy.deepcopy's
        def __init__(self) -> None:
            self.items = [1, [2]]

    when = datetime(2026, 1, 1, tzinfo=UTC)
    value = {"when": when, "colour": Colour.RED, "pair": (1, "a"), "nested": (1, [2]), "box": Box()}

    copied = deep_copy(value)

    assert copied["when"] is when and copied["colour"] is Colour.RED and copied["pair"] is value["pair"]
    assert copied["nested"] == (1, [2]) and copied["nested"][1] is not value["nested"][1]
    assert copied["box"].items == [1, [2]] and copied["box"].items[1] is not value["box"].items[1]


def test_a_lobby_copy_keeps_which_fields_were_set():
    table = Table(host_id=1, turn_seconds=60, interrupt_seconds=30, seed=3)

    copied = deep_copy(table)

    assert copied.model_fields_set == table.model_fields_set
    assert copied.model_fields_set is not table.model_fields_set
