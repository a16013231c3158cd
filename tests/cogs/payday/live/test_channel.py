"""One channel's live message as state: a snapshot another process overtook is never shown."""

from types import SimpleNamespace

from bot.service import Call
from cogs.payday.live._channel import Channel


def snapshot(game_id: int) -> SimpleNamespace:
    """A saved snapshot of a running game, as the channel reads it."""
    return SimpleNamespace(
        row=SimpleNamespace(game_id=game_id), table=SimpleNamespace(state=None, language="en")
    )


def test_a_snapshot_another_process_overtook_is_not_shown_nor_its_players_called():
    ch = Channel()
    ch.update(snapshot(7), None, None, False, Call("roll", (1,)))
    assert ch.behind  # the worker would edit the live message with it

    ch.overtaken()

    assert not ch.behind and ch.call is None  # the other process shows and calls the newer game
    ch.update(snapshot(7), None, None, False)
    assert ch.behind  # this process's next save is shown again


def test_a_call_a_click_is_posting_is_left_to_it():
    ch = Channel()
    ch.update(snapshot(7), None, None, False, Call("roll", (1,)))
    ch.claim()

    ch.overtaken()

    assert ch.call is not None and ch.claimed


def test_a_call_is_claimed_by_one_click_only_and_given_back_if_its_post_fails():
    ch = Channel()
    ch.update(snapshot(7), "Pay Day: $3,500", None, False, Call("roll", (1,)))
    carried = ch.take_notices()

    assert ch.claim() and not ch.claim()
    ch.unclaim(carried)

    assert ch.call is not None and not ch.claimed and ch.to_show  # the worker posts it instead
    assert ch.notices == ["Pay Day: $3,500"]


def test_an_old_live_message_is_retired_with_the_lines_this_process_knows_it_carried():
    ch = Channel()
    ch.carries(10, "Pay Day: $3,500")

    ch.replaced(10, 11, None)
    ch.replaced(99, 12, None)  # posted by another process: its text is not known

    assert list(ch.retire) == [(10, "Pay Day: $3,500"), (99, None)]
