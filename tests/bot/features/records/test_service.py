"""The reads of a server's finished games: the leaderboard's places, periods and pools, and history's
pages (bot/features/records/service.py)."""

from bot.features.records.service import Period, Records
from bot.service import GameSettings, Service, ratings
from bot.service.results import house_key, result_of
from bot.service.tables import Tables
from bot.table.settings import ServerSettings
from tests.bot.service.fakes import Screen
from tests.bot.service.test_results import NOW, summary


async def finish(store, guild: int, game: dict) -> None:
    row = await store.create(1, guild, "{}")
    await store.finish(row, "{}", game, [], (result_of(game, None), ratings.rate))


def records_on(store) -> Records:
    """The reads over a service on `store`, whose clock says it is `NOW`."""
    return Records(Service(Tables(store), GameSettings(), Screen(), lambda: NOW).core)


async def test_the_leaderboard_ranks_from_the_minimum_ties_sharing_a_place(store):
    for _ in range(ServerSettings().min_ranked_games):
        await finish(store, 10, summary((1, 900), (2, 900), (3, 100)))
    await finish(store, 10, summary((4, 900), (3, 100)))
    results = records_on(store)

    board = await results.leaderboard(10, "modern", Period.ALL, viewer_id=4)

    assert [(r.place, r.player.user_id) for r in board.rows] == [(1, 1), (1, 2), (3, 3)]
    assert board.short and board.mine is not None and board.mine.player.rated_games == 1
    await Tables(store).save_server_settings(10, ServerSettings(min_ranked_games=5), 0)
    strict = await results.leaderboard(10, "modern", Period.ALL, viewer_id=3)
    assert (strict.rows, strict.mine is not None and strict.mine.player.user_id) == ([], 3)


async def test_a_period_lists_who_played_in_it_with_its_games_ranked_by_all_their_games(store, clock):
    for _ in range(3):
        await finish(store, 10, summary((1, 900), (2, 100)))
    clock.now = NOW.replace(day=2)  # this month, within 30 days
    await finish(store, 10, summary((2, 900), (3, 100)))
    results = records_on(store)

    month = await results.leaderboard(10, "modern", Period.MONTH, viewer_id=1)
    assert [(r.player.user_id, r.player.games, r.player.wins) for r in month.rows] == [(2, 1, 1)]
    assert month.mine is None  # alice played no game this month
    whole = await results.leaderboard(10, "modern", Period.ALL, viewer_id=2)
    assert [(r.player.user_id, r.player.games) for r in whole.rows] == [(1, 3), (2, 4)]
    days = await results.leaderboard(10, "modern", Period.DAYS_30, viewer_id=2)
    assert days.rows == month.rows


async def test_a_history_page_past_the_end_is_the_last(store):
    for _ in range(7):
        await finish(store, 10, summary((1, 1), (2, 2)))
    results = records_on(store)

    page = await results.history(10, None, 99)

    assert (page.page, page.pages, page.total, len(page.games)) == (2, 2, 7, 2)
    assert (await results.history(10, 3, 1)).games == []


async def test_the_leaderboard_is_of_the_servers_edition_and_house_rules(store):
    rules = {"salary": 4000}
    for _ in range(ServerSettings().min_ranked_games):
        await finish(store, 10, summary((1, 900), (2, 100), house_rules=rules))
    results = records_on(store)

    standard = await results.leaderboard(10, "modern", Period.ALL, viewer_id=1)
    assert standard.rows == [] and standard.mine is None and standard.house == ""

    chosen = ServerSettings(ruleset="family", house={"modern": rules})
    await store.set_server_settings(10, chosen.to_json(), 0)
    default = await results.leaderboard(10, None, Period.ALL, viewer_id=1)
    assert (default.ruleset, default.house, default.rows) == ("family", "", [])
    house = await results.leaderboard(10, "modern", Period.ALL, viewer_id=1)
    assert house.house == house_key(rules) and [r.player.user_id for r in house.rows] == [1, 2]
    elsewhere = await results.leaderboard(11, "modern", Period.ALL, viewer_id=1)
    assert elsewhere.house == "" and elsewhere.rows == []  # another server's settings are its own
