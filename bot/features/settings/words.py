"""The /payday settings panel in words and controls as data, and the refusals of changing a server's
settings.

The panel is one private message: the server's defaults for new games, its switches, and the house
rules of one edition with the editor that changes them (bot/render/house_editor.py, which the lobby
shares). Choices that take a menu each (edition, months, times, language) are asked in a form of
menus, since a message holds five rows at most.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

import discord

from bot.features.settings.controls import SettingsButton
from bot.features.settings.service import SettingsCode
from bot.game.engine import MAX_MONTHS, MIN_MONTHS
from bot.game.rulesets import RULESETS
from bot.render.components import Button, HouseOf, Message, Option, Row
from bot.render.house_editor import GOLD, house_heading, house_menu, house_text, reset_button
from bot.render.language.i18n import NAMES, SUPPORTED, Lang, lang
from bot.render.refusal_table import REFUSALS, Writer
from bot.render.rules_text import duration, edition_title
from bot.service.reads import HouseView
from bot.table.settings import END_DAYS, QUESTION_TIMES, RANKED_AFTER, TURN_TIMES, ServerSettings

SWITCHES = ("board_pictures", "calls", "thread_per_game", "hints")
"""The settings a button switches on and off (the `SettingsButton` actions that switch)."""
GAME_FORM, ENDING_FORM = "game", "ending"
FORMS = (GAME_FORM, ENDING_FORM)
SHOW = "show"
"""The `SettingsButton` action that shows another edition's house rules."""
SHOWN_EMOJI = "▶️"
"""The edition whose house rules the panel shows, on its button (which stays clickable: greyed out,
it would read as unavailable)."""
ON_EMOJI, OFF_EMOJI = "✅", "⬜"
"""A switch's state on its button, beside its colour (not everyone tells green from grey)."""
BOT_DEFAULT = "default"
"""The option of a menu that leaves the choice to the bot (a setting of None)."""


@dataclass(frozen=True, slots=True)
class BotDefaults:
    """The bot's own time limits, which a server that chose none plays by."""

    turn_seconds: int
    interrupt_seconds: int


# -- the panel ------------------------------------------------------------------------------------------
def settings_panel(
    guild_id: int, settings: ServerSettings, ruleset: str, defaults: BotDefaults, L: Lang
) -> Message:
    """The panel: every setting as it is now, with the house rules of `ruleset` and their editor."""
    embed = discord.Embed(
        title=L._("Pay Day — this server's settings"),
        description=L._(
            "Every new game here starts with these; /payday start's options still choose for one game."
        ),
        colour=GOLD,
    )
    embed.add_field(name=L._("New games"), value="\n".join(_game_lines(settings, defaults, L)), inline=False)
    embed.add_field(name=L._("At the table"), value="\n".join(_table_lines(settings, L)), inline=False)
    view = HouseView(ruleset, settings.house_rules(ruleset))
    embed.add_field(name=house_heading(ruleset, L), value=house_text(view, L), inline=False)
    return Message(embed=embed, rows=_panel_rows(guild_id, settings, ruleset, L))


def _game_lines(settings: ServerSettings, defaults: BotDefaults, L: Lang) -> list[str]:
    turn = settings.turn_seconds or defaults.turn_seconds
    question = settings.interrupt_seconds or defaults.interrupt_seconds
    return [
        L._("Edition: {edition}", edition=edition_title(RULESETS[settings.ruleset], L)),
        L.ngettext("Length: {n} month", "Length: {n} months", settings.months),
        L._("Turn time: {time}", time=_chosen_time(turn, settings.turn_seconds is None, L)),
        L._(
            "Time for questions to everyone: {time}",
            time=_chosen_time(question, settings.interrupt_seconds is None, L),
        ),
        L._("Language: {language}", language=_language(settings.language, L)),
    ]


def _table_lines(settings: ServerSettings, L: Lang) -> list[str]:
    return [
        L._("Board pictures: {state}", state=_on_off(settings.board_pictures, L)),
        L._("Call players by name: {state}", state=_on_off(settings.calls, L)),
        L._("A thread per game: {state}", state=_on_off(settings.thread_per_game, L)),
        L._(
            "Hints for players who ask (a game with hints is not rated): {state}",
            state=_allowed(settings.hints, L),
        ),
        L._("A game nobody plays ends after {time}", time=duration(settings.idle_end_days * 86400, L)),
        L._("A paused game ends after {time}", time=duration(settings.pause_end_days * 86400, L)),
        L.ngettext(
            "The leaderboard ranks players after {n} rated game",
            "The leaderboard ranks players after {n} rated games",
            settings.min_ranked_games,
        ),
    ]


def _chosen_time(seconds: int, bot_default: bool, L: Lang) -> str:
    said = duration(seconds, L)
    return L._("{time} (the bot's default)", time=said) if bot_default else said


def _language(code: str | None, L: Lang) -> str:
    return L._("the server's own") if code is None else NAMES.get(code, code)


def _on_off(on: bool, L: Lang) -> str:
    return L._("on") if on else L._("off")


def _allowed(allowed: bool, L: Lang) -> str:
    return L._("allowed") if allowed else L._("off")


def _panel_rows(guild_id: int, settings: ServerSettings, ruleset: str, L: Lang) -> tuple[Row, ...]:
    """The house rules' menu; the forms; the switches; the editions to show and Reset."""
    place = HouseOf.server(guild_id, ruleset)
    switch_labels = {
        "board_pictures": L._("Board pictures"),
        "calls": L._("Calls by name"),
        "thread_per_game": L._("Thread per game"),
        "hints": L._("Hints"),
    }
    switches = tuple(
        Button(
            switch_labels[name],
            SettingsButton(guild_id, ruleset, name, int(getattr(settings, name))),
            discord.ButtonStyle.success if getattr(settings, name) else discord.ButtonStyle.secondary,
            emoji=ON_EMOJI if getattr(settings, name) else OFF_EMOJI,
        )
        for name in SWITCHES
    )
    forms = (
        Button(L._("New games…"), SettingsButton(guild_id, ruleset, GAME_FORM), discord.ButtonStyle.primary),
        Button(L._("Ends and ranks…"), SettingsButton(guild_id, ruleset, ENDING_FORM)),
    )
    editions = tuple(
        Button(
            L._("Show: {edition}", edition=edition_title(rs, L))[:80],
            SettingsButton(guild_id, name, SHOW),
            discord.ButtonStyle.primary if name == ruleset else discord.ButtonStyle.secondary,
            emoji=SHOWN_EMOJI if name == ruleset else None,
        )
        for name, rs in RULESETS.items()
    )
    view = HouseView(ruleset, settings.house_rules(ruleset))
    return (house_menu(place, view, L), forms, switches, (*editions, reset_button(place, view, L)))


# -- the forms of menus ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MenuField:
    """One menu of a form: the setting it chooses, its label, its options (the one chosen now marked)."""

    setting: str
    label: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class FormSpec:
    title: str
    fields: tuple[MenuField, ...]


def settings_form(form: str, settings: ServerSettings, defaults: BotDefaults, L: Lang) -> FormSpec:
    """The form of menus `form` asks, each showing the setting's value now."""
    if form == GAME_FORM:
        return FormSpec(
            L._("New games")[:45],
            (
                _menu(
                    settings,
                    "ruleset",
                    L._("Edition"),
                    [(edition_title(rs, L), name) for name, rs in RULESETS.items()],
                ),
                _menu(
                    settings,
                    "months",
                    L._("Months"),
                    [(L.number(n), str(n)) for n in range(MIN_MONTHS, MAX_MONTHS + 1)],
                ),
                _menu(
                    settings, "turn_seconds", L._("Turn time"), _times(TURN_TIMES, defaults.turn_seconds, L)
                ),
                _menu(
                    settings,
                    "interrupt_seconds",
                    L._("Time for questions to everyone"),
                    _times(QUESTION_TIMES, defaults.interrupt_seconds, L),
                ),
                _menu(
                    settings,
                    "language",
                    L._("Language"),
                    [(L._("The server's own"), BOT_DEFAULT), *((NAMES[c], c) for c in SUPPORTED)],
                ),
            ),
        )
    days = [(duration(d * 86400, L), str(d)) for d in END_DAYS]
    return FormSpec(
        L._("Games that stop, and the leaderboard")[:45],
        (
            _menu(settings, "idle_end_days", L._("A game nobody plays ends after"), days),
            _menu(settings, "pause_end_days", L._("A paused game ends after"), days),
            _menu(
                settings,
                "min_ranked_games",
                L._("The leaderboard ranks players after"),
                [(L.ngettext("{n} rated game", "{n} rated games", n), str(n)) for n in RANKED_AFTER],
            ),
        ),
    )


def _times(choices: tuple[int, ...], bot_default: int, L: Lang) -> list[tuple[str, str]]:
    default = L._("The bot's default ({time})", time=duration(bot_default, L))
    return [(default, BOT_DEFAULT), *((duration(s, L), str(s)) for s in choices)]


def _menu(settings: ServerSettings, setting: str, label: str, choices: list[tuple[str, str]]) -> MenuField:
    now = getattr(settings, setting)
    chosen = BOT_DEFAULT if now is None else str(now)
    options = tuple(Option(text[:100], value, default=value == chosen) for text, value in choices)
    return MenuField(setting, label[:45], options)


def form_values(form: str, chosen: Mapping[str, str]) -> dict[str, object] | None:
    """The settings a submitted form chose (the bot's default as None, numbers as numbers); None if
    a value is not one of the form's options, or the form is none of ours (a forged form)."""
    if form not in FORMS:
        return None
    spec = settings_form(form, ServerSettings(), BotDefaults(1, 1), lang(None))
    values: dict[str, object] = {}
    for field in spec.fields:
        value = chosen.get(field.setting)
        if value is None:
            continue
        if value not in {option.value for option in field.options}:
            return None
        values[field.setting] = None if value == BOT_DEFAULT else int(value) if value.isdigit() else value
    return values


_REFUSALS: dict[StrEnum, Writer] = {
    SettingsCode.MANAGE_SERVER: lambda p, n, L: L._(
        "Only members with the Manage Server permission can change this server's Pay Day settings."
    ),
    SettingsCode.SETTINGS_CHANGED: lambda p, n, L: L._(
        "Someone else changed these settings meanwhile, so your change wasn't saved: the panel now "
        "shows them as they are; try again if you still want it."
    ),
    SettingsCode.SETTINGS_UNCONFIRMED: lambda p, n, L: L._(
        "The bot's records didn't answer, so your change couldn't be confirmed: open /payday settings "
        "again in a moment to see whether it was made."
    ),
}
REFUSALS.register(_REFUSALS)
