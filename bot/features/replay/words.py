"""A finished game's replay in words and pictures (`/payday replay`): one turn at a time, its roll
and its events as the story tells them (bot/render/story), the drawn board as it stood at the turn's
end, and the buttons that step through the game; and the refusals of a replay or an export
(joining the one table of refusal words, bot/render/refusal_table.py).

Private to the person who asked, so written in their own language.
"""

from collections.abc import Sequence
from enum import StrEnum

import discord

from bot.features.replay.controls import BACK, FIRST, LAST, NEXT, PAYDAY, ReplayTurn
from bot.features.replay.service import Listed, ReplayCode, Replayed
from bot.game.rulesets import RULESETS
from bot.game.state import GameState
from bot.render.board_attachment import show_board
from bot.render.board_picture import Scene, game_scene, scene_key
from bot.render.components import Button, Message, Rows
from bot.render.embeds import safe
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list
from bot.render.refusal_table import REFUSALS, Writer
from bot.render.rules_text import edition_title
from bot.render.story.block import Block
from bot.render.story.turns import blocks
from bot.service.rebuild import ReplayStep, after_start

DESCRIPTION_LIMIT = 4000
"""Discord's embed description holds 4,096 characters; a turn's words stay under it."""
CHOICE_LIMIT = 100
"""Discord's longest suggestion name."""


def replay_message(shown: Replayed, step: int, L: Lang) -> tuple[Message, Scene]:
    """Step `step` of the game: its words, the buttons, and the board to draw (the embed's image
    is that scene's attachment)."""
    steps = shown.replay.steps
    state = steps[step].state
    block = _block(shown, step, L)
    last = len(steps) - 1
    edition = edition_title(RULESETS[state.ruleset], L)
    if step == 0:
        where = L._("Before the first turn · game #{game} · {edition}", game=shown.game_id, edition=edition)
    else:
        where = L._(
            "Turn {step} of {last} · game #{game} · {edition}",
            step=step,
            last=last,
            game=shown.game_id,
            edition=edition,
        )
    embed = discord.Embed(
        title=L._("Replay of game #{game}", game=shown.game_id),
        description=_clip(block.text()),
        colour=discord.Colour.dark_gold(),
    )
    embed.add_field(name=L._("Players"), value=_clip(_players(state, L)), inline=False)
    embed.set_footer(text=where)
    scene = game_scene(state, steps[step].month, L)
    show_board(embed, scene_key(scene))
    return Message(embed=embed, rows=replay_rows(shown, step, L)), scene


def replay_rows(shown: Replayed, step: int, L: Lang) -> Rows:
    """⏮ ◀ ▶ ⏭ and Next Pay Day, each greyed out where it would lead nowhere."""
    last = len(shown.replay.steps) - 1
    payday = next_payday(shown.replay.steps, step)
    game = shown.game_id
    ways = (
        (L._("⏮ Start"), FIRST, 0, step > 0),
        (L._("◀ Back"), BACK, max(step - 1, 0), step > 0),
        (L._("Next ▶"), NEXT, min(step + 1, last), step < last),
        (L._("End ⏭"), LAST, last, step < last),
        (L._("Next Pay Day"), PAYDAY, payday or last, payday is not None),
    )
    return (
        tuple(
            Button(label, ReplayTurn(game, to, way), discord.ButtonStyle.secondary, disabled=not leads)
            for label, way, to, leads in ways
        ),
    )


def next_payday(steps: Sequence[ReplayStep], step: int) -> int | None:
    """The first step after `step` in which someone's Pay Day is done (a month begins or a player
    retires), if any."""
    for later in range(step + 1, len(steps)):
        if steps[later].paydays > steps[later - 1].paydays:
            return later
    return None


def _block(shown: Replayed, step: int, L: Lang) -> Block:
    """The story's block of step `step`, read from the log only as far as that step (the story
    opens with the deal and gives each turn a block from its movement roll, as the steps do); the
    game's last words (game over) join the last turn."""
    names = [safe(seat.name) for seat in shown.table.seats]
    told = after_start(shown.log)[: shown.replay.steps[step].told_by]
    story = blocks(told, names, RULESETS[shown.table.game.ruleset], L, escape=safe)
    if len(story) <= step:
        return Block("…")
    block = story[step]
    for more in story[step + 1 :]:
        block.lines += [f"**{more.heading}**", *more.lines]
    return block


def _players(state: GameState, L: Lang) -> str:
    return "\n".join(
        L._(
            "{name}: cash {cash}, loan {loan}",
            name=safe(p.name),
            cash=L.money(p.cash),
            loan=L.money(p.loan),
        )
        for p in state.players
    )


def _clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def game_choice(listed: Listed, L: Lang) -> str:
    """A finished game as the command's suggestions name it: its number, edition and players."""
    preset = RULESETS.get(listed.edition)
    edition = edition_title(preset, L) if preset is not None else listed.edition
    text = L._(
        "Game #{game} · {edition} · {players}",
        game=listed.game_id,
        edition=edition,
        players=and_list(list(listed.players), L),
    )
    return _clip(text, CHOICE_LIMIT)


def exported_text(game_id: int, L: Lang) -> str:
    """What goes with an export's files."""
    return L._(
        "Game #{game}: its record (every answer, every event, the standings) and its ledger. "
        "With the record, anyone can replay the game and check every move and every payment.",
        game=game_id,
    )


_REFUSALS: dict[StrEnum, Writer] = {
    ReplayCode.NO_GAME: lambda p, n, L: L._("No game #{game} has finished in this server.", game=p["game"]),
    ReplayCode.PRUNED: lambda p, n, L: L._(
        "Game #{game}'s moves were pruned: only its result is kept.", game=p["game"]
    ),
    ReplayCode.DIVERGED: lambda p, n, L: L._(
        "Game #{game} does not replay exactly as it was played, so it is not shown.", game=p["game"]
    ),
    ReplayCode.NO_STEP: lambda p, n, L: L._(
        "Game #{game} has no such turn: its turns go from 0 to {steps}.", game=p["game"], steps=p["steps"]
    ),
}
REFUSALS.register(_REFUSALS)
