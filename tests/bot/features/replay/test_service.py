"""`Replays.replay` and `Replays.export`: a finished game of this server rebuilt from its seed and its
log, exactly as stored (whole games of every edition, games ended early by a person or by themselves,
one with a takeover);
another server's game, a pruned game and a game that does not rebuild are each refused."""

import json
import sqlite3
from datetime import timedelta

import pytest

from bot.features.pause.service import Pausing
from bot.features.replay.exports import audit, dumps
from bot.features.replay.service import ReplayCode, Replays
from bot.features.takeover.service import TakeoverCode, Takeovers
from bot.game.state import to_json
from bot.service import Ending, GameSettings, Refused, Service
from tests.bot.service.fakes import Clock, Screen
from tests.bot.service.games import begin, play, table
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA

EDITIONS = ("modern", "family", "classic")


@pytest.fixture
def replays(service: Service) -> Replays:
    """The looks at finished games over the service's core, one for the test (it keeps games rebuilt)."""
    return Replays(service.core)


async def stored_end(service: Service, game_id: int) -> str:
    archived = await service.tables.archived(game_id)
    assert archived is not None
    return to_json(archived.table.game)


@pytest.mark.parametrize("edition", EDITIONS)
async def test_a_whole_game_rebuilds_turn_by_turn_to_its_stored_end_and_its_record_audits(
    service, edition, replays
):
    game_id = await begin(service, edition)
    slow = [ALICE.user_id] if edition == "family" else []  # her time runs out: the cautious defaults
    assert await play(service, game_id, slow=slow)

    replayed = await replays.replay(CHANNEL, GUILD, game_id)

    steps = replayed.replay.steps
    assert to_json(replayed.replay.final) == await stored_end(service, game_id)
    assert steps[0].seat is None and steps[0].roll == 0  # the deal
    assert all(1 <= step.roll <= 6 and step.seat is not None for step in steps[1:])
    assert [step.number for step in steps] == list(range(len(steps)))
    assert steps[1].state.players[0].day == steps[1].roll  # alice's first turn: her token where it landed
    exported = await replays.export(CHANNEL, GUILD, game_id)
    record = json.loads(dumps(exported.record))
    assert (record["format"], record["version"]) == ("payday-record", 2)
    assert record["settings"]["edition"] == edition
    assert any(r["kind"] == "action" and r.get("ordered") for r in record["log"])  # bob's standing orders
    assert audit(dumps(exported.record)).reproduced


async def test_a_game_ended_early_by_its_host_rebuilds_with_the_deals_bought_back(service, replays):
    game_id = await begin(service, months=3)
    assert not await play(service, game_id, answers=60)
    asked = await service.playing.ask_end(CHANNEL, ALICE)
    await service.playing.end(CHANNEL, ALICE, game_id, asked.prompt)

    replayed = await replays.replay(CHANNEL, GUILD, game_id)

    assert to_json(replayed.replay.final) == await stored_end(service, game_id)
    assert any(r.get("kind") == "ended" for r in replayed.log)
    assert audit(dumps((await replays.export(CHANNEL, GUILD, game_id)).record)).reproduced


async def test_a_game_whose_last_person_left_rebuilds(service, replays):
    game_id = await begin(service)
    assert not await play(service, game_id, answers=30)
    await service.lobbies.leave(CHANNEL, BOB)
    await service.lobbies.leave(CHANNEL, ALICE)

    replayed = await replays.replay(CHANNEL, GUILD, game_id)

    assert replayed.replay.final.over and any(r.get("kind") == "abandoned" for r in replayed.log)
    record = (await replays.export(CHANNEL, GUILD, game_id)).record
    assert record["log"][0]["computers"] == [False, False, True, True]
    assert [p["computer"] for p in record["players"]] == [True, True, True, True]
    assert record["ending"] == "abandoned" and audit(dumps(record)).reproduced


async def ended_by_itself(service: Service, ending: Ending) -> None:
    """The running game ends without anyone asking: left paused, left unplayed, or its channel gone."""
    if ending is Ending.GONE:
        await service.waking.channel_gone(CHANNEL)
        return
    if ending is Ending.PAUSE_EXPIRED:
        await Pausing(service.core).pause(CHANNEL, ALICE)
        now = await table(service)
        ends = None if now is None else now.pause_ends()
        assert ends is not None
        service.now.now = ends
        await service.wake(CHANNEL)
        return
    while (now := await table(service)) is not None:  # unanswered: the idle clock starts at a timeout
        due = now.idle_ends() or now.wake_at()
        assert due is not None
        service.now.now = due
        await service.wake(CHANNEL)


@pytest.mark.parametrize("ending", [Ending.IDLE, Ending.PAUSE_EXPIRED, Ending.GONE])
async def test_a_game_that_ended_by_itself_rebuilds_and_exports(service, ending, replays):
    game_id = await begin(service, months=3)
    assert not await play(service, game_id, answers=40)
    await ended_by_itself(service, ending)
    assert await table(service) is None

    replayed = await replays.replay(CHANNEL, GUILD, game_id)

    assert to_json(replayed.replay.final) == await stored_end(service, game_id)
    assert any(r.get("kind") == ending for r in replayed.log)
    assert audit(dumps((await replays.export(CHANNEL, GUILD, game_id)).record)).reproduced


async def test_a_game_with_a_seat_taken_over_rebuilds_with_the_new_players_name(service, replays):
    game_id = await begin(service)
    assert not await play(service, game_id, answers=40)
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")
    for _ in range(200):
        try:
            await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)
            break
        except Refused as refused:
            assert refused.code == TakeoverCode.MID_TURN
            await play(service, game_id, answers=1)
    assert (await table(service)).seats[2].user_id == OLGA.user_id
    assert await play(service, game_id)

    replayed = await replays.replay(CHANNEL, GUILD, game_id)

    assert replayed.replay.final.players[2].name == "olga"
    assert replayed.replay.steps[1].state.players[2].name == "Bot Penny"  # as it stood then
    assert to_json(replayed.replay.final) == await stored_end(service, game_id)
    record = (await replays.export(CHANNEL, GUILD, game_id)).record
    assert record["log"][0]["computers"] == [False, False, True, True]
    assert [(p["at_the_end"], p["computer"]) for p in record["players"]][2] == ("olga", False)
    assert audit(dumps(record)).reproduced


async def finished_game(service: Service) -> int:
    game_id = await begin(service, months=1, computers=1)
    assert await play(service, game_id)
    return game_id


async def test_another_servers_game_and_an_unknown_or_running_one_are_refused(service, replays):
    game_id = await finished_game(service)
    running = await begin(service, months=1)

    for guild, number in ((GUILD + 1, game_id), (None, game_id), (GUILD, game_id + 50), (GUILD, running)):
        for look in (replays.replay, replays.export):
            with pytest.raises(Refused) as refused:
                await look(CHANNEL, guild, number)
            assert (refused.value.code, refused.value.params) == (ReplayCode.NO_GAME, {"game": number})


async def test_a_step_the_game_does_not_have_is_refused(service, replays):
    game_id = await finished_game(service)
    last = len((await replays.replay(CHANNEL, GUILD, game_id)).replay.steps) - 1
    assert (await replays.replay(CHANNEL, GUILD, game_id, last)).game_id == game_id

    for step in (last + 1, -1):
        with pytest.raises(Refused) as refused:
            await replays.replay(CHANNEL, GUILD, game_id, step)
        assert refused.value.code == ReplayCode.NO_STEP and refused.value.params["steps"] == last


async def test_a_pruned_game_says_its_moves_were_pruned(service, replays):
    game_id = await finished_game(service)
    await service.tables.store.prune(service.now() + timedelta(days=400))

    for look in (replays.replay, replays.export):
        with pytest.raises(Refused) as refused:
            await look(CHANNEL, GUILD, game_id)
        assert refused.value.code == ReplayCode.PRUNED


async def test_a_game_that_does_not_rebuild_as_stored_is_refused_not_shown(service, tmp_path, replays):
    game_id = await finished_game(service)
    archived = await service.tables.archived(game_id)
    data = archived.table.model_copy(deep=True)
    data.game.players[0].cash += 1  # the stored end no longer what the moves give
    with sqlite3.connect(tmp_path / "service.sqlite3") as raw:
        raw.execute("UPDATE history SET data = ? WHERE game_id = ?", (data.model_dump_json(), game_id))

    for look in (replays.replay, replays.export):
        with pytest.raises(Refused) as refused:
            await look(CHANNEL, GUILD, game_id)
        assert refused.value.code == ReplayCode.DIVERGED


async def test_a_game_looked_at_again_is_the_one_rebuilt_afresh_and_a_prune_since_is_told(service, replays):
    """The rebuilt games kept (oracle: a service that kept none); a prune after a look still shows."""
    game_id = await finished_game(service)
    kept = await replays.replay(CHANNEL, GUILD, game_id)
    again = await replays.replay(CHANNEL, GUILD, game_id, 3)
    fresh = await Replays(Service(service.tables, GameSettings(), Screen(), Clock()).core).replay(
        CHANNEL, GUILD, game_id
    )

    assert again is kept
    assert fresh is not kept
    assert (fresh.replay.steps, fresh.replay.events, fresh.log) == (
        kept.replay.steps,
        kept.replay.events,
        kept.log,
    )
    await service.tables.store.prune(service.now() + timedelta(days=400))
    with pytest.raises(Refused) as refused:
        await replays.replay(CHANNEL, GUILD, game_id)
    assert refused.value.code == ReplayCode.PRUNED


async def test_a_game_whose_log_keeps_only_results_says_its_moves_were_pruned(service, tmp_path, replays):
    """A prune that keeps some rows (the results, say) still leaves no moves to replay."""
    game_id = await finished_game(service)
    with sqlite3.connect(tmp_path / "service.sqlite3") as raw:
        raw.execute("DELETE FROM events WHERE game_id = ? AND kind IN ('started', 'action')", (game_id,))

    with pytest.raises(Refused) as refused:
        await replays.replay(CHANNEL, GUILD, game_id)
    assert refused.value.code == ReplayCode.PRUNED
