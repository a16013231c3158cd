"""The hand panel in words (issue 9.4): what a player reads, and that it fits an embed."""

from bot.game.cards import MailKind
from bot.game.orders import LotteryOrder, Orders
from bot.game.rulesets import RULESETS
from bot.render import hand_view
from bot.render.components import Button, OpenHand, game_rows
from bot.render.language.hand import FIELD_LIMIT, hand_panel, orders_text
from bot.render.language.i18n import lang
from bot.render.prompts.layout import Choice
from cogs.payday.live._controls import view
from tests.bot.game.scripted import (
    ANN,
    carry_charge,
    game,
    give_deals,
    hold_mail,
    land,
    place,
    set_cash,
    set_loan,
    set_savings,
)
from tests.bot.game.test_hand import at_the_repay_question

EN = lang("en")


def sections(panel) -> dict[str, str]:
    return dict(panel.sections)


def test_the_panel_shows_cash_loan_bills_and_their_total():
    state = game(3)
    set_cash(state, ANN, 2000)
    set_loan(state, ANN, 4000)
    hold_mail(state, ANN, (MailKind.BILL, 5000), (MailKind.BILL, 600), (MailKind.BILL, 300))
    panel = hand_panel(state, ANN, "Ann", Orders(), EN)
    assert panel.title == "Your hand, Ann"
    assert "Cash $2,000" in panel.summary and "Loan $4,000" in panel.summary
    due = sections(panel)["Due at your next Pay Day"]
    assert "Bill $5,000: New Roof" in due and "**Total: $5,900**" in due


def test_the_forecast_reads_salary_interest_bills_and_the_shortfall():
    state = game(3)
    set_cash(state, ANN, 2000)
    set_loan(state, ANN, 4000)
    hold_mail(state, ANN, (MailKind.BILL, 5000), (MailKind.BILL, 600), (MailKind.BILL, 300))
    text = sections(hand_panel(state, ANN, "Ann", Orders(), EN))["Next Pay Day forecast"]
    assert text.splitlines() == [
        "Salary: +$3,500",
        "Loan interest: -$400",
        "Bills: -$5,900",
        "**Net: -$2,800**",
        "You are $800 short: the Bank will lend it in $1,000 steps.",
    ]


def test_monster_charges_show_both_costs():
    state = game(3, months=3)
    carry_charge(state, ANN, (MailKind.MONSTER, 4000))
    text = sections(hand_panel(state, ANN, "Ann", Orders(), EN))["Monster Charges"]
    assert "Mega Mall Card $4,000: carry it $400 · pay it off $4,400" in text


def test_deals_show_cost_value_and_the_buyer_days_left():
    state = game(3, months=2)
    give_deals(state, ANN, "Teen Jeans")
    place(state, ANN, 24)
    text = sections(hand_panel(state, ANN, "Ann", Orders(), EN))["Your Deal"]
    assert "Teen Jeans (cost $7,000, sells for $14,000)" in text
    assert "2 Buyer days left this month" in text and "5 in the months after" in text


def test_a_deal_with_no_buyer_day_left_says_so():
    state = game(3, months=1)
    give_deals(state, ANN, "Teen Jeans")
    place(state, ANN, 30)
    text = sections(hand_panel(state, ANN, "Ann", Orders(), EN))["Your Deal"]
    assert "No Buyer day is left in your game" in text


def test_mid_pay_day_the_panel_shows_what_is_still_to_come():
    state = at_the_repay_question()
    panel = sections(hand_panel(state, ANN, "Ann", Orders(), EN))
    assert "**Total: $5,900**" in panel["Still due at this Pay Day"]
    assert "Bills: -$5,900" in panel["This Pay Day, still to come"]
    assert "Repay now: up to $3,000" in panel["Loans"]


def test_classic_shows_savings_and_tickets():
    state = game(3, ruleset="classic")
    set_savings(state, ANN, 500)
    hold_mail(state, ANN, (MailKind.TICKET, 200))
    place(state, ANN, 10)
    panel = hand_panel(state, ANN, "Ann", Orders(), EN)
    assert "Savings $500" in panel.summary
    tickets = sections(panel)["Lottery Tickets"]
    assert "3 Lottery Draws left this month" in tickets
    assert "No loan while you have savings" in sections(panel)["Loans"]


def test_the_orders_section_says_what_is_done_for_the_player():
    assert orders_text(Orders(), 0, EN) == "None: every question is put to you."
    text = orders_text(Orders(roll=True, table_rolls=True, lottery=LotteryOrder.ALWAYS, number=5), 0, EN)
    assert "I roll your die on your turn" in text and "ante on 5" in text
    assert text.endswith("Every real decision is still put to you.")
    assert "you sit out" in orders_text(Orders(lottery=LotteryOrder.NEVER), 0, EN)


def test_every_section_fits_an_embed_field_even_with_every_deal():
    state = game(2)
    give_deals(
        state, ANN, *[card for card in range(len(RULESETS["modern"].deals)) if card != state.yard_sale]
    )
    hold_mail(
        state, ANN, *[i for i, card in enumerate(RULESETS["modern"].mail) if card.kind == MailKind.BILL]
    )
    for L in (EN, lang("it")):
        panel = hand_panel(state, ANN, "Ann", Orders(roll=True), L)
        for heading, text in panel.sections:
            assert 0 < len(text) <= FIELD_LIMIT and len(heading) <= 256
        deals = next(text for heading, text in panel.sections if "23" in heading)
        assert deals.splitlines()[-2].startswith("…") or deals.count("•") == 23


def test_the_panel_and_its_controls_are_all_italian():
    """Every sentence of the panel, in every state a test here builds, has its Italian."""
    it = lang("it")
    before = set(it.missing)
    states = []
    modern = game(3, months=2)
    set_loan(modern, ANN, 3000)
    hold_mail(modern, ANN, (MailKind.BILL, 5000), (MailKind.MONSTER, 4000))
    give_deals(modern, ANN, "Teen Jeans", "Laughing Gas")
    states.append(modern)
    paying = game(3, months=3)
    set_loan(paying, ANN, 3000)
    set_cash(paying, ANN, 1000)
    hold_mail(paying, ANN, (MailKind.BILL, 5000))
    land(paying, ANN, 31, roll=3)
    states.append(paying)
    classic = game(3, ruleset="classic", months=1)
    set_savings(classic, ANN, 500)
    hold_mail(classic, ANN, (MailKind.TICKET, 200))
    classic.players[ANN].insured = ["car"]
    states.append(classic)
    for state in states:
        for orders in (
            Orders(),
            Orders(True, True, LotteryOrder.ALWAYS, 4),
            Orders(lottery=LotteryOrder.NEVER),
        ):
            panel = hand_panel(state, ANN, "Ann", orders, it)
            assert panel.title == "Le tue carte, Ann"
    for seat, orders in ((0, Orders()), (1, Orders(True, True, LotteryOrder.ALWAYS, 2))):
        labels = [option.label for option in hand_view.orders_options(orders, seat, it)]
        assert "Tira il dado per me" in labels
        hand_view.form_words("loan", 1000, 0, 5000, it)
        hand_view.form_words("loan", 1000, 3000, 5000, it)
        hand_view.form_words("repay", 1000, 3000, 3000, it)
        hand_view.panel_rows(1, 2, seat, orders, 1000, it)
        game_rows(1, 2, 3, [], it)  # My hand
    assert set(it.missing) == before, f"no Italian for {set(it.missing) - before}"


def test_my_hand_always_finds_room_on_the_live_message():
    many = [Choice(f"Repay ${n},000", "repay", n * 1000) for n in range(30)]
    laid = game_rows(1, 2, 3, many, EN)
    sent = [button for row in laid for button in row if isinstance(button, Button)]
    assert len(laid) == 5 and len(sent) == 25
    assert sent[-1].target == OpenHand(1, 2)
    assert sent[-1].label == "My hand" and len("My hand") <= 25


def test_repay_is_greyed_out_while_the_player_owes_nothing_and_sent_so():
    for loan, greyed in ((0, True), (1000, False)):
        _, buttons = hand_view.panel_rows(1, 2, ANN, Orders(), loan, EN)
        repay = next(button for button in buttons if button.label == "Repay…")
        assert repay.disabled is greyed
        assert all(not button.disabled for button in buttons if button is not repay)
        sent = view(((repay,),))
        assert sent is not None and sent.to_components()[0]["components"][0].get("disabled", False) is greyed
