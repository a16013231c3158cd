"""`/payday log`'s kept stories: a story read on from where the last look left it is the story read
afresh, whoever reads it, in whichever language, while the game goes on, when a new game starts in
the channel, and when two readers turn pages at the same moment."""

import asyncio
import random

from bot.features.books.service import StoryRows
from bot.features.books.stories import Stories, StoryPage
from bot.game.ai import choose
from bot.game.engine import apply
from bot.game.simulate import start
from bot.render.language.i18n import lang
from bot.table import Seat, Table

CHANNEL = 7


class Channel:
    """The service's side of `/payday log` for one channel: games whose logs grow as they are played,
    the newest one running. Each look lets other clicks run first, as a read of the store does."""

    def __init__(self) -> None:
        self.games: dict[int, tuple[Table, list[dict]]] = {}
        self.running = 0

    def open(self, game_id: int, seed: int, ruleset: str) -> None:
        state, opening = start(seed, players=3, months=1, ruleset=ruleset)
        seats = [Seat(user_id=100 + p.seat, name=f"*{p.name}*") for p in state.players]
        table = Table(
            host_id=100,
            ruleset=ruleset,
            seats=seats,
            state=state,
            seed=seed,
            turn_seconds=60,
            interrupt_seconds=60,
        )
        self.games[game_id] = (table, [e.to_dict() for e in opening])
        self.running = game_id

    def play(self, moves: int) -> None:
        table, rows = self.games[self.running]
        state = table.state
        for _ in range(moves):
            if state.over:
                return
            seat = state.pending.seats[0]
            rows.append({"kind": "action", "seat": seat})
            rows.extend(e.to_dict() for e in apply(state, choose(state, seat)))

    async def story(self, channel_id: int, game_id: int | None = None, after: int = 0) -> StoryRows:
        await asyncio.sleep(0)
        game_id = self.running if game_id is None else game_id
        table, rows = self.games[game_id]
        return StoryRows(game_id, table, rows[after:], after, len(rows))


def shown(page: StoryPage) -> tuple:
    return page.game_id, page.page, page.pages, page.embed.title, page.embed.description


async def test_a_kept_story_reads_on_as_the_story_read_afresh():
    rnd = random.Random(4)
    channel = Channel()
    channel.open(1, seed=3, ruleset="modern")
    kept, fresh = Stories(channel, kept=3), Stories(channel, kept=0)
    languages = [lang("en"), lang("it")]
    looks = 0
    for step in range(120):
        channel.play(rnd.choice((0, 1, 4, 15)))
        if step in (40, 85):  # a new game in the channel: `/payday log` with no game reads that one
            channel.open(step, seed=step, ruleset=rnd.choice(("family", "classic")))
        for _ in range(rnd.randint(1, 3)):
            game_id = rnd.choice([None, *channel.games])
            page = rnd.choice((None, 1, 2, 5))
            L = rnd.choice(languages)
            expected = shown(await fresh.page(CHANNEL, game_id, page, L))
            assert shown(await kept.page(CHANNEL, game_id, page, L)) == expected
            looks += 1
    assert looks > 200


async def test_two_readers_turning_pages_at_once_each_get_the_story_read_afresh():
    channel = Channel()
    channel.open(1, seed=5, ruleset="modern")
    stories, fresh = Stories(channel), Stories(channel, kept=0)
    L = lang("en")
    for _ in range(30):
        channel.play(7)
        both = await asyncio.gather(stories.page(CHANNEL, None, None, L), stories.page(CHANNEL, 1, 1, L))
        expected = (await fresh.page(CHANNEL, None, None, L), await fresh.page(CHANNEL, 1, 1, L))
        assert [shown(page) for page in both] == [shown(page) for page in expected]
