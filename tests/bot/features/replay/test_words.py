"""A replay's step in words (bot/features/replay/words.py): the turn's block of the story, the players'
money, the board to draw; five buttons with custom_ids of their own, greyed out where they lead
nowhere, Next Pay Day to the next turn that finishes one; labels that fit a button in both languages;
the refusals and the suggestions."""

import pytest

from bot.features.replay.service import Listed, ReplayCode, Replayed
from bot.features.replay.words import game_choice, next_payday, replay_message, replay_rows
from bot.game.rulesets import RULESETS
from bot.render.custom_ids import custom_id
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.render.story.turns import blocks
from bot.service import Refused
from bot.service.rebuild import after_start, rebuild, setup_of
from tests.bot.service.games import logged_game

LABEL_LIMIT = 25


@pytest.fixture(scope="module")
def shown() -> Replayed:
    table, log = logged_game(months=2)
    replay = rebuild(setup_of(table.game, table.seed, log), after_start(log))
    return Replayed(7, table, replay, log)


def test_each_step_shows_its_turn_its_players_and_the_board_as_it_stood(shown):
    L = lang("en")
    steps = shown.replay.steps

    message, scene = replay_message(shown, 1, L)

    embed = message.embed
    assert embed.title == "Replay of game #7" and embed.footer.text.startswith(f"Turn 1 of {len(steps) - 1} ")
    assert embed.description.startswith("**Month 1 · P0 ")
    assert f" {steps[1].roll} → " in embed.description.split("\n")[0]
    assert (
        embed.fields[0].value.split("\n")[0] == f"P0: cash {L.money(steps[1].state.players[0].cash)}, loan $0"
    )
    assert [t.day for t in scene.tokens] == [p.day for p in steps[1].state.players]
    assert embed.image.url.startswith("attachment://board-")


def test_the_last_step_ends_with_the_game_over(shown):
    message, scene = replay_message(shown, len(shown.replay.steps) - 1, lang("en"))
    assert "**Final result**\n🏆 **Game over: " in message.embed.description
    assert scene.month_label == "Game over"


@pytest.mark.parametrize("step", [0, 1, 5])
def test_the_buttons_have_ids_of_their_own_and_lead_where_they_say(shown, step):
    last = len(shown.replay.steps) - 1
    [row] = replay_rows(shown, step, lang("en"))

    assert len({custom_id(button.target) for button in row}) == 5
    leads = {button.label: (button.target.step, button.disabled) for button in row}
    payday = next_payday(shown.replay.steps, step)
    assert leads == {
        "⏮ Start": (0, step == 0),
        "◀ Back": (max(step - 1, 0), step == 0),
        "Next ▶": (step + 1, False),
        "End ⏭": (last, False),
        "Next Pay Day": (payday, False),
    }
    assert shown.replay.steps[payday].paydays > shown.replay.steps[payday - 1].paydays


def test_after_the_last_pay_day_the_button_is_greyed_out(shown):
    steps = shown.replay.steps
    assert next_payday(steps, len(steps) - 1) is None
    [row] = replay_rows(shown, len(steps) - 1, lang("en"))
    assert [b.disabled for b in row] == [False, False, True, True, True]


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_label_fits_a_button(shown, language):
    [row] = replay_rows(shown, 3, lang(language))
    assert all(len(button.label) <= LABEL_LIMIT for button in row)


def test_the_refusals_in_both_languages():
    en, it = lang("en"), lang("it")
    pruned = Refused(ReplayCode.PRUNED, game=4)
    assert refusal_text(pruned, en) == "Game #4's moves were pruned: only its result is kept."
    assert refusal_text(pruned, it).startswith("Le mosse della partita n. 4 sono state cancellate")
    assert refusal_text(Refused(ReplayCode.NO_STEP, game=4, steps=9), en).endswith("from 0 to 9.")
    assert refusal_text(Refused(ReplayCode.DIVERGED, game=4), en).startswith(
        "Game #4 does not replay exactly"
    )


def test_a_suggestion_names_the_game_and_fits_discords_limit():
    listed = Listed(12, "classic", ("alice", "bob"))
    assert game_choice(listed, lang("en")) == "Game #12 · Classic 1975 (reconstructed) · alice and bob"
    crowded = Listed(12, "modern", tuple("x" * 32 for _ in range(6)))
    assert len(game_choice(crowded, lang("it"))) == 100


@pytest.mark.parametrize("language", ["en", "it"])
def test_each_steps_words_are_its_turns_block_of_the_whole_story(shown, language):
    """Oracle: a step reads the story only as far as itself; its words are the whole story's block."""
    L = lang(language)
    names = [seat.name for seat in shown.table.seats]
    whole = blocks(after_start(shown.log), names, RULESETS["modern"], L)
    last = len(shown.replay.steps) - 1

    for step in range(last):
        assert replay_message(shown, step, L)[0].embed.description == whole[step].text()
    ending = replay_message(shown, last, L)[0].embed.description
    assert ending == "\n".join(block.text() for block in whole[last:])
