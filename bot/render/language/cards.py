"""Cards, Deals and spaces in words: their names (translated by context) and the labels players read.

A name from the data is its own English message id: `L.pgettext("mail" | "deal" | "space", name)`
lets the catalog translate "Bill" on a card apart from any other "Bill".
"""

from collections.abc import Callable

from bot.game.calendar import Space, SpaceKind, weekday
from bot.game.cards import DealCard, MailCard, MailKind, Tag
from bot.game.rulesets import Ruleset
from bot.render.language.i18n import Lang


def mail_name(card: MailCard, L: Lang) -> str:
    return L.pgettext("mail", card.name)


def deal_name(deal: DealCard, L: Lang) -> str:
    return L.pgettext("deal", deal.name)


def space_name(space: Space, L: Lang) -> str:
    """A space's name; a Mail space says how many cards it deals ("1 Mail card", "3 Mail cards")."""
    if space.kind == SpaceKind.MAIL and space.count:
        return L.ngettext("{n} Mail card", "{n} Mail cards", space.count)
    return L.pgettext("space", space.name)


_WEEKDAYS: tuple[Callable[[Lang], str], ...] = (
    lambda L: L.pgettext("weekday", "Sun"),
    lambda L: L.pgettext("weekday", "Mon"),
    lambda L: L.pgettext("weekday", "Tue"),
    lambda L: L.pgettext("weekday", "Wed"),
    lambda L: L.pgettext("weekday", "Thu"),
    lambda L: L.pgettext("weekday", "Fri"),
    lambda L: L.pgettext("weekday", "Sat"),
)


def weekday_name(day: int, L: Lang) -> str:
    """The short name of the weekday a day of the month falls on: "Sun" for START and days 7, 14..."""
    return _WEEKDAYS[weekday(day)](L)


def pot_name(ruleset: Ruleset, L: Lang) -> str:
    """What the ruleset calls the POT account ("the Lottery pot", classic "the poker pot")."""
    return L.pgettext("account", ruleset.pot_name)


def heading_name(account: str) -> str:
    """An account's name as a heading: "the poker pot" -> "Poker pot", "the Jackpot" -> "Jackpot"
    (the catalog's "heading" messages)."""
    name = account.removeprefix("the ")
    return name[:1].upper() + name[1:]


def jackpot_name(ruleset: Ruleset, L: Lang) -> str:
    """What the ruleset calls the JACKPOT account ("the Jackpot", classic "the Pot")."""
    return L.pgettext("account", ruleset.jackpot_name)


_KINDS: dict[MailKind, Callable[[Lang], str]] = {
    MailKind.BILL: lambda L: L._("Bill"),
    MailKind.MONSTER: lambda L: L._("Monster Charge"),
    MailKind.CHARITY: lambda L: L._("Charity"),
    MailKind.MAD_MONEY: lambda L: L._("Mad Money"),
    MailKind.NEIGHBOR: lambda L: L._("Pay a Neighbor"),
    MailKind.MOVE_AHEAD: lambda L: L._("Move Ahead"),
    MailKind.JUNK: lambda L: L._("Junk Mail"),
    MailKind.MONEYGRAM: lambda L: L._("Moneygram"),
    MailKind.COLLECTION: lambda L: L._("Collection"),
    MailKind.POSTCARD: lambda L: L._("Postcard"),
    MailKind.TICKET: lambda L: L._("Lottery Ticket"),
    MailKind.SWELLFARE: lambda L: L._("Swellfare"),
    MailKind.INSURANCE: lambda L: L._("Insurance"),
}

_TAGS: dict[Tag, Callable[[Lang], str]] = {
    Tag.CAR: lambda L: L.pgettext("tag", "car"),
    Tag.HEALTH: lambda L: L.pgettext("tag", "health"),
}


def kind_name(kind: MailKind, L: Lang) -> str:
    """What a kind of Mail card is called: "Bill", "Monster Charge", "Lottery Ticket"..."""
    return _KINDS[kind](L)


def tag_name(tag: Tag, L: Lang) -> str:
    """A classic bill's or policy's tag as a word: "car" or "health" (empty for no tag)."""
    return _TAGS[tag](L) if tag else ""


def mail_label(card: MailCard, L: Lang) -> str:
    """The card as a player reads it in a list: "Bill $5,000: New Roof", "Bill $150 (car): Fender
    Bender", "Junk Mail: Pizza Coupons"."""
    kind, name = kind_name(card.kind, L), mail_name(card, L)
    if card.amount and card.tag:
        amount, tag = L.money(card.amount), tag_name(card.tag, L)
        return L._("{kind} {amount} ({tag}): {name}", kind=kind, amount=amount, tag=tag, name=name)
    if card.amount:
        return L._("{kind} {amount}: {name}", kind=kind, amount=L.money(card.amount), name=name)
    if card.tag:
        return L._("{kind} ({tag}): {name}", kind=kind, tag=tag_name(card.tag, L), name=name)
    return L._("{kind}: {name}", kind=kind, name=name)


def deal_label(deal: DealCard, L: Lang) -> str:
    """ "Teen Jeans (cost $7,000, sells for $14,000)", with the classic commission when it has one."""
    name, cost, value = deal_name(deal, L), L.money(deal.cost), L.money(deal.value)
    if deal.commission:
        return L._(
            "{name} (cost {cost}, sells for {value}, commission {commission})",
            name=name,
            cost=cost,
            value=value,
            commission=L.money(deal.commission),
        )
    return L._("{name} (cost {cost}, sells for {value})", name=name, cost=cost, value=value)
