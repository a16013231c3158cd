"""The live message as the table reads it (issue 17, points 2 and 6): Latest says each happening in
one line — a purchase with its price, a Lottery's antes and its winner — and a finished Pay Day
rides on the message as a block with its breakdown, in the game's language."""

import pytest

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import deal_card, field, live, load, mail_card, rigged, start_game, unescape
from tests.cogs.payday.test_computer_seat import until_a_human_is_asked
from tests.cogs.payday.test_kick import bobs_turn
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK
from tests.helpers import click, slash

IT = lang("it")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "alice rolled ⚀ 1 → Thu 4: Deal\nalice bought Pete's Pizza Palace for $8,000, borrowing $5,000",
        ),
        (
            "it",
            "alice tira ⚀ 1 → Gio 4: Affare\nalice compra Il Palazzo della Pizza di Peppe per "
            f"{IT.money(8000)}, con un prestito di {IT.money(5000)}",
        ),
    ],
)
async def test_a_purchase_is_one_latest_line_with_its_price(env, language, expected):
    L = lang(language)
    game = await start_game(env, 3, months=1, language=language)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        state.players[0].day = 3
        state.deal_deck.append(deal_card("Pete's Pizza Palace"))
        state.script.append(1)

    await click(alice, await live(env, game.channel), label=L._("Roll the die"))
    await click(alice, await live(env, game.channel), label=L._("Buy, borrow {loan}", loan=L.money(5000)))

    latest = unescape(field(await live(env, game.channel), L._("Latest")))
    assert latest.endswith(expected)
    assert L.money(8000) not in latest.replace(expected, "")  # the payment has no line of its own


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "Lottery at $100 a number: alice on 1 and bob on 2; carol sat out\n"
            "🎟️ Lottery: 2 came up after 3 rolls — bob wins $1,200",
        ),
        (
            "it",
            f"Lotteria, {IT.money(100)} a numero: alice sul 1 e bob sul 2; carol non partecipa\n"
            f"🎟️ Lotteria: esce il 2 dopo 3 tiri — bob vince {IT.money(1200)}",
        ),
    ],
)
async def test_a_lottery_is_a_line_of_antes_and_a_line_naming_the_winner_and_the_prize(
    env, language, expected
):
    L = lang(language)
    game = await start_game(env, 3, months=1, language=language)
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = 5
        state.script.extend([1, 5, 6, 2])  # alice to day 6; the draw: 5, 6, then bob's 2

    await click(alice, await live(env, game.channel), label=L._("Roll the die"))
    await click(alice, await live(env, game.channel), label="1")
    await click(bob, await live(env, game.channel), label="2")
    await click(carol, await live(env, game.channel), label=L._("Sit out"))

    assert [p.cash for p in (await load(env, game.channel)).state.players] == [3400, 4600, 3500]
    latest = unescape(field(await live(env, game.channel), L._("Latest")))
    assert latest.endswith(expected)
    assert "(Lottery draw)" not in latest and "(Estrazione" not in latest


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "💵 **Pay Day: alice starts month 2** — cash $0 · loan $2,000 · net worth -$2,000\n"
            "↳ salary +$3,500 · loan interest -$200 · 1 bill -$5,000 = -$1,700 · repaid $1,000"
            " · borrowed $1,000",
        ),
        (
            "it",
            f"💵 **Giorno di paga: alice comincia il mese 2** — contanti {IT.money(0)}"
            f" · prestito {IT.money(2000)} · patrimonio netto {IT.money(-2000)}\n"
            f"↳ salario +{IT.money(3500)} · interessi sul prestito {IT.money(-200)} · 1 bolletta"
            f" {IT.money(-5000)} = {IT.money(-1700)} · rimborso {IT.money(1000)}"
            f" · nuovo prestito {IT.money(1000)}",
        ),
    ],
)
async def test_a_pay_day_shows_its_breakdown_across_the_question_it_asked(env, language, expected):
    L = lang(language)
    game = await start_game(env, 3, months=2, language=language)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        a = state.players[0]
        a.day, a.cash, a.loan, a.mail = 30, 1700, 2000, [mail_card("New Roof")]  # a $5,000 bill
        state.script.append(1)

    await click(alice, await live(env, game.channel), label=L._("Roll the die"))  # salary, interest; repay?
    await click(alice, await live(env, game.channel), label=L._("Repay {amount}", amount=L.money(1000)))

    board = await live(env, game.channel)
    assert unescape(board.content).startswith(expected + "\n\n")  # then the call of the next player
    latest = unescape(field(board, L._("Latest")))
    assert latest.splitlines()[-1] == "💵 " + L._(
        "Pay Day for {player}: {result}; month {month} begins", player="alice", result=L.money(-1700), month=2
    )


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_seat_the_computer_plays_reads_as_the_computers_in_latest(env):
    game = await start_game(env, 3, months=1)
    bob = game.players[1]
    await bobs_turn(env, game)  # alice rolled a 2; bob's die will show 3
    await slash(bob, game.channel, "payday leave")
    await until_a_human_is_asked(env, game.channel)  # the computer rolls for bob

    lines = unescape(field(await live(env, game.channel), "Latest")).splitlines()
    # The roll, or (when the Mail cards bring on more than the five lines shown) what followed it:
    # a card drawn, or a bill paid.
    assert "🤖 bob rolled ⚂ 3 → Wed 3: 3 Mail cards" in lines or lines[0].startswith("🤖 bob ")
    assert not any(line.startswith("bob ") for line in lines)  # every line of the computer's is marked
    assert not any(line.startswith(("🤖 alice", "🤖 carol")) for line in lines)  # the players' unmarked
