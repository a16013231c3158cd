"""The live board's words: every name, line and language is the table's as it is now."""

import pytest

from bot.game.ai import choose
from bot.game.cards import MailKind, Tag
from bot.game.engine import apply, end_early
from bot.game.orders import Orders
from bot.game.rulesets import RULESETS
from bot.game.simulate import start
from bot.render import embeds
from bot.render.language.i18n import lang
from bot.render.latest import happening_line
from bot.service.tallies import Tally
from bot.service.values import Ending, Standings
from bot.table import Seat, Table, lobby

EN, IT = lang("en"), lang("it")


def table_of(st, names: list[str], language: str = "en") -> Table:
    seats = [Seat(user_id=100 + i, name=name) for i, name in enumerate(names)]
    return Table(
        host_id=100, seats=seats, state=st, language=language, seed=0, turn_seconds=60, interrupt_seconds=60
    )


def test_a_renamed_player_is_shown_by_the_new_name_only():
    st, _ = start(1, players=3, months=1)
    events = apply(st, choose(st, st.pending.seats[0]))
    before = table_of(st, ["Ann", "Bob", "Cy"])
    before.latest = events
    embeds.game_embed(before, 8, EN)
    after = table_of(st, ["Ann", "Zed", "Cy"])
    after.latest = events
    written = embeds.game_embed(after, 8, EN).to_dict()
    text = str(written)
    assert "Zed" in text and "Bob" not in text


def test_the_same_game_in_another_language_is_all_in_that_language():
    st, _ = start(2, players=3, months=1)
    events = apply(st, choose(st, st.pending.seats[0]))
    table = table_of(st, ["Ann", "Bob", "Cy"])
    table.latest = events
    english = embeds.game_embed(table, 9, EN).to_dict()
    italian = embeds.game_embed(table.model_copy(update={"language": "it"}), 9, IT).to_dict()
    assert italian != english
    assert italian["fields"][0]["name"] == IT._("Players") != "Players"


def _charge_card(ruleset: str) -> int:
    """A Monster Charge's card index, for a carried one (savings and insurance are classic's, but
    any board shows them when a player has them)."""
    return next(i for i, card in enumerate(RULESETS[ruleset].mail) if card.kind == MailKind.MONSTER)


LINE_CHANGES = {
    "cash": lambda t: setattr(t.state.players[1], "cash", t.state.players[1].cash + 100),
    "loan": lambda t: setattr(t.state.players[1], "loan", t.state.players[1].loan + 1000),
    "savings": lambda t: setattr(t.state.players[1], "savings", t.state.players[1].savings + 500),
    "day": lambda t: setattr(t.state.players[1], "day", t.state.players[1].day + 1),
    "retired": lambda t: setattr(t.state.players[1], "retired", True),
    "insured": lambda t: t.state.players[1].insured.append(Tag.CAR),
    "deals": lambda t: t.state.players[1].deals.append(0),
    "mail": lambda t: t.state.players[1].mail.append(0),
    "charges": lambda t: t.state.players[1].charges.append(700),
    "carried": lambda t: t.state.players[1].carried.append(_charge_card(t.state.ruleset)),
    "turn": lambda t: setattr(t.state, "turn", 1),
    "over": lambda t: setattr(t.state, "over", True),
    "away": lambda t: setattr(t.seats[1], "away", True),
    "left": lambda t: lobby.leave_game(t, t.seats[1].user_id),
    "orders": lambda t: setattr(t.seats[1], "orders", Orders(roll=True)),
    "name": lambda t: setattr(t.seats[1], "name", "Zed"),
    "language": lambda t: setattr(t, "language", "it"),
}
"""Everything a player's line shows, each changed on its own (seat 1: not the one whose turn it is)."""


@pytest.mark.parametrize("change", sorted(LINE_CHANGES))
def test_a_player_line_shows_every_change_of_what_it_shows(change):
    """The board shown, then the same game with one thing changed: the players' lines show it."""
    st, _ = start(4, players=3, months=1)
    before = table_of(st, ["Ann", "Bob", "Cy"])
    before.state.turn = 0
    after = before.model_copy(deep=True)
    LINE_CHANGES[change](after)
    shown = embeds.game_embed(before, 12, EN).to_dict()
    written = embeds.game_embed(after, 12, lang(after.language)).to_dict()
    assert written["fields"][0] != shown["fields"][0]


def test_a_language_code_asked_again_gives_the_same_language():
    """`lang` remembers the codes it was asked: asked again, in any order, each gives its language."""
    import discord

    codes = ["it", "en", None, "it-IT", "en-GB", "ja", "", "IT", discord.Locale.italian, "it"]
    first = [lang(code).code for code in codes]
    assert first == ["it", "en", "en", "it", "en", "en", "en", "it", "it", "it"]
    assert [lang(code).code for code in reversed(codes)] == first[::-1]


def test_a_seat_a_computer_took_over_says_so_in_both_languages():
    st, _ = start(4, players=3, months=1)
    table = table_of(st, ["Ann", "Bob", "Cy"])
    lobby.leave_game(table, table.seats[1].user_id)

    english = embeds.game_embed(table, 13, EN).to_dict()["fields"][0]["value"].splitlines()
    table.language = "it"
    italian = embeds.game_embed(table, 13, IT).to_dict()["fields"][0]["value"].splitlines()

    assert "**Bob** (left: a computer plays on)" in english[1]
    assert "**Bob** (uscito: gioca il computer)" in italian[1]
    assert "computer" not in english[0] + english[2]


def test_every_click_of_a_game_writes_the_board_a_fresh_start_would():
    """The players' and Latest lines are kept by exactly what they show: a whole game, its names and
    language switched now and then, reads the same as with nothing kept."""
    import random

    rnd = random.Random(3)
    st, _ = start(5, players=3, months=1)
    names, language, latest = ["Ann", "Bob", "Cy"], "en", []
    while not st.over:
        if rnd.random() < 0.1:
            language = "it" if language == "en" else "en"
        if rnd.random() < 0.05:
            names[rnd.randrange(3)] = rnd.choice(["**Zed**", "Bob", "@everyone", "Dee_"])
        table = table_of(st, names, language)
        table.latest = latest
        kept = embeds.game_embed(table, 7, lang(language)).to_dict()
        embeds._player_line.cache_clear()
        happening_line.cache_clear()
        assert kept == embeds.game_embed(table, 7, lang(language)).to_dict()
        table.remember(apply(st, choose(st, st.pending.seats[0])))
        latest = table.latest


def test_standings_of_a_game_kept_from_before_tallies_show_places_only_and_no_buy_back_sentence():
    """A finished game saved before stories were kept (and before held Deals were bought back)
    reads as it did: places and net worths, no story line, nothing said of Deals at cost."""
    st, _ = start(3, players=2, months=1)
    end_early(st)
    table = table_of(st, ["ann", "bob"])
    kept = Standings(7, table, Ending.ENDED, "ann")
    told = Standings(7, table, Ending.ENDED, "ann", tallies=(Tally(returned=1), Tally()))

    old, new = embeds.final_embed(kept, EN), embeds.final_embed(told, EN)

    assert old.description.splitlines() == [
        "Ended early by ann.",
        "",
        "**1.** ann — $3,500",
        "**1.** bob — $3,500",
    ]
    assert old.title == "🏆 ann and bob share the win in Pay Day game #7"
    assert new.description.startswith("Ended early by ann. Deals still held were bought back by the Bank")
    assert "*no Deal sold, no loan, no win*" in new.description.splitlines()


@pytest.mark.parametrize(
    ("ending", "L", "said"),
    [
        (Ending.IDLE, EN, "Nobody played for 3 days: the game ended by itself."),
        (Ending.IDLE, IT, "Nessuno ha giocato per 3 giorni: la partita è finita da sola."),
        (Ending.PAUSE_EXPIRED, EN, "The game stayed paused for 1 day and ended by itself."),
        (Ending.PAUSE_EXPIRED, IT, "La partita è rimasta in pausa per 1 giorno ed è finita da sola."),
    ],
)
def test_a_game_that_ended_by_itself_says_why_with_the_tables_own_number_of_days(ending, L, said):
    st, _ = start(3, players=2, months=1)
    table = table_of(st, ["Ann", "Bob"]).model_copy(update={"idle_end_days": 3, "pause_end_days": 1})
    assert embeds.ending_text(Standings(1, table, ending), L) == said


@pytest.mark.parametrize(
    ("ending", "said"),
    [
        (Ending.IDLE, "Nobody played for 3 days: the game ended by itself."),
        (Ending.PAUSE_EXPIRED, "The game stayed paused for 1 day and ended by itself."),
        (Ending.GONE, "Ended early: its channel or thread was deleted, or the bot can no longer reach it."),
        (Ending.ABANDONED, "Every player left."),
    ],
)
def test_every_early_ending_says_the_deals_still_held_were_bought_back(ending, said):
    st, _ = start(3, players=2, months=1)
    table = table_of(st, ["Ann", "Bob"]).model_copy(update={"idle_end_days": 3, "pause_end_days": 1})
    standing = Standings(1, table, ending, tallies=(Tally(returned=1), Tally()))
    bought_back = "Deals still held were bought back by the Bank at what they cost."
    assert embeds.ending_text(standing, EN) == f"{said} {bought_back}"
