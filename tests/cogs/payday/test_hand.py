"""The hand panel behind My hand (issue 9.4) and standing orders set in it (issue 9.5), as players
see them: private, for seated players only, answering at once as the player, never a real
decision, and still working after a restart."""

import discord
import pytest
import simcord.interactions

from bot.game.orders import LotteryOrder, Orders
from bot.game.state import PendingKind
from tests.bot.game.scripted import stack_mail
from tests.cogs.payday.rig import (
    client_locales,
    field,
    labels,
    live,
    load,
    rigged,
    script,
    start_game,
    stored,
    unescape,
)
from tests.helpers import click, refusal

MY_HAND = "My hand"
ROLL_MINE = "Roll my turns for me"
TABLE_ROLLS = "Roll for me: Radio, Walk, roll-offs"
REFRESH = "Refresh"


def now_stamp() -> str:
    """The panel's "As of" moment as Discord writes it (a relative timestamp), at the virtual now."""
    return f"<t:{int(discord.utils.utcnow().timestamp())}:R>"


def options(panel) -> dict[str, str]:
    """The orders menu's options on a panel (a response payload): label -> value."""
    return {
        option["label"]: option["value"]
        for row in panel.components
        for item in row["components"]
        if item["type"] == 3
        for option in item["options"]
    }


def ticked(panel) -> set[str]:
    return {
        option["label"]
        for row in panel.components
        for item in row["components"]
        if item["type"] == 3
        for option in item["options"]
        if option.get("default")
    }


def fields(panel) -> dict[str, str]:
    [embed] = panel.embeds
    return {f.name: f.value for f in embed.fields}


async def open_hand(env, game, player):
    board = await live(env, game.channel)
    custom_id = next(
        item.custom_id
        for row in board.components
        for item in row.children
        if item.custom_id.startswith("pdh:")
    )
    result = await click(player, board, custom_id=custom_id)
    assert result.ephemeral, f"{player.name}'s hand is private"
    return result.response


async def choose(player, panel, *labels_):
    values = [options(panel)[label] for label in labels_]
    result = await player.select(panel, values)
    assert result.acknowledged
    return result


async def test_my_hand_is_a_private_panel_for_seated_players_only(env):
    game = await start_game(env, 3, months=1)
    _alice, bob, _ = game.players
    async with rigged(env, game.channel) as state:
        state.players[1].loan, state.players[1].cash = 3000, 2000
    board = await live(env, game.channel)
    assert MY_HAND in [item.label for row in board.components for item in row.children]
    assert labels(board) == ["Roll the die"], "My hand answers no question"

    panel = await open_hand(env, game, bob)

    assert panel.embeds[0].title == "Your hand, bob"
    assert panel.embeds[0].description == (
        f"Cash $2,000 · Loan $3,000 · Net worth -$1,000\n🕒 As of {now_stamp()}"
    )
    assert fields(panel)["Next Pay Day forecast"].splitlines()[:3] == [
        "Salary: +$3,500",
        "Loan interest: -$300",
        "**Net: +$3,200**",
    ]
    assert fields(panel)["Standing orders"] == "None: every question is put to you."
    assert {ROLL_MINE, TABLE_ROLLS, "Lottery: always ante on 2", "Lottery: never ante"} <= set(options(panel))
    assert ticked(panel) == set()
    assert labels(panel) == ["Borrow…", "Repay…", REFRESH]

    outsider = await click(game.outsider, await live(env, game.channel), label=MY_HAND)
    assert outsider.ephemeral and refusal(outsider) == "You're not playing in this game."
    assert (await load(env, game.channel)).state.pending.seats == [0], "nothing moved"


async def test_the_roll_order_rolls_at_once_as_the_player_and_the_board_marks_them(env):
    game = await start_game(env, 3, months=1)
    alice = game.players[0]
    await script(env, game.channel, 2)  # alice's die: the Sweepstakes, nothing to ask
    panel = await open_hand(env, game, alice)

    result = await choose(alice, panel, ROLL_MINE)

    table = await load(env, game.channel)
    assert table.seats[0].orders == Orders(roll=True)
    assert table.state.players[0].day == 2 and table.state.pending.seats == [1], "rolled, bob's turn"
    board = await live(env, game.channel)
    latest = unescape(field(board, "Latest"))
    assert "alice rolled ⚁ 2 → Tue 2: Sweepstakes" in latest, "the table sees it as alice's own roll"
    assert "alice** ⟳" in field(board, "Players")
    assert "⟳ plays by standing orders" in board.embeds[0].footer.text
    edited = result.response  # the panel, edited in place
    assert ticked(edited) == {ROLL_MINE}
    assert "I roll your die on your turn." in fields(edited)["Standing orders"]


async def test_every_order_on_still_asks_to_buy_a_deal(env):
    game = await start_game(env, 2, months=1)
    alice, _bob = game.players
    await script(env, game.channel, 4)  # alice lands on a Deal
    panel = await open_hand(env, game, alice)

    await choose(alice, panel, ROLL_MINE, TABLE_ROLLS, "Lottery: always ante on 3")

    table = await load(env, game.channel)
    assert table.seats[0].orders == Orders(True, True, LotteryOrder.ALWAYS, 3)
    assert table.state.pending.kind == PendingKind.DEAL and table.state.pending.seats == [0]
    assert labels(await live(env, game.channel))[-1] == "Decline", "the decision waits for alice"


async def test_a_lottery_order_antes_as_the_player_and_the_others_are_still_asked(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _carol = game.players
    panel = await open_hand(env, game, bob)
    await choose(bob, panel, "Lottery: always ante on 5")
    await script(env, game.channel, 6)  # alice lands on the Lottery

    await click(alice, await live(env, game.channel), label="Roll the die")

    table = await load(env, game.channel)
    assert table.state.pending.kind == PendingKind.LOTTERY
    assert 1 not in table.state.pending.seats and sorted(table.state.pending.seats) == [0, 2]
    assert table.state.pending.wants == {1: 5} or 5 in table.state.pending.picks


async def test_two_lottery_orders_at_once_are_refused_and_change_nothing(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    before = await load(env, game.channel)

    result = await choose(alice, panel, "Lottery: always ante on 1", "Lottery: never ante")

    assert result.ephemeral
    assert refusal(result) == (
        "Choose one Lottery order: a single number, or never. Your orders are unchanged."
    )
    after = await load(env, game.channel)
    assert after.seats[0].orders == Orders() and after.state == before.state


async def test_borrow_asks_the_exact_amount_and_the_engine_checks_it(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)

    form = await click(alice, panel, label="Borrow…")
    assert form.modal is not None and form.modal["title"] == "Borrow from the Bank"
    refused = await alice.submit_modal(form, {"amount": "1500"})
    assert refused.ephemeral
    assert refusal(refused) == "Loans come in steps of $1,000: ask for $1,000, $2,000 and so on."
    assert (await load(env, game.channel)).state.players[0].loan == 0

    form = await click(alice, panel, label="Borrow…")
    done = await alice.submit_modal(form, {"amount": "$2,000"})

    assert (await load(env, game.channel)).state.players[0].cash == 3500 + 2000
    assert done.response.content == "You borrowed $2,000 (loan now $2,000): $200 interest at each Pay Day."
    assert done.response.embeds[0].description.startswith("Cash $5,500 · Loan $2,000")
    form = await click(alice, panel, label="Borrow…")
    nothing = await alice.submit_modal(form, {"amount": "lots"})
    assert refusal(nothing) == (
        "Type a whole number of dollars in steps of $1,000, from $1,000 to $998,000, like 2,000. "
        "Nothing was changed."
    )


@pytest.mark.parametrize(("locale", "typed"), [("en-US", "$1,000.00"), ("it", "1.000,00")])
async def test_an_amount_written_the_players_way_borrows_just_that(env, monkeypatch, locale, typed):
    """Read in the player's own language, cents and all: never $100,000 for "$1,000.00"."""
    locales = client_locales(monkeypatch)
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    locales[alice.id] = locale
    panel = await open_hand(env, game, alice)

    form = await click(alice, panel, label=form_label(locale))
    await alice.submit_modal(form, {"amount": typed})

    player = (await load(env, game.channel)).state.players[0]
    assert (player.loan, player.cash) == (1000, 3500 + 1000)


def form_label(locale: str) -> str:
    return "Prestito…" if locale == "it" else "Borrow…"


@pytest.mark.parametrize("typed", ["1e3", "-500", "²", "2.5", "1,000 2,000", "1.000"])
async def test_text_that_is_no_whole_amount_is_refused_privately_and_changes_nothing(env, typed):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    before = await stored(env, game.channel)

    form = await click(alice, panel, label="Borrow…")
    refused = await alice.submit_modal(form, {"amount": typed})

    assert refused.ephemeral
    assert refusal(refused) == (
        "Type a whole number of dollars in steps of $1,000, from $1,000 to $1,000,000, like 2,000. "
        "Nothing was changed."
    )
    assert await stored(env, game.channel) == before and not env.errors


async def test_an_italian_players_unreadable_repayment_is_refused_in_italian_with_the_step(env, monkeypatch):
    """No repayment is open outside Pay Day, so the sentence names the step and no range."""
    locales = client_locales(monkeypatch)
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    locales[alice.id] = "it"
    async with rigged(env, game.channel) as state:
        state.players[0].loan, state.players[0].cash = 2000, 9000
    panel = await open_hand(env, game, alice)
    before = await stored(env, game.channel)

    form = await click(alice, panel, label="Rimborso…")
    refused = await alice.submit_modal(form, {"amount": "1,000"})

    assert refused.ephemeral
    assert refusal(refused) == (
        "Scrivi un numero intero di dollari, in multipli di 1.000\u00a0$, per esempio 1.000. "
        "Non è cambiato nulla."
    )
    assert await stored(env, game.channel) == before


async def test_repay_outside_pay_day_is_refused_with_one_line_and_answers_the_pay_day_question(env):
    game = await start_game(env, 2, months=2)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        state.players[0].loan, state.players[0].cash = 2000, 9000
    panel = await open_hand(env, game, alice)
    form = await click(alice, panel, label="Repay…")
    refused = await alice.submit_modal(form, {"amount": "1000"})
    assert refusal(refused) == "Loans can only be repaid at your own Pay Day."

    async with rigged(env, game.channel) as state:  # alice reaches her Pay Day
        state.players[0].day = 30
        state.script.append(1)
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert (await load(env, game.channel)).state.pending.kind == PendingKind.REPAY
    panel = await open_hand(env, game, alice)
    assert "Repay now: up to $2,000" in fields(panel)["Loans"]
    form = await click(alice, panel, label="Repay…")
    await alice.submit_modal(form, {"amount": "2000"})

    table = await load(env, game.channel)
    assert table.state.players[0].loan == 0 and table.state.pending.kind != PendingKind.REPAY


@pytest.mark.bot(seed=3)
async def test_the_panel_and_its_form_keep_working_after_a_restart(env, make_bot):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    form = await click(alice, panel, label="Borrow…")

    await env.bot.close()  # a clean shutdown: timers cancelled, store closed
    await env.restart_bot(make_bot(seed=3))

    await alice.submit_modal(form, {"amount": "1000"})
    assert (await load(env, game.channel)).state.players[0].loan == 1000
    await script(env, game.channel, 2)
    await choose(alice, panel, ROLL_MINE)
    table = await load(env, game.channel)
    assert table.seats[0].orders == Orders(roll=True) and table.state.players[0].day == 2
    again = await open_hand(env, game, alice)
    assert ticked(again) == {ROLL_MINE}


async def test_the_panel_speaks_the_players_own_language(env, monkeypatch):
    """Private, so in the clicking player's Discord language (Italian here), whatever the game's."""
    build = simcord.interactions.base_payload

    def italian_client(backend, **fields):
        record, payload = build(backend, **fields)
        payload["locale"] = "it"
        return record, payload

    game = await start_game(env, 2, months=1)
    monkeypatch.setattr(simcord.interactions, "base_payload", italian_client)

    panel = await open_hand(env, game, game.players[1])

    assert panel.embeds[0].title == "Le tue carte, bob"
    assert "Ordini permanenti" in fields(panel)
    assert "Tira il dado per me" in options(panel)
    assert labels(panel) == ["Prestito…", "Rimborso…", "Aggiorna"]


async def test_the_hand_lists_a_bill_drawn_on_mail_x3_before_a_deal_decision(env):
    """A Move Ahead opened first leads to a Deal decision: the bills drawn with it are the
    player's already, and the hand lists them as the Latest line says they were drawn."""
    game = await start_game(env, 3, months=1)
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        stack_mail(state, "Hot Tip", "New Roof", "Braces")
        state.players[0].day = 2
    await script(env, game.channel, 1)  # alice lands on Mail ×3
    await click(alice, await live(env, game.channel), label="Roll the die")
    table = await load(env, game.channel)
    if table.state.pending.kind != PendingKind.DEAL:  # the Move Ahead's choice of day
        await click(alice, await live(env, game.channel), label=labels(await live(env, game.channel))[0])
    assert (await load(env, game.channel)).state.pending.kind == PendingKind.DEAL
    assert "New Roof" in unescape(field(await live(env, game.channel), "Latest"))

    panel = await open_hand(env, game, alice)

    assert fields(panel)["Due at your next Pay Day"] == (
        "• Bill $5,000: New Roof\n• Bill $3,000: Braces\n**Total: $8,000**"
    )
