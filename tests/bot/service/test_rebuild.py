"""The replayer (bot/service/rebuild.py): a game rebuilt from its seed and its log through the engine,
one step per turn, equal to the game as played; any logged event changed, missing or extra, or an
answer the engine refuses, is a divergence, said in one line."""

import pytest

from bot.game.events import EventKind
from bot.game.state import to_json
from bot.service.rebuild import Diverged, after_start, opens_turn, rebuild, setup_of, verify
from tests.bot.service.games import logged_game


def rebuilt(table, log):
    replay = rebuild(setup_of(table.game, table.seed, log), after_start(log))
    verify(replay, table.game)
    return replay


@pytest.mark.parametrize("edition", ["modern", "family", "classic"])
def test_a_game_rebuilds_to_its_end_one_step_per_turn(edition):
    table, log = logged_game(edition, months=2)

    replay = rebuilt(table, log)

    turns = [e for e in replay.events if opens_turn(e)]
    assert len(replay.steps) == len(turns) + 1
    assert [(s.seat, s.roll) for s in replay.steps[1:]] == [(e.seat, e.value) for e in turns]
    assert replay.steps[-1].saved == to_json(table.game) and replay.final.over
    assert [s.paydays for s in replay.steps] == sorted(s.paydays for s in replay.steps)
    assert replay.steps[-1].paydays > replay.steps[0].paydays == 0


def test_the_state_of_each_step_is_the_game_at_that_turns_end():
    table, log = logged_game()
    replay = rebuilt(table, log)

    step = replay.steps[1]
    assert step.state.players[0].day == step.roll and step.state.players[1].day == 0
    assert step.month == 1 and replay.steps[0].seat is None


def changed_event(log: list[dict]) -> None:
    next(r for r in log if r["kind"] == EventKind.TRANSFER and r["amount"] > 100)["amount"] -= 1


def missing_event(log: list[dict]) -> None:
    log.pop()  # the game's end


def extra_event(log: list[dict]) -> None:
    log.append(dict(next(r for r in log if r["kind"] == EventKind.TRANSFER)))


def refused_answer(log: list[dict]) -> None:
    next(r for r in log if r["kind"] == "action")["seat"] = 2


def answer_of_no_seat(log: list[dict]) -> None:
    next(r for r in log if r["kind"] == "action")["seat"] = 99


def no_start(log: list[dict]) -> None:
    log.remove(log[0])


@pytest.mark.parametrize(
    ("tamper", "said"),
    [
        (changed_event, "the logged transfer differs from the rebuilt one"),
        (missing_event, "the log's end: the rebuilt game has events the log lacks (game_over)"),
        (extra_event, "an event the rebuilt game does not have"),
        (refused_answer, "the engine refuses the answer (not_your_turn)"),
        (answer_of_no_seat, "an answer of seat 99, which no player has"),
        (no_start, "the log has no start record naming the seats"),
    ],
)
def test_a_log_changed_anywhere_diverges_in_one_line(tamper, said):
    table, log = logged_game()
    tamper(log)

    with pytest.raises(Diverged) as diverged:
        rebuilt(table, log)

    assert said in str(diverged.value) and "\n" not in str(diverged.value)


def test_a_stored_end_other_than_the_rebuilt_one_diverges():
    table, log = logged_game()
    replay = rebuild(setup_of(table.game, table.seed, log), after_start(log))
    table.game.players[1].cash += 1

    with pytest.raises(Diverged, match="does not end as the stored one"):
        verify(replay, table.game)


def test_each_answer_is_shown_with_the_game_as_it_stood_when_it_was_given():
    table, log = logged_game()
    shown = []

    rebuild(
        setup_of(table.game, table.seed, log),
        after_start(log),
        answering=lambda st, a: shown.append((st.prompt, a)),
    )

    records = [r for r in log if r["kind"] == "action"]
    assert [(prompt, a.seat, a.kind) for prompt, a in shown] == [
        (r["prompt"], r["seat"], r["action"]) for r in records
    ]
