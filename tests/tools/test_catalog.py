"""The message catalogs: every message the bot can show is found, each language translates every one of
them (and nothing else), and `update` brings a catalog in step with the code without losing work."""

import shutil

import pytest

from bot.render.i18n import SUPPORTED, po_path
from tools import catalog
from tools.catalog import COMMAND, Found, check, from_code, from_commands, from_data, load, template


@pytest.fixture(scope="module")
def wanted():
    return template()


@pytest.mark.parametrize("code", catalog.languages())
def test_every_language_translates_every_message_and_nothing_more(code, wanted):
    """Fails on a message the catalog lacks, leaves untranslated or fuzzy, or translates as its English;
    on an entry the code no longer uses; on a placeholder a translation drops or invents."""
    report = check(load(po_path(code)), wanted)
    assert report.problems() == [], "run `python -m tools.catalog update`, then translate:\n" + "\n".join(
        report.problems()
    )
    assert report.translated == len(wanted)


def test_every_language_but_english_has_a_catalog():
    assert catalog.languages() == [code for code in SUPPORTED if code != "en"]
    assert all(po_path(code).is_file() for code in catalog.languages())


def test_the_code_is_read_as_babel_reads_it_method_calls_and_plurals_included():
    keys = {found.key for found in from_code()}
    assert (None, "{player} rolled a {face}") in keys  # L._(...) in bot/render/events.py
    assert ("weekday", "Sun") in keys  # L.pgettext(...)
    assert (None, ("{n} card", "{n} cards")) in keys  # L.ngettext(...)
    assert ("to the Bank", "{payer} paid {amount} to {payee} ({reason})") in keys
    # A call with a variable, L.pgettext("mail", card.name), is no message of its own: the data is.
    assert all(isinstance(message, str | tuple) and message for _, message in keys)


def test_names_from_the_data_come_with_their_context():
    keys = {found.key for found in from_data()}
    assert {("mail", "New Roof"), ("deal", "Teen Jeans"), ("space", "Sweet Sunday")} <= keys
    assert {("edition", "Classic 1975 (reconstructed)"), ("account", "the poker pot")} <= keys
    assert {("jackpot", "Jackpot"), ("jackpot", "Pot")} <= keys


def test_every_description_and_choice_of_the_slash_commands_is_a_message():
    texts = {text for text, _ in ((f.key[1], f.where) for f in from_commands())}
    assert "Play the board game Pay Day in this channel." in texts  # the group
    assert "How many months to play (1–12)." in texts  # an option
    assert {"5 minutes", "Modern edition", "overview"} <= texts  # choices
    assert "start" not in texts  # names stay English (docs/DESIGN.md)
    assert all(f.key[0] == COMMAND for f in from_commands())


def sample(*found: Found):
    return template(found)


def test_the_check_names_each_kind_of_problem(tmp_path):
    wanted = sample(
        Found((None, "{player} rolled a {face}"), "x.py"),
        Found((None, "Done"), "x.py"),
        Found((None, "Bill"), "x.py"),
        Found((None, "Jackpot"), "x.py"),
        Found((None, ("{n} card", "{n} cards")), "x.py"),
        Found((None, "{kind}: {name}"), "x.py"),
        Found((COMMAND, "Borrow from the Bank."), "x.py"),
        Found((None, "Never translated"), "x.py"),
    )
    po = tmp_path / "it" / "LC_MESSAGES" / "payday.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{player} rolled a {face}"\nmsgstr "{player} tira un {faccia}"\n\n'
        '#, fuzzy\nmsgid "Done"\nmsgstr "Fatto"\n\n'
        'msgid "Bill"\nmsgstr "Bill"\n\n'
        '#, same-as-english\nmsgid "Jackpot"\nmsgstr "Jackpot"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "una carta"\nmsgstr[1] "{n} carte"\n\n'
        'msgid "{kind}: {name}"\nmsgstr "{kind}: {name}"\n\n'
        f'msgctxt "command"\nmsgid "Borrow from the Bank."\nmsgstr "{"Chiedi un prestito. " * 6}"\n\n'
        'msgid "Gone from the code"\nmsgstr "Sparito"\n',
        encoding="utf-8",
    )
    report = check(load(po), wanted)
    assert report.missing == [(None, "Never translated")]
    assert report.fuzzy == [(None, "Done")]
    assert report.english == [
        (None, "Bill")
    ]  # "Jackpot" says it is rightly English; "{kind}: {name}" has no words
    assert report.unused == [(None, "Gone from the code")]
    assert [key for key, _ in report.placeholders] == [
        (None, "{player} rolled a {face}"),
        (None, ("{n} card", "{n} cards")),  # the singular dropped {n}
    ]
    assert [key for key, _ in report.too_long] == [(COMMAND, "Borrow from the Bank.")]
    assert len(report.problems()) == 7


def test_update_adds_new_messages_drops_unused_ones_and_keeps_every_translation(tmp_path):
    po = tmp_path / "it" / "LC_MESSAGES" / "payday.po"
    po.parent.mkdir(parents=True)
    shutil.copy(po_path("it"), po)
    real = template()
    changed = sample(
        *(Found((m.context, m.id), "x.py") for m in list(real)[1:] if m.id != "Keep them all"),
        Found((None, "A brand new sentence about {player}"), "x.py"),
        Found((None, "{player} rolled a {face}!"), "x.py"),  # the English changed a little
    )
    catalog.update(po, changed)
    after = load(po)
    assert after.get("Keep them all") is None
    assert after.get("A brand new sentence about {player}").string == ""
    guessed = after.get("{player} rolled a {face}!")
    assert guessed.fuzzy and guessed.string  # the old translation, to be checked
    assert (
        after.get("Sweet Sunday", "space").string == load(po_path("it")).get("Sweet Sunday", "space").string
    )
    report = check(after, changed)
    assert report.missing == [] and report.unused == []
    assert (None, "A brand new sentence about {player}") in report.untranslated


def test_update_takes_translations_made_elsewhere_from_a_compendium(tmp_path):
    po = tmp_path / "it" / "LC_MESSAGES" / "payday.po"
    po.parent.mkdir(parents=True)
    shutil.copy(po_path("it"), po)
    elsewhere = tmp_path / "from-another-branch.po"
    elsewhere.write_text(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n\n'
        'msgid "{player} joined."\nmsgstr "{player} si siede al tavolo."\n\n'
        'msgid "Press **Join** to take a seat."\nmsgstr "Premi **Entra** per sederti."\n\n'
        '#, same-as-english\nmsgid "Jackpot!"\nmsgstr "Jackpot!"\n',
        encoding="utf-8",
    )
    real = [Found((m.context, m.id), "x.py") for m in list(template())[1:]]
    new = ["{player} joined.", "Press **Join** to take a seat!", "Jackpot!", "Nobody translated this"]
    wanted = sample(*real, *(Found((None, text), "x.py") for text in new))

    catalog.update(po, wanted, load(elsewhere))
    after = load(po)
    assert after.get("{player} joined.").string == "{player} si siede al tavolo."
    assert not after.get("{player} joined.").fuzzy
    close = after.get("Press **Join** to take a seat!")
    assert close.string == "Premi **Entra** per sederti." and close.fuzzy  # to be checked
    assert "same-as-english" in after.get("Jackpot!").flags
    assert after.get("Nobody translated this").string == ""
    assert after.get("Sweet Sunday", "space").string == "Domenica dolce"


def test_update_of_a_catalog_in_step_changes_nothing(tmp_path):
    po = tmp_path / "it" / "LC_MESSAGES" / "payday.po"
    po.parent.mkdir(parents=True)
    shutil.copy(po_path("it"), po)
    catalog.update(po)
    assert po.read_bytes() == po_path("it").read_bytes()


def test_the_command_line_checks_every_language(capsys):
    assert catalog.main(["check"]) == 0
    assert "0 problems" in capsys.readouterr().out
