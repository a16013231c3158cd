"""Slash commands in the user's language (issue 8.6): the tree syncs with Italian descriptions and choice
names from the catalog, while command and option names stay English (docs/DESIGN.md says why)."""

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.render.commands import CONTEXT, NAMES, CatalogTranslator, discord_locales, help_lines
from bot.render.language import i18n
from bot.render.language.i18n import ENGLISH, lang
from tests.helpers import slash, table

ITALIAN = lang("it")


def italian(text: str) -> str:
    return ITALIAN.pgettext(CONTEXT, text)


class Recorder(CatalogTranslator):
    """The bot's translator, noting every question discord.py asks it and the answer."""

    def __init__(self) -> None:
        self.asked: list[tuple[discord.Locale, Where, str, str | None]] = []

    async def translate(self, string, locale, context):
        answer = await super().translate(string, locale, context)
        self.asked.append((locale, context.location, string.message, answer))
        return answer


LANGUAGE_NAMES = set(i18n.NAMES.values())


async def test_every_description_and_choice_of_the_real_tree_is_in_each_locales_language_or_english(
    env, simcord_bot
):
    """Italian for `it`; for every other locale its supported language (es-ES and es-419 alike), or
    nothing, for Discord to show the English; each language's own name untranslated everywhere."""
    assert isinstance(simcord_bot.tree.translator, CatalogTranslator)
    recorder = Recorder()
    for command in simcord_bot.tree._get_all_commands():
        await command.get_translated_payload(simcord_bot.tree, recorder)

    in_italian = [
        (where, text, answer) for locale, where, text, answer in recorder.asked if locale.value == "it"
    ]
    asked_where = {where for where, _, _ in in_italian}
    assert {Where.group_description, Where.command_description, Where.parameter_description} <= asked_where
    assert {Where.choice_name, Where.group_name, Where.command_name, Where.parameter_name} <= asked_where
    for where, text, answer in in_italian:
        if where in NAMES:
            assert answer is None, text  # `/payday start months:` in every language
        elif where is Where.choice_name and text in LANGUAGE_NAMES:
            assert answer is None, text  # each language offered by its own name, to every reader
        else:
            assert answer and answer != text and answer == italian(text), (where, text)
    assert len({text for _, text, _ in in_italian}) > 60
    for locale, where, text, answer in recorder.asked:
        L = lang(locale)
        if L.code == ENGLISH or where in NAMES or text in LANGUAGE_NAMES:
            assert answer is None, (locale, text)  # Discord shows the English
        else:
            assert answer == L.pgettext(CONTEXT, text) and L.translates(CONTEXT, text), (locale, text)


async def test_the_synced_commands_carry_the_italian_texts(env):
    _, channel, (alice,) = table(env, 1)
    [payday] = env.backend.commands[None].values()

    assert payday["name"] == "payday" and not payday.get("name_localizations")
    assert (
        payday["description_localizations"]["it"] == "Gioca a Pay Day, il gioco da tavolo, in questo canale."
    )
    subcommands = {option["name"]: option for option in payday["options"]}
    assert set(subcommands) >= {"start", "join", "loan", "ledger", "rules", "help"}
    for sub in subcommands.values():
        assert sub["description_localizations"]["it"] == italian(sub["description"])
        assert not sub.get("name_localizations")
        for option in sub.get("options", []):
            assert option["description_localizations"]["it"] == italian(option["description"])
            for choice in option.get("choices", []):
                if choice["name"] in LANGUAGE_NAMES:
                    assert not choice.get("name_localizations"), choice
                else:
                    assert choice["name_localizations"]["it"] == italian(choice["name"])
    turn_time = next(o for o in subcommands["start"]["options"] if o["name"] == "turn_time")
    assert [c["name_localizations"]["it"] for c in turn_time["choices"]][:2] == ["1 minuto", "2 minuti"]

    # The tree synced with its translations still answers its commands.
    result = await slash(alice, channel, "payday rules", topic="lottery")
    assert result.response.embeds[0].title.startswith("The Lottery")


def test_each_language_is_served_to_its_discord_locales(monkeypatch):
    assert discord_locales("it") == ["it"]
    assert "en-US" in discord_locales(ENGLISH) and "ja" in discord_locales(ENGLISH)
    monkeypatch.setattr(i18n, "SUPPORTED", tuple(i18n.NAMES))
    assert [discord_locales(code) for code in ("es", "pt", "fr", "de")] == [
        ["es-419", "es-ES"],
        ["pt-BR"],
        ["fr"],
        ["de"],
    ]


async def test_a_locale_the_bot_has_no_language_for_keeps_the_english_text():
    translator = CatalogTranslator()
    string = app_commands.locale_str("Which edition of the rules.")
    context = app_commands.TranslationContext(Where.parameter_description, None)
    assert (
        await translator.translate(string, discord.Locale.italian, context) == "Quale edizione delle regole."
    )
    assert await translator.translate(string, discord.Locale.japanese, context) is None
    assert await translator.translate(string, discord.Locale.british_english, context) is None
    unknown = app_commands.locale_str("A description nobody translated.")
    assert await translator.translate(unknown, discord.Locale.italian, context) is None


JOIN = "Take a seat in the game waiting to start here."
LEDGER = "Every payment of this channel's game: who paid whom, how much and why."


def small_tree() -> app_commands.Group:
    """A /payday of two commands whose texts the catalog translates: one with a required option, one
    with options that may be left out, one of them with choices."""
    group = app_commands.Group(name="payday", description="Play.")

    @group.command(name="join", description=JOIN)
    async def join(interaction: discord.Interaction, seat: int) -> None: ...

    @group.command(name="ledger", description=LEDGER)
    @app_commands.choices(
        book=[
            app_commands.Choice(name="Bank statement", value="bank"),
            app_commands.Choice(name="Loan book", value="loans"),
        ]
    )
    async def ledger(interaction: discord.Interaction, book: str = "bank", page: int = 1) -> None: ...

    return group


def test_help_lists_each_command_of_the_tree_with_its_options_in_the_readers_language():
    tree = small_tree()
    assert [line for _, line in help_lines(tree, lang("en"))] == [
        f"`/payday join seat` — {JOIN}",
        f"`/payday ledger [book] [page]` — {LEDGER}",  # its choices are the picker's to show
    ]
    assert [line for _, line in help_lines(tree, ITALIAN)] == [
        f"`/payday join seat` — {italian(JOIN)}",
        f"`/payday ledger [book] [page]` — {italian(LEDGER)}",
    ]
    assert [command.name for command, _ in help_lines(tree, ITALIAN)] == ["join", "ledger"]
    assert italian(LEDGER) != LEDGER and italian("Loan book") != "Loan book"
