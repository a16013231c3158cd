"""Choices in plain sight (issue 17, points 5 and 9): at a Buyer each Deal has its own sale button,
and the Lottery says before anyone clicks who picks first and which numbers are held for whom, in
the question on the live message and in the refusal a player gets for a held number."""

import pytest

from bot.render.language.i18n import lang
from tests.bot.game.scripted import give_deals
from tests.cogs.payday.rig import client_locales, field, labels, live, load, rigged, start_game, unescape
from tests.helpers import click, refusal

NBSP = "\u00a0"
"""Italian money: "14.000 $", the amount and the sign never apart."""
SALE = {
    "en": {
        "ask": "**alice** found a Buyer: sell one Deal at its value, or keep them all?\n"
        "• Rocket Ship International: sells for $20,000, profit $8,000\n"
        "• Teen Jeans: sells for $14,000, profit $7,000\n"
        "• Laughing Gas: sells for $13,000, profit $5,500",
        "buttons": [
            "Sell Rocket Ship Interna…",
            "Sell Teen Jeans",
            "Sell Laughing Gas",
            "Keep them all",
        ],
        "sold": "alice sold Teen Jeans",
    },
    "it": {
        "ask": "**alice** ha trovato un Acquirente: vendere un Affare al suo valore o tenerli tutti?\n"
        "• Razzi Internazionali: si vende a 20.000 $, guadagno 8.000 $\n"
        "• Jeans Giovanissimi: si vende a 14.000 $, guadagno 7.000 $\n"
        "• Gas Esilarante: si vende a 13.000 $, guadagno 5.500 $".replace(" $", NBSP + "$"),
        "buttons": [
            "Vendi Razzi Internaziona…",
            "Vendi Jeans Giovanissimi",
            "Vendi Gas Esilarante",
            "Tienili tutti",
        ],
        "sold": "alice vende Jeans Giovanissimi",
    },
}


@pytest.mark.parametrize("code", ["en", "it"])
async def test_at_a_buyer_a_player_sells_one_of_three_deals_with_its_own_button(env, code):
    words = SALE[code]
    game = await start_game(env, 3, months=1, language=code)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        give_deals(state, 0, "Teen Jeans", "Rocket Ship International", "Laughing Gas")
        state.players[0].day = 3
        state.script.append(6)  # alice lands on day 9, Found a Buyer
    await click(alice, await live(env, game.channel), label=lang(code)._("Roll the die"))

    board = await live(env, game.channel)
    assert words["ask"] in unescape(board.embeds[-1].description)
    assert labels(board) == words["buttons"]  # no menu: every sale is one click away
    assert len(board.components[0].children) == 5  # the three sales and Keep share the first row

    cash = (await load(env, game.channel)).state.players[0].cash
    await click(alice, board, label=words["buttons"][1])
    state = (await load(env, game.channel)).state
    assert state.players[0].cash == cash + 14_000
    assert len(state.players[0].deals) == 2
    assert words["sold"] in unescape(field(await live(env, game.channel), lang(code)._("Latest")))


LOTTERY = {
    "en": {
        "order": "Numbers go in turn: **alice**\u00a0→ bob\u00a0→ carol, so a number two players ask for "
        "goes to the earlier one.",
        "held by carol": "Held: 4 for carol unless alice or bob takes it first.",
        "held by bob": "Held: 4 for bob unless alice takes it first.",
        "refused": "Number 4 goes to bob, who picks before you in turn: pick another number.",
        "taken": "Taken: 4 (bob).",
    },
    "it": {
        "order": "I numeri si scelgono a turno: **alice**\u00a0→ bob\u00a0→ carol; se due chiedono lo stesso "
        "numero, va a chi viene prima.",
        "held by carol": "Prenotati: il 4 per carol, se alice o bob non lo prende prima.",
        "held by bob": "Prenotati: il 4 per bob, se alice non lo prende prima.",
        "refused": "Il numero 4 va a bob, che sceglie prima di te: scegline un altro.",
        "taken": "Presi: 4 (bob).",
    },
}


@pytest.mark.parametrize("code", ["en", "it"])
async def test_the_lottery_says_who_picks_first_and_which_numbers_are_held_for_whom(env, code, monkeypatch):
    words, L = LOTTERY[code], lang(code)
    locales = client_locales(monkeypatch)  # refusals speak the clicker's language
    game = await start_game(env, 3, months=1, language=code)
    locales.update({player.id: code for player in game.players})
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        state.script.append(6)  # alice lands on day 6, the Lottery
    await click(alice, await live(env, game.channel), label=L._("Roll the die"))

    board = await live(env, game.channel)
    asked = board.embeds[-1].description
    assert asked.splitlines()[1] == words["order"]  # a line of its own, under the stakes
    assert words["held by carol"].split(":")[0] not in asked
    rows = [[button.label for button in row.children] for row in board.components]
    assert rows[:2] == [["1", "2", "3"], ["4", "5", "6"]]  # the numbers together, Sit out after them
    assert rows[2][0] == L._("Sit out")

    # carol, last in turn, clicks first: her 4 is held for her, and the table can see until when.
    answer = await click(carol, board, label="4")
    assert not answer.ephemeral
    assert words["held by carol"] in (await live(env, game.channel)).embeds[-1].description.splitlines()

    # bob comes before her: his 4 wins, she is asked again, and everybody sees why.
    await click(bob, await live(env, game.channel), label="4")
    asked = (await live(env, game.channel)).embeds[-1].description
    assert words["held by bob"] in asked.splitlines() and words["held by carol"] not in asked

    # carol tries the 4 again: a private sentence names who has it and why, and nothing changes.
    tried = await click(carol, await live(env, game.channel), label="4")
    assert tried.ephemeral and refusal(tried) == words["refused"]

    await click(alice, await live(env, game.channel), label=L._("Sit out"))
    asked = (await live(env, game.channel)).embeds[-1].description
    assert words["taken"] in asked.splitlines()
    assert (await load(env, game.channel)).state.pending.picks == {4: 1}
