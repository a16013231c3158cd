"""The engine's public face: start a game, list legal actions, apply one, time players out.

`apply` validates the action completely before touching anything, so a refused action leaves the
state exactly as it was; a legal one changes the state in place and runs the rules until the game
needs somebody's input again.
"""

from bot.game import actions as act
from bot.game import calendar as b
from bot.game import deals, interrupts, jackpot, mail, payday, spaces, turn
from bot.game import events as ev
from bot.game.actions import Action, ActionKind, IllegalAction
from bot.game.actions import RefusalCode as Why
from bot.game.bank import borrow, repay, transfer, withdraw
from bot.game.calendar import SpaceKind
from bot.game.context import Game, Question
from bot.game.events import Event, EventKind, Reason
from bot.game.rng import seed_state
from bot.game.rulesets import DEFAULT_RULESET, RULESETS, Rules, game_rules
from bot.game.state import GameState, Pending, PendingKind, Player
from bot.game.steps import Step

MIN_MONTHS, MAX_MONTHS = 1, 12
DEFAULT_MONTHS = 3
MAX_NAME = 32

QUESTIONS: dict[str, Question] = {
    **turn.QUESTIONS,
    **mail.QUESTIONS,
    **deals.QUESTIONS,
    **payday.QUESTIONS,
    **interrupts.QUESTIONS,
}
TASKS = {**turn.TASKS, **spaces.TASKS, **mail.TASKS, **payday.TASKS}
YARD_SALE_BOARDS = frozenset(
    name
    for name, preset in RULESETS.items()
    if any(space.kind == SpaceKind.YARD_SALE for space in preset.board)
)
"""The rulesets whose board has a Yard Sale (one set aside at the start)."""
MAIL_QUESTIONS = frozenset({PendingKind.TARGET, PendingKind.SWELLFARE, PendingKind.INSURANCE})
"""Questions about a Mail card that is in no pile or hand while they wait (`Pending.card`)."""
ANSWERS_TO: dict[str, tuple[PendingKind, ...]] = {
    ActionKind.REPAY: (PendingKind.REPAY, PendingKind.BANKING),
    ActionKind.DEPOSIT: (PendingKind.BANKING,),
    ActionKind.WITHDRAW: (PendingKind.BANKING,),
}
"""Money actions that answer these questions when their player is asked one; otherwise they are
standing actions (a repayment or withdrawal outside Pay Day) with rules of their own."""


def start(
    players: list[str],
    *,
    ruleset: str = DEFAULT_RULESET,
    months: int = DEFAULT_MONTHS,
    seed: int = 0,
    rules: Rules | None = None,
) -> tuple[GameState, list[ev.Event]]:
    """Shuffle the decks, set aside the Yard Sale card, have the Banker pay everyone their start
    cash (one ledger line each, returned as the opening events), and ask seat 0 to roll."""
    if ruleset not in RULESETS:
        raise IllegalAction(Why.NO_RULESET, ruleset=ruleset, choices=tuple(RULESETS))
    preset = RULESETS[ruleset]
    rules = game_rules(rules or preset.rules)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise IllegalAction(Why.PLAYER_COUNT, least=rules.min_players, most=rules.max_players)
    if not MIN_MONTHS <= months <= MAX_MONTHS:
        raise IllegalAction(Why.MONTHS, least=MIN_MONTHS, most=MAX_MONTHS)
    if any(not name.strip() or len(name) > MAX_NAME for name in players):
        raise IllegalAction(Why.NAME_LENGTH, most=MAX_NAME)
    state = GameState(
        ruleset=ruleset,
        rules=rules,
        months=months,
        players=[Player(seat, name) for seat, name in enumerate(players)],
        rng=seed_state(seed),
        mail_deck=list(range(len(preset.mail))),
        deal_deck=list(range(len(preset.deals))),
    )
    g = Game(state)
    for seat in range(len(players)):
        transfer(g, ev.BANK, seat, rules.start_cash, Reason.START_CASH)
    jackpot.seed(g)
    g.shuffle(state.mail_deck)
    g.shuffle(state.deal_deck)
    # A Yard Sale that draws the top Deal needs no card set aside, and a board without one neither.
    if not rules.yard_sale_draws and ruleset in YARD_SALE_BOARDS:
        state.yard_sale = g.draw_deal(0, announce=False)
    g.ask(Pending(PendingKind.ROLL, [0], lander=0))
    return state, g.events


def new_game(
    players: list[str],
    *,
    ruleset: str = DEFAULT_RULESET,
    months: int = DEFAULT_MONTHS,
    seed: int = 0,
    rules: Rules | None = None,
) -> GameState:
    """`start` without its opening events, for callers that keep no ledger (tests, the simulator)."""
    return start(players, ruleset=ruleset, months=months, seed=seed, rules=rules)[0]


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every answer `seat` may give to the current question.

    Standing actions, which answer no question, are not listed: loans (open at any time), and where
    the ruleset allows them, repayments outside Pay Day (family) and savings withdrawals outside
    Pay Day, for a fee (classic). `check` validates those on their own rules."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        return []
    return [
        Action(seat, kind, value, state.prompt)
        for kind, value in QUESTIONS[pending.kind].options(state, seat)
    ]


def default_action(state: GameState, seat: int) -> Action:
    """The cautious choice made for a player whose time ran out."""
    kind, value = QUESTIONS[state.asked.kind].default(state, seat)
    return Action(seat, kind, value, state.prompt, timed_out=True)


def timeout_actions(state: GameState) -> list[Action]:
    """Defaults for everyone the current question still waits for."""
    if state.over or state.pending is None:
        return []
    return [default_action(state, seat) for seat in state.asked.seats]


def apply(state: GameState, action: Action, *, record: bool = True) -> list[Event]:
    """Apply one action to `state`, changing it in place, and run the rules until somebody must
    answer again; returns what happened (nothing, with `record` off: `Game`). A refused action
    raises IllegalAction and leaves `state` exactly as it was: `check` decides everything before
    anything changes."""
    question = check(state, action)
    g = Game(state, record=record)
    state.actions += 1
    if question is None:
        _standing(g, action)
        return g.events
    if action.timed_out:
        g.emit(EventKind.TIMED_OUT, action.seat, reason=state.asked.kind)
    question.answer(g, action.seat, action.kind, action.value)
    _run_agenda(g)
    return g.events


def _standing(g: Game, action: Action) -> None:
    """A loan, or (where the rules allow them) a repayment or a withdrawal outside Pay Day."""
    if action.kind == ActionKind.LOAN:
        borrow(g, action.seat, action.value)
    elif action.kind == ActionKind.WITHDRAW:
        withdraw(g, action.seat, action.value, fee=g.rules.withdraw_fee)
    else:
        repay(g, action.seat, action.value)


def _run_agenda(g: Game) -> None:
    """Run the agenda's steps until a rule asks a question or the game ends."""
    state = g.state
    while state.pending is None and not state.over:
        if not state.agenda:
            raise RuntimeError(
                "The rules ran out of steps: no question is pending, the game is not over and the "
                "agenda is empty (a rule that neither asks, schedules a task nor ends the game)."
            )
        task = state.agenda.pop()
        TASKS[task.kind](g, task.seat, task.arg)


def end_early(state: GameState) -> list[ev.Event]:
    """Stop the game now (a host ending it): stakes an open question holds in the pot go back, the
    Bank buys back every Deal still held at its cost, then everyone is scored as they stand."""
    if state.over:
        raise act.GameOver(Why.GAME_OVER)
    g = Game(state)
    _refund_stakes(g)
    _return_cards_in_play(state)
    _buy_back_deals(g)
    turn.finish(g)
    return g.events


def _refund_stakes(g: Game) -> None:
    """Money an open question put in the pot goes back through the ledger: Lottery antes and Poker
    stakes to whoever put them in; a Poker roll-off's pot shared equally among the players still in
    it, any odd dollars to the first of them in turn order from the lander."""
    st, pending = g.state, g.state.pending
    if pending is None:
        return
    if pending.kind == PendingKind.LOTTERY:
        for seat in pending.picks.values():
            transfer(g, ev.POT, seat, pending.amount, Reason.ANTE_RETURNED)
    elif pending.kind == PendingKind.POKER:
        for seat in pending.picks:
            transfer(g, ev.POT, seat, pending.amount, Reason.STAKE_RETURNED)
    elif pending.kind == PendingKind.ROLL_OFF and pending.payer == ev.POT:
        n = len(st.players)
        still_in = sorted(pending.seats + pending.done, key=lambda seat: (seat - pending.lander) % n)
        share, odd = divmod(st.pot, len(still_in))
        for i, seat in enumerate(still_in):
            transfer(g, ev.POT, seat, share + odd * (i == 0), Reason.POT_SHARED)


def _buy_back_deals(g: Game) -> None:
    """A Deal held when the game is stopped had no chance to be sold, and "worthless when unsold" is
    about a game that reached its end: the Bank pays each holder what the Deal cost, through the
    ledger, and the card goes to the discards (docs/RULES.md §5.7)."""
    for player in g.state.players:
        for card in player.deals:
            transfer(g, ev.BANK, player.seat, g.ruleset.deals[card].cost, Reason.DEAL_RETURNED, card)
        g.state.deal_discard.extend(player.deals)
        player.deals.clear()


def _return_cards_in_play(state: GameState) -> None:
    """Cards a question or the agenda was still holding go to the discards, so none is lost."""
    pending = state.pending
    if pending is not None and pending.kind == PendingKind.DEAL:
        state.deal_discard.append(pending.card)
    elif pending is not None and pending.kind in MAIL_QUESTIONS:
        state.mail_discard.append(pending.card)
    state.mail_discard.extend(card for kind, _, card in state.agenda if kind == Step.MAIL)
    state.agenda.clear()


# -- validation -----------------------------------------------------------------------------------
def check(state: GameState, action: Action) -> Question | None:
    """Raise the refusal a player should read, or return the question this action answers (None
    for a standing action)."""
    seat, kind = action.seat, action.kind
    if state.over:
        raise act.GameOver(Why.GAME_OVER)
    pending = state.asked  # a game that is not over always waits on a question
    if not 0 <= seat < len(state.players):
        raise act.NotInGame(Why.NOT_IN_GAME)
    if kind == ActionKind.LOAN:
        _check_loan(state, action)
        return None
    answering = seat in pending.seats
    if kind == ActionKind.REPAY and not (answering and pending.kind in ANSWERS_TO[kind]):
        _check_standing_repay(state, action)
        return None
    if kind in (ActionKind.DEPOSIT, ActionKind.WITHDRAW) and action.prompt is None:
        if not state.rules.savings:
            raise act.InvalidChoice(Why.NO_SAVINGS)
        if not (answering and pending.kind in ANSWERS_TO[kind]):
            _check_standing_savings(state, action)
            return None
    if action.prompt is not None and action.prompt != state.prompt:
        raise act.StalePrompt(Why.STALE)
    if not answering:
        if seat in pending.done:
            raise act.AlreadyAnswered(Why.ALREADY_ANSWERED)
        raise act.NotYourTurn(Why.NOT_YOUR_TURN, seats=tuple(pending.seats))
    return _offered(state, action, QUESTIONS[pending.kind])


def _offered(state: GameState, action: Action, question: Question) -> Question:
    """The question, if it offers this answer to this seat; else the refusal saying why not."""
    if not question.allows(state, action.seat, action.kind, action.value):
        raise _why_not(state, action)
    return question


def _check_loan(state: GameState, action: Action) -> None:
    step, cap = state.rules.loan_step, state.rules.loan_cap
    amount = action.value
    if amount <= 0 or amount % step:
        raise act.InvalidChoice(Why.LOAN_STEP, step=step)
    player = state.players[action.seat]
    if player.savings:
        raise act.InvalidChoice(Why.BORROW_WITH_SAVINGS, savings=player.savings)
    if player.loan + amount > cap:
        raise act.InvalidChoice(Why.LOAN_CAP, cap=cap)


def _check_standing_repay(state: GameState, action: Action) -> None:
    player, step = state.players[action.seat], state.rules.loan_step
    if not state.rules.repay_anytime:
        if player.day == b.PAYDAY_DAY and not player.retired:  # on Pay Day, past its repayment step
            raise act.InvalidChoice(Why.REPAY_PASSED)
        raise act.InvalidChoice(Why.REPAY_AT_PAY_DAY)
    amount = action.value
    if amount <= 0 or amount % step:
        raise act.InvalidChoice(Why.REPAY_STEP, step=step)
    if amount > player.loan:
        raise act.InvalidChoice(Why.LOAN_ONLY, loan=player.loan)
    if amount > player.cash:
        raise act.InvalidChoice(Why.CASH_ONLY, cash=player.cash)


def _check_standing_savings(state: GameState, action: Action) -> None:
    """A deposit waits for the player's own Pay Day; a withdrawal can be made now, for a fee."""
    rules, player = state.rules, state.players[action.seat]
    if action.kind == ActionKind.DEPOSIT:
        raise act.InvalidChoice(Why.DEPOSIT_AT_PAY_DAY)
    amount, step, fee = action.value, rules.savings_step, rules.withdraw_fee
    if not player.savings:
        raise act.InvalidChoice(Why.NOTHING_TO_WITHDRAW)
    if amount <= 0 or (amount % step and amount != player.savings):
        raise act.InvalidChoice(Why.WITHDRAW_STEP, step=step)
    if amount > player.savings:
        raise act.InvalidChoice(Why.SAVINGS_ONLY, savings=player.savings)
    if amount <= fee:
        raise act.InvalidChoice(Why.FEE_TOO_BIG, fee=fee)


def _why_not(state: GameState, action: Action) -> act.InvalidChoice:
    """The refusal of an answer the question does not offer, as precise as the question allows."""
    pending = state.asked
    if pending.kind == PendingKind.LOTTERY and action.kind == ActionKind.ANTE:
        holder = interrupts.lottery_holder(state, action.seat, action.value)
        if holder is not None:
            return act.InvalidChoice(Why.NUMBER_TAKEN, number=action.value, seat=holder)
    if pending.kind == PendingKind.REPAY and action.kind == ActionKind.REPAY:
        return act.InvalidChoice(Why.REPAY_CHOICE, step=state.rules.loan_step)
    if pending.kind == PendingKind.SELL and action.kind == ActionKind.SELL:
        return act.InvalidChoice(Why.NOT_HELD)
    if pending.kind == PendingKind.BANKING:
        return _why_not_banking(state, action)
    return act.InvalidChoice(Why.NOT_A_CHOICE)


def _why_not_banking(state: GameState, action: Action) -> act.InvalidChoice:
    player, done = state.players[action.seat], state.asked.reason
    if action.kind == ActionKind.DEPOSIT and player.loan:
        return act.InvalidChoice(Why.OWE_BEFORE_SAVING, loan=player.loan)
    if action.kind == ActionKind.DEPOSIT and done == payday.Banked.WITHDREW:
        return act.InvalidChoice(Why.WITHDREW_THIS_PAY_DAY)
    if action.kind == ActionKind.WITHDRAW and done == payday.Banked.DEPOSITED:
        return act.InvalidChoice(Why.DEPOSITED_THIS_PAY_DAY)
    if action.kind in (ActionKind.REPAY, ActionKind.DEPOSIT, ActionKind.WITHDRAW):
        return act.InvalidChoice(Why.BANK_STEP, step=state.rules.savings_step)
    return act.InvalidChoice(Why.NOT_A_CHOICE)
