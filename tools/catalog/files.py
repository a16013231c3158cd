"""One language's `.po` file: read, written, and brought in step with the messages it should hold
without losing a translation."""

import difflib
import io
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from bot.render.language.i18n import DOMAIN
from tools.catalog.messages import CORE, Key, templates

SAME = "same-as-english"
"""A `.po` flag: this translation is rightly the English text ("Jackpot" in Italian too); the
language's glossary names the word (the check says where it does not)."""
PLURAL_FORMS = {
    "it": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n > 1);",
}
"""gettext's plural rule of each language, for a new catalog: CLDR's (Babel's default) adds a form
for a million, a count the game never shows. A language not here starts with Babel's; the check
holds any rule to CLDR's categories of the counts the game shows."""


def load(path: Path) -> Catalog:
    """A `.po` file: its language is the folder above LC_MESSAGES, or else its `Language` header."""
    locale = path.parent.parent.name if path.parent.name == "LC_MESSAGES" else None
    with path.open("rb") as source:
        return read_po(source, locale=locale, domain=DOMAIN)


def new_language(code: str) -> Catalog:
    """An empty catalog for a language's core messages, with its plural rule: `update` fills it."""
    language = Locale.parse(code).english_name or code
    catalog = Catalog(
        locale=code,
        domain=DOMAIN,
        header_comment=f"# {language} messages of payday-bot.",
        project="payday-bot",
        version="0.1.0",
        msgid_bugs_address="",
        last_translator="payday-bot developers",
        language_team=language,
        fuzzy=False,
    )
    if code in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[code])]
    return catalog


def write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, ignore_obsolete=True, include_previous=False, include_lineno=False, width=100)
    path.write_bytes(out.getvalue())


def update(
    path: Path,
    wanted: Catalog | None = None,
    compendium: Catalog | None = None,
    moved: dict[Key, Message] | None = None,
) -> Catalog:
    """Bring a language's catalog in step with the code (the core's messages unless `wanted` says
    otherwise): new messages come in untranslated (or fuzzy, with the translation of a message whose
    English changed a little), unused ones go. A new message that `moved` from another catalog of the
    language keeps its translation there; one the `compendium` translates (a `.po` made elsewhere, on
    another branch) takes its translation."""
    wanted = wanted if wanted is not None else templates()[CORE]
    catalog = load(path)
    had = {key_of(m) for m in list(catalog)[1:]}
    dates = catalog.creation_date, catalog.revision_date
    catalog.update(wanted, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
    catalog.creation_date, catalog.revision_date = dates  # no churn in the header
    for message in list(catalog)[1:]:
        old = (moved or {}).get(key_of(message))
        if old is not None and key_of(message) not in had:
            message.string = old.string
            message.flags = (message.flags - {"fuzzy"}) | old.flags
            message.user_comments = list(old.user_comments)
    if compendium is not None:
        _fill_from(catalog, compendium)
    write(path, catalog)
    return catalog


def _fill_from(catalog: Catalog, compendium: Catalog) -> None:
    """A message that is untranslated, or only guessed (fuzzy), takes the compendium's translation of
    the same message; an untranslated one, failing that, the translation (fuzzy, to be checked) of the
    closest message in the same context whose English differs a little."""
    known = {key_of(m): m for m in list(compendium)[1:] if all(forms_of(m)) and not m.fuzzy}
    for message in list(catalog)[1:]:
        translated = all(forms_of(message))
        if translated and not message.fuzzy:
            continue
        found = known.get(key_of(message))
        fuzzy = found is None
        if fuzzy and not translated:
            found = _closest(message, known)
        if found is not None:
            message.string = found.string
            message.flags = (
                (message.flags - {"fuzzy", SAME}) | (found.flags & {SAME}) | ({"fuzzy"} if fuzzy else set())
            )


def _closest(message: Message, known: dict[Key, Message]) -> Message | None:
    """The known message in the same context whose English is closest, if it differs only a little."""
    alike = {
        str(key[1]): found
        for key, found in known.items()
        if key[0] == message.context and found.pluralizable == message.pluralizable
    }
    close = difflib.get_close_matches(str(message.id), list(alike), n=1, cutoff=0.8)
    return alike[close[0]] if close else None


def key_of(message: Message) -> Key:
    msgid = message.id
    return message.context, msgid if isinstance(msgid, str) else tuple(msgid)


def forms_of(message: Message) -> tuple[str, ...]:
    """The translation's forms: one, or one per plural form (an untranslated form is empty)."""
    string = message.string
    if isinstance(string, str) or string is None:
        return (string or "",)
    return tuple(string)
