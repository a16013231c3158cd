"""Finished games' results in the store: recorded with the finish or not at all, read per server,
rated in their pool, kept by a prune, and recorded for games finished before results were kept; in
either store."""

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from db import GameResult, GameStore, Placing, Skill, StaleVersion
from db.sqlite import Store
from tests.db.sqlite.test_migrations import written_at

START = datetime(2030, 1, 1, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def plus_one(before: Sequence[Skill | None], places: Sequence[int]) -> list[Skill]:
    """A rater anyone can check by hand: one point per game, ten for a win."""
    return [
        Skill((25.0 if skill is None else skill.mu) + (10 if place == 1 else 1), 1.0)
        for skill, place in zip(before, places, strict=True)
    ]


def result(*players: tuple[int | None, int], rated: bool = True, ruleset: str = "modern") -> GameResult:
    """A game whose `players` are (user id or None for a computer, net worth), placed by net worth."""
    worths = [worth for _, worth in players]
    placings = tuple(
        Placing(
            seat,
            user,
            f"p{user}",
            None if user is not None else "easy",
            1 + sum(w > worth for w in worths),
            worth,
            best_jackpot=worth // 10,
            deals_sold=seat,
            lotteries=1,
        )
        for seat, (user, worth) in enumerate(players)
    )
    return GameResult(77, ruleset, "", "retired" if rated else "ended", rated, 3, placings)


@pytest.fixture
def clock() -> Clock:
    """Results a minute apart, so a period can start between two games."""
    return Clock()


async def finish(store: GameStore, channel: int, guild: int, game: GameResult) -> int:
    row = await store.create(channel, guild, "{}")
    await store.finish(row, '{"message_id": 77}', {"reason": game.reason}, [], (game, plus_one))
    return row.game_id


async def test_a_finished_game_is_in_its_servers_history_newest_first(store):
    first = await finish(store, 1, 10, result((1, 500), (2, 900)))
    second = await finish(store, 1, 10, result((1, 800), (None, 800), (3, 100)))
    await finish(store, 2, 20, result((1, 5), (2, 6)))  # another server

    page, total = await store.results(10)
    assert total == 2 and [g.game_id for g in page] == [second, first]
    newest = page[0]
    assert (newest.guild_id, newest.channel_id, newest.result.message_id) == (10, 1, 77)
    assert [(p.user_id, p.place, p.net_worth) for p in newest.result.placings] == [
        (1, 1, 800),
        (None, 1, 800),
        (3, 3, 100),
    ]
    mine, total = await store.results(10, user_id=2)
    assert total == 1 and [g.game_id for g in mine] == [first]


async def test_a_rated_game_rates_its_people_only_and_an_unrated_game_nobody(store):
    await finish(store, 1, 10, result((1, 800), (None, 700), (2, 100)))
    await finish(store, 1, 10, result((1, 100), (2, 800), rated=False))

    [one, two] = await store.ratings(10, "modern", "")
    assert (one.user_id, one.skill, one.rated_games, one.wins) == (1, Skill(35.0, 1.0), 1, 1)
    assert (two.user_id, two.skill, two.wins) == (2, Skill(26.0, 1.0), 0)
    [unrated, rated] = (await store.results(10))[0]
    assert all(p.after is None for p in unrated.result.placings)
    people = [p for p in rated.result.placings if p.user_id is not None]
    assert [(p.before, p.after) for p in people] == [(None, Skill(35.0, 1.0)), (None, Skill(26.0, 1.0))]


async def test_a_game_where_hints_were_used_reads_back_marked_and_rates_nobody(store):
    hinted = dataclasses.replace(result((1, 800), (2, 100), rated=False), hinted=True)
    await finish(store, 1, 10, hinted)
    await finish(store, 1, 10, result((1, 100), (2, 800), rated=False))

    [plain, marked] = (await store.results(10))[0]
    assert marked.result.hinted and not marked.result.rated
    assert not plain.result.hinted
    assert await store.ratings(10, "modern", "") == []


async def test_ratings_learn_game_after_game_and_count_a_period_from_its_start(store, monkeypatch):
    await finish(store, 1, 10, result((1, 900), (2, 100)))
    halfway = store._now() - timedelta(seconds=1)
    await finish(store, 1, 10, result((1, 100), (2, 900)))

    players = {p.user_id: p for p in await store.ratings(10, "modern", "")}
    assert players[1].skill.mu == 25 + 10 + 1 and players[1].rated_games == 2
    recent = {p.user_id: p for p in await store.ratings(10, "modern", "", halfway)}
    assert (recent[1].games, recent[1].wins, recent[1].rated_games) == (1, 0, 2)
    assert (recent[2].games, recent[2].wins) == (1, 1)
    assert await store.ratings(10, "classic", "") == []
    assert await store.ratings(20, "modern", "") == []


async def test_stats_sum_a_members_games_by_edition_and_computers_by_strength(store):
    await finish(store, 1, 10, result((1, 900), (None, 100)))
    await finish(store, 1, 10, result((1, 300), (2, 700), (None, 500), ruleset="family"))
    await finish(store, 2, 20, result((1, 1), (2, 2)))

    [family, modern] = await store.stats(10, 1)
    assert (family.ruleset, family.games, family.wins, family.best_net_worth) == ("family", 1, 0, 300)
    assert (modern.games, modern.wins, modern.net_worth_total, modern.best_jackpot) == (1, 1, 900, 90)
    computers = await store.stats(10, None)
    assert [(c.ruleset, c.strength, c.games, c.most_deals) for c in computers] == [
        ("family", "easy", 1, 2),
        ("modern", "easy", 1, 1),
    ]
    assert [line.games for line in await store.stats(20, 1)] == [1]


async def test_a_finish_that_loses_its_race_records_nothing(store):
    row = await store.create(1, 10, "{}")
    await store.save(row, "{}", None)
    with pytest.raises(StaleVersion):
        await store.finish(row, "{}", {}, [], (result((1, 1), (2, 2)), plus_one))
    assert await store.results(10) == ([], 0)
    assert await store.ratings(10, "modern", "") == []


async def test_a_rater_that_fails_leaves_the_game_live(store):
    row = await store.create(1, 10, "{}")

    def broken(before: Sequence[Skill | None], places: Sequence[int]) -> list[Skill]:
        raise RuntimeError("rating failed")

    with pytest.raises(RuntimeError):
        await store.finish(row, "{}", {}, [], (result((1, 1), (2, 2)), broken))
    assert await store.get(1) == row
    assert await store.history(guild_id=10) == []


async def test_prune_keeps_results_placings_and_rating_changes(store):
    row = await store.create(1, 10, "{}")
    await store.save(row, "{}", None, [{"kind": "rolled"}] * 3)
    await store.finish(await store.get(1), "{}", {}, [], (result((1, 900), (2, 100)), plus_one))
    before = await store.results(10), await store.ratings(10, "modern", ""), await store.stats(10, 1)

    pruned = await store.prune(store._now() + timedelta(days=1))

    assert (pruned.games, pruned.events) == (1, 3)
    assert (
        await store.results(10),
        await store.ratings(10, "modern", ""),
        await store.stats(10, 1),
    ) == before


async def test_a_v5_file_with_finished_games_gains_results_to_record(tmp_path):
    """Games finished before migration 6 have history rows and no results: `unrecorded` hands
    them out oldest first, and once recorded they read like any other."""
    path = tmp_path / "payday.sqlite3"
    summary = '{"reason": "retired", "players": []}'
    written_at(
        path,
        5,
        *(
            f"INSERT INTO history VALUES ({game_id}, 5, 10, '{{\"message_id\": 9}}', '{summary}',"
            f" 0, {finished})"
            for game_id, finished in ((1, 2_000), (2, 1_000))
        ),
    )

    store = await Store.open(path)
    try:
        old = await store.unrecorded(10)
        assert [row.game_id for row in old] == [2, 1]
        await store.record([(2, result((1, 1), (2, 2))), (1, result((1, 3), (2, 1)))], plus_one)
        assert await store.unrecorded(10) == []
        page, total = await store.results(10)
        assert total == 2 and [g.game_id for g in page] == [1, 2]
        assert {p.user_id: p.rated_games for p in await store.ratings(10, "modern", "")} == {1: 2, 2: 2}
    finally:
        await store.close()


async def test_recording_a_game_already_recorded_changes_nothing(store):
    """A second process backfilling the same game at start-up finds it recorded and leaves it be."""
    game_id = await finish(store, 1, 10, result((1, 500), (2, 900)))
    before = (await store.results(10), await store.ratings(10, "modern", ""))

    await store.record([(game_id, result((1, 900), (2, 500)))], plus_one)

    assert (await store.results(10), await store.ratings(10, "modern", "")) == before


async def test_a_result_links_to_its_standings_once_they_are_posted(store):
    game_id = await finish(store, 1, 10, result((1, 500), (2, 900)))
    other = await finish(store, 1, 10, result((1, 5), (2, 6)))

    await store.set_result_message(game_id, 88)
    await store.set_result_message(999, 99)  # a game with no result: nothing

    page, _ = await store.results(10)
    assert {g.game_id: g.result.message_id for g in page} == {game_id: 88, other: 77}


def leaver_and_taker() -> GameResult:
    """p1 won; p3 left seat 1 first (worth $200 then), and p2 took it over and played it out."""
    won, took = result((1, 900), (2, 500)).placings
    left = Placing(1, 3, "p3", None, 3, 200, left=1)
    return GameResult(77, "modern", "", "retired", True, 3, (won, took, left))


async def test_a_person_who_left_a_seat_someone_then_held_is_in_their_history_stats_and_rating(store):
    game_id = await finish(store, 1, 10, leaver_and_taker())

    [game], total = await store.results(10, user_id=3)
    assert total == 1 and game.game_id == game_id
    assert [(p.seat, p.user_id, p.place, p.net_worth, p.left) for p in game.result.placings] == [
        (0, 1, 1, 900, 0),
        (1, 2, 2, 500, 0),
        (1, 3, 3, 200, 1),
    ]
    [line] = await store.stats(10, 3)
    assert (line.games, line.wins, line.net_worth_total) == (1, 0, 200)
    rated = {p.user_id: (p.skill, p.rated_games) for p in await store.ratings(10, "modern", "")}
    assert rated == {1: (Skill(35.0, 1.0), 1), 2: (Skill(26.0, 1.0), 1), 3: (Skill(26.0, 1.0), 1)}
    left = game.result.placings[2]
    assert (left.before, left.after) == (None, Skill(26.0, 1.0))


async def test_a_v6_file_keeps_its_placings_and_rates_a_seats_leaver_beside_its_holder(tmp_path):
    """Migration 8 keys a placing by the order its person left in: the rows before read as
    stayed, and a seat may now have a row per person who left it."""
    path = tmp_path / "payday.sqlite3"
    written_at(
        path,
        6,
        "INSERT INTO history VALUES (100, 5, 10, '{}', '{}', 0, 1000)",
        "INSERT INTO results VALUES (100, 10, 5, NULL, 'modern', '', 1000, 'retired', 0, 2)",
        "INSERT INTO placings VALUES (100, 0, 10, 'modern', '', 1000, 4, 'p4', NULL, 1, 700,"
        " 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL)",
    )

    store = await Store.open(path)
    try:
        [old] = (await store.results(10, user_id=4))[0]
        assert [(p.user_id, p.net_worth, p.left) for p in old.result.placings] == [(4, 700, 0)]
        new = await finish(store, 1, 10, leaver_and_taker())
        [game], _ = await store.results(10, user_id=3)
        assert game.game_id == new and [p.left for p in game.result.placings] == [0, 0, 1]
    finally:
        await store.close()
