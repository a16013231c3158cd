"""Issue 30.2, a phone never hides the question: the hand panel (a private message, kept at the foot
of the screen, the live message above it) shows the question the game asks its player with the live
message's own answer buttons, so a click there is the same click; and a Pay Day's repayment offers
a few amounts as buttons beside the question, "Other amount…" opening the money form."""

from bot.game.state import PendingKind
from tests.cogs.payday.rig import client_locales, labels, live, load, rigged, script, start_game
from tests.cogs.payday.test_hand import fields, open_hand
from tests.helpers import click

YOUR_MOVE = "❓ Your move"


def answer_ids(message) -> dict[str, str]:
    """The answer buttons (custom_ids `pd:`) of a live message or a panel: label -> custom_id."""
    rows = message.components
    if rows and isinstance(rows[0], dict):
        items = [(i.get("label"), i.get("custom_id", "")) for row in rows for i in row["components"]]
    else:
        items = [(i.label, i.custom_id or "") for row in rows for i in row.children]
    return {label: cid for label, cid in items if cid.startswith("pd:")}


def menus(message) -> list[str]:
    return [i["custom_id"] for row in message.components for i in row["components"] if i["type"] == 3]


async def test_the_panel_shows_its_players_question_with_the_live_messages_buttons_and_a_click_answers(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    board = await live(env, game.channel)

    panel = await open_hand(env, game, alice)

    assert "**alice**" in fields(panel)[YOUR_MOVE] and "roll" in fields(panel)[YOUR_MOVE].lower()
    assert list(fields(panel))[-1] == YOUR_MOVE, "the question is the panel's last lines, above its buttons"
    assert answer_ids(panel) == answer_ids(board) == {"Roll the die": answer_ids(board)["Roll the die"]}
    assert labels(panel)[0] == "Roll the die", "the answers first, then the panel's own controls"
    bobs = await open_hand(env, game, bob)
    assert YOUR_MOVE not in fields(bobs) and not answer_ids(bobs), "bob is not asked"

    await script(env, game.channel, 3)
    answered = await click(alice, panel, label="Roll the die")

    table = await load(env, game.channel)
    assert table.state.players[0].day == 3 and not env.errors
    assert answered.response.message.id == panel.message.id, "the panel is edited in place"
    assert "Roll the die" not in answer_ids(answered.response), "the answered question is gone from it"
    assert answer_ids(await live(env, game.channel)) != answer_ids(board), "the live message moved on"


async def test_a_click_on_a_panel_whose_question_was_answered_since_changes_nothing(env, make_bot):
    """A panel opened before a restart is not kept up (the panels open are the process's own), so
    its button can be stale: it is refused."""
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    panel = await open_hand(env, game, alice)
    await env.restart_bot(make_bot())
    await script(env, game.channel, 3)
    await click(alice, await live(env, game.channel), label="Roll the die")
    before = (await load(env, game.channel)).state.players[0].day

    late = await click(alice, panel, label="Roll the die")

    assert late.ephemeral and (await load(env, game.channel)).state.players[0].day == before


async def pay_day_with_a_loan(env, game, loan: int = 40_000) -> None:
    async with rigged(env, game.channel) as state:
        state.players[0].loan, state.players[0].cash = loan, 60_000
        state.players[0].day = 30
        state.script.append(1)
    await click(game.players[0], await live(env, game.channel), label="Roll the die")
    assert (await load(env, game.channel)).state.pending.kind == PendingKind.REPAY


async def test_pay_day_repayment_offers_a_few_amounts_as_buttons_and_other_amount_opens_the_form(env):
    game = await start_game(env, 2, months=2)
    alice = game.players[0]
    await pay_day_with_a_loan(env, game)

    board = await live(env, game.channel)
    assert labels(board) == [
        "Repay $1,000",
        "Repay $20,000",
        "Repay $40,000",
        "Other amount…",
        "No repayment",
    ]
    assert not [item for row in board.components for item in row.children if item.type.value == 3], "no menu"

    form = await click(alice, board, label="Other amount…")
    await alice.submit_modal(form, {"amount": "5,000"})

    table = await load(env, game.channel)
    assert table.state.players[0].loan == 35_000 and table.state.pending.kind != PendingKind.REPAY


async def test_an_italian_player_repays_half_from_the_panel_open_at_their_pay_day(env, monkeypatch):
    locales = client_locales(monkeypatch)
    game = await start_game(env, 2, months=2)
    alice = game.players[0]
    locales[alice.id] = "it"
    await pay_day_with_a_loan(env, game)

    panel = await open_hand(env, game, alice)
    assert labels(panel)[:4] == [
        "Rimborsa 1.000\u00a0$",
        "Rimborsa 20.000\u00a0$",
        "Rimborsa 40.000\u00a0$",
        "Nessun rimborso",
    ]
    assert "Rimborso…" in labels(panel), "the panel's own Repay… stands for Other amount…"
    assert not [menu for menu in menus(panel) if menu.startswith("pdm:")], "no menu of amounts"
    assert (
        answer_ids(panel)["Rimborsa 20.000\u00a0$"]
        == answer_ids(await live(env, game.channel))["Repay $20,000"]
    )

    await click(alice, panel, label="Rimborsa 20.000\u00a0$")

    assert (await load(env, game.channel)).state.players[0].loan == 20_000


async def test_an_open_panel_is_shown_its_players_question_when_it_arrives_and_loses_it_once_answered(env):
    """A phone never hides the question: bob opened his panel during alice's turn; when his own
    question arrives (the roll), the panel shows it with its button, and once he answers it on the
    live message, the panel's button goes, so it never offers a stale one."""
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    panel = await open_hand(env, game, bob)
    assert YOUR_MOVE not in fields(panel) and not answer_ids(panel)

    await script(env, game.channel, 2)  # alice lands on the Sweepstakes, which asks her nothing
    await click(alice, await live(env, game.channel), label="Roll the die")
    await env.advance_time(1)

    asked = (await load(env, game.channel)).state.pending
    assert (asked.kind, asked.seats) == (PendingKind.ROLL, [1]), "bob's roll"
    assert "**bob**" in fields(panel)[YOUR_MOVE]
    assert (
        answer_ids(panel)
        == answer_ids(await live(env, game.channel))
        == {"Roll the die": answer_ids(await live(env, game.channel))["Roll the die"]}
    )

    await script(env, game.channel, 2)
    await click(bob, await live(env, game.channel), label="Roll the die")
    await env.advance_time(1)

    assert YOUR_MOVE not in fields(panel) and not answer_ids(panel) and not env.errors
