"""The words of /payday history, stats and leaderboard (bot/features/records/words.py), in both
languages."""

import dataclasses
from datetime import UTC, datetime

from bot.features.records.service import HistoryPage, Leaderboard, Period, Ranked, StatsView
from bot.features.records.words import (
    history_message,
    leaderboard_message,
    stats_embeds,
    strength_name,
)
from bot.render.language.i18n import lang
from bot.service.results import house_key, result_of
from db import RatedPlayer, RecordedGame, Skill, StatLine

EN, IT = lang("en"), lang("it")


def test_a_games_house_rules_read_in_one_line_as_the_table_reads_them():
    rules = {"salary": 4000, "repay_anytime": True, "loan_interest_pct": 20}
    page = HistoryPage(None, 1, 1, 1, [game(reason="retired", house_rules=rules, ruleset="modern")])

    [field] = history_message(page, None, EN).embed.fields
    assert "House rules: salary $4,000 · loans 20% · repay any time" in field.value.splitlines()
    [field] = history_message(page, None, IT).embed.fields
    assert field.value.splitlines()[1].startswith("Regole della casa: salario 4.000\xa0$")


def test_house_rules_this_version_no_longer_has_are_left_unsaid():
    stale = game(reason="retired", house_rules={"jackpot_on_six": False})

    [field] = history_message(HistoryPage(None, 1, 1, 1, [stale]), None, EN).embed.fields

    assert not any(line.startswith("House rules") for line in field.value.splitlines())


def test_a_strength_this_version_does_not_know_reads_as_normal():
    assert [strength_name(s, EN) for s in ("easy", "hard", "normal", None, "genius")] == [
        "Easy",
        "Hard",
        "Normal",
        "Normal",
        "Normal",
    ]


def game(**summary) -> RecordedGame:
    players = [
        {"name": "ann", "user_id": 1, "net_worth": 3500},
        {"name": "Robo", "user_id": None, "net_worth": 3500, "strength": "hard"},
        {"name": "bob", "user_id": 2, "net_worth": -200},
    ]
    result = result_of({"ruleset": "family", "months": 1, "players": players, **summary}, None)
    return RecordedGame(9, 5, 6, datetime(2030, 1, 2, tzinfo=UTC), result)


def test_a_game_ended_early_with_house_rules_says_both_and_names_both_winners():
    page = HistoryPage(None, 1, 1, 1, [game(reason="ended", house_rules={"salary": 1000})])

    [field] = history_message(page, None, EN).embed.fields

    assert field.name == "Game #9 · Family variant · 1 month"
    assert field.value.splitlines() == [
        "<t:1893542400:d>",  # no final message known: no link
        "House rules: salary $1,000",
        "Ended early by the host: not rated.",
        "**1.** ann — $3,500 🏆",
        "**1.** 🤖 Robo (Hard) — $3,500 🏆",
        "**3.** bob — -$200",
        "Winners: ann and Robo",
    ]
    assert history_message(page, None, EN).rows == ()  # one page: no buttons


def test_a_game_of_one_person_against_computers_says_why_it_is_not_rated():
    lines = history_message(HistoryPage(None, 1, 1, 1, [game(reason="retired")]), None, IT).embed.fields[0]
    assert "Non valutata: meno di due persone in gioco." not in lines.value  # ann and bob: two people
    solo = game(reason="retired", players=[{"name": "ann", "user_id": 1, "net_worth": 1}])
    value = history_message(HistoryPage(None, 1, 1, 1, [solo]), None, IT).embed.fields[0].value
    assert "Non valutata: meno di due persone in gioco." in value.splitlines()


def test_stats_give_a_win_rate_and_an_average_and_the_computers_apart():
    line = StatLine("modern", None, 3, 1, 9000, 6000, 2500, 4, 1, 2, 3, 5)
    robots = StatLine("classic", "easy", 2, 2, 800, 500, 0, 0, 0, 0, 0, 0)

    person, computers = stats_embeds(StatsView(1, [line], [robots]), "ann", EN)

    assert person.fields[0].value.splitlines() == [
        "Played: 3 · Won: 1 (33%)",
        "Net worth: $3,000 on average, $6,000 at best",
        "Biggest Jackpot: $2,500",
        "Most Deals sold in a game: 4",
        "Lottery wins: 1",
        "Radio Contest wins: 2",
        "Loans taken: 3",
        "Monster Charges carried: 5",
    ]
    assert computers.fields[0].name == "Classic 1975 (reconstructed) · Easy"
    assert stats_embeds(StatsView(1, [line], None), "ann", IT)[0].title == "Il Giorno di paga di ann"


def test_the_leaderboard_marks_your_line_and_shows_your_place_below_the_page():
    players = [RatedPlayer(u, f"p{u}", Skill(30 - u, 2), 5, 4, u % 2) for u in range(1, 4)]
    rows = [Ranked(1, players[0]), Ranked(2, players[1])]
    board = Leaderboard("modern", "", Period.DAYS_30, 1, 2, 12, rows, Ranked(11, players[2]), False, 3)

    message = leaderboard_message(board, viewer_id=3, L=EN)

    assert message.embed.description.splitlines() == [
        "**1.** p1 — rating 1,920 · won 1 of 4 games",
        "**2.** p2 — rating 1,880 · won 0 of 4 games",
    ]
    assert message.embed.author.name == "Last 30 days"
    [you] = message.embed.fields
    assert you.value == "**11.** __p3__ — rating 1,840 · won 1 of 4 games"
    house = dataclasses.replace(board, house=house_key({"salary": 4000}))
    rules, mine = leaderboard_message(house, 3, EN).embed.fields
    assert (rules.name, rules.value, mine.name) == ("House rules", "Salary $4,000 (rules: $3,500)", "You")
    [[lower]] = message.rows
    assert (lower.label, lower.target.period, lower.target.page) == ("Lower ▶", "30d", 2)


def test_a_game_whose_channel_was_deleted_has_no_link_back():
    gone = game(reason="gone")
    linked = RecordedGame(
        gone.game_id, 5, 6, gone.finished_at, dataclasses.replace(gone.result, message_id=8)
    )

    value = history_message(HistoryPage(None, 1, 1, 1, [linked]), None, EN).embed.fields[0].value

    assert value.splitlines()[:2] == ["<t:1893542400:d>", "Its channel was deleted: not rated."]


def test_the_classic_records_name_its_pot():
    line = StatLine("classic", None, 1, 1, 900, 900, 300, 1, 0, 0, 0, 0)

    [person] = stats_embeds(StatsView(1, [line], None), "ann", IT)

    assert person.fields[0].value.splitlines()[2:4] == [
        "Piatto più ricco: 300\xa0$",
        "Più Affari venduti in una partita: 1",
    ]


def test_every_ending_but_retirement_says_why_the_game_was_not_rated():
    said = {
        reason: history_message(HistoryPage(None, 1, 1, 1, [game(reason=reason)]), None, EN)
        .embed.fields[0]
        .value.splitlines()[1]
        for reason in ("ended", "abandoned", "gone", "idle", "pause_expired", "a later one")
    }

    assert said == {
        "ended": "Ended early by the host: not rated.",
        "abandoned": "Every player left: not rated.",
        "gone": "Its channel was deleted: not rated.",
        "idle": "Nobody played for days: not rated.",
        "pause_expired": "Left paused too long: not rated.",
        "a later one": "Ended before its time: not rated.",
    }
