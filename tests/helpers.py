"""simcord actions that fail loudly, and a ready-made table of players; shared by end-to-end tests."""

import re
from typing import NamedTuple

import simcord

from bot.game.strengths import DEFAULT_STRENGTH, Strength

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


class Table(NamedTuple):
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]


def table(env: simcord.Env, n: int = 2) -> Table:
    """A guild with a #payday channel and `n` members named alice, bob, carol..."""
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    return Table(guild, channel, [guild.add_member(env.create_user(name)) for name in NAMES[:n]])


async def slash(
    actor: simcord.MemberActor, channel: simcord.ChannelHandle, command: str, **options
) -> simcord.InteractionResult:
    """`/command` as `actor`. simcord reports an unanswered interaction without failing, so we do."""
    result = await actor.slash(channel, command, **options)
    assert result.acknowledged, f"/{command} {options} by {actor.name} was never answered"
    return result


async def click(actor: simcord.MemberActor, message, **which) -> simcord.InteractionResult:
    """Click the button picked by `label=` or `custom_id=` and insist the bot answered."""
    result = await actor.click(message, **which)
    assert result.acknowledged, f"click {which} by {actor.name} was never answered"
    return result


async def add_computer(
    actor: simcord.MemberActor, lobby, strength: Strength = DEFAULT_STRENGTH
) -> simcord.InteractionResult:
    """Pick `strength` in the lobby's menu of computer players, and insist the bot answered."""
    result = await actor.select(lobby, [strength.value])
    assert result.acknowledged, f"adding a {strength} computer by {actor.name} was never answered"
    return result


WAY_BACK = re.compile(r"↪ .+: https://discord\.com/channels/\d+/\d+/\d+")
"""The line a refusal ends with, linking back to the live message (issue 9.7)."""


def refusal(result: simcord.InteractionResult) -> str:
    """The sentence of a private refusal; any line after it must be the link back to the game."""
    sentence, *rest = result.response.content.split("\n")
    assert all(WAY_BACK.fullmatch(line) for line in rest), rest
    return sentence


async def end_game(actor: simcord.MemberActor, channel: simcord.ChannelHandle) -> simcord.InteractionResult:
    """`/payday end` confirmed: the command only asks, privately; the click on "End the game now"
    ends the game. Returns the click's result (its follow-ups carry the standings)."""
    asked = await slash(actor, channel, "payday end")
    return await click(actor, asked.response.message, label="End the game now")
