"""The hand panel kept open beside the board: it says when it was read, and Refresh edits it in place
with the hand as it is now; a panel that can no longer be refreshed says why and stays as it was."""

import pytest

from bot.game.state import PendingKind
from tests.cogs.payday.rig import client_locales, live, load, mail_card, rigged, script, start_game
from tests.cogs.payday.test_hand import REFRESH, choose, fields, now_stamp, open_hand
from tests.helpers import click, end_game, refusal, slash


def summary(message) -> str:
    [embed] = message.embeds
    return embed.description


async def test_refresh_shows_a_bill_that_arrived_after_the_panel_was_opened(env, make_bot):
    """A panel the bot no longer keeps up (opened before a restart; the panels kept up with their
    questions are the process's own) stays as it was read, says so, and Refresh brings it up to date."""
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    opened = now_stamp()
    assert summary(panel).endswith(f"\n🕒 As of {opened}")
    assert fields(panel)["Due at your next Pay Day"] == "No bills held."
    await env.restart_bot(make_bot())

    async with rigged(env, game.channel) as state:
        state.mail_deck.append(mail_card("New Roof"))  # alice's roll of 1 lands on Mail: a $5,000 bill
    await script(env, game.channel, 1)
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert (await load(env, game.channel)).state.players[0].mail == [mail_card("New Roof")]
    await env.advance_time(180)

    stale = panel.message  # the open panel, as alice sees it now: old, and saying so
    assert fields(stale)["Due at your next Pay Day"] == "No bills held."
    assert summary(stale).endswith(f"🕒 As of {opened}") and opened != now_stamp()

    refreshed = await click(alice, panel, label=REFRESH)

    edited = refreshed.response
    assert refreshed.response.message.id == panel.message.id, "edited in place, no new message"
    due = fields(edited)["Due at your next Pay Day"]
    assert "Bill $5,000: New Roof" in due and "**Total: $5,000**" in due
    assert "Bills: -$5,000" in fields(edited)["Next Pay Day forecast"]
    assert summary(edited).endswith(f"\n🕒 As of {now_stamp()}")
    assert summary(panel.message) == summary(edited), "alice's open panel is the refreshed one"


async def test_refresh_after_a_loan_shows_the_new_cash_and_drops_the_old_note(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    form = await click(alice, panel, label="Borrow…")
    done = await alice.submit_modal(form, {"amount": "1000"})
    assert done.response.content == "You borrowed $1,000 (loan now $1,000): $100 interest at each Pay Day."
    assert summary(done.response).startswith("Cash $4,500 · Loan $1,000")

    await env.advance_time(60)
    await slash(alice, game.channel, "payday loan", amount=2000)  # a loan taken outside the panel

    refreshed = (await click(alice, panel, label=REFRESH)).response
    assert summary(refreshed).startswith("Cash $6,500 · Loan $3,000")
    assert summary(refreshed).endswith(f"🕒 As of {now_stamp()}")
    assert not refreshed.content, "the note about the first loan is gone with the old figures"


async def test_the_orders_menu_and_the_forms_date_the_panel_they_edit(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    first = now_stamp()

    await env.advance_time(90)
    edited = (await choose(alice, panel, "Lottery: never ante")).response
    assert summary(edited).endswith(f"🕒 As of {now_stamp()}") and now_stamp() != first

    await env.advance_time(90)
    form = await click(alice, panel, label="Borrow…")
    done = (await alice.submit_modal(form, {"amount": "1000"})).response
    assert summary(done).endswith(f"🕒 As of {now_stamp()}")
    assert REFRESH in [
        item["label"] for row in done.components for item in row["components"] if "label" in item
    ]


async def refresh_after(env, game, player, command: str):
    """`player` opens their panel, runs `command`, then presses Refresh: (panel, its summary
    before, the answer to Refresh)."""
    panel = await open_hand(env, game, player)
    before = summary(panel.message)
    await slash(player, game.channel, command)
    return panel, before, await click(player, panel, label=REFRESH)


async def test_a_player_whose_seat_was_taken_over_cannot_refresh_and_the_panel_stays(env):
    game = await start_game(env, 3, months=1)
    bob = game.players[1]

    panel, before, refused = await refresh_after(env, game, bob, "payday leave")

    assert refused.ephemeral
    assert refusal(refused) == "You're no longer in this game: a computer player took over your seat."
    assert summary(panel.message) == before, "the panel is left as it was"


async def test_a_finished_games_panel_cannot_be_refreshed_nor_show_the_next_games_hand(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    before = summary(panel.message)
    await end_game(alice, game.channel)
    refused = await click(alice, panel, label=REFRESH)
    assert refused.ephemeral and refusal(refused) == "This game has ended."
    assert summary(panel.message) == before

    await slash(alice, game.channel, "payday start", months=1)  # a new game in the same channel
    lobby = game.channel.history()[-1]
    await click(game.players[1], lobby, label="Join")
    await click(alice, lobby, label="Start")
    assert (await load(env, game.channel)).state.pending.kind == PendingKind.ROLL

    refused = await click(alice, panel, label=REFRESH)
    assert refusal(refused) == "This game has ended.", "the old panel is for the old game only"
    assert summary(panel.message) == before


@pytest.mark.bot(seed=3)
async def test_refresh_works_after_a_restart(env, make_bot):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)

    await env.bot.close()
    await env.restart_bot(make_bot(seed=3))
    async with rigged(env, game.channel) as state:
        state.players[0].cash = 1234

    refreshed = (await click(alice, panel, label=REFRESH)).response
    assert summary(refreshed).startswith("Cash $1,234")


async def test_the_refreshed_panel_speaks_italian_with_its_time_line(env, monkeypatch):
    game = await start_game(env, 2, months=1)
    bob = game.players[1]
    client_locales(monkeypatch)[bob.id] = "it"
    panel = await open_hand(env, game, bob)
    assert summary(panel).endswith(f"\n🕒 Aggiornato {now_stamp()}")
    assert fields(panel)["Da pagare al tuo prossimo Giorno di paga"] == "Nessuna bolletta in mano."

    async with rigged(env, game.channel) as state:
        state.players[1].mail.append(mail_card("New Roof"))
    await env.advance_time(120)
    refreshed = (await click(bob, panel, label="Aggiorna")).response

    assert summary(refreshed).endswith(f"\n🕒 Aggiornato {now_stamp()}")
    assert "Bolletta" in fields(refreshed)["Da pagare al tuo prossimo Giorno di paga"]
