"""The bot in Italian: every event kind and reason, every refusal, every question and button of every
edition, every rules topic, the hand panel and the help page render from the catalog, with no English
left in and money written the Italian way ("3.500 $"); the kept catalog and amounts are those made
afresh."""

import itertools
import re
from datetime import UTC, datetime

import discord
import pytest
from babel.numbers import format_decimal

from bot.game.events import Event, EventKind, Reason
from bot.game.orders import LotteryOrder, Orders
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.render import hand_view, rules_text
from bot.render.help import Section, help_message
from bot.render.language import i18n
from bot.render.language.events import describe
from bot.render.language.hand import hand_panel
from bot.render.language.i18n import NBSP, lang
from bot.render.prompts.answers import choices
from bot.render.prompts.questions import question
from bot.render.refusals import refusal_text
from tests.bot.render.games import every_question
from tests.bot.render.test_refusal_table import EVERY_CODE, written
from tests.bot.render.test_words import CLASSIC, CLASSIC_SAMPLES, MODERN, NAMES, REFUSALS, SAMPLES
from tests.cogs.payday.rig import cog

ITALIAN = lang("it")
ENGLISH = lang("en")

ENGLISH_WORDS = re.compile(
    r"\b(the|and|you|your|with|roll|rolled|pay|paid|collected|from|into|bought|sold|deals?|mail|bills?"
    r"|loans?|savings|cash|bank|lottery|jackpot|months?|turn|wins?|choose|players?|game|nobody|everyone"
    r"|only|this|that|there|what|when|which|will|has|have|was|are|not|of|to|for|by|at|on|or|is|it|its"
    r"|buy|sell|repay|withdraw|deposit|done|decline|sit|out|keep|nothing|none|yet|waiting|day)\b",
    re.IGNORECASE,
)
CODE = re.compile(r"`[^`]*`")
ENGLISH_MONEY = re.compile(r"\$\d|\d,\d{3}")


def english_left(text: str) -> list[str]:
    """Common English words in an Italian text, leaving out the game's title and `/payday` commands
    (their names stay English)."""
    return ENGLISH_WORDS.findall(CODE.sub("", text.replace("Pay Day", "")))


@pytest.fixture
def it():
    """Italian, with an empty record of the messages the catalog lacked."""
    ITALIAN.missing.clear()
    yield ITALIAN
    assert not ITALIAN.missing, f"messages the Italian catalog lacks: {sorted(ITALIAN.missing)}"


def assert_italian(text: str) -> None:
    assert text and "{" not in text, text
    assert not english_left(text), (english_left(text), text)
    assert not ENGLISH_MONEY.search(text), text


@pytest.mark.parametrize(
    ("event", "ruleset"), [(e, MODERN) for e, _ in SAMPLES] + [(e, CLASSIC) for e, _ in CLASSIC_SAMPLES]
)
def test_every_event_kind_and_reason_reads_in_italian(event, ruleset, it):
    text = describe(event, NAMES, ruleset, it)
    assert_italian(text)
    assert text != describe(event, NAMES, ruleset, ENGLISH)


def test_the_samples_cover_every_event_kind_and_reason():
    events = [event for event, _ in SAMPLES + CLASSIC_SAMPLES]
    assert {e.kind for e in events} == set(EventKind)
    assert {e.reason for e in events if e.kind != EventKind.TIMED_OUT} - {""} == set(Reason)


def test_money_numbers_and_plurals_read_the_italian_way(it):
    salary = Event(EventKind.TRANSFER, amount=3500, src=-1, dst=0, reason=Reason.SALARY)
    assert describe(salary, NAMES, MODERN, it) == f"Ann incassa 3.500{NBSP}$ dalla Banca (salario)"
    over = Event(EventKind.GAME_OVER, amount=12000, value=2, ref=0b101)
    assert describe(over, NAMES, MODERN, it) == (
        f"Partita finita: Ann e Cat vincono a pari merito con un patrimonio netto di 12.000{NBSP}$"
    )
    one = Event(EventKind.GAME_OVER, amount=-500, value=1, ref=0b010)
    assert (
        describe(one, NAMES, MODERN, it)
        == f"Partita finita: vince Bob con un patrimonio netto di -500{NBSP}$"
    )


@pytest.mark.parametrize(
    ("payment", "said"),
    [
        ((Reason.SALARY, -1, -1, 0), "Ann incassa 500\u00a0$ dalla Banca (salario)"),
        ((Reason.SPACE, 14, 0, -2), "Ann versa 500\u00a0$ nel Montepremi (Concerto di beneficenza)"),
        ((Reason.SIX, -1, -2, 0), "Ann incassa 500\u00a0$ dal Montepremi (uscito il 6)"),
        ((Reason.SPACE, 10, 1, 0), "Bob paga 500\u00a0$ a Ann (Buon compleanno)"),
        ((Reason.INTEREST, -1, 0, -1), "Ann paga 500\u00a0$ alla Banca (interessi sul prestito)"),
        (
            (Reason.LOTTERY_STAKE, -1, -1, -3),
            "Il piatto della Lotteria riceve 500\u00a0$ dalla Banca (quota della Banca per la Lotteria)",
        ),
        (
            (Reason.JACKPOT_SEED, -1, -1, -2),
            "Il Montepremi riceve 500\u00a0$ dalla Banca (somma iniziale della Banca)",
        ),
    ],
)
def test_a_payment_takes_the_preposition_its_account_needs(payment, said, it):
    """ "alla Banca", "dal Montepremi", "a Ann": one English sentence, a sentence per kind of account."""
    reason, ref, src, dst = payment
    event = Event(EventKind.TRANSFER, amount=500, value=1000, src=src, dst=dst, reason=reason, ref=ref)
    assert describe(event, NAMES, MODERN, it) == said


@pytest.mark.parametrize(("refusal", "said"), REFUSALS)
def test_every_refusal_reads_in_italian(refusal, said, it):
    text = refusal_text(refusal, it, NAMES)
    assert_italian(text)
    assert text != said


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_refusal_code_of_every_feature_reads_in_italian(code, it):
    text = written(code, it)
    assert_italian(text)
    assert text != written(code, ENGLISH)


def test_every_question_and_button_of_every_edition_reads_in_italian(it):
    """Buttons stay within Discord's 80 characters, and within 25 where the English label is."""
    asked: set[str] = set()
    for st, names in every_question():
        asked.add(st.pending.kind)
        assert_italian(question(st, names, it))
        for choice, en in zip(choices(st, it), choices(st, ENGLISH), strict=True):
            if choice.label not in names:  # a player's name is the same in every language
                assert_italian(choice.label)
            assert len(choice.label) <= 80, choice.label
            assert len(choice.label) <= 25 or len(en.label) > 25, (choice.label, en.label)
    assert asked == set(PendingKind)


def test_the_hand_panel_of_every_edition_reads_in_italian_down_to_its_time_line(it):
    """Every seat's panel at every seventh question of the sample games: bills, Monster Charges, Deals,
    Tickets, savings, retirement, the forecast, the orders and the line saying when it was read."""
    orders = Orders(True, True, LotteryOrder.ALWAYS, 3)
    taken = datetime(2026, 1, 1, tzinfo=UTC)
    headings: set[str] = set()
    for st, names in itertools.islice(every_question(), 0, None, 7):
        for seat in range(len(st.players)):
            embed = hand_view.panel_embed(hand_panel(st, seat, names[seat], orders, it), taken, it)
            assert embed.description.endswith("\n🕒 Aggiornato <t:1767225600:R>")
            for text in (embed.title.removesuffix(names[seat]), embed.description):
                assert_italian(text)
            for f in embed.fields:
                assert_italian(f.name)
                assert_italian(f.value)
                headings.add(f.name)
    shown = {"Monster Charges", "Lottery Tickets", "Still due at this Pay Day", "Due at your next Pay Day"}
    assert {it._(heading) for heading in shown} <= headings, "the samples reach every kind of section"
    menu, buttons = hand_view.panel_rows(1, 2, 0, orders, 1000, it)
    for text in [menu.placeholder, *(button.label for button in buttons)]:
        assert_italian(text)


@pytest.mark.parametrize("edition", list(RULESETS))
@pytest.mark.parametrize("topic", list(rules_text.TITLES))
def test_every_rules_topic_of_every_edition_reads_in_italian(topic, edition, it):
    title, text = rules_text.page(
        topic, edition, rules_text.duration(300, it), rules_text.duration(60, it), it
    )
    assert_italian(title)
    assert_italian(text)
    english_title, english_text = rules_text.page(topic, edition, "5 minutes", "1 minute", ENGLISH)
    assert (title, text) != (english_title, english_text)


@pytest.mark.parametrize("section", list(Section))
async def test_each_section_of_the_help_reads_in_italian(env, it, section):
    embed = help_message(section, cog(env).app_command, it).embed
    assert embed is not None and embed.description is not None
    assert_italian(embed.title)
    assert_italian(embed.description.replace(it.pgettext("command", "on"), ""))  # a value typed
    if section == Section.TABLE:
        assert "`/payday kick member`" in embed.description  # names stay English


def test_time_limits_are_said_with_italian_plurals(it):
    assert [rules_text.duration(s, it) for s in (60, 300, 1, 90)] == [
        "1 minuto",
        "5 minuti",
        "1 secondo",
        "90 secondi",
    ]


def test_the_english_word_check_finds_english():
    assert english_left("Ann paid the Bank") == ["paid", "the", "Bank"]
    assert not english_left("Ann paga 500 $ alla Banca: `/payday start` in Pay Day")


def test_one_language_is_compiled_once_and_translates_as_compiled_afresh():
    assert lang("it") is lang("it-IT") is lang(discord.Locale.italian) is ITALIAN
    fresh = i18n._language.__wrapped__("it")
    assert fresh is not ITALIAN and fresh._known == ITALIAN._known
    for context, message in ITALIAN._known:
        if context is None:
            assert ITALIAN._(message) == fresh._(message)
        else:
            assert ITALIAN.pgettext(context, message) == fresh.pgettext(context, message)


def test_amounts_written_again_read_as_written_afresh():
    amounts = [*range(-2_000, 2_000, 7), *range(0, 3_000_000, 9_973), 10**9, -(10**12)]
    for _ in range(2):  # the second time from what the first kept
        for n in amounts:
            written = format_decimal(n, locale="it")
            assert ITALIAN.number(n) == written
            assert ITALIAN.money(n) == f"{written}{NBSP}$"
