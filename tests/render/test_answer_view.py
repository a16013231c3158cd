"""The live message's answers are sent as payload (`components.AnswerView`), not as discord.ui
items: what Discord receives must be exactly what those items would send, and every custom_id must
route back to its DynamicItem."""

import discord
import pytest

from bot.render import components, hand_view
from bot.render.components import GameButton, GameSelect, game_view
from bot.render.i18n import lang
from bot.render.prompts import Choice, Menu, rows

EN, IT = lang("en"), lang("it")
CHANNEL, GAME, PROMPT = 123456789012345678, 42, 7

OFFERS = {
    "one button": [Choice("Roll", "roll", 0)],
    "styles": [
        Choice("Buy for $5,000", "buy", 1, style="success"),
        Choice("Decline", "decline", 0, style="danger"),
        Choice("Later", "wait", 0, style="secondary"),
    ],
    "two rows": [Choice(f"Ante {n}", "lottery", n) for n in range(1, 7)] + [Choice("Pass", "lottery", 0)],
    "a menu": [
        Choice("Roll", "roll", 0),
        *(Choice(f"Player {n}", "target", n, menu="Pick a neighbour", detail=f"seat {n}") for n in range(4)),
    ],
    "long label": [Choice("x" * 120, "roll", 0)],
}


async def items_view(offered: list[Choice], L) -> discord.ui.View:
    """The same answers as the discord.ui items the live message used to be built from."""
    view = discord.ui.View(timeout=None)
    mine = [hand_view.HandButton(CHANNEL, GAME, L._("My hand"))]
    for number, row in enumerate(rows(offered, mine)):
        if isinstance(row, Menu):
            view.add_item(
                GameSelect(CHANNEL, GAME, PROMPT, row.kind, row.placeholder, row.options, row=number)
            )
            continue
        for item in row:
            if isinstance(item, Choice):
                item = GameButton(CHANNEL, GAME, PROMPT, item)
            item.row = number
            view.add_item(item)
    return view


@pytest.mark.parametrize("offer", sorted(OFFERS))
@pytest.mark.parametrize("code", ["en", "it"])
async def test_the_answers_are_sent_as_discord_ui_items_would_send_them(offer, code):
    L = lang(code)
    offered = OFFERS[offer]
    sent = game_view(CHANNEL, GAME, PROMPT, offered, [hand_view.hand_button(CHANNEL, GAME, L)])
    assert sent.to_components() == (await items_view(offered, L)).to_components()
    assert sent.timeout is None and not sent.is_finished()


async def test_every_custom_id_routes_to_its_dynamic_item():
    offered = OFFERS["a menu"] + OFFERS["styles"]
    sent = game_view(CHANNEL, GAME, PROMPT, offered, [hand_view.hand_button(CHANNEL, GAME, EN)])
    routes = (*components.DYNAMIC_ITEMS, *hand_view.HAND_ITEMS)
    ids = [c["custom_id"] for row in sent.to_components() for c in row["components"]]
    assert len(ids) == 6
    for custom_id in ids:
        matched = [cls for cls in routes if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert len(matched) == 1, custom_id
    assert ids[-2:] == [f"pdh:{CHANNEL}:{GAME}", f"pdm:{CHANNEL}:{GAME}:{PROMPT}:target"]


def test_a_label_is_never_served_from_another_look():
    """The payload of a look is cached: the same label in another style, or another language's
    label, must not come back with the first one's."""
    first = components.button_payload("pd:1:2:3:roll:0", "Roll", discord.ButtonStyle.primary)
    other = components.button_payload("pd:1:2:4:roll:0", "Roll", discord.ButtonStyle.danger)
    assert (first["style"], other["style"]) == (
        discord.ButtonStyle.primary.value,
        discord.ButtonStyle.danger.value,
    )
    assert (first["custom_id"], other["custom_id"]) == ("pd:1:2:3:roll:0", "pd:1:2:4:roll:0")
    en = hand_view.hand_button(1, 2, EN)
    it = hand_view.hand_button(1, 2, IT)
    assert en["label"] == "My hand" and it["label"] != en["label"] and it["label"] == IT._("My hand")
    assert en["emoji"] == it["emoji"] and en["emoji"]["name"] == "🃏"


async def test_each_answer_view_keeps_its_own_rows_and_is_never_stored_by_discord():
    """Views are copies of one blank view: each still sends its own rows, and discord.py, which
    keeps a view to dispatch its items only when it has some and is not finished, keeps none."""
    first = game_view(CHANNEL, GAME, PROMPT, OFFERS["one button"])
    second = game_view(CHANNEL, GAME, PROMPT + 1, OFFERS["styles"])

    assert first.to_components() != second.to_components()
    assert [b["custom_id"] for b in first.to_components()[0]["components"]] == [
        f"pd:{CHANNEL}:{GAME}:{PROMPT}:roll:0"
    ]
    for view in (first, second):
        assert isinstance(view, discord.ui.View)
        assert not view.is_finished() and not view.is_dispatchable() and not view.has_components_v2()
        assert view.timeout is None
