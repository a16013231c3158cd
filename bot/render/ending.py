"""The host's question before a game is ended early: what ending now gives, to confirm or cancel.

A slip of /payday end must not end a long game, and the host should see the cost before choosing:
the standings the game would end with now, Deals still held counted at what they cost.
"""

import discord

from bot.render.components import Message, end_rows
from bot.render.embeds import GOLD, standing_line, standings
from bot.render.language.i18n import Lang
from bot.service.reads import EndAsked


def end_question(asked: EndAsked, L: Lang) -> Message:
    """The private question: the standings if the game ended now, and the two buttons."""
    preview = asked.preview
    table = preview.table
    rows = []
    for rank, seat, worth in standings(table):
        row, tally = standing_line(table, rank, seat, worth, L), preview.tallies[seat]
        if tally.returned:
            at_cost = L.ngettext(
                "({n} Deal at cost: {amount})",
                "({n} Deals at cost: {amount})",
                tally.returned,
                amount=L.money(tally.returned_for),
            )
            row = f"{row} {at_cost}"
        rows.append(row)
    said = L._(
        "Ending now stops the game for everyone and cannot be undone. Deals still held count at what "
        "they cost, and any money waiting in a pot goes back. The standings would be:"
    )
    if asked.leaves:
        leaving = L._(
            "You play in this game, so ending it counts as you leaving it: for the rating, you are "
            "placed last."
        )
        said = f"{leaving} {said}"
    embed = discord.Embed(
        title=L._("End game #{game} now?", game=preview.game_id),
        description=said + "\n\n" + "\n".join(rows),
        colour=GOLD,
    )
    return Message(embed=embed, rows=end_rows(asked.channel_id, preview.game_id, asked.prompt, L))


def kept_playing(L: Lang) -> str:
    """The question answered with Cancel."""
    return L._("The game goes on: nothing was ended.")
