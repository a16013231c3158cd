"""The house-rules editor in words and controls as data: the house rules of one edition with the
value each has (those changed in bold), the menu that changes one, Reset, and the form that asks a
number. The lobby's host edits one game's house rules with it (`lobby_house_editor`), and the
/payday settings panel a server's per edition (bot/features/settings/).
"""

from dataclasses import dataclass

import discord

from bot.game.house import BY_KEY, HOUSE_RULES, HouseKind, HouseRule, HouseValue, applies, limits
from bot.game.rulesets import RULESETS
from bot.render.components import Button, HouseMenu, HouseOf, HouseReset, Message, Option, Select
from bot.render.house import rule_name, rule_value
from bot.render.language.i18n import Lang
from bot.render.numbers import Unit, read_whole
from bot.render.rules_text import edition_title
from bot.service.reads import HouseView
from bot.table.settings import house_mark, house_written

GOLD = discord.Colour.gold()
"""The colour of the editor and of the settings panel."""


def house_heading(ruleset: str, L: Lang) -> str:
    return L._("House rules — {edition}", edition=edition_title(RULESETS[ruleset], L))


def house_text(view: HouseView, L: Lang) -> str:
    """Every house rule of the edition with the value it has here, those changed in bold."""
    preset = RULESETS[view.ruleset].rules
    lines = []
    for rule in (rule for rule in HOUSE_RULES if applies(view.ruleset, rule)):
        value = view.house.get(rule.key, getattr(preset, rule.key))
        line = L._("{rule}: {value}", rule=rule_name(rule.key, L), value=rule_value(rule.key, value, L))
        lines.append(f"**{line}**" if rule.key in view.house else line)
    if not view.house:
        lines.append(L._("(The edition's own rules.)"))
    return "\n".join(lines)


def house_menu(place: HouseOf, view: HouseView, L: Lang) -> Select:
    """The menu of the edition's house rules: a switch is switched when chosen, a choice moves to its
    next way, a number is asked."""
    preset = RULESETS[view.ruleset].rules
    options = []
    for rule in (rule for rule in HOUSE_RULES if applies(view.ruleset, rule)):
        value = view.house.get(rule.key, getattr(preset, rule.key))
        now = rule_value(rule.key, value, L)
        if rule.kind is HouseKind.SWITCH:
            detail = L._("Now {value}: choose to switch", value=now)
        elif rule.kind is HouseKind.CHOICE:
            detail = L._("Now {value}: choose for the next way", value=now)
        else:
            low, high = limits(view.ruleset, rule)
            detail = L._(
                "Now {value}; from {least} to {most}",
                value=now,
                least=rule_value(rule.key, low, L),
                most=rule_value(rule.key, high, L),
            )
        shown = house_option(rule.key, house_written(view.ruleset, view.house, rule.key))
        options.append(Option(rule_name(rule.key, L)[:100], shown, detail[:100]))
    target = HouseMenu(place.scope, place.owner, place.ref)
    return Select(target, tuple(options), L._("Change a house rule…")[:150])


def house_option(key: str, shown: str) -> str:
    """The value of house rule `key`'s option in the editor's menu: the rule, and the value the
    editor showed it with (`house_written`), which a switch or a choice is moved on from."""
    return f"{key}:{shown}"


def chosen_house_rule(option: str) -> tuple[str, str | None]:
    """The house rule an option of the editor's menu names, and the value it was shown with (None:
    an option from before options carried it)."""
    key, said, shown = option.partition(":")
    return key, shown if said else None


def reset_button(place: HouseOf, view: HouseView, L: Lang) -> Button:
    """Reset, naming the edition whose house rules it puts back to the edition's own rules."""
    target = HouseReset(place.scope, place.owner, place.ref, house_mark(view.house))
    label = L._("Reset {edition}'s house rules", edition=edition_title(RULESETS[view.ruleset], L))
    return Button(label[:80], target, discord.ButtonStyle.danger)


def lobby_house_editor(place: HouseOf, view: HouseView, L: Lang) -> Message:
    """The lobby host's editor: the lobby's house rules, the menu and Reset."""
    embed = discord.Embed(title=house_heading(view.ruleset, L), description=house_text(view, L), colour=GOLD)
    embed.set_footer(text=L._("Everyone in the lobby sees the house rules; they hold from Start."))
    return Message(embed=embed, rows=(house_menu(place, view, L), (reset_button(place, view, L),)))


@dataclass(frozen=True, slots=True)
class HouseFormWords:
    """The form asking one house rule's value: its title, the field's label and what it allows."""

    title: str
    label: str
    limits: str
    now: str


def house_form_words(ruleset: str, key: str, value: HouseValue, L: Lang) -> HouseFormWords:
    """The form's value now is written as the reader's language writes numbers ("3.500" in Italian),
    as `house_number` reads it back. Discord's limits: a title and a label of 45 characters, a
    description of 100."""
    low, high = limits(ruleset, BY_KEY[key])
    name = rule_name(key, L)
    allowed = L._(
        "A whole number from {least} to {most}.", least=rule_value(key, low, L), most=rule_value(key, high, L)
    )
    return HouseFormWords(
        L._("House rule: {rule}", rule=name)[:45], name[:45], allowed[:100], L.number(int(value))
    )


def house_number(typed: str, rule: HouseRule, L: Lang) -> int:
    """The whole number typed for a house rule, read in the reader's language: dollars for money
    ("$5,000", "5.000 $"), a percentage for a rate ("15", "15%"); `Unread` if it is none. Its limits
    are the house rules' own, checked where the rule is set."""
    return read_whole(typed, L.code, Unit.PERCENT if rule.kind is HouseKind.PERCENT else Unit.DOLLARS)
