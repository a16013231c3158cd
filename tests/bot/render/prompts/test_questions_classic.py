"""The classic edition's questions in words and buttons, and the savings and insurance on the board."""

from bot.game.actions import ActionKind
from bot.game.orders import Orders
from bot.game.state import PendingKind
from bot.render import embeds
from bot.render.language.hand import hand_panel
from bot.render.prompts.answers import choices
from bot.render.prompts.layout import MAX_ROWS, MENU_OPTIONS, Menu, rows
from bot.render.prompts.questions import question
from bot.table import Seat, Table
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    ENGLISH,
    act,
    asked,
    game,
    hold_mail,
    land,
    set_cash,
    set_loan,
    set_savings,
    stack_deal,
    stack_mail,
)

NAMES = ["Ann", "Bob", "Cat"]


def buttons(st) -> list[tuple[str, str, int]]:
    return [(ch.label, ch.kind, ch.value) for ch in choices(st, ENGLISH)]


def table_for(st) -> Table:
    seats = [Seat(user_id=100 + i, name=name) for i, name in enumerate(NAMES)]
    return Table(
        host_id=100, ruleset="classic", turn_seconds=60, interrupt_seconds=60, seed=0, seats=seats, state=st
    )


def menus(st) -> dict[str, list[tuple[str, str, int]]]:
    """Each select menu of the question: placeholder -> its options (label, kind, value)."""
    return {
        row.placeholder: [(c.label, c.kind, c.value) for c in row.options]
        for row in rows(choices(st, ENGLISH))
        if isinstance(row, Menu)
    }


def test_banking_offers_done_and_a_menu_per_open_move_with_a_spread_of_amounts():
    st = game(3, ruleset="classic")
    set_cash(st, ANN, 5000)
    set_loan(st, ANN, 3000)
    land(st, ANN, 31)  # 5,325 - 600 interest: 30 repayments possible
    assert asked(st) == (PendingKind.BANKING, [ANN])
    text = question(st, NAMES, ENGLISH)
    assert text.startswith("**Ann**, Pay Day banking ($4,725 cash, $3,000 loan, $0 savings)")
    assert "then press Done" in text
    assert len(rows(choices(st, ENGLISH))) <= MAX_ROWS
    assert [(c.label, c.kind) for c in choices(st, ENGLISH) if not c.menu] == [("Done", ActionKind.DONE)]
    repays = [value for _, kind, value in menus(st)["Repay…"] if kind == ActionKind.REPAY]
    assert repays[0] == 100 and repays[-1] == 3000 and len(repays) == MENU_OPTIONS
    act(st, ANN, ActionKind.REPAY, 3000)  # now deposits open: Done + deposits
    deposits = menus(st)["Deposit…"]
    assert ("Deposit $100", ActionKind.DEPOSIT, 100) in deposits and (
        "Deposit $1,700",
        ActionKind.DEPOSIT,
        1700,
    ) in deposits
    assert len(rows(choices(st, ENGLISH))) <= MAX_ROWS


def test_banking_with_savings_offers_deposits_and_withdrawals_side_by_side():
    st = game(3, ruleset="classic")
    set_cash(st, ANN, 2000)
    set_savings(st, ANN, 3000)
    land(st, ANN, 31)  # savings 3,300 after interest
    assert len(rows(choices(st, ENGLISH))) == MAX_ROWS  # Done, then a menu for each way
    assert set(menus(st)) == {"Deposit…", "Withdraw…"}
    withdrawals = menus(st)["Withdraw…"]
    assert ("Withdraw $3,300", ActionKind.WITHDRAW, 3300) in withdrawals and (
        "Withdraw $100",
        ActionKind.WITHDRAW,
        100,
    ) in withdrawals


def test_a_few_banking_moves_are_buttons():
    st = game(3, ruleset="classic")
    set_loan(st, ANN, 200)
    land(st, ANN, 31)  # repay $100 or $200: no menu for two amounts
    assert buttons(st) == [
        ("Repay $100", ActionKind.REPAY, 100),
        ("Repay $200", ActionKind.REPAY, 200),
        ("Done", ActionKind.DONE, 0),
    ]
    assert len(rows(choices(st, ENGLISH))) == 1


def test_swellfare_bets_are_a_select_menu_of_every_5_dollar_step():
    """docs/RULES.md §4.6: any bet up to $100 in $5 steps; 21 amounts fit one select menu."""
    st = game(3, ruleset="classic")
    set_cash(st, ANN, 10)
    hold_mail(st, ANN, "Hospital Stay")
    stack_mail(st, "Swellfare Office")
    land(st, ANN, 1)
    assert question(st, NAMES, ENGLISH) == (
        "**Ann**, **Swellfare**: you owe more than you hold. Bet up to $100 in $5 steps on one roll "
        "— a 5 or 6 pays 10× the bet, anything else sends the bet to the Pot."
    )
    offered = choices(st, ENGLISH)
    assert {c.menu for c in offered} == {"Choose your bet"}
    assert [(c.label, c.value) for c in offered[:3]] == [("Bet nothing", 0), ("Bet $5", 5), ("Bet $10", 10)]
    assert [c.value for c in offered] == list(range(0, 101, 5)) and len(offered) == 21


def test_insurance_buy_or_decline():
    st = game(3, ruleset="classic")
    stack_mail(st, "Aches & Pains Insurance Co. Family Plan")
    land(st, ANN, 1)
    assert question(st, NAMES, ENGLISH) == (
        "**Ann**, buy **Aches & Pains Insurance Co. Family Plan** for $75? It cancels every health bill, "
        "the ones you hold too, for the rest of the game."
    )
    assert buttons(st) == [("Buy for $75", ActionKind.BUY, 0), ("Decline", ActionKind.DECLINE, 0)]


def test_poker_put_in_or_sit_out_then_the_pot_roll_off():
    st = game(3, ruleset="classic")
    land(st, ANN, 5, roll=5)
    act(st, BOB, ActionKind.PUT_IN)
    text = question(st, NAMES, ENGLISH)
    assert text.startswith("**Poker Game!** Put $100 in or sit out") and "In so far: Bob." in text
    assert buttons(st) == [("Put in $100", ActionKind.PUT_IN, 0), ("Sit out", ActionKind.SIT_OUT, 0)]
    act(st, ANN, ActionKind.PUT_IN)
    act(st, CAT, ActionKind.SIT_OUT)
    assert question(st, NAMES, ENGLISH) == (
        "**Poker Game:** **Ann** and **Bob**, roll — the highest roll takes the $200 pot."
    )


def test_the_commission_roll_off_names_the_deal():
    st = game(3, ruleset="classic")
    stack_deal(st, "Car Wash")
    land(st, ANN, 2, roll=2)
    act(st, ANN, ActionKind.BUY)
    text = question(st, NAMES, ENGLISH)
    assert text.startswith("**Commission on Car Wash: everyone rolls.** **Ann**, **Bob** and **Cat**, roll")
    assert "collects $35 from the Bank" in text
    assert buttons(st) == [("Roll the die", ActionKind.ROLL, 0)]


def test_the_board_and_the_hand_show_savings_and_insurance():
    st = game(3, ruleset="classic")
    set_savings(st, ANN, 400)
    st.players[ANN].insured = ["car"]
    table = table_for(st)
    embed = embeds.game_embed(table, 7, ENGLISH)
    players = next(f.value for f in embed.fields if f.name == "Players")
    first, second = players.split("\n")[:2]
    assert "savings $400" in first and "insured: car" in first
    assert "savings" not in second and "insured" not in second
    hand = hand_panel(st, ANN, "Ann", Orders(), ENGLISH).summary
    assert "Savings $400" in hand and "Net worth $725" in hand
    assert "Insured: your car bills are cancelled." in hand
    assert "Savings $0" in hand_panel(st, BOB, "Bob", Orders(), ENGLISH).summary
    assert "Insured" not in hand_panel(st, BOB, "Bob", Orders(), ENGLISH).summary


def test_the_board_calls_the_jackpot_the_pot():
    st = game(3, ruleset="classic")
    land(st, ANN, 12, roll=2)  # Town Election: $150 into the Pot
    embed = embeds.game_embed(table_for(st), 7, ENGLISH)
    assert embed.description == "**Pot** $150 · the next 6 wins it" and "Jackpot" not in str(embed.to_dict())
    st.election_held = False  # as once the Pot is won: lost Swellfare bets wait for an election
    assert (
        embeds.game_embed(table_for(st), 7, ENGLISH).description == "**Pot** $150 · waits for a Town Election"
    )
