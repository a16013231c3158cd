"""The bot in each language but English: every event kind and reason, every refusal, every question
and button of every edition (a button no longer than its English allows), every rules topic, the hand
panel and the help page render from the catalog with no English left in; Italian's own wording and
money ("3.500 $") checked word for word; the kept catalog and amounts are those made afresh. A
language joins these tests when it joins SUPPORTED."""

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
from bot.render.language.i18n import NBSP, SUPPORTED, Lang, lang
from bot.render.prompts.answers import choices
from bot.render.prompts.questions import question
from bot.render.refusals import refusal_text
from tests.bot.render.games import every_question
from tests.bot.render.language.english import english_in
from tests.bot.render.test_refusal_table import EVERY_CODE, EVERY_PARAMETER, written
from tests.bot.render.test_words import CLASSIC, CLASSIC_SAMPLES, MODERN, NAMES, REFUSALS, SAMPLES
from tests.cogs.payday.rig import cog

ITALIAN = lang("it")
ENGLISH = lang("en")
LANGUAGES = [code for code in SUPPORTED if code != ENGLISH.code]

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


@pytest.fixture(params=LANGUAGES)
def L(request):
    """Each language but English, with an empty record of the messages its catalog lacked."""
    language = lang(request.param)
    language.missing.clear()
    yield language
    assert not language.missing, f"messages the {language.code} catalog lacks: {sorted(language.missing)}"


def assert_written_in(text: str, L: Lang) -> None:
    """`text` wholly in `L`: no placeholder left, no English (the language's own catalogs say what
    English is), no amount written the English way."""
    assert text and "{" not in text, text
    assert english_in(L.code).found([text]) == []
    assert not ENGLISH_MONEY.search(text), text


@pytest.mark.parametrize(
    ("event", "ruleset"), [(e, MODERN) for e, _ in SAMPLES] + [(e, CLASSIC) for e, _ in CLASSIC_SAMPLES]
)
def test_every_event_kind_and_reason_reads_in_each_language(event, ruleset, L):
    text = describe(event, NAMES, ruleset, L)
    assert_written_in(text, L)
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
def test_every_refusal_reads_in_each_language(refusal, said, L):
    text = refusal_text(refusal, L, NAMES)
    assert_written_in(text, L)
    assert text != said


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_refusal_code_of_every_feature_reads_in_each_language(code, L):
    text = written(code, L)
    assert_written_in(text.replace(EVERY_PARAMETER["option"], "`option`"), L)  # a name, typed in English
    assert text != written(code, ENGLISH)


def test_every_question_and_button_of_every_edition_reads_in_each_language(L):
    """Buttons stay within Discord's 80 characters, and within 25 where the English label is (the
    longest German button fits a phone's row as the English does)."""
    asked: set[str] = set()
    for st, names in every_question():
        asked.add(st.pending.kind)
        assert_written_in(question(st, names, L), L)
        for choice, en in zip(choices(st, L), choices(st, ENGLISH), strict=True):
            if choice.label not in names:  # a player's name is the same in every language
                assert_written_in(choice.label, L)
            assert len(choice.label) <= 80, choice.label
            assert len(choice.label) <= 25 or len(en.label) > 25, (choice.label, en.label)
    assert asked == set(PendingKind)


def test_the_hand_panel_of_every_edition_reads_in_each_language_down_to_its_time_line(L):
    """Every seat's panel at every seventh question of the sample games: bills, Monster Charges, Deals,
    Tickets, savings, retirement, the forecast, the orders and the line saying when it was read."""
    orders = Orders(True, True, LotteryOrder.ALWAYS, 3)
    taken = datetime(2026, 1, 1, tzinfo=UTC)
    headings: set[str] = set()
    for st, names in itertools.islice(every_question(), 0, None, 7):
        for seat in range(len(st.players)):
            embed = hand_view.panel_embed(hand_panel(st, seat, names[seat], orders, L), taken, L)
            assert embed.description.endswith("\n" + L._("🕒 As of {when}", when="<t:1767225600:R>"))
            for text in (embed.title.removesuffix(names[seat]), embed.description):
                assert_written_in(text, L)
            for f in embed.fields:
                assert_written_in(f.name, L)
                assert_written_in(f.value, L)
                headings.add(f.name)
    shown = {"Monster Charges", "Lottery Tickets", "Still due at this Pay Day", "Due at your next Pay Day"}
    assert {L._(heading) for heading in shown} <= headings, "the samples reach every kind of section"
    menu, buttons = hand_view.panel_rows(1, 2, 0, orders, 1000, L)
    for text in [menu.placeholder, *(button.label for button in buttons)]:
        assert_written_in(text, L)


def test_the_italian_hand_says_when_it_was_read(it):
    panel = hand_panel(next(every_question())[0], 0, "Ann", Orders(True, True, LotteryOrder.ALWAYS, 3), it)
    embed = hand_view.panel_embed(panel, datetime(2026, 1, 1, tzinfo=UTC), it)
    assert embed.description.endswith("\n🕒 Aggiornato <t:1767225600:R>")


@pytest.mark.parametrize("edition", list(RULESETS))
@pytest.mark.parametrize("topic", list(rules_text.TITLES))
def test_every_rules_topic_of_every_edition_reads_in_each_language(topic, edition, L):
    title, text = rules_text.page(topic, edition, rules_text.duration(300, L), rules_text.duration(60, L), L)
    assert_written_in(title, L)
    assert_written_in(text, L)
    english_title, english_text = rules_text.page(topic, edition, "5 minutes", "1 minute", ENGLISH)
    assert (title, text) != (english_title, english_text)


@pytest.mark.parametrize("section", list(Section))
async def test_each_section_of_the_help_reads_in_each_language(env, L, section):
    embed = help_message(section, cog(env).app_command, L).embed
    assert embed is not None and embed.description is not None
    assert_written_in(embed.title, L)
    assert_written_in(embed.description, L)
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
