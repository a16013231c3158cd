"""The rule points of issue 6 a player sees, played through Discord (docs/RULES.md): Monster Charges
paid off with their interest and never carried past the last Pay Day (§2.9), Lottery numbers in
turn order from the lander (§2.4), Mad Money and Pay a Neighbor among players still playing (§2.8),
and the classic Swellfare bet from a select menu in $5 steps (§4.6)."""

import simcord

from bot.game.rulesets import RULESETS
from bot.game.state import GameState
from tests.cogs.payday.rig import (
    choose_option,
    field,
    labels,
    live,
    load,
    menu_options,
    rigged,
    script,
    start_game,
    unescape,
)
from tests.helpers import click, refusal, slash


def take_mail(state: GameState, name: str) -> int:
    """The Mail card called `name`, out of whichever pile holds it (so it sits in one place only)."""
    card = next(i for i, c in enumerate(RULESETS[state.ruleset].mail) if c.name == name)
    for pile in (state.mail_deck, state.mail_discard):
        if card in pile:
            pile.remove(card)
    return card


async def at_pay_day_holding(env: simcord.Env, game, card_name: str) -> None:
    """alice stands on day 30 holding `card_name`; her next roll (a 1) reaches Pay Day."""
    async with rigged(env, game.channel) as state:
        alice = state.players[0]
        alice.day = 30
        alice.mail.append(take_mail(state, card_name))
        state.script.append(1)


# -- §2.9 Monster Charges -------------------------------------------------------------------------
async def test_paying_a_monster_charge_off_costs_the_interest_plus_the_balance(env):
    game = await start_game(env, 2, months=2)
    alice = game.players[0]
    await at_pay_day_holding(env, game, "Mega Mall Card")  # the $4,000 Monster Charge
    await click(alice, await live(env, game.channel), label="Roll the die")

    board = await live(env, game.channel)
    assert (
        "**alice**, Monster Charge of $4,000: pay it off ($4,400 with the interest), or pay $400 "
        "interest and carry the balance to next month?"
    ) in board.embeds[-1].description
    assert labels(board) == ["Pay it off: $4,400", "Pay $400 and carry"]
    await click(alice, board, label="Pay it off: $4,400")

    table = await load(env, game.channel)
    assert table.state.players[0].cash == 3500 + 3500 - 4400 and table.state.players[0].carried == []
    board = await live(env, game.channel)
    assert "↳ salary +$3,500 · Monster Charges -$4,400 = -$900" in board.content
    assert unescape(field(board, "Latest")).endswith("💵 Pay Day for alice: -$900; month 2 begins")


async def test_a_carried_charge_stays_in_hand_and_the_last_pay_day_pays_it_off_without_asking(env):
    game = await start_game(env, 2, months=2)
    alice, bob = game.players
    await at_pay_day_holding(env, game, "Platinum Shopper Card")  # $3,000
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="Pay $300 and carry")

    table = await load(env, game.channel)
    card = table.state.players[0].carried[0]
    assert card not in table.state.mail_deck and card not in table.state.mail_discard
    [hand] = (await slash(alice, game.channel, "payday hand")).response.embeds
    charges = {f.name: f.value for f in hand.fields}["Monster Charges"]
    assert "Platinum Shopper Card $3,000: paying it off costs $3,300" in charges  # her last month next
    assert "carried $3,000" in field(await live(env, game.channel), "Players")

    await script(env, game.channel, 2)  # bob's turn: Sweepstakes, no question
    await click(bob, await live(env, game.channel), label="Roll the die")
    async with rigged(env, game.channel) as state:  # alice's last month: she reaches day 30
        state.players[0].day = 30
        state.script.append(1)
    await click(alice, await live(env, game.channel), label="Roll the die")

    table = await load(env, game.channel)
    alice_now = table.state.players[0]
    assert alice_now.retired and alice_now.carried == [] and card in table.state.mail_discard
    assert table.state.pending.seats == [1]  # no Monster Charge question: the game waits for bob
    assert alice_now.cash == 3500 + 3500 - 300 + 3500 - 3300
    [notice] = [m.content.split("\n\n")[0] for m in game.channel.history() if "alice retires" in m.content]
    head, breakdown = notice.split("\n")
    assert head.endswith(f"net worth ${alice_now.cash - alice_now.loan:,}")  # nothing carried
    assert breakdown == "↳ salary +$3,500 · Monster Charges -$3,300 = +$200"  # paid off, not asked
    board = await live(env, game.channel)
    assert unescape(field(board, "Latest")).endswith(
        f"🏁 Pay Day for alice: +$200. alice retires with a net worth of ${alice_now.cash - alice_now.loan:,}"
    )  # salary $3,500, the charge paid off $3,300


# -- §2.4 the Lottery, in turn order from the lander ---------------------------------------------------
async def test_a_quicker_neighbour_never_takes_the_landers_number(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 6, 5)  # alice reaches the Lottery; the draw rolls 5
    await click(alice, await live(env, game.channel), label="Roll the die")

    await click(carol, await live(env, game.channel), label="4")  # carol is quickest
    board = await live(env, game.channel)
    assert "Held: 4 for carol unless alice or bob takes it first." in board.embeds[-1].description
    assert (await load(env, game.channel)).state.pot == 0  # nothing paid before alice and bob answer

    await click(alice, board, label="4")  # the lander asked for it too: it is hers
    board = await live(env, game.channel)
    text = board.embeds[-1].description
    assert "Taken: 4 (alice)." in text and "Waiting for **bob** and **carol**." in text
    assert "4" not in labels(board)
    assert "Number 4 went to a player before carol in turn order: carol picks again" in unescape(
        field(board, "Latest")
    )

    await click(carol, board, label="5")
    await click(bob, await live(env, game.channel), label="Sit out")
    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3400, 3500, 3500 - 100 + 1200]
    assert unescape(field(await live(env, game.channel), "Latest")).endswith(
        "🎟️ Lottery: 5 came up after 1 roll — carol wins $1,200"
    )


# -- §2.8 Mad Money and Pay a Neighbor ----------------------------------------------------------------
async def test_mad_money_offers_only_the_players_still_playing(env):
    game = await start_game(env, 4, months=1)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        dave_ = state.players[3]
        dave_.retired, dave_.months_done, dave_.day = True, 1, 31
        state.mail_deck.append(take_mail(state, "Sold Your Old Couch"))  # $2,000 Mad Money on top
        state.script.append(1)  # alice rolls onto day 1: one Mail card
    await click(alice, await live(env, game.channel), label="Roll the die")

    board = await live(env, game.channel)
    assert labels(board) == ["bob", "carol"]  # dave has retired: not a choice
    await click(alice, board, label="carol")
    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [5500, 3500, 1500, 3500]


async def test_pay_a_neighbor_with_everyone_else_retired_does_nothing_and_says_why(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    async with rigged(env, game.channel) as state:
        bob_ = state.players[1]
        bob_.retired, bob_.months_done, bob_.day = True, 1, 31
        state.mail_deck.append(take_mail(state, "Fence Dispute"))  # $2,000 Pay a Neighbor on top
        state.script.append(1)
    await click(alice, await live(env, game.channel), label="Roll the die")

    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3500, 3500]
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert (
        "alice's Pay a Neighbor $2,000: Fence Dispute does nothing: every other player has retired" in latest
    )


# -- §4.6 the classic Swellfare bet ---------------------------------------------------------------------
async def test_a_swellfare_bet_is_chosen_from_a_menu_of_5_dollar_steps(env):
    game = await start_game(env, 2, months=1, ruleset="classic")
    alice, bob = game.players
    async with rigged(env, game.channel) as state:
        alice_ = state.players[0]
        alice_.cash, state.bank_received = 10, state.bank_received + 315  # alice is nearly broke...
        alice_.mail.append(take_mail(state, "Hospital Stay"))  # ...and owes a $200 bill
        state.mail_deck.append(take_mail(state, "Swellfare Office"))
        state.script.extend([1, 6])  # onto day 1 (Mail); the Swellfare roll is a 6
    await click(alice, await live(env, game.channel), label="Roll the die")

    board = await live(env, game.channel)
    assert "**Swellfare**" in board.embeds[-1].description and labels(board) == []
    options = menu_options(board)
    assert list(options) == ["Bet nothing", *(f"Bet ${bet}" for bet in range(5, 101, 5))]

    refused = await bob.select(board, [options["Bet $5"]])
    assert refused.ephemeral and refusal(refused) == "It's not your move: the game is waiting for alice."
    await choose_option(alice, board, "Bet $35")

    table = await load(env, game.channel)
    assert table.state.players[0].cash == 10 + 350
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert "alice bet $35 on Swellfare\nalice rolled a 6 (Swellfare)" in latest
    assert "alice collected $350 from the Bank (Swellfare win)" in latest
