"""A server's finished games in words: /payday history, stats and leaderboard, each a private page
in the reader's own language, with its page buttons (targets.py)."""

import json
from collections.abc import Sequence

import discord

from bot.features.records.controls import HistoryTurn, LeaderboardTurn
from bot.features.records.service import HistoryPage, Leaderboard, Period, Ranked, StatsView
from bot.game.house import HouseRuleError, with_house_rules
from bot.game.rulesets import DEFAULT_RULESET, RULESETS, Rules
from bot.game.strengths import Strength
from bot.render.components import Button, Message, Rows
from bot.render.embeds import GOLD, safe
from bot.render.house import house_rules_heading, house_rules_lines, house_rules_summary
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list
from bot.render.links import jump_url
from bot.render.rules_text import edition_title
from bot.service.values import Ending
from db.interface import Placing, RecordedGame, StatLine

COMPUTER = "🤖"
WINNER = "🏆"


# -- history --------------------------------------------------------------------------------------------
def history_message(page: HistoryPage, whose: str | None, L: Lang) -> Message:
    """A page of finished games, newest first, each with its standings and a link to its board;
    `whose`: the member's name when the page is only their games."""
    title = L._("Finished games") if whose is None else L._("{name}'s finished games", name=safe(whose))
    embed = discord.Embed(title=title, colour=GOLD)
    if not page.games:
        embed.description = (
            L._("No game has finished in this server yet.")
            if whose is None
            else L._("{name} has not finished a game in this server yet.", name=safe(whose))
        )
    for game in page.games:
        embed.add_field(name=_game_title(game, L), value=_game_text(game, L), inline=False)
    embed.set_footer(
        text=L.ngettext(
            "Page {page} of {pages} · {n} game · newest first",
            "Page {page} of {pages} · {n} games · newest first",
            page.total,
            page=page.page,
            pages=page.pages,
        )
    )
    turns = _turns(page.page, page.pages, L._("◀ Newer"), L._("Older ▶"))
    user_id = page.user_id or 0
    return Message(embed=embed, rows=_row([Button(label, HistoryTurn(user_id, to)) for label, to in turns]))


def _game_title(game: RecordedGame, L: Lang) -> str:
    result = game.result
    months = L.ngettext("{n} month", "{n} months", result.months)
    return L._(
        "Game #{game} · {edition} · {months}",
        game=game.game_id,
        edition=_edition(result.ruleset, L),
        months=months,
    )


def _game_text(game: RecordedGame, L: Lang) -> str:
    result = game.result
    when = discord.utils.format_dt(game.finished_at, "d")
    lines = [when]
    if result.message_id is not None and result.reason != Ending.GONE:  # a deleted channel: no way back
        url = jump_url(game.guild_id, game.channel_id, result.message_id)  # its standings, or last board
        lines = [L._("{when} · [the game's end]({link})", when=when, link=url)]
    rules = _house_rules(result.ruleset, result.house)
    if rules is not None and (summary := house_rules_summary(L, result.ruleset, rules)):
        lines.append(summary)
    if result.hinted:
        lines.append(L._("💡 Hints were used: not rated."))
    elif result.reason != Ending.RETIRED:
        lines.append(_ending(result.reason, result.rated, L))
    elif not result.rated:
        lines.append(L._("Not rated: fewer than two people played."))
    lines.extend(_placing_line(p, L) for p in sorted(result.placings, key=lambda p: (p.place, p.seat)))
    winners = [safe(p.name) for p in result.placings if p.place == 1]
    if winners:
        lines.append(
            L.ngettext("Winner: {names}", "Winners: {names}", len(winners), names=and_list(winners, L))
        )
    return "\n".join(lines)[:1024]


def _placing_line(p: Placing, L: Lang) -> str:
    """ "**1.** alice — $23,400", a computer player marked with its strength, a leaver as one."""
    name = safe(p.name)
    if p.user_id is None:
        name = f"{COMPUTER} {name} ({strength_name(p.strength, L)})"
    elif p.left:
        name = L._("{name} (left)", name=name)
    line = L._("**{rank}.** {player} — {worth}", rank=p.place, player=name, worth=L.money(p.net_worth))
    return f"{line} {WINNER}" if p.place == 1 else line


def _ending(reason: str, rated: bool, L: Lang) -> str:
    """Why a game that did not run its course ended, and so whether it was rated: only when a
    player ended it, placed last for it (docs/RULES.md §5.10)."""
    if reason == Ending.ENDED:
        return (
            L._("Ended early by a player, placed last: rated.")
            if rated
            else L._("Ended early by the host: not rated.")
        )
    if reason == Ending.ABANDONED:
        return L._("Every player left: not rated.")
    if reason == Ending.GONE:
        return L._("Its channel was deleted: not rated.")
    if reason == Ending.IDLE:
        return L._("Nobody played for days: not rated.")
    if reason == Ending.PAUSE_EXPIRED:
        return L._("Left paused too long: not rated.")
    return L._("Ended before its time: not rated.")


def _house_rules(ruleset: str, key: str) -> Rules | None:
    """The rules a pool's games play by, from its key (None: the edition's own rules, or house
    rules this version no longer has)."""
    if not key or ruleset not in RULESETS:
        return None
    try:
        return with_house_rules(ruleset, json.loads(key))
    except HouseRuleError:
        return None


def strength_name(strength: str | None, L: Lang) -> str:
    """A computer player's strength; one this version does not know reads as Normal."""
    if strength == Strength.EASY:
        return L._("Easy")
    if strength == Strength.HARD:
        return L._("Hard")
    return L._("Normal")


# -- stats ----------------------------------------------------------------------------------------------
def stats_embeds(view: StatsView, whose: str, L: Lang) -> tuple[discord.Embed, ...]:
    """A member's games by edition with their records; then, if asked, the computer players'."""
    person = discord.Embed(title=L._("{name}'s Pay Day", name=safe(whose)), colour=GOLD)
    if not view.lines:
        person.description = L._("{name} has not finished a game in this server yet.", name=safe(whose))
    for line in view.lines:
        person.add_field(name=_edition(line.ruleset, L), value=_stat_text(line, L), inline=False)
    if view.computers is None:
        return (person,)
    computers = discord.Embed(title=L._("{robot} Computer players", robot=COMPUTER), colour=GOLD)
    if not view.computers:
        computers.description = L._("No computer player has finished a game in this server yet.")
    for line in view.computers:
        title = L._(
            "{edition} · {strength}",
            edition=_edition(line.ruleset, L),
            strength=strength_name(line.strength, L),
        )
        computers.add_field(name=title, value=_stat_text(line, L), inline=False)
    return person, computers


def _stat_text(line: StatLine, L: Lang) -> str:
    """One record a line, "Label: value", so no number reads as part of a label and none is wrapped
    away from its label on a phone."""
    rate = L.number(round(100 * line.wins / line.games)) if line.games else "0"
    average = L.money(line.net_worth_total // line.games) if line.games else L.money(0)
    return "\n".join(
        (
            L._(
                "Played: {games} · Won: {wins} ({rate}%)",
                games=L.number(line.games),
                wins=L.number(line.wins),
                rate=rate,
            ),
            L._(
                "Net worth: {average} on average, {best} at best",
                average=average,
                best=L.money(line.best_net_worth),
            ),
            L._(
                "Biggest {jackpot}: {amount}",
                jackpot=_jackpot(line.ruleset, L),
                amount=L.money(line.best_jackpot),
            ),
            L._("Most Deals sold in a game: {deals}", deals=L.number(line.most_deals)),
            L._("Lottery wins: {lotteries}", lotteries=L.number(line.lotteries)),
            L._("Radio Contest wins: {radio}", radio=L.number(line.radio_wins)),
            L._("Loans taken: {loans}", loans=L.number(line.loans)),
            L._("Monster Charges carried: {charges}", charges=L.number(line.charges_carried)),
        )
    )


def rating_rules(L: Lang) -> str:
    """Which games rate whom (docs/RULES.md §5.10), under /payday leaderboard in the help."""
    return L._(
        "Rated: games played to the end by at least two people, or ended early by one of them, which "
        "counts as leaving. Whoever leaves is placed last (leaving earlier places lower), even if "
        "someone then plays their seat. Taking over a seat rates you for it only if you play at least "
        "half its turns."
    )


# -- leaderboard ------------------------------------------------------------------------------------------
def period_name(period: Period, L: Lang) -> str:
    names = {
        Period.ALL: L._("All time"),
        Period.DAYS_30: L._("Last 30 days"),
        Period.MONTH: L._("This month"),
    }
    return names[period]


def leaderboard_message(board: Leaderboard, viewer_id: int, L: Lang) -> Message:
    """A page of the ranked players, best first, ties sharing a place, and the reader's own place
    below it wherever it is."""
    title = L._("Leaderboard · {edition}", edition=_edition(board.ruleset, L))
    lines = [_ranked_line(r, viewer_id, L) for r in board.rows]
    if not lines:
        lines = [
            L.ngettext(
                "Nobody is ranked yet: a player is ranked after {n} rated game.",
                "Nobody is ranked yet: a player is ranked after {n} rated games.",
                board.min_games,
            )
        ]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=GOLD)
    embed.set_author(name=period_name(board.period, L))
    rules = _house_rules(board.ruleset, board.house)
    if rules is not None and (said := house_rules_lines(L, board.ruleset, rules)):
        embed.add_field(name=house_rules_heading(L), value="\n".join(said), inline=False)
    mine = board.mine
    if mine is not None and board.short:
        embed.add_field(
            name=L._("You"),
            value=L._(
                "{games} of the {needed} rated games needed to be ranked.",
                games=L.number(mine.player.rated_games),
                needed=L.number(board.min_games),
            ),
        )
    elif mine is not None and mine not in board.rows:
        embed.add_field(name=L._("You"), value=_ranked_line(mine, viewer_id, L))
    embed.set_footer(
        text=L._(
            "Page {page} of {pages} · rated games of the edition's own rules; ranked by the skill"
            " learned from each game's finishing order, counted cautiously",
            page=board.page,
            pages=board.pages,
        )
    )
    turns = _turns(board.page, board.pages, L._("◀ Higher"), L._("Lower ▶"))
    buttons = [Button(label, LeaderboardTurn(board.ruleset, board.period.value, to)) for label, to in turns]
    return Message(embed=embed, rows=_row(buttons))


def _ranked_line(ranked: Ranked, viewer_id: int, L: Lang) -> str:
    """ "**1.** alice — rating 1,234 · won 5 of 12 games", the reader's own line underlined."""
    player = ranked.player
    name = safe(player.name)
    if player.user_id == viewer_id:
        name = f"__{name}__"
    played = L.ngettext("{n} game", "{n} games", player.games)
    games = L.ngettext("won {n} of {played}", "won {n} of {played}", player.wins, played=played)
    return L._(
        "**{rank}.** {player} — rating {points} · {games}",
        rank=ranked.place,
        player=name,
        points=L.number(ranked.points),
        games=games,
    )


# -- shared ---------------------------------------------------------------------------------------------
def _jackpot(ruleset: str, L: Lang) -> str:
    """The edition's name for the Jackpot ("Jackpot", classic "Pot"), as the rules call it."""
    edition = RULESETS.get(ruleset, RULESETS[DEFAULT_RULESET])
    return L.pgettext("jackpot", edition.jackpot_name.removeprefix("the "))


def _edition(ruleset: str, L: Lang) -> str:
    edition = RULESETS.get(ruleset)
    return ruleset if edition is None else edition_title(edition, L)


def _turns(page: int, pages: int, back: str, on: str) -> list[tuple[str, int]]:
    """(label, page) of the page before and after, those that exist."""
    return [(label, to) for label, to in ((back, page - 1), (on, page + 1)) if 1 <= to <= pages]


def _row(buttons: Sequence[Button]) -> Rows:
    return (tuple(buttons),) if buttons else ()
