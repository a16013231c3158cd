"""The simulator (python -m bot.game.simulate) and the invariants it checks after every game."""

import ast
import re
from pathlib import Path

import bot.game
from bot.game import events as ev
from bot.game import simulate
from bot.game.engine import end_early, legal_actions, new_game, start
from bot.game.events import EventKind, Reason
from bot.game.invariants import books_mismatches, max_answers, violations
from bot.game.state import Pending, to_json
from bot.game.steps import Step


def test_simulator_plays_games_and_prints_a_summary(capsys):
    code = simulate.main(["--games", "6", "--players", "3", "--months", "2", "--seed", "40"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.err == ""
    assert "6 games of 3 players, 2 months, modern rules, seeds 40-45" in out.out
    assert re.search(r"[\d,]+ games per second", out.out)
    assert re.search(r"actions per game: \d+\.\d mean", out.out)
    assert "net worth: $" in out.out
    wins = re.search(r"wins by seat \(ties count for every tied seat\): (.*)", out.out).group(1)
    counts = [int(n) for n in re.findall(r"seat \d: (\d+)", wins)]
    assert len(counts) == 3 and sum(counts) >= 6  # every game has a winner; ties count twice
    assert re.search(r"jackpots won: \d+ \(\$[\d,]+\)", out.out)
    assert re.search(r"loans taken: \d+ \(\$[\d,]+\)", out.out)
    assert "games ended early by the host: 0" in out.out
    assert "invariant breaks: 0" in out.out


def test_a_game_can_be_played_to_its_end_by_another_computer_player():
    """Hard plays its futures with a player of its own: every answer comes from the chooser given."""
    st = simulate.start(3, players=3, months=1)[0]
    asked = []

    def first_option(state, seat):
        asked.append(seat)
        return legal_actions(state, seat)[0]

    actions = simulate.play(st, chooser=first_option)
    assert st.over and actions == len(asked) > 0
    assert violations(st) == []


def test_every_tenth_game_is_ended_early_and_its_books_still_add_up(capsys):
    for ruleset in ("modern", "family", "classic"):
        assert simulate.main(["--games", "30", "--players", "3", "--ruleset", ruleset]) == 0, ruleset
        out = capsys.readouterr().out
        assert "games ended early by the host: 3" in out and "invariant breaks: 0" in out


def test_a_dollar_moved_without_its_ledger_line_fails_the_run(capsys, monkeypatch):
    def end_early_quietly(state):
        events = end_early(state)
        state.players[0].cash += 1  # a refund paid out of thin air, with no ledger line
        state.bank_paid += 1  # (the money still balances: only the books can tell)
        return events

    monkeypatch.setattr(simulate, "end_early", end_early_quietly)
    assert simulate.main(["--games", "10", "--seed", "7"]) == 1
    assert capsys.readouterr().err.splitlines() == [  # seed 16 is the tenth game: ended early
        "seed 16: the books say -16000 for the Bank's balance, the game holds -16001",
        "seed 16: the books say 4400 for seat 0 cash, the game holds 4401",
    ]


def test_simulator_plays_the_family_rules(capsys):
    assert simulate.main(["--games", "3", "--ruleset", "family", "--players", "4"]) == 0
    assert "family rules" in capsys.readouterr().out


def test_simulator_plays_the_classic_rules(capsys):
    assert simulate.main(["--games", "20", "--ruleset", "classic", "--players", "4", "--months", "2"]) == 0
    out = capsys.readouterr().out
    assert "classic rules" in out and "invariant breaks: 0" in out


def test_a_broken_invariant_fails_the_run_and_names_the_seed(capsys, monkeypatch):
    checked: list[int] = []

    def third_game_cooked(state):
        checked.append(1)
        return ["books cooked"] if len(checked) == 3 else []

    monkeypatch.setattr(simulate, "violations", third_game_cooked)
    code = simulate.main(["--games", "4", "--seed", "100"])
    out = capsys.readouterr()
    assert code == 1
    assert out.err.splitlines() == ["seed 102: books cooked"]
    assert "invariant breaks: 1" in out.out


def test_a_game_that_never_ends_is_reported_not_looped_on(capsys, monkeypatch):
    monkeypatch.setattr(simulate, "max_answers", lambda *_: 5)
    assert simulate.main(["--games", "2", "--seed", "3"]) == 1
    err = capsys.readouterr().err
    assert "seed 3: Runaway: the game did not end within 5 actions" in err


def test_a_table_the_engine_refuses_exits_2(capsys):
    assert simulate.main(["--games", "1", "--players", "7"]) == 2
    assert "player_count(least=2, most=6)" in capsys.readouterr().err


# -- the invariants themselves ----------------------------------------------------------------------
def fresh():
    return new_game(["Ann", "Bob", "Cat"], seed=1)


def test_a_fresh_game_keeps_every_invariant():
    assert violations(fresh()) == []


def test_negative_cash_an_odd_loan_and_unbalanced_books_are_reported():
    st = fresh()
    st.players[0].cash = -5
    st.players[1].loan = 1500
    problems = "\n".join(violations(st))
    assert "seat 0 has negative cash -5" in problems
    assert "seat 1 has a loan of 1500" in problems
    assert "money does not balance" in problems


def test_a_lost_or_copied_card_is_reported():
    st = fresh()
    lost = st.mail_deck.pop()
    assert any(f"missing [{lost}]" in p for p in violations(st))
    st.mail_deck.append(lost)
    st.players[0].deals.append(st.deal_deck[0])
    assert any("Deal cards not conserved" in p and "repeated" in p for p in violations(st))


def test_cards_in_a_question_or_waiting_on_the_agenda_are_counted():
    st = fresh()
    deal, mail = st.deal_deck.pop(), st.mail_deck.pop()
    st.pending = Pending("deal", [0], lander=0, card=deal)
    st.agenda.append((Step.MAIL, 0, mail))
    assert violations(st) == []


def test_negative_savings_and_savings_beside_a_loan_are_reported():
    st = new_game(["Ann", "Bob"], ruleset="classic", seed=1)
    st.players[0].savings = -100
    st.players[1].savings, st.players[1].loan = 100, 100
    problems = "\n".join(violations(st))
    assert "seat 0 has negative savings -100" in problems
    assert "seat 1 holds savings 100 and a loan 100 at once" in problems


def test_classic_cards_in_a_question_or_sent_to_the_bottom_are_counted():
    st = new_game(["Ann", "Bob"], ruleset="classic", seed=1)
    mail = st.mail_deck.pop()
    st.pending = Pending("swellfare", [0], lander=0, card=mail)
    st.deal_deck.insert(0, st.deal_deck.pop())  # a declined Deal back at the bottom
    st.players[0].mail.append(st.mail_deck.pop())  # a Lottery Ticket or bill held
    assert violations(st) == []
    st.pending = Pending("insurance", [0], lander=0, card=mail)
    assert violations(st) == []


def test_the_books_rebuilt_from_the_events_match_every_account():
    st, log = start(["Ann", "Bob"], ruleset="classic", seed=1)
    assert books_mismatches(st, log) == []
    assert books_mismatches(st, log[:-1]) == [  # Bob's start cash left out of the books
        "the books say -325 for the Bank's balance, the game holds -650",
        "the books say 0 for seat 1 cash, the game holds 325",
    ]


def test_loans_repayments_and_savings_are_rebuilt_from_the_books():
    st, log = start(["Ann", "Bob"], ruleset="classic", seed=1)
    log += [
        ev.Event(EventKind.TRANSFER, amount=500, src=ev.BANK, dst=0, reason=Reason.LOAN),
        ev.Event(EventKind.TRANSFER, amount=200, src=0, dst=ev.BANK, reason=Reason.REPAYMENT),
        ev.Event(EventKind.TRANSFER, amount=100, src=1, dst=ev.savings_account(1), reason=Reason.DEPOSIT),
    ]
    assert "the books say 300 for seat 0 loan, the game holds 0" in books_mismatches(st, log)
    st.players[0].cash += 300
    st.players[0].loan += 300
    st.players[1].cash -= 100
    st.players[1].savings += 100
    st.bank_paid += 500
    st.bank_received += 200
    assert books_mismatches(st, log) == []
    st.players[0].loan -= 100
    assert books_mismatches(st, log) == ["the books say 300 for seat 0 loan, the game holds 200"]


def test_the_bound_on_answers_is_far_above_a_real_game():
    assert max_answers(4, 3) == 4 * 3 * 31 * (1 + 2**4 - 1)  # a Lottery can re-ask players
    assert max_answers(6, 12) == 6 * 12 * 31 * (1 + 2**6 - 1)
    assert max_answers(4, 3, "family") > max_answers(4, 3)
    assert max_answers(4, 3, "classic") > max_answers(4, 3, "family")


def test_the_rules_import_no_discord_no_database_and_no_clock():
    """bot/game stays pure; the simulator alone reads a clock, for its games-per-second line."""
    forbidden = {"discord", "aiosqlite", "time", "datetime", "timeit", "random"}
    package = Path(bot.game.__file__).parent
    for path in package.glob("*.py"):
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
        allowed = {"timeit"} if path.name == "simulate.py" else set()
        assert not imported & (forbidden - allowed), f"{path.name} imports {imported & forbidden}"


def test_a_game_played_without_events_ends_exactly_as_one_that_keeps_them():
    """`play` keeps no events when nobody reads them (Hard's futures): the game must not notice."""
    for seed in range(60):
        ruleset = ("modern", "family", "classic")[seed % 3]
        quiet, _ = simulate.start(seed, players=2 + seed % 3, months=1 + seed % 2, ruleset=ruleset)
        loud, log = simulate.start(seed, players=2 + seed % 3, months=1 + seed % 2, ruleset=ruleset)
        simulate.play(quiet)
        simulate.play(loud, log=log)
        assert to_json(quiet) == to_json(loud), seed
        assert len(log) > 50
