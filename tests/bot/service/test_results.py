"""A finished game's result from its summary, the games finished before results were kept, and
whom a seat left or taken over rates (bot/service/results.py)."""

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from bot.features.takeover.service import Takeovers
from bot.game.state import GameState
from bot.service import LobbyOptions, Person, ratings
from bot.service.results import backfill, house_key, places, result_of
from bot.service.tables import summary_of
from bot.service.tallies import Tally
from bot.service.values import Ending
from bot.table import Table, lobby
from db.sqlite import Store
from tests.bot.service.games import play
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA

NOW = datetime(2030, 5, 20, 12, tzinfo=UTC)


def summary(*players: tuple[int | None, int], reason: str = "retired", **more) -> dict:
    return {
        "reason": reason,
        "ruleset": "modern",
        "months": 2,
        "players": [
            {"name": f"p{user}", "user_id": user, "net_worth": worth, "tally": {"sold": 1}}
            for user, worth in players
        ],
        **more,
    }


def test_places_share_a_place_between_equal_net_worths():
    assert places([500, 900, 500, 100]) == [2, 1, 2, 4]
    assert places([7, 7]) == [1, 1]


@pytest.mark.parametrize(
    ("players", "reason", "rated"),
    [
        (((1, 5), (2, 9)), "retired", True),
        (((1, 5), (None, 9), (None, 2)), "retired", False),  # one person among computers
    ],
)
def test_only_a_game_run_to_its_end_by_two_people_or_more_is_rated(players, reason, rated):
    assert result_of(summary(*players, reason=reason), None).rated is rated


@pytest.mark.parametrize("reason", ["idle", "pause_expired", "gone", "ended", "abandoned"])
def test_a_game_that_ended_early_is_not_rated(reason):
    assert reason in set(Ending)  # the name a summary stores
    assert not result_of(summary((1, 5), (2, 9), reason=reason), None).rated


def test_a_game_where_anyone_took_a_hint_is_marked_and_not_rated():
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=7)
    for user, name in ((1, "ann"), (2, "bob")):
        lobby.join(table, user, name)
    lobby.start(table, 1)
    fair = result_of(summary_of(table, {"reason": "retired"}, [Tally(), Tally()]), None)
    table.hinted = True

    hinted = result_of(summary_of(table, {"reason": "retired"}, [Tally(), Tally()]), None)

    assert fair.rated and not fair.hinted
    assert hinted.hinted and not hinted.rated
    assert not result_of(summary((1, 5), (2, 9)), None).hinted, "a summary from before hints"


def test_a_summary_from_before_results_were_kept_reads_with_defaults():
    old = {"reason": "retired", "ruleset": "classic", "months": 1, "players": [
        {"name": "ann", "user_id": 5, "net_worth": 300, "tally": {"jackpots": 1}},
        {"name": "Robo", "user_id": None, "net_worth": 400},
    ]}  # fmt: skip

    result = result_of(old, 42)

    assert (result.message_id, result.house, result.ruleset) == (42, "", "classic")
    ann, robo = result.placings
    assert (ann.place, ann.strength, ann.best_jackpot, ann.radio_wins) == (2, None, 0, 0)
    assert (robo.place, robo.strength) == (1, "normal")  # every computer played as Normal then


def test_house_rules_are_a_pool_of_their_own_whatever_their_order():
    assert house_key({}) == ""
    key = house_key({"salary": 4000, "repay_anytime": True})
    assert key == house_key({"repay_anytime": True, "salary": 4000}) != ""
    assert result_of(summary((1, 1), (2, 2), house_rules={"salary": 4000}), None).house == json.dumps(
        {"salary": 4000}, separators=(",", ":")
    )


class Clock:
    def __init__(self) -> None:
        self.now = NOW - timedelta(days=60)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path, clock):
    store = await Store.open(tmp_path / "payday.sqlite3", now=clock)
    yield store
    await store.close()


async def test_old_games_are_recorded_once_oldest_first_so_ratings_learn_in_order(store, clock):
    for game in (summary((1, 900), (2, 100)), summary((1, 100), (2, 900)), summary((1, 5), (2, 5))):
        await store.finish(await store.create(1, 10, "{}"), '{"message_id": 77}', game)
        clock.now += timedelta(hours=1)

    assert await backfill(store) == 3
    assert await backfill(store) == 0

    expected = [None, None]
    for order in ([1, 2], [2, 1], [1, 1]):
        expected = ratings.rate(expected, order)
    found = {p.user_id: p.skill for p in await store.ratings(10, "modern", "")}
    assert found == {1: expected[0], 2: expected[1]}
    page, _ = await store.results(10)
    assert {game.result.message_id for game in page} == {77}


async def test_a_summary_no_version_wrote_is_passed_over_and_never_stops_the_start(store):
    await store.finish(await store.create(1, 10, "{}"), "not json", {"players": "nobody"})
    await store.finish(await store.create(1, 10, "{}"), "{}", {"reason": "retired"})  # no players at all
    await store.finish(await store.create(1, 10, "{}"), "{}", summary((1, 900), (2, 100)))

    assert await backfill(store) == 2
    assert await backfill(store) == 0
    page, total = await store.results(10)
    assert total == 2 and [len(game.result.placings) for game in page] == [2, 0]


def test_a_games_summary_carries_its_house_rules_so_it_is_rated_in_their_pool():
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=7)
    for user, name in ((1, "ann"), (2, "bob")):
        lobby.join(table, user, name)
    lobby.start(table, 1)
    tallied = [Tally(), Tally()]
    assert summary_of(table, {"reason": "retired"}, tallied)["house_rules"] == {}

    table.game.rules.salary = 4000
    written = summary_of(table, {"reason": "retired"}, tallied)

    assert written["house_rules"] == {"salary": 4000}
    assert result_of(written, None).house == house_key({"salary": 4000})


# -- leaving and taking over (docs/RULES.md §5.10) -----------------------------------------------------
def seat(user: int | None, worth: int, *stints: tuple[int, ...], turns: int = 10, strength="normal") -> dict:
    """A summary's seat: `user` at it at the end, `stints` of (user, turns played, order left[, the
    seat's net worth when they left[, the seat's turns then]])."""
    played = [
        {"user_id": u, "name": f"p{u}", "turns": t, "left": left, "net_worth": (*then, None)[0],
         "seat_turns": (*then, None, None)[1]}
        for u, t, left, *then in stints
    ]  # fmt: skip
    return {"name": f"p{user}", "user_id": user, "net_worth": worth, "turns": turns, "stints": played,
            "strength": strength}  # fmt: skip


def rated(game: dict) -> list[tuple[int | None, int]]:
    result = result_of(game, None)
    return [(p.user_id, p.place) for p in result.placings] if result.rated else []


def test_who_leaves_is_rated_below_everyone_who_stayed_the_earlier_leaver_lower():
    game = summary()
    game["players"] = [
        seat(1, 100, (1, 10, 0)),
        seat(None, 900, (2, 3, 2)),  # bob left second: his seat, played on by the computer, is rich
        seat(None, 800, (3, 2, 1)),  # carol left first
        seat(None, 50),  # a computer player from the lobby
    ]

    assert rated(game) == [(1, 1), (2, 3), (3, 4), (None, 2)]
    assert [p.name for p in result_of(game, None).placings][:3] == ["p1", "p2", "p3"]


def test_a_seat_taken_over_for_less_than_half_its_turns_is_the_computers_and_rates_nobody():
    game = summary()
    game["players"] = [seat(1, 100, (1, 10, 0)), seat(9, 900, (9, 4, 0), strength="hard")]

    result = result_of(game, None)

    assert not result.rated  # one person until the takeover
    assert [(p.user_id, p.strength, p.place) for p in result.placings] == [(1, None, 2), (None, "hard", 1)]


def test_a_seat_taken_over_for_half_its_turns_or_more_is_rated_for_its_taker():
    game = summary()
    game["players"] = [seat(1, 100, (1, 10, 0)), seat(9, 900, (9, 5, 0))]

    assert rated(game) == [(1, 2), (9, 1)]


def test_who_took_a_seat_over_late_and_left_it_is_not_rated_and_makes_no_game_rated():
    late, early = summary(), summary()
    late["players"] = [seat(1, 100, (1, 10, 0)), seat(None, 900, (9, 1, 1, 500, 9))]  # 1 of 9 turns
    early["players"] = [seat(1, 100, (1, 10, 0)), seat(None, 900, (9, 5, 1, 500, 9))]  # 5 of 9

    assert not result_of(late, None).rated  # one person, whatever a late visitor did
    assert rated(early) == [(1, 1), (9, 2)]  # the seat is hers, placed last


def test_a_seat_left_then_taken_over_late_is_its_leavers_and_one_taken_early_its_takers_and_leavers():
    late, early = summary(), summary()
    late["players"] = [seat(1, 100, (1, 10, 0)), seat(9, 900, (2, 8, 1), (9, 2, 0))]
    early["players"] = [seat(1, 100, (1, 10, 0)), seat(9, 900, (2, 2, 1), (9, 8, 0))]

    assert rated(late) == [(1, 1), (2, 2)]
    assert rated(early) == [(1, 2), (9, 1), (2, 3)]  # the leaver escapes nothing: last


def test_every_leaver_of_a_seat_is_rated_last_with_the_seats_worth_when_they_left():
    game = summary()
    game["players"] = [
        seat(1, 100, (1, 10, 0)),
        {**seat(9, 900, (2, 1, 1, 150), (3, 1, 2, 300), (9, 8, 0)), "tally": {"sold": 4}},
    ]

    placings = result_of(game, None).placings

    assert [(p.user_id, p.place, p.net_worth, p.deals_sold, p.left) for p in placings] == [
        (1, 2, 100, 0, 0),
        (9, 1, 900, 4, 0),  # the seat's records stay with the seat's own row
        (2, 4, 150, 0, 1),  # the earlier leaver lower
        (3, 3, 300, 0, 2),
    ]


def test_one_who_left_two_seats_is_rated_once_where_they_first_left():
    game = summary()
    game["players"] = [
        seat(1, 100, (1, 10, 0)),
        seat(3, 900, (2, 1, 1, 150), (3, 9, 0)),
        seat(4, 500, (2, 1, 2, 250), (4, 9, 0)),
    ]

    assert rated(game) == [(1, 3), (3, 1), (4, 2), (2, 4)]


def test_a_game_ended_early_by_a_player_is_rated_with_them_last_and_by_anyone_else_unrated():
    by_player, by_moderator = summary(reason="ended"), summary(reason="ended")
    by_player["players"] = [seat(1, 100, (1, 10, 1, 100)), seat(2, 900, (2, 10, 0)), seat(3, 500, (3, 10, 0))]
    by_moderator["players"] = [seat(1, 100, (1, 10, 0)), seat(2, 900, (2, 10, 0))]

    assert rated(by_player) == [(1, 3), (2, 1), (3, 2)]
    assert rated(by_moderator) == []


def test_a_person_is_rated_once_where_they_left_even_if_they_played_another_seat():
    game = summary()
    game["players"] = [seat(1, 100, (1, 10, 0)), seat(None, 50, (2, 1, 1)), seat(2, 900, (2, 10, 0))]

    assert rated(game) == [(1, 2), (2, 3), (None, 1)]


def test_who_leaves_and_comes_back_to_play_most_of_their_seat_is_placed_by_net_worth():
    game = summary()
    game["players"] = [seat(1, 100, (1, 10, 0)), seat(2, 900, (2, 3, 1), (2, 4, 0))]

    assert rated(game) == [(1, 2), (2, 1)]


async def test_the_player_who_leaves_a_rated_game_is_rated_last_and_loses_rating(service):
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    for person in (BOB, OLGA):
        await service.lobbies.join(CHANNEL, person)
    game_id = (await service.lobbies.start(CHANNEL, ALICE)).game_id
    assert not await play(service, game_id, answers=6)

    await service.lobbies.leave(CHANNEL, OLGA)
    assert await play(service, game_id)

    [game], _ = await service.tables.store.results(GUILD)
    assert game.result.rated
    olga = next(p for p in game.result.placings if p.user_id == OLGA.user_id)
    assert olga.place == 3 and olga.after is not None and olga.after.mu < ratings.MODEL.mu
    pool = {p.user_id: p for p in await service.tables.store.ratings(GUILD, "modern", "")}
    assert set(pool) == {ALICE.user_id, BOB.user_id, OLGA.user_id}
    assert ratings.points(pool[OLGA.user_id].skill) < ratings.BASE


async def alone_with_a_computer(service) -> int:
    """alice against Bot Penny, one month; the game's id."""
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.add_computer(CHANNEL, ALICE)
    return (await service.lobbies.start(CHANNEL, ALICE)).game_id


async def olga_takes_penny(
    service, game_id: int, *, once: Callable[[GameState], bool], seat: str = "Bot Penny"
) -> None:
    """Play on until `once` holds of the game, then olga takes seat 1 (Bot Penny's, unless `seat`
    names it otherwise), between its turns."""
    while True:
        state = (await service.tables.load(CHANNEL)).table.game
        asked = state.pending is not None and 1 in state.pending.seats
        if once(state) and state.turn != 1 and not asked:
            break
        assert not await play(service, game_id, answers=1)
    await Takeovers(service.core).ask(CHANNEL, OLGA, seat)
    await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)


async def test_taking_over_a_computers_seat_on_its_last_day_rates_nobody(service):
    game_id = await alone_with_a_computer(service)
    penny = lambda state: state.players[1]  # noqa: E731
    await olga_takes_penny(
        service, game_id, once=lambda state: penny(state).day >= 25 or penny(state).retired
    )

    assert await play(service, game_id)

    [game], _ = await service.tables.store.results(GUILD)
    assert not game.result.rated
    assert [p.user_id for p in game.result.placings] == [ALICE.user_id, None]
    assert await service.tables.store.ratings(GUILD, "modern", "") == []
    assert await service.tables.store.results(GUILD, user_id=OLGA.user_id) == ([], 0)


async def test_taking_over_a_computers_seat_late_then_leaving_it_gifts_no_rated_game(service):
    game_id = await alone_with_a_computer(service)
    penny = lambda state: state.players[1]  # noqa: E731
    await olga_takes_penny(service, game_id, once=lambda state: penny(state).day >= 20)
    assert not await play(service, game_id, answers=1)
    await service.lobbies.leave(CHANNEL, OLGA)  # her loss would be alice's rated win

    assert await play(service, game_id)

    [game], _ = await service.tables.store.results(GUILD)
    assert not game.result.rated
    assert await service.tables.store.ratings(GUILD, "modern", "") == []


async def test_taking_over_a_computers_seat_from_the_start_rates_the_taker(service):
    game_id = await alone_with_a_computer(service)
    await olga_takes_penny(service, game_id, once=lambda state: True)

    assert await play(service, game_id)

    [game], _ = await service.tables.store.results(GUILD)
    assert game.result.rated
    pool = await service.tables.store.ratings(GUILD, "modern", "")
    assert {p.user_id for p in pool} == {ALICE.user_id, OLGA.user_id}


async def alice_and_bob_play(service, answers: int) -> int:
    """alice and bob, one month, `answers` answered; the game's id."""
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    game_id = (await service.lobbies.start(CHANNEL, ALICE)).game_id
    assert not await play(service, game_id, answers=answers)
    return game_id


async def test_a_leaver_whose_seat_a_member_then_plays_out_is_rated_last_beside_the_taker(service):
    game_id = await alice_and_bob_play(service, answers=2)
    await service.lobbies.leave(CHANNEL, BOB)
    await olga_takes_penny(service, game_id, once=lambda state: True, seat="bob")

    assert await play(service, game_id)

    [game], _ = await service.tables.store.results(GUILD)
    assert game.result.rated
    placed = {p.user_id: (p.seat, p.place, p.left) for p in game.result.placings}
    assert placed[BOB.user_id] == (1, 3, 1) and placed[OLGA.user_id][:2] in {(1, 1), (1, 2)}
    pool = {p.user_id: p.skill for p in await service.tables.store.ratings(GUILD, "modern", "")}
    assert set(pool) == {ALICE.user_id, BOB.user_id, OLGA.user_id}
    assert ratings.points(pool[BOB.user_id]) < ratings.BASE
    assert await service.tables.store.results(GUILD, user_id=BOB.user_id) == ([game], 1)


async def end_now(service, person) -> None:
    asked = await service.playing.ask_end(CHANNEL, person)
    await service.playing.end(CHANNEL, person, asked.preview.game_id, asked.prompt)


async def test_a_host_who_ends_a_game_early_is_rated_last_and_the_others_as_they_stand(service):
    await alice_and_bob_play(service, answers=8)
    await end_now(service, ALICE)

    [game], _ = await service.tables.store.results(GUILD)
    assert game.result.rated and game.result.reason == Ending.ENDED
    assert [(p.user_id, p.place, bool(p.left)) for p in game.result.placings] == [
        (ALICE.user_id, 2, True),
        (BOB.user_id, 1, False),
    ]
    pool = {p.user_id: p.skill for p in await service.tables.store.ratings(GUILD, "modern", "")}
    assert pool[ALICE.user_id].mu < ratings.MODEL.mu < pool[BOB.user_id].mu


async def test_a_game_a_moderator_not_playing_ends_early_is_not_rated(service):
    await alice_and_bob_play(service, answers=8)
    await end_now(service, Person(8, "Mo", manages_channel=True))

    [game], _ = await service.tables.store.results(GUILD)
    assert not game.result.rated and not any(p.left for p in game.result.placings)
    assert await service.tables.store.ratings(GUILD, "modern", "") == []
