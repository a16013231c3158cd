"""The words a table reads (issue 17.8), in English and Italian: lists joined as each language joins
them, the Radio Contest's order of rolls, Repay… greyed out with nothing to repay, a player's own
loan confirmed to them in the second person with what it costs, and a refusal naming the host."""

import pytest
import simcord

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import client_locales, field, live, load, script, start_game, unescape
from tests.cogs.payday.test_hand import open_hand
from tests.helpers import click, refusal, slash

LOTTERY, RADIO = 6, 8


def hand_button(panel: simcord.ResponseMessage, label: str) -> dict:
    """A button of the private hand panel, as sent (a response gives the raw payload)."""
    return next(item for row in panel.components for item in row["components"] if item.get("label") == label)


@pytest.mark.parametrize(
    ("code", "waiting"),
    [("en", "**alice**, **bob** and **carol**."), ("it", "**alice**, **bob** e **carol**.")],
)
async def test_the_lottery_names_everyone_it_waits_for_as_the_games_language_lists_them(env, code, waiting):
    game = await start_game(env, 3, language=code)
    await script(env, game.channel, LOTTERY)

    await click(game.players[0], await live(env, game.channel), label=lang(code)._("Roll the die"))

    question = (await live(env, game.channel)).embeds[-1].description.split("\n")[0]
    assert question.endswith(waiting), question


@pytest.mark.parametrize(
    ("code", "call", "next_up"),
    [
        ("en", "Radio Contest! Roll in turn: alice\u00a0→ bob\u00a0→ carol.", "Next: bob\u00a0→ carol."),
        (
            "it",
            "Concorso radiofonico! Tirate il dado a turno: alice\u00a0→ bob\u00a0→ carol.",
            "Poi: bob\u00a0→ carol.",
        ),
    ],
)
async def test_the_radio_contest_call_and_question_say_who_rolls_in_which_order(env, code, call, next_up):
    game = await start_game(env, 3, language=code)
    alice, bob, carol = game.players
    await script(env, game.channel, RADIO, 1, 1, 1)  # nobody rolls the 3

    await click(alice, await live(env, game.channel), label=lang(code)._("Roll the die"))

    board = await live(env, game.channel)
    assert board.content == f"🔔 <@{bob.id}> <@{carol.id}>: {call}"
    assert board.embeds[-1].description.split("\n")[0].endswith(next_up)
    await click(alice, board, label=lang(code)._("Roll the die"))
    assert (
        (await live(env, game.channel))
        .embeds[-1]
        .description.split("\n")[0]
        .endswith(next_up.replace("bob\u00a0→ ", ""))
    )


@pytest.mark.parametrize(("locale", "repay"), [("en-US", "Repay…"), ("it", "Rimborso…")])
async def test_repay_is_greyed_out_until_there_is_a_loan_to_repay(env, monkeypatch, locale, repay):
    game = await start_game(env, 2)
    alice = game.players[0]
    client_locales(monkeypatch)[alice.id] = locale

    panel = await open_hand(env, game, alice)
    assert hand_button(panel, repay).get("disabled") is True
    with pytest.raises(simcord.SetupError):
        await alice.click(panel, label=repay)

    await slash(alice, game.channel, "payday loan", amount=1000)
    panel = await open_hand(env, game, alice)
    assert not hand_button(panel, repay).get("disabled")
    form = await click(alice, panel, label=repay)
    assert form.modal is not None


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "You borrowed $2,000 (loan now $2,000): $200 interest at each Pay Day."),
        (
            "it",
            "Hai chiesto un prestito di 2.000\u00a0$ (prestito ora 2.000\u00a0$): "
            "paghi 200\u00a0$ di interessi a ogni Giorno di paga.",
        ),
    ],
)
async def test_a_loan_is_confirmed_to_the_borrower_in_the_second_person_with_its_cost(
    env, monkeypatch, locale, said
):
    game = await start_game(env, 2)
    bob = game.players[1]
    client_locales(monkeypatch)[bob.id] = locale

    result = await slash(bob, game.channel, "payday loan", amount=2000)

    assert result.ephemeral and unescape(result.response.content) == said
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert "bob took a loan of $2,000 (loan now $2,000)" in latest  # the table's line stays third person
    assert (await load(env, game.channel)).state.players[1].loan == 2000


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("en-US", "Only the host, alice, can start the game."),
        ("it", "Solo alice, che ha aperto la partita, può avviarla."),
    ],
)
async def test_a_refusal_to_a_player_who_is_not_the_host_names_the_host(env, monkeypatch, locale, said):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    client_locales(monkeypatch)[bob.id] = locale
    lobby = (await slash(alice, channel, "payday start")).response
    await click(bob, lobby, label="Join")

    refused = await click(bob, lobby, label="Start")  # the lobby speaks the game's language

    assert refused.ephemeral and refusal(refused) == said
    assert (await load(env, channel)).state is None
