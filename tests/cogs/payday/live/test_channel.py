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
