"""A language's catalogs: the core's (bot/render/locale/) and each feature's, in its own folder
(bot/features/<name>/locale/), brought in step and checked together, a message moving between them
with its translation."""

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from bot.render.language.i18n import DOMAIN, FEATURES_DIR, LOCALE_DIR, feature_po_paths, po_path
from tools.catalog.files import key_of, load, new_language, update, write
from tools.catalog.messages import CORE, ROOT, Owner
from tools.catalog.report import Report, check


@dataclass(frozen=True, slots=True)
class Places:
    """Where the catalogs live (elsewhere in tests)."""

    core: Path = LOCALE_DIR
    """The core's `locale` folder."""
    features: Path = FEATURES_DIR
    """The folder of the features' folders."""
    docs: Path = ROOT / "docs"
    """Where each language's glossary is."""

    def glossary(self, code: str) -> Path:
        return self.docs / f"GLOSSARY-{code}.md"

    def path(self, owner: Owner, code: str) -> Path:
        return po_path(code, self.core if owner is CORE else self.features / owner / "locale")

    def feature_catalogs(self, code: str) -> dict[Owner, Path]:
        """Every feature catalog of the language there is, by its feature's name."""
        return {path.parents[3].name: path for path in feature_po_paths(code, self.features)}

    def label(self, owner: Owner, code: str) -> str:
        return code if owner is CORE else f"{code} [{owner}]"


def update_language(
    code: str, wanted: dict[Owner, Catalog], compendium: Catalog | None = None, places: Places = Places()
) -> None:
    """Every catalog of a language in step with the code: each takes the messages `wanted` gives it
    (one that moved from another of the language's catalogs keeps its translation); a feature's is
    made the first time the feature has messages of its own, and deleted once it has none (its
    folder gone, or every message it used now shared). A language's first `update` makes its core
    catalog, every message untranslated, under the language's plural rule."""
    core = places.path(CORE, code)
    if not core.is_file():
        core.parent.mkdir(parents=True, exist_ok=True)
        write(core, new_language(code))
    there = {CORE: core, **places.feature_catalogs(code)}
    before = {owner: load(path) for owner, path in there.items()}
    moved = {key_of(m): m for catalog in before.values() for m in list(catalog)[1:]}
    for owner, messages in wanted.items():
        path = places.path(owner, code)
        if owner not in before:
            path.parent.mkdir(parents=True, exist_ok=True)
            write(path, _new(before[CORE], str(owner)))
        update(path, messages, compendium, moved)
    for owner in before.keys() - wanted.keys():
        _delete(there[owner], places.features)


def check_language(code: str, wanted: dict[Owner, Catalog], places: Places = Places()) -> list[Report]:
    """A report on each catalog the language should have (one not made yet lacks every message), and
    on each feature catalog it should not; each translation kept in English is checked against the
    language's glossary, whose absence the core's report says."""
    glossary = places.glossary(code)
    explained = glossary.read_text(encoding="utf-8") if glossary.is_file() else ""
    reports = []
    for owner, messages in wanted.items():
        path = places.path(owner, code)
        catalog = load(path) if path.is_file() else Catalog(locale=code, domain=DOMAIN)
        reports.append(check(catalog, messages, places.label(owner, code), explained))
    if not glossary.is_file():
        reports[0].glossary_missing = glossary.relative_to(places.docs.parent).as_posix()
    for owner, path in places.feature_catalogs(code).items():
        if owner not in wanted:
            report = check(load(path), Catalog(), places.label(owner, code))
            report.stray = True
            reports.append(report)
    return reports


def _new(core: Catalog, feature: str) -> Catalog:
    """A feature's empty catalog, with the core's headers (its plural rule above all)."""
    catalog = Catalog(locale=core.locale, domain=DOMAIN, fuzzy=False)
    catalog.mime_headers = core.mime_headers
    language = core.locale.english_name if core.locale else str(core.locale_identifier)
    catalog.header_comment = f"# {language} messages of the {feature} feature of payday-bot."
    return catalog


def _delete(path: Path, features: Path) -> None:
    """A catalog gone, with the folders it leaves empty (the feature's own, if nothing else is left)."""
    path.unlink()
    for folder in path.parents:
        if folder == features or not folder.is_relative_to(features) or any(folder.iterdir()):
            return
        folder.rmdir()
