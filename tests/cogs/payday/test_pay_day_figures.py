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
