"""Embeds for the live game message, a player's hand and the final standings, and the
Pay Day summaries the table reads as message text: every word in the language asked for. The
lobby's embed is in lobby.py."""

import functools
from dataclasses import dataclass

import discord

from bot.game.cards import Tag
from bot.game.rulesets import RULESETS, Ruleset
from bot.render.happenings import Kind, happenings
from bot.render.house import house_rules_heading, house_rules_lines, house_rules_summary
from bot.render.language.cards import heading_name, space_name, tag_name, weekday_name
from bot.render.language.hand import ORDERS_MARK
from bot.render.language.i18n import Lang, lang
from bot.render.language.lists import and_list
from bot.render.language.strengths import computer_tag
from bot.render.latest import latest_text
from bot.render.pause import PAUSE_MARK, paused_line
from bot.render.paydays import Breakdown, breakdown, breakdown_line
from bot.render.prompts.questions import question
from bot.render.rules_text import edition_title
from bot.service.tallies import Tally
from bot.service.values import Ending, PayDays, Standings
from bot.table import Seat, Table, pace

GOLD = discord.Colour.gold()
GREEN = discord.Colour.green()
GREY = discord.Colour.light_grey()
FIELD_LIMIT = 1024


def safe(text: str) -> str:
    """Player-chosen text made harmless in an embed: no markdown tricks, nothing that looks like a
    mention (allowed_mentions already stops pings; this stops `@everyone` even being shown)."""
    return discord.utils.escape_markdown(text).replace("@", "@\u200b")


# -- the live game message -------------------------------------------------------------------------
def game_embeds(table: Table, game_id: int, L: Lang) -> tuple[discord.Embed, discord.Embed]:
    """The live game message's two embeds: the board, then the question. A message's last embed
    sits directly above its buttons, so the question and its time limit are read with the buttons
    that answer it, on a phone too, and the board (with its picture, which the cog sets) above."""
    return game_embed(table, game_id, L), question_embed(table, L)


def question_embed(table: Table, L: Lang) -> discord.Embed:
    """What the game waits for, and until when: the live message's last embed. A paused game says
    only that it is paused: it calls nobody, and its disabled buttons show what waits."""
    st = table.game
    names = [safe(seat.name) for seat in table.seats]
    if table.paused is not None and not st.over:
        text = paused_line(table, safe(table.paused.name), L)
    else:
        lines = [question(st, names, L, table.computers())]
        if table.deadline is not None and not st.over:
            lines.append(_time_runs_out(table, L))
        text = "\n".join(lines)
    return discord.Embed(description=text, colour=_colour(table))


def _time_runs_out(table: Table, L: Lang) -> str:
    """When time runs out on the question, in each reader's own time zone: a countdown, and by post
    (bot/table/pace.py) the day and hour too, since "in 19 hours" alone makes a reader count."""
    assert table.deadline is not None, "only a question with a time limit says when it runs out"
    when = discord.utils.format_dt(table.deadline, "R")
    if not pace.by_post(table.limit()):
        return L._("Time runs out {when}.", when=when)
    return L._("Time runs out {when} ({date}).", when=when, date=discord.utils.format_dt(table.deadline, "f"))


def game_embed(table: Table, game_id: int, L: Lang) -> discord.Embed:
    """The board: the Jackpot, where everyone is and their money, the latest events (the question is
    `question_embed`'s)."""
    st = table.game
    names = [safe(seat.name) for seat in table.seats]
    ruleset = RULESETS[st.ruleset]
    if st.over:
        title = L._("Pay Day — game over")
    elif table.paused is not None:
        title = L._(
            "{mark} Pay Day — paused · month {month} of {months}",
            mark=PAUSE_MARK,
            month=table.month(),
            months=st.months,
        )
    else:
        title = L._("Pay Day — month {month} of {months}", month=table.month(), months=st.months)
    pot = f" · {_heading(ruleset.pot_name, L)} {L.money(st.pot)}" if st.pot else ""
    if st.rules.jackpot_needs_election and st.jackpot:  # docs/RULES.md §4.7
        pot += " · " + (L._("the next 6 wins it") if st.election_held else L._("waits for a Town Election"))
    # The Jackpot is one line under the title rather than a field of its own: a phone shows the
    # whole message on about one screen.
    jackpot = f"**{_heading(ruleset.jackpot_name, L)}** {L.money(st.jackpot)}{pot}"
    embed = discord.Embed(title=title, description=jackpot, colour=_colour(table))
    players = "\n".join(
        _player_line(_shown(table, seat, names, L), L.code) for seat in range(len(st.players))
    )
    embed.add_field(name=L._("Players"), value=_clip(players), inline=False)
    if table.latest:
        shown = tuple(names)
        latest = latest_text(table, shown, L)
        embed.add_field(name=L._("Latest"), value=_clip(latest), inline=False)
    footer = _footer(game_id, ruleset, any(seat.orders.any for seat in table.seats), L)
    house = house_rules_summary(L, st.ruleset, st.rules)
    embed.set_footer(text=f"{footer}\n{house}" if house else footer)
    return embed


def _colour(table: Table) -> discord.Colour:
    """Both embeds of the live message in one colour: gold while the game runs, grey once it is over."""
    return GREY if table.game.over else GOLD


def _footer(game_id: int, ruleset: Ruleset, orders: bool, L: Lang) -> str:
    """The footer: the game, its edition and where to look; the orders mark explained while any
    player has orders."""
    footer = L._(
        "Game #{game} · {edition} · /payday hand, /payday ledger",
        game=game_id,
        edition=edition_title(ruleset, L),
    )
    if orders:
        footer += "\n" + L._("{mark} plays by standing orders (set them under My hand)", mark=ORDERS_MARK)
    return footer


@dataclass(frozen=True, slots=True)
class _Shown:
    """Everything one player's line on the board shows."""

    name: str
    marker: str
    computer: str
    """A computer player's mark and strength ("🤖 Hard"); empty for everyone else."""
    away: bool
    left: bool
    orders: bool
    ruleset: str
    day: int
    retired: bool
    cash: int
    savings: int
    loan: int
    insured: tuple[Tag, ...]
    deals: int
    mail: int
    carried: int | None


def _shown(table: Table, seat: int, names: list[str], L: Lang) -> _Shown:
    st = table.game
    p, player = st.players[seat], table.seats[seat]
    return _Shown(
        name=names[seat],
        marker="🎲" if seat == st.turn and not st.over else ("🏁" if p.retired else "▫️"),
        computer=computer_tag(player, L),
        away=player.away,
        left=player.replaced is not None,
        orders=player.orders.any,
        ruleset=st.ruleset,
        day=p.day,
        retired=p.retired,
        cash=p.cash,
        savings=p.savings,
        loan=p.loan,
        insured=tuple(p.insured),
        deals=len(p.deals),
        mail=len(p.mail),
        carried=sum(st.carried_balances(seat)) if p.carried or p.charges else None,
    )


@functools.lru_cache(maxsize=4096)
def _player_line(shown: _Shown, language: str) -> str:
    """One player's line, written from exactly what it shows: most clicks change one player, and a
    board shows up to six (kept because writing them all again was most of writing the board)."""
    L = lang(language)
    if shown.away:
        who = L._("**{player}** (away: the bot plays it safe)", player=shown.name)
    elif shown.left:  # they left or were removed: a computer player took the seat
        who = L._("**{player}** (left: a computer plays on)", player=shown.name)
    elif shown.computer:
        who = f"**{shown.name}** {shown.computer}"
    else:
        who = f"**{shown.name}**"
    if shown.orders:
        who += f" {ORDERS_MARK}"
    parts = [
        f"{shown.marker} {who} — {_place(shown.ruleset, shown.day, shown.retired, L)}",
        L.money(shown.cash),
    ]
    if shown.savings:
        parts.append(L._("savings {amount}", amount=L.money(shown.savings)))
    if shown.loan:
        parts.append(L._("loan {amount}", amount=L.money(shown.loan)))
    if shown.insured:
        parts.append(L._("insured: {tags}", tags=", ".join(tag_name(tag, L) for tag in shown.insured)))
    if shown.deals:
        parts.append(L.ngettext("{n} Deal", "{n} Deals", shown.deals))
    if shown.mail:
        parts.append(L.ngettext("{n} Mail held", "{n} Mail held", shown.mail))
    if shown.carried is not None:
        parts.append(L._("carried {amount}", amount=L.money(shown.carried)))
    return " · ".join(parts)


def _place(ruleset: str, day: int, retired: bool, L: Lang) -> str:
    """Where a player's token stands, in words ("Thu 11: Mail")."""
    if retired:
        return L._("retired")
    if day == 0:
        return L._("START")
    space = RULESETS[ruleset].board[day]
    return L._("{weekday} {day}: {space}", weekday=weekday_name(day, L), day=day, space=space_name(space, L))


def _heading(account: str, L: Lang) -> str:
    return L.pgettext("heading", heading_name(account))


def add_house_rules(embed: discord.Embed, table: Table, L: Lang) -> None:
    """The house rules the game plays (or will play) by, a line each, as a field of their own."""
    lines = house_rules_lines(L, table.ruleset, table.rules)
    if lines:
        embed.add_field(name=house_rules_heading(L), value="\n".join(lines), inline=False)


# -- the end -----------------------------------------------------------------------------------------
def standings(table: Table) -> list[tuple[int, int, int]]:
    """(rank, seat, net worth) best first; equal net worth shares a rank, in seat order."""
    st = table.game
    worths = sorted((-st.net_worth(seat), seat) for seat in range(len(st.players)))
    ranked, rank, previous = [], 0, None
    for i, (debt, seat) in enumerate(worths):
        worth = -debt
        if worth != previous:
            rank, previous = i + 1, worth
        ranked.append((rank, seat, worth))
    return ranked


def _standing_name(seat: Seat, L: Lang) -> str:
    """A player's name in the standings, a computer player's with its strength; a player who left
    (or was removed) is marked, since the computer played their seat to the end."""
    name = safe(seat.name)
    if seat.replaced is None:
        tag = computer_tag(seat, L)
        return f"{name} {tag}" if tag else name
    return L._("{player} (left: the computer played on)", player=name)


def ending_text(standing: Standings, L: Lang) -> str:
    """Why the game ended; an early end in which Deals were still held also says how they were
    counted (no tally says so of a game kept from before buy-backs, which counted them as nothing)."""
    if standing.ending is Ending.RETIRED:
        return L._("Everyone has retired.")
    if standing.ending is Ending.IDLE:
        ended = L.ngettext(
            "Nobody played for {n} day: the game ended by itself.",
            "Nobody played for {n} days: the game ended by itself.",
            standing.table.idle_end_days,
        )
    elif standing.ending is Ending.PAUSE_EXPIRED:
        ended = L.ngettext(
            "The game stayed paused for {n} day and ended by itself.",
            "The game stayed paused for {n} days and ended by itself.",
            standing.table.pause_end_days,
        )
    elif standing.ending is Ending.ENDED:
        ended = L._("Ended early by {player}.", player=standing.ended_by)
    elif standing.ending is Ending.GONE:
        ended = L._("Ended early: its channel or thread was deleted, or the bot can no longer reach it.")
    else:
        ended = L._("Every player left.")
    if not any(tally.returned for tally in standing.tallies):
        return ended
    return ended + " " + L._("Deals still held were bought back by the Bank at what they cost.")


def final_embed(standing: Standings, L: Lang) -> discord.Embed:
    """The final standings: the winner in the title, then each player's net worth and, on the line
    below, their game in a line (Deals, loans, wins), so the end reads as the game's story."""
    table = standing.table
    rows = "\n".join(_standing_row(standing, rank, seat, worth, L) for rank, seat, worth in standings(table))
    # The reason may name a player ("Ended early by <name>."): defuse it like every other name.
    embed = discord.Embed(
        title=_winners_title(standing, L),
        description=f"{safe(ending_text(standing, L))}\n\n{rows}",
        colour=GREEN,
    )
    add_house_rules(embed, table, L)
    if RULESETS[table.game.ruleset].rules.savings:
        footer = L._("Net worth = cash + savings − loans. /payday ledger shows every payment.")
    else:
        footer = L._(
            "Net worth = cash − loans − carried Monster Charges. /payday ledger shows every payment."
        )
    embed.set_footer(text=footer)
    return embed


def _winners_title(standing: Standings, L: Lang) -> str:
    state = standing.table.game
    if not state.over or not state.winners:
        return L._("Pay Day — game #{game} is over", game=standing.game_id)
    names = [safe(standing.table.seats[seat].name) for seat in state.winners]
    if len(names) == 1:
        return L._("🏆 {player} wins Pay Day game #{game}", player=names[0], game=standing.game_id)
    return L._(
        "🏆 {players} share the win in Pay Day game #{game}",
        players=and_list(names, L),
        game=standing.game_id,
    )


def standing_line(table: Table, rank: int, seat: int, worth: int, L: Lang) -> str:
    """A player's place and net worth: "**1.** alice — $23,400"."""
    player = _standing_name(table.seats[seat], L)
    return L._("**{rank}.** {player} — {worth}", rank=rank, player=player, worth=L.money(worth))


def _standing_row(standing: Standings, rank: int, seat: int, worth: int, L: Lang) -> str:
    """A player's place and net worth, and their story on the line below it (when it was kept)."""
    row = standing_line(standing.table, rank, seat, worth, L)
    if seat >= len(standing.tallies):
        return row
    tally = standing.tallies[seat]
    story = player_story(tally, standing.table.game.ruleset, L)
    if tally.retired and tally.retired_with != worth:
        since = L._(
            "retired with {worth}, then {change} at the table's events",
            worth=L.money(tally.retired_with),
            change=L.signed(worth - tally.retired_with),
        )
        story = f"{story} · {since}"
    # In italics, so the places and net worths stand out when the table scans the list.
    return f"{row}\n*{story}*"


def player_story(tally: Tally, ruleset: str, L: Lang) -> str:
    """One player's game in a line: "sold 2 Deals for $27,000 · borrowed $9,000 · Lottery won once
    ($1,400)"; a game with none of it says so."""
    parts = []
    if tally.sold:
        parts.append(
            L.ngettext(
                "sold {n} Deal for {amount}",
                "sold {n} Deals for {amount}",
                tally.sold,
                amount=L.money(tally.sold_for),
            )
        )
    if tally.returned:
        parts.append(
            L.ngettext(
                "{n} Deal bought back at cost ({amount})",
                "{n} Deals bought back at cost ({amount})",
                tally.returned,
                amount=L.money(tally.returned_for),
            )
        )
    if tally.lost:
        parts.append(
            L.ngettext("{n} Deal unsold, worth nothing", "{n} Deals unsold, worth nothing", tally.lost)
        )
    if tally.borrowed:
        parts.append(L._("borrowed {amount}", amount=L.money(tally.borrowed)))
    if tally.jackpots:
        jackpot = _heading(RULESETS[ruleset].jackpot_name, L)
        parts.append(
            L.ngettext(
                "{jackpot} won once ({amount})",
                "{jackpot} won {n} times ({amount})",
                tally.jackpots,
                jackpot=jackpot,
                amount=L.money(tally.jackpot_won),
            )
        )
    if tally.lotteries:
        parts.append(
            L.ngettext(
                "Lottery won once ({amount})",
                "Lottery won {n} times ({amount})",
                tally.lotteries,
                amount=L.money(tally.lottery_won),
            )
        )
    return " · ".join(parts) or L._("no Deal sold, no loan, no win")


# -- Pay Day summaries ---------------------------------------------------------------------------------
def payday_notices(paydays: PayDays | None, L: Lang) -> str | None:
    """The Pay Days finished, a short block each, for the whole table; None if none."""
    if paydays is None:
        return None
    ruleset = RULESETS[paydays.table.game.ruleset]
    done = [h for h in happenings(paydays.events, ruleset) if h.kind is Kind.PAYDAY]
    blocks = []
    for seat, retired in paydays.seats:
        own = [h.events for h in done if h.events[-1].seat == seat]
        sums = breakdown(own[-1], seat) if own else None
        blocks.append(payday_notice(paydays.table, seat, retired, L, sums))
    return "\n".join(blocks) or None


def payday_notice(table: Table, seat: int, retired: bool, L: Lang, sums: Breakdown | None = None) -> str:
    """A player's finished Pay Day for the channel: where they stand now, and under it, when its
    events are at hand, what salary, interest, bills and repayment made of their cash. It is message
    text, not an embed, so it survives later edits of a live message it rides on (edits replace
    embeds, not text)."""
    st = table.game
    p = st.players[seat]
    name = safe(table.seats[seat].name)
    if retired:
        head = L._("**Pay Day: {player} retires**", player=name)
    else:
        head = L._("**Pay Day: {player} starts month {month}**", player=name, month=p.months_done + 1)
    parts = [L._("cash {amount}", amount=L.money(p.cash))]
    if p.savings:
        parts.append(L._("savings {amount}", amount=L.money(p.savings)))
    parts.append(L._("loan {amount}", amount=L.money(p.loan)))
    parts.append(L._("net worth {amount}", amount=L.money(st.net_worth(seat))))
    owed = st.carried_balances(seat)
    if owed:
        parts.append(L._("Monster Charges carried {amount}", amount=L.money(sum(owed))))
    notice = f"💵 {head} — {' · '.join(parts)}"
    if sums is None or not sums.complete:
        return notice
    return f"{notice}\n↳ {breakdown_line(sums, L)}"


def _clip(text: str) -> str:
    """Embed fields hold 1,024 characters: keep the newest lines that fit."""
    if len(text) <= FIELD_LIMIT:
        return text
    lines = text.split("\n")
    while len("\n".join(lines)) > FIELD_LIMIT - 2 and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[-FIELD_LIMIT:]
