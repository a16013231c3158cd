"""The service driven directly, without Discord: use cases in, `Update`s out, refusals as `Refused`.

A recording screen stands in for the live message; the clock is a plain counter, so timers' work is
done by calling `wake` once the clock has passed the table's time (both in conftest.py).
"""

import inspect
import json
from datetime import timedelta
from pathlib import Path

import pytest

from bot.game import events as ev
from bot.game.actions import ActionKind, RefusalCode
from bot.game.events import EventKind, Reason
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.service import (
    Ending,
    LobbyOptions,
    Move,
    NoteCode,
    PayDays,
    Person,
    Refused,
    Service,
    ServiceCode,
    Show,
    Standings,
    Tables,
    Update,
)
from bot.table import TableKind
from bot.table.lobby import LobbyCode

FIXTURES = Path(__file__).parents[1] / "game" / "fixtures"
CHANNEL, GUILD = 10, 20
ALICE, BOB, OLGA = Person(1, "alice"), Person(2, "bob"), Person(9, "olga")


async def started(service: Service, months: int = 1) -> Update:
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=months))
    await service.lobbies.join(CHANNEL, BOB)
    return await service.lobbies.start(CHANNEL, ALICE)


async def test_a_lobby_opens_fills_and_starts_with_updates_for_the_screen_and_the_answer(service):
    opened = await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1, language="it"))
    assert opened.answer.show is Show.POST and opened.live.loaded.table.language == "it"
    joined = await service.lobbies.join(CHANNEL, BOB)
    assert joined.answer.said.code is NoteCode.JOINED and joined.answer.said.params == {"name": "bob"}
    assert joined.live.note == joined.answer.said  # the lobby's footer says it too

    begun = await service.lobbies.start(CHANNEL, ALICE)

    assert begun.answer.show is Show.BOARD and begun.answer.said.code is NoteCode.GAME_STARTED
    assert [e.kind for e in begun.events] == [EventKind.TRANSFER, EventKind.TRANSFER]  # the start cash
    assert begun.loaded.table.latest == [ev.Event(TableKind.BEGAN)]
    assert service.screen.updates[-1] is begun  # handed over under the lock, before it was returned
    assert service.timers.armed(CHANNEL) == begun.loaded.table.remind_at  # the earliest timer


async def test_a_click_returns_its_events_and_a_slash_command_its_confirmation(service):
    begun = await started(service)
    table = begun.loaded.table
    move = Move(ActionKind.ROLL, 0, table.state.prompt, begun.game_id, message_id=None)

    rolled = await service.playing.act(CHANNEL, ALICE, move)

    assert rolled.answer.show is Show.BOARD and rolled.answer.said is None
    assert rolled.events[0].kind == EventKind.ROLLED and rolled.loaded.table.state.prompt > move.prompt
    borrowed = await service.playing.act(CHANNEL, BOB, Move(ActionKind.LOAN, 1000))
    assert borrowed.answer.said.code is NoteCode.DONE
    assert [e.reason for e in borrowed.answer.said.params["events"]] == [Reason.LOAN]


async def test_every_refusal_is_one_exception_with_a_code(service):
    with pytest.raises(Refused) as no_game:
        await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL, 0, 1, 1))
    assert no_game.value.code is ServiceCode.GAME_ENDED
    begun = await started(service)
    prompt = begun.loaded.table.state.prompt

    with pytest.raises(Refused) as outsider:
        await service.playing.act(CHANNEL, OLGA, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    with pytest.raises(Refused) as early:
        await service.playing.act(CHANNEL, BOB, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    with pytest.raises(Refused) as double:
        await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    with pytest.raises(Refused) as lobby_gone:
        await service.lobbies.join(CHANNEL, OLGA)

    assert outsider.value.code is RefusalCode.NOT_IN_GAME
    assert early.value.code is RefusalCode.NOT_YOUR_TURN and early.value.names == ("alice", "bob")
    assert double.value.code is ServiceCode.ALREADY_DONE
    assert lobby_gone.value.code is LobbyCode.STARTED


async def test_a_new_live_message_is_saved_before_moved_returns_and_a_restart_finds_it(service):
    begun = await started(service)
    prompt = begun.loaded.table.state.prompt

    moved = await service.looks.moved(begun.loaded, 777)

    assert moved.row.version == begun.loaded.row.version + 1 and moved.table.message_id == 777
    assert begun.loaded.table.message_id != 777  # the snapshot the screen holds is left as it was
    assert service.screen.updates[-1].live.shown  # the new message shows that very snapshot
    restarted = await Tables(service.tables.store).load(CHANNEL)  # a new process: only the store
    assert restarted.table.message_id == 777 and restarted.row.version == moved.row.version
    assert restarted.table.state.prompt == prompt  # nothing but the message moved


async def test_a_bot_that_dies_between_the_post_and_the_record_still_knows_the_old_message(service):
    """The post is not saved until `moved` commits: a restart finds the message it saved last, whose
    buttons still work (the worker then edits it, or posts anew if it was deleted)."""
    begun = await started(service)
    await service.looks.moved(begun.loaded, 777)
    after_click = await service.playing.act(
        CHANNEL, ALICE, Move(ActionKind.ROLL, 0, begun.loaded.table.state.prompt)
    )
    # ...the call is posted as message 888, and the process is killed before `moved` runs.

    restarted = await Tables(service.tables.store).load(CHANNEL)

    assert restarted.table.message_id == 777
    assert restarted.table.state.prompt == after_click.loaded.table.state.prompt


async def test_a_message_posted_for_an_older_snapshot_is_saved_on_the_newest(service):
    begun = await started(service)
    acted = await service.playing.act(
        CHANNEL, ALICE, Move(ActionKind.ROLL, 0, begun.loaded.table.state.prompt)
    )

    moved = await service.looks.moved(begun.loaded, 777)  # posted before the click above was saved

    assert moved.row.version == acted.loaded.row.version + 1
    assert moved.table.state.prompt == acted.loaded.table.state.prompt and moved.table.message_id == 777
    assert not service.screen.updates[-1].live.shown  # that message shows an older board: edit it


async def test_a_stale_click_on_a_board_discord_never_showed_gets_the_board_not_a_refusal(service):
    begun = await started(service)
    table = begun.loaded.table
    await service.looks.moved(begun.loaded, 777)
    await service.playing.act(
        CHANNEL, ALICE, Move(ActionKind.ROLL, 0, table.state.prompt, begun.game_id, 777)
    )
    service.screen.lagging = True  # the answer with the new board was lost

    old = Move(ActionKind.ROLL, 0, table.state.prompt, begun.game_id, 777)  # bob presses alice's old button

    again = await service.playing.act(CHANNEL, BOB, old)

    assert again.answer.show is Show.BOARD and again.live is None  # nothing saved, the board shown
    service.screen.lagging = False
    with pytest.raises(Refused) as passed:
        await service.playing.act(CHANNEL, BOB, old)
    assert passed.value.code is RefusalCode.STALE


async def test_a_table_saved_before_the_service_loads_without_its_english_lines_and_finishes(service):
    """docs: a table saved by main at 78381d5 kept English lines in `recent`; they are dropped, and
    the game (bob away, carol's seat a computer's) plays to its end on the service's timers."""
    data = (FIXTURES / "table-before-issue-8.json").read_text()
    assert any(isinstance(line, str) for line in json.loads(data)["recent"])
    await service.tables.store.create(CHANNEL, GUILD, data)

    loaded = await service.tables.load(CHANNEL)
    assert loaded.table.latest == [] and loaded.table.seats[1].away and loaded.table.seats[2].computer

    finals: list[Standings] = []
    assert service.screen.released_channels == []
    clock = service.now
    for _ in range(2000):
        clock.now += timedelta(minutes=2)
        await service.wake(CHANNEL)
        finals += [n for u in service.screen.updates for n in u.notices if isinstance(n, Standings)]
        if finals:
            break
    [standings] = finals
    assert set(service.screen.released_channels) == {CHANNEL}  # timers' work tells the screen to send
    assert standings.ending is Ending.RETIRED and standings.table.state.over
    [finished] = await service.tables.store.history(channel_id=CHANNEL)
    assert finished.summary["reason"] == "retired"
    assert any(isinstance(n, PayDays) for u in service.screen.updates for n in u.notices)


async def test_a_move_the_computer_makes_for_a_player_who_left_is_refused_as_the_computer_s(service):
    """Someone clicking a move of a seat the computer now plays (their screen still showed it) is told
    the computer plays it, in words, not that the game waits for the player who left."""
    begun = await started(service)
    async with service.tables.lock(CHANNEL):  # alice's die shows 2: Sweepstakes, nothing to decide
        loaded = await service.tables.load(CHANNEL)
        loaded.table.state.script.append(2)
        await service.tables.save(loaded)
    prompt = begun.loaded.table.state.prompt
    alice_rolled = await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    assert alice_rolled.loaded.table.state.pending.seats == [1]
    await service.lobbies.leave(CHANNEL, BOB)
    prompt = (await service.tables.load(CHANNEL)).table.state.prompt

    with pytest.raises(Refused) as refused:
        await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL, 0, prompt, begun.game_id))

    assert refused.value.code is RefusalCode.NOT_YOUR_TURN
    assert refused.value.params == {"seats": (1,), "computers": (1,)}
    assert refusal_text(refused.value, lang("en")) == "It's not your move: the computer is playing for bob."
    assert refusal_text(refused.value, lang("it")) == "Non è il tuo turno: il computer sta giocando per bob."


async def test_a_player_who_left_is_told_the_computer_took_their_seat_not_that_they_never_played(service):
    begun = await started(service)
    await service.lobbies.leave(CHANNEL, BOB)
    prompt = begun.loaded.table.state.prompt

    with pytest.raises(Refused) as left:
        await service.playing.act(CHANNEL, BOB, Move(ActionKind.ROLL, 0, prompt, begun.game_id))
    with pytest.raises(Refused) as outsider:
        await service.playing.act(CHANNEL, OLGA, Move(ActionKind.ROLL, 0, prompt, begun.game_id))

    assert left.value.code is ServiceCode.TAKEN_OVER and outsider.value.code is RefusalCode.NOT_IN_GAME
    assert refusal_text(left.value, lang("it")) == (
        "Non sei più in questa partita: il tuo posto è passato a un giocatore computer."
    )


@pytest.mark.parametrize(
    ("button", "pressed_by", "said"),
    [
        ("join", OLGA, NoteCode.JOINED),
        ("leave", BOB, NoteCode.LEFT_LOBBY),
        ("addbot", ALICE, NoteCode.COMPUTER_JOINED),
        ("start", ALICE, NoteCode.GAME_STARTED),
        ("cancel", ALICE, NoteCode.CANCELLED),
    ],
)
async def test_each_lobby_button_s_custom_id_word_names_its_use_case(service, button, pressed_by, said):
    opened = await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)

    pressed = await service.lobbies.buttons[button](CHANNEL, pressed_by, opened.game_id)

    assert pressed.answer.said.code is said
    with pytest.raises(Refused) as old_button:  # a button of another lobby, long gone
        await service.lobbies.buttons[button](CHANNEL, pressed_by, opened.game_id + 1)
    assert old_button.value.code is ServiceCode.LOBBY_CLOSED


async def test_a_game_whose_channel_is_gone_ends_with_its_results_kept_and_its_timer_freed(service):
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1), parent_id=CHANNEL + 1)
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ALICE)

    ended = await service.waking.channel_gone(CHANNEL)

    [standings] = ended.notices
    assert isinstance(standings, Standings) and standings.ending is Ending.GONE
    assert standings.table.parent_id == CHANNEL + 1  # where the screen posts them
    assert ended.live.closed and service.timers.armed(CHANNEL) is None
    [kept] = await service.tables.store.history(channel_id=CHANNEL)
    assert kept.summary["reason"] == Ending.GONE and len(kept.summary["players"]) == 2
    assert await service.waking.channel_gone(CHANNEL) is None  # nothing left to end


async def test_a_lobby_whose_channel_is_gone_closes_and_gives_its_number_back(service):
    opened = await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions())

    closed = await service.waking.channel_gone(CHANNEL)

    assert closed.live.closed and service.timers.armed(CHANNEL) is None
    assert await service.tables.store.history(channel_id=CHANNEL) == []
    again = await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions())
    assert again.loaded.row.game_id == opened.loaded.row.game_id


def test_the_service_holds_its_groups_and_aliases_none_of_their_use_cases(service):
    """A caller names the group (`service.looks.status`), so go-to-definition lands on the code."""
    aliases = [name for name, value in vars(service).items() if inspect.ismethod(value)]
    assert aliases == []
