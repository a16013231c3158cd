"""Embeds for the lobby, the live game message, Pay Day summaries and the final standings."""

import functools
from datetime import datetime

import discord

from bot.game import events as ev
from bot.game.events import Event
from bot.game.rulesets import RULESETS
from bot.render.cards import deal_label, mail_label, weekday_name
from bot.render.i18n import lang
from bot.render.prompts import question
from bot.table import Seat, Table

GOLD = discord.Colour.gold()
GREEN = discord.Colour.green()
GREY = discord.Colour.light_grey()
FIELD_LIMIT = 1024

ENGLISH = lang("en")
"""This module writes English until it takes each reader's language (issue 8)."""
money = ENGLISH.money


@functools.lru_cache(maxsize=4096)
def safe(text: str) -> str:
    """Player-chosen text made harmless in an embed: no markdown tricks, nothing that looks like a
    mention (allowed_mentions already stops pings; this stops `@everyone` even being shown).
    Cached, since the same names are escaped on every click."""
    return discord.utils.escape_markdown(text).replace("@", "@\u200b")


def names(table: Table) -> list[str]:
    return [safe(s.name) for s in table.seats]


def lobby_embed(table: Table, note: str = "") -> discord.Embed:
    ruleset = RULESETS[table.ruleset]
    seats = "\n".join(f"{i + 1}. {_seat_label(table, s)}" for i, s in enumerate(table.seats))
    embed = discord.Embed(
        title="Pay Day — a game is forming",
        description=(
            f"{table.months} month{'s' * (table.months != 1)} · {ruleset.title} · "
            f"{table.turn_seconds // 60 or 1} min per turn\n"
            f"Press **Join** to take a seat. "
            f"The host starts with {table.min_players}–{table.max_players} players." + _closes(table)
        ),
        colour=GOLD,
    )
    embed.add_field(name=f"Players ({len(table.seats)}/{table.max_players})", value=seats or "nobody yet")
    if note:
        embed.set_footer(text=note)
    return embed


def _closes(table: Table) -> str:
    """When an open lobby closes by itself, so a forgotten one never blocks its channel."""
    if table.lobby_closes is None:
        return ""
    when = discord.utils.format_dt(table.lobby_closes, "R")
    return f"\nIf nobody starts it, the lobby closes by itself {when}; the host can close it with Cancel."


def _seat_label(table: Table, seat: Seat) -> str:
    tags = [tag for tag, on in (("computer", seat.computer), ("host", seat.user_id == table.host_id)) if on]
    return safe(seat.name) + (f" ({', '.join(tags)})" if tags else "")


def _player_line(table: Table, seat: int, shown: list[str]) -> str:
    st = table.state
    p = st.players[seat]
    board = RULESETS[st.ruleset].board
    marker = "🎲" if seat == st.turn and not st.over else ("🏁" if p.retired else "▫️")
    where = (
        "retired"
        if p.retired
        else ("START" if p.day == 0 else f"{weekday_name(p.day, ENGLISH)} {p.day}: {board[p.day].name}")
    )
    away = " (away: the bot plays it safe)" if table.seats[seat].away else ""
    parts = [f"{marker} **{shown[seat]}**{away} — {where}", money(p.cash)]
    if p.savings:
        parts.append(f"savings {money(p.savings)}")
    if p.loan:
        parts.append(f"loan {money(p.loan)}")
    if p.insured:
        parts.append(f"insured: {', '.join(p.insured)}")
    if p.deals:
        parts.append(f"{len(p.deals)} Deal{'s' * (len(p.deals) != 1)}")
    if p.mail:
        parts.append(f"{len(p.mail)} Mail held")
    if p.carried or p.charges:
        parts.append(f"carried {money(sum(st.carried_balances(seat)))}")
    return " · ".join(parts)


def game_embed(table: Table, game_id: int) -> discord.Embed:
    """The live game message: where everyone is, money, the Jackpot, what we wait for, latest events."""
    st = table.state
    shown = names(table)
    month = table.month()
    title = "Pay Day — game over" if st.over else f"Pay Day — month {month} of {st.months}"
    lines = [question(st, shown, ENGLISH)]
    if table.deadline is not None and not st.over:
        lines.append(f"Time runs out {discord.utils.format_dt(table.deadline, 'R')}.")
    embed = discord.Embed(title=title, description="\n".join(lines), colour=GREY if st.over else GOLD)
    players = "\n".join(_player_line(table, seat, shown) for seat in range(len(st.players)))
    embed.add_field(name="Players", value=_clip(players), inline=False)
    ruleset = RULESETS[st.ruleset]
    pot = f" · {_title(ruleset.pot_name)} {money(st.pot)}" if st.pot else ""
    if st.rules.jackpot_needs_election and st.jackpot:  # docs/RULES.md §4.7
        pot += " · the next 6 wins it" if st.election_held else " · waits for a Town Election"
    embed.add_field(name=_title(ruleset.jackpot_name), value=f"{money(st.jackpot)}{pot}", inline=False)
    if table.recent:
        embed.add_field(name="Latest", value=_clip(safe("\n".join(table.recent))), inline=False)
    embed.set_footer(text=f"Game #{game_id} · {ruleset.title} · /payday hand, /payday ledger")
    return embed


def _title(account: str) -> str:
    """An account's name as a heading: "the poker pot" -> "Poker pot", "the Jackpot" -> "Jackpot"."""
    name = account.removeprefix("the ")
    return name[:1].upper() + name[1:]


def standings(table: Table) -> list[tuple[int, str, int]]:
    """(rank, name, net worth) best first; equal net worth shares a rank."""
    st = table.state
    worths = sorted(((st.net_worth(seat), seat) for seat in range(len(st.players))), reverse=True)
    ranked, rank, previous = [], 0, None
    for i, (worth, seat) in enumerate(worths):
        if worth != previous:
            rank, previous = i + 1, worth
        ranked.append((rank, table.seats[seat].name, worth))
    return ranked


def final_embed(table: Table, game_id: int, reason: str) -> discord.Embed:
    rows = "\n".join(f"**{rank}.** {safe(name)} — {money(worth)}" for rank, name, worth in standings(table))
    winners = " and ".join(safe(table.seats[w].name) for w in table.state.winners) if table.state.over else ""
    # `reason` may name a player ("Ended early by <name>."): defuse it like every other name.
    description = f"{safe(reason)}\n\n{rows}" + (f"\n\n🏆 {winners}" if winners else "")
    embed = discord.Embed(title=f"Pay Day — game #{game_id} is over", description=description, colour=GREEN)
    worth = (
        "cash + savings − loans"
        if RULESETS[table.state.ruleset].rules.savings
        else "cash − loans − carried Monster Charges"
    )
    embed.set_footer(text=f"Net worth = {worth}. /payday ledger shows every payment.")
    return embed


def payday_notices(table: Table, events: list[Event]) -> str | None:
    """The Pay Days finished by these events, one line each, for the whole table; None if none."""
    lines = [
        payday_notice(table, event.seat, retired=event.kind == ev.RETIRED)
        for event in events
        if event.kind in (ev.NEW_MONTH, ev.RETIRED)
    ]
    return "\n".join(lines) or None


def payday_notice(table: Table, seat: int, retired: bool) -> str:
    """One line for the channel when a player finishes a Pay Day. It is message text, not an embed,
    so it survives later edits of a live message it rides on (edits replace embeds, not text)."""
    st = table.state
    p = st.players[seat]
    what = "retires" if retired else f"starts month {p.months_done + 1}"
    owed = st.carried_balances(seat)
    carried = f" · Monster Charges carried {money(sum(owed))}" if owed else ""
    savings = f" · savings {money(p.savings)}" if p.savings else ""
    return (
        f"💵 **Pay Day: {safe(table.seats[seat].name)} {what}** — cash {money(p.cash)}{savings}"
        f" · loan {money(p.loan)} · net worth {money(st.net_worth(seat))}{carried}"
    )


def hand_embed(table: Table, seat: int, now: datetime) -> discord.Embed:
    """Everything a player holds, for their eyes only."""
    st = table.state
    p = st.players[seat]
    ruleset = RULESETS[st.ruleset]
    embed = discord.Embed(title=f"Your hand, {safe(table.seats[seat].name)}", colour=GOLD, timestamp=now)
    embed.add_field(name="Cash", value=money(p.cash))
    if p.savings:
        embed.add_field(name="Savings", value=money(p.savings))
    embed.add_field(name="Loan", value=money(p.loan))
    embed.add_field(name="Net worth", value=money(st.net_worth(seat)))
    if p.insured:
        embed.add_field(name="Insurance", value=", ".join(f"{tag} bills cancelled" for tag in p.insured))
    mail = "\n".join(f"• {mail_label(ruleset.mail[c], ENGLISH)}" for c in p.mail) or "none"
    embed.add_field(name="Mail to settle on Pay Day", value=_clip(mail), inline=False)
    if p.carried or p.charges:
        carried = ", ".join(money(c) for c in st.carried_balances(seat))
        embed.add_field(name="Monster Charges carried", value=carried, inline=False)
    deals = "\n".join(f"• {deal_label(ruleset.deals[c], ENGLISH)}" for c in p.deals) or "none"
    embed.add_field(name="Deals", value=_clip(deals), inline=False)
    return embed


def _clip(text: str) -> str:
    """Embed fields hold 1,024 characters: keep the newest lines that fit."""
    if len(text) <= FIELD_LIMIT:
        return text
    lines = text.split("\n")
    while len("\n".join(lines)) > FIELD_LIMIT - 2 and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[-FIELD_LIMIT:]
