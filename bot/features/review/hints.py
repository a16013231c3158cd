"""A hint for whoever asks: what the planner would answer to the question the game asks a player
now, and how much it expects that to help; and the lobby host's switch of hints for one game.

Hints are allowed by the server (`ServerSettings.hints`, off by default), which a new lobby copies
(`Table.hints`); its host may turn them off for that game until Start. A hint is worked out in the
thinking workers (the Hard player's pool, `Thinker.offload`), never on the event loop, within its
deadline; it is seeded like Hard's own answer there, so the same question always gets the same hint,
and one already given is given again from `kept` rather than worked out anew. The first hint taken
marks the game (`Table.hinted`), saved like any change under the channel's lock and the version
check: the game is then not rated (`bot.service.results`), and its screens and history say why.
"""

import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from enum import StrEnum

from bot.features.review.model import Hint
from bot.game.actions import RefusalCode
from bot.game.state import GameState
from bot.service.core import Core, UseCases, log_change, rules_refuse, seat_of
from bot.service.tables import Loaded
from bot.service.thinking import Thinker, decision_seed
from bot.service.values import Answer, LiveView, Note, Person, Refused, ServiceCode, Show, Update
from bot.table import lobby

log = logging.getLogger(__name__)

HintMaker = Callable[[GameState, int, int], Hint]
"""(game, seat, seed) -> the planner's hint for the seat's question (`analysis.hint`): run in a
worker process, so a function of a module the worker can import."""
STARTING_SECONDS = 15.0
"""How long a hint may take while the workers start (none yet, or new ones after they broke): a
fresh worker starts a Python and imports the rules first, which takes longer than a hint's deadline,
and the person who asked would only be told to try again. The click is answered meanwhile
(deferred), so it waits; a hint with the workers running has the thinker's own deadline."""
KEPT_HINTS = 256
"""Hints kept for a click on Hint again (the newest): each is one question of one seat."""


class HintNote(StrEnum):
    """What the person who asked is told."""

    HINT = "hint"
    """hint: the `Hint`; the table's question names its answers."""
    HINTS_SWITCHED = "hints_switched"
    """name: the host who switched hints; allowed: whether they are allowed now."""


class HintCode(StrEnum):
    """Why a hint, or the lobby's switch of hints, is refused (beyond the core's: not a player, the
    question passed, the game over or paused, not the host)."""

    HINTS_OFF = "hints_off"
    """The table allows no hints (a forged or old button)."""
    NOT_ASKED = "not_asked"
    """The player clicked Hint for a question that asks someone else."""
    NO_HINT_NOW = "no_hint_now"
    """The planner could not answer in time (or its workers broke): nothing was marked."""


class Hinting(UseCases):
    """Hints for the player a game asks, and the lobby's switch of them."""

    def __init__(self, core: Core, thinker: Thinker, make: HintMaker) -> None:
        super().__init__(core)
        self.thinker = thinker
        self.make = make
        self.kept: OrderedDict[tuple[int, int, int], Hint] = OrderedDict()
        """Hints given, by (game, question, seat), newest last."""

    async def hint(self, channel_id: int, person: Person, game_id: int, prompt: int) -> Update:
        """The planner's hint for `person`'s own question `prompt`, said privately; the game is
        marked as one where hints were used (saved) the first time. The hint is worked out with the
        channel's lock let go, so the table plays on meanwhile; a question answered by then gets no
        hint and marks nothing."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, game_id, prompt)
            seat = _asked(loaded, person, prompt)
            key = (game_id, prompt, seat)
            hint = self.kept.get(key)
            seed = decision_seed(loaded.table.seed, prompt, seat)
        if hint is None:
            # The game as loaded is this use case's own copy (`Tables.load` parses one per load):
            # nothing changes it while the worker is given it.
            hint = await self._worked_out(loaded.table.game, seat, seed, loaded)
            self.kept[key] = hint
            while len(self.kept) > KEPT_HINTS:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, game_id, prompt)
            _asked(loaded, person, prompt)
            said = Answer(said=Note(HintNote.HINT, {"hint": hint}))
            if loaded.table.hinted:
                return Update(channel_id, loaded, answer=said)
            loaded.table.hinted = True
            loaded = await self.core.tables.save(loaded)
            log_change("hints used: the game is not rated", loaded, seat=seat, prompt=prompt)
            return self.core.publish(Update(channel_id, loaded, live=LiveView(loaded), answer=said))

    async def _worked_out(self, state: GameState, seat: int, seed: int, loaded: Loaded) -> Hint:
        """The planner's hint, from a worker within its deadline; else the refusal that it could
        not be had now (logged)."""
        where = {"channel": loaded.row.channel_id, "game": loaded.row.game_id, "seat": seat}
        starting = STARTING_SECONDS if self.thinker.pool is None else None
        try:
            return await self.thinker.offload(self.make, state, seat, seed, deadline=starting)
        except TimeoutError:
            log.warning("hint past its deadline", extra=where)
        except BrokenExecutor:
            log.exception("the thinking workers broke: no hint; new ones at the next", extra=where)
        except Exception:
            log.exception("hint failed", extra=where)
        raise Refused(HintCode.NO_HINT_NOW)

    async def switch(self, channel_id: int, person: Person, game_id: int, shown: bool) -> Update:
        """The lobby's host turns hints off for this game, or on again (where the server allows
        them), from the position their lobby `shown`; everyone seated sees it in the lobby."""
        async with self.core.changing(channel_id):
            loaded = await self.core.settled(
                channel_id, await self.core.load(channel_id), lambda found: _lobby(found, game_id)
            )
            table = loaded.table
            with rules_refuse():
                lobby.may_change_house(table, person.user_id)
            if table.hints is None:
                raise Refused(HintCode.HINTS_OFF)
            if table.hints != shown:
                raise Refused(ServiceCode.CHANGED_MEANWHILE)
            table.hints = not shown
            loaded = await self.core.tables.save(loaded)
            log_change("hints switched", loaded, user=person.user_id, allowed=table.hints)
            name = table.board_name(person.user_id, person.name)
            note = Note(HintNote.HINTS_SWITCHED, {"name": name, "allowed": table.hints})
            view = LiveView(loaded, note)
            return self.core.publish(Update(channel_id, loaded, live=view, answer=Answer(Show.BOARD, note)))


def _asked(loaded: Loaded, person: Person, prompt: int) -> int:
    """`person`'s seat, if the table allows hints and its question `prompt` is the one asked now and
    asks that seat; else the refusal."""
    table = loaded.table
    seat = seat_of(loaded, person)
    if table.hints is not True:
        raise Refused(HintCode.HINTS_OFF)
    state = table.game
    if state.prompt != prompt or state.pending is None:
        raise Refused(RefusalCode.STALE)
    if seat not in state.pending.seats or seat in table.computers():
        raise Refused(HintCode.NOT_ASKED)
    return seat


def _lobby(loaded: Loaded | None, game_id: int) -> Loaded:
    """The channel's lobby of `game_id`, else the refusal that it closed (or started)."""
    if loaded is None or loaded.row.game_id != game_id:
        raise Refused(ServiceCode.LOBBY_CLOSED)
    return loaded
