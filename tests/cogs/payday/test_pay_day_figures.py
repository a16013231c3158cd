"""One Pay Day, one figure (issue 30.3), through Discord: whole games of every edition, in English
and Italian, and each Pay Day's result in the channel's summary is the one `/payday log` tells, in
the same order; a repayment is shown apart from it, never as a loss."""

import re

import pytest

from tests.cogs.payday.rig import client_locales, play_to_end, random_button, start_game, unescape
from tests.helpers import slash

MONEY = r"([+-]?(?:\$[\d,]+|[\d.]+\xa0\$))"
"""An amount as each language writes it: "+$3,300", "$0"; "-1.500 $" (a no-break space)."""
SUMMARY = re.compile(rf"^↳ .* = {MONEY}", re.MULTILINE)
"""The result a channel's Pay Day summary ends its sums with ("… = -$1,700", "… = -1.700 $")."""
TOLD = {
    "en": re.compile(rf"Pay Day for (\w+): {MONEY}"),
    "it": re.compile(rf"Giorno di paga di (\w+): {MONEY}"),
}
HEAD = {"en": re.compile(r"\*\*Pay Day: (\w+) "), "it": re.compile(r"\*\*Giorno di paga: (\w+) ")}


def summaries(channel, language: str) -> list[tuple[str, str]]:
    """Each Pay Day summary the channel shows, oldest first: (player, result)."""
    found = []
    for message in reversed(channel.history()):
        text = unescape(message.content or "")
        heads = HEAD[language].findall(text)
        results = SUMMARY.findall(text)
        assert len(heads) == len(results), text
        found += zip(heads, results, strict=True)
    return found


async def told(player, channel, language: str) -> list[tuple[str, str]]:
    """Each Pay Day's result as `/payday log` tells it, oldest first (the log reads newest first,
    from page 1)."""
    lines, number, count = [], 1, 1
    while number <= count:
        result = await slash(player, channel, "payday log", page=number)
        [embed] = result.response.embeds
        count = int(re.findall(r"\d+", embed.title)[-1])  # "… page 2 of 3"
        lines += TOLD[language].findall(unescape(embed.description))
        number += 1
    return lines[::-1]


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("ruleset", ["modern", "family", "classic"])
async def test_the_channel_and_the_log_show_each_pay_days_one_result(env, monkeypatch, ruleset, language):
    game = await start_game(env, 3, months=2, ruleset=ruleset, language=language)
    client_locales(monkeypatch)[game.players[1].id] = language  # bob reads the log in the game's language
    await play_to_end(env, game, random_button(11))

    shown = summaries(game.channel, language)

    assert len(shown) == 3 * 2, "every seat's two Pay Days are summed in the channel"
    assert shown == await told(game.players[1], game.channel, language)


RETIRES = {
    "en": re.compile(rf"\*\*Pay Day: (\w+) retires\*\* — .*net worth {MONEY}"),
    "it": re.compile(rf"\*\*Giorno di paga: (\w+) si ritira\*\* — .*patrimonio netto {MONEY}"),
}
STANDING = re.compile(rf"^\*\*\d+\.\*\* (\w+) — {MONEY}\n\*(.*)\*$", re.MULTILINE)
SINCE = {
    "en": re.compile(rf"retired with {MONEY}, then {MONEY} at the table's events"),
    "it": re.compile(rf"ritirato con {MONEY}, poi {MONEY} agli eventi del tavolo"),
}


def dollars(amount: str) -> int:
    """An amount as `MONEY` finds it, in dollars."""
    digits = int(re.sub(r"\D", "", amount))
    return -digits if amount.startswith("-") else digits


async def retirements_agree(env, ruleset: str, language: str, chooser_seed: int) -> list[str]:
    """Play a 4-player game to its end and check each player's standing against their Pay Day's
    retirement line: equal, or the standings say what they retired with and what changed since,
    adding up. Returns the players whose net worth changed after they retired."""
    game = await start_game(env, 4, months=1, ruleset=ruleset, language=language)
    await play_to_end(env, game, random_button(chooser_seed))
    history = [unescape(message.content or "") for message in reversed(game.channel.history())]
    retired_with = {
        name: dollars(worth) for text in history for name, worth in RETIRES[language].findall(text)
    }
    [final] = [m for m in game.channel.history() if m.embeds and "🏆" in (m.embeds[0].title or "")]

    rows = STANDING.findall(unescape(final.embeds[0].description))

    assert len(rows) == 4 and set(retired_with) == {name for name, _, _ in rows}
    changed = []
    for name, worth, story in rows:
        since = SINCE[language].search(story)
        if since is None:
            assert dollars(worth) == retired_with[name], f"{name}'s standing and Pay Day disagree"
        else:
            then, change = map(dollars, since.groups())
            assert then == retired_with[name] and then + change == dollars(worth) and change != 0
            changed.append(name)
    return changed


@pytest.mark.bot(seed=1)
@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_standings_say_what_changed_after_a_player_retired(env, language):
    """Retired players still pay the Walk for Charity and play the Lottery: the standings give
    each one the net worth they retired with (the one their Pay Day said) and what changed since,
    and the two add up to the net worth the standings rank them by. (These seeds make such a game.)"""
    changed = await retirements_agree(env, "modern", language, chooser_seed=5)

    assert changed, "in this game a player who retired early paid or won at the table's events"


@pytest.mark.bot(seed=1)
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("ruleset", ["family", "classic"])
async def test_a_retired_players_line_and_the_standings_agree_in_every_edition(env, ruleset, language):
    await retirements_agree(env, ruleset, language, chooser_seed=5)
