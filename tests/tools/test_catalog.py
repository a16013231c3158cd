"""The message catalogs: every message the bot can show is found, each language translates every one of
them (and nothing else), and `update` brings a catalog in step with the code without losing work."""

import shutil

import pytest

from bot.render.language.i18n import FEATURES_DIR, SUPPORTED, po_path
from tools import catalog
from tools.catalog import (
    COMMAND,
    CORE,
    Found,
    Places,
    check,
    check_language,
    from_code,
    from_commands,
    from_data,
    load,
    template,
    templates,
    update_language,
)


@pytest.fixture(scope="module")
def wanted():
    return templates()


@pytest.mark.parametrize("code", catalog.languages())
def test_every_language_translates_every_message_and_nothing_more(code, wanted):
    """Fails on a message a catalog (the core's or a feature's) lacks, leaves untranslated or fuzzy,
    or translates as its English; on an entry the code no longer uses; on a placeholder a translation
    drops or invents; on a feature catalog no feature needs."""
    reports = check_language(code, wanted)
    problems = [line for report in reports for line in report.problems()]
    assert problems == [], "run `python -m tools.catalog update`, then translate:\n" + "\n".join(problems)
    assert [report.translated for report in reports] == [len(messages) for messages in wanted.values()]


def test_every_language_but_english_has_a_catalog():
    assert catalog.languages() == [code for code in SUPPORTED if code != "en"]
    assert all(po_path(code).is_file() for code in catalog.languages())


def test_the_code_is_read_as_babel_reads_it_method_calls_and_plurals_included():
    keys = {found.key for found in from_code()}
    assert (None, "{player} rolled a {face}") in keys  # L._(...) in bot/render/language/events.py
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
    assert not {"English", "Italiano"} & texts  # so do the languages' own names, for every reader
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
    out = capsys.readouterr().out
    assert "it: " in out and "it [pause]: " in out and "0 problems" in out


# -- a catalog per feature ----------------------------------------------------------------------------
def test_a_message_only_a_feature_uses_is_its_own_the_others_stay_the_cores(wanted):
    split = templates(
        [
            Found((None, "Snoozed."), "bot/features/snooze/words.py"),
            Found((COMMAND, "Snooze the game."), "bot/features/snooze/cog.py"),
            Found((None, "Shared"), "bot/features/snooze/words.py"),
            Found((None, "Shared"), "bot/render/live.py"),
            Found((None, "Two features"), "bot/features/snooze/words.py"),
            Found((None, "Two features"), "bot/features/vote/words.py"),
            Found((None, "Core only"), "cogs/payday/_cog.py"),
        ]
    )
    assert list(split) == [CORE, "snooze"]
    assert {m.id for m in list(split["snooze"])[1:]} == {"Snoozed.", "Snooze the game."}
    assert {m.id for m in list(split[CORE])[1:]} == {"Shared", "Two features", "Core only"}
    # The real pause feature: its words and commands are its own; bot/render/pause.py's the core's.
    pause = {(m.context, m.id) for m in list(wanted["pause"])[1:]}
    assert (None, "Resumed: the clocks run again.") in pause
    stop = "Stop every clock of the game here until /payday resume (host or Manage Channels)."
    assert (COMMAND, stop) in pause
    assert wanted[CORE].get("The game is paused (by {player}): nothing moves until /payday resume.")
    assert not pause & {(m.context, m.id) for m in list(wanted[CORE])[1:]}


def test_the_pause_features_words_live_in_its_own_folder():
    feature = po_path("it", FEATURES_DIR / "pause" / "locale")
    assert feature.is_file()
    assert load(feature).get("Resumed: the clocks run again.").string == "Ripresa: i tempi scorrono di nuovo."
    assert load(po_path("it")).get("Resumed: the clocks run again.") is None


HEADER = 'msgid ""\nmsgstr ""\n"Language: it\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'


@pytest.fixture
def places(tmp_path):
    """A core catalog translating every message, and a features folder with no catalog yet."""
    places = Places(core=tmp_path / "render" / "locale", features=tmp_path / "features")
    core = places.path(CORE, "it")
    core.parent.mkdir(parents=True)
    core.write_text(
        HEADER + 'msgid "Snoozed for {time}."\nmsgstr "In letargo per {time}."\n\n'
        'msgid "{n} nap"\nmsgid_plural "{n} naps"\nmsgstr[0] "{n} pisolino"\nmsgstr[1] "{n} pisolini"\n\n'
        'msgctxt "command"\nmsgid "Snooze the game."\nmsgstr "Metti in letargo la partita."\n\n'
        'msgid "Shared"\nmsgstr "Condiviso"\n\n'
        'msgid "Core only"\nmsgstr "Solo il nucleo"\n',
        encoding="utf-8",
    )
    return places


FEATURE_FOUND = [
    Found((None, "Snoozed for {time}."), "bot/features/snooze/words.py"),
    Found((None, ("{n} nap", "{n} naps")), "bot/features/snooze/words.py"),
    Found((COMMAND, "Snooze the game."), "bot/features/snooze/cog.py"),
    Found((None, "Shared"), "bot/features/snooze/words.py"),
    Found((None, "Shared"), "bot/render/live.py"),
    Found((None, "Core only"), "bot/render/live.py"),
]


def test_update_moves_a_features_messages_to_its_catalog_with_their_translations(places):
    wanted = templates(FEATURE_FOUND)
    update_language("it", wanted, places=places)
    snooze = places.path("snooze", "it")
    assert snooze == places.features / "snooze" / "locale" / "it" / "LC_MESSAGES" / "payday.po"
    moved = load(snooze)
    assert moved.get("Snoozed for {time}.").string == "In letargo per {time}."
    assert moved.get("{n} nap").string == ("{n} pisolino", "{n} pisolini")
    assert moved.get("Snooze the game.", COMMAND).string == "Metti in letargo la partita."
    assert moved.get("Shared") is None and not any(m.fuzzy for m in list(moved)[1:])
    assert moved.plural_forms == "nplurals=2; plural=(n != 1);"
    core = load(places.path(CORE, "it"))
    assert core.get("Snoozed for {time}.") is None and core.get("Snooze the game.", COMMAND) is None
    assert core.get("Shared").string == "Condiviso"  # the core uses it too
    assert [r.problems() for r in check_language("it", wanted, places)] == [[], []]
    before = snooze.read_bytes()
    update_language("it", wanted, places=places)
    assert snooze.read_bytes() == before  # in step: nothing changes

    # The core comes to use the feature's message too: it moves back, translation and all.
    wanted = templates([*FEATURE_FOUND, Found((None, "Snoozed for {time}."), "bot/render/live.py")])
    update_language("it", wanted, places=places)
    assert load(places.path(CORE, "it")).get("Snoozed for {time}.").string == "In letargo per {time}."
    assert load(snooze).get("Snoozed for {time}.") is None


def test_update_drops_the_catalog_of_a_feature_whose_folder_is_gone(places):
    update_language("it", templates(FEATURE_FOUND), places=places)
    assert places.path("snooze", "it").is_file()
    update_language("it", templates([f for f in FEATURE_FOUND if "snooze" not in f.where]), places=places)
    assert not (places.features / "snooze").exists()
    core = load(places.path(CORE, "it"))
    assert core.get("Snoozed for {time}.") is None and core.get("Shared").string == "Condiviso"


def test_the_check_fails_on_a_feature_catalog_missing_a_translation_or_mangling_a_placeholder(places):
    wanted = templates(FEATURE_FOUND)
    assert [r.missing for r in check_language("it", wanted, places)][1]  # not made yet: all missing
    update_language("it", wanted, places=places)
    snooze = places.path("snooze", "it")
    text = snooze.read_text(encoding="utf-8")
    text = text.replace('"In letargo per {time}."', '"In letargo per {tempo}."')
    text = text.replace('"Metti in letargo la partita."', '""')
    snooze.write_text(text, encoding="utf-8")
    core, feature = check_language("it", wanted, places)
    assert core.problems() == []
    assert feature.untranslated == [(COMMAND, "Snooze the game.")]
    assert [key for key, _ in feature.placeholders] == [(None, "Snoozed for {time}.")]
    assert all(line.startswith("it [snooze]: ") for line in feature.problems())
    stray = places.path("gone", "it")
    stray.parent.mkdir(parents=True)
    stray.write_text(HEADER, encoding="utf-8")
    assert check_language("it", wanted, places)[-1].stray


def test_update_of_every_catalog_in_step_changes_nothing(tmp_path, wanted):
    places = Places(core=tmp_path / "render" / "locale", features=tmp_path / "features")
    real = {CORE: po_path("it"), **Places().feature_catalogs("it")}
    assert "pause" in real
    for owner, path in real.items():
        places.path(owner, "it").parent.mkdir(parents=True)
        shutil.copy(path, places.path(owner, "it"))
    update_language("it", wanted, places=places)
    for owner, path in real.items():
        assert places.path(owner, "it").read_bytes() == path.read_bytes()
    assert places.feature_catalogs("it").keys() == real.keys() - {CORE}
