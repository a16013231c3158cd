"""What every part of the /payday cog shares: the one way an interaction is answered
(`Answering._run`).

A handler turns the interaction into plain values (`Person`, `Move`, ids), calls one use case of
`bot.service.Service` and shows what it returns. The service holds the channel's lock while it
decides and saves; the answer goes out only once it has let go, so a slow or rate-limited Discord
never holds a game. Every refusal is answered here, privately, in the clicking player's own
language, with a link back to the game's live message; a crash gets a sentence too (here, or in
`run_click` outside the use case), after a deferral as well, never Discord's "interaction failed".
"""

import logging
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Protocol, TypeVar, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.game.rulesets import RULESETS
from bot.render.embeds import game_embeds
from bot.render.frame import language
from bot.render.language.i18n import Lang, lang
from bot.render.links import jump_url, way_back
from bot.render.notes import note_text
from bot.render.notices import notice_message
from bot.render.refusals import refusal_text, went_wrong
from bot.service import Person, Refused, Service, ServiceCode, Show, Standings, Update
from bot.table import clean_name
from cogs.payday import _options
from cogs.payday.live import LiveMessage, Reply

log = logging.getLogger(__name__)

COLOUR = discord.Colour.gold()
GAME_NUMBERS = app_commands.Range[int, 1, 999_999_999_999]
"""A finished game's number as a command option, as the board's footer shows it ("Game #12")."""
RULESET_CHOICES = [app_commands.Choice(name=r.title, value=r.name) for r in RULESETS.values()]
"""The editions, as a command option's choices."""

Result = TypeVar("Result")
CogT = TypeVar("CogT", bound=commands.Cog)


class Timing(Protocol):
    """Times interactions of a kind (`interaction.type.name`): the operator's metrics
    (bot/app/metrics.py), or `UNTIMED`."""

    def working(self, kind: str) -> AbstractContextManager[object]:
        """The bot's own work, up to the answer chosen (before it is drawn and sent)."""

    def answering(self, kind: str) -> AbstractContextManager[object]:
        """The whole answer: the work, then Discord's requests, uploads and follow-ups."""


class _Untimed:
    """No metrics served: nothing is measured."""

    def working(self, kind: str) -> AbstractContextManager[object]:
        return nullcontext()

    def answering(self, kind: str) -> AbstractContextManager[object]:
        return nullcontext()


UNTIMED: Timing = _Untimed()


@runtime_checkable
class Host(Protocol):
    """What the bot that loads the /payday cog gives it (the application's, bot/app/bot.py, which
    this package does not import): the service, the live message it shows its changes on, and the
    operator's metrics when they are served."""

    @property
    def service(self) -> Service: ...

    @property
    def live(self) -> LiveMessage: ...

    @property
    def metrics(self) -> Timing | None: ...


class Answering(commands.Cog):
    """The cog's state and its one way of answering, shared by its parts (lobby, play, hand,
    seats, help), which together make the `Payday` cog."""

    service: Service
    live: LiveMessage
    timing: Timing

    async def _run(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Result]],
        show: Callable[[Reply, Result, Lang], None],
        *,
        public: bool = False,
    ) -> tuple[Reply, Result | None]:
        """Check the command's options, call the use case, then answer: with `show`, or, if it was
        refused, with the refusal in the player's own language, privately (names escaped like on
        the board), and a link back to the live message; if it crashed, with one sentence saying
        so (logged). Whatever happened, the interaction gets its answer, as the edit or follow-up
        of its deferral if it was deferred. The answer is sent after the service has
        let go of the channel's lock. Every interaction passes here, so here it is timed (`timing`):
        the bot's own work apart, as Discord's round trips are none of the bot's doing."""
        kind = interaction.type.name
        with self.timing.answering(kind), self.live.panels.holding(channel_of(interaction), interaction):
            with self.timing.working(kind):
                L = user_language(interaction)
                reply = Reply(interaction, channel_of(interaction), self.live, L, public=public)
                result = None
                try:
                    _options.check(interaction)
                    result = await call()
                except Refused as refused:
                    log.info("refused", extra={"channel": interaction.channel_id, "why": refused.code})
                    reply.say(way_back(refusal_text(refused, L), await self._way_back(interaction), L))
                except Exception:
                    # Answered like a refusal, after a deferral too: the deferred click's only answer.
                    log.exception(
                        "interaction failed", extra={"channel": interaction.channel_id, "kind": kind}
                    )
                    reply.say(went_wrong(L))
                except BaseException:
                    reply.cancel()
                    raise
                else:
                    show(reply, result, L)
            await reply.flush()
        return reply, result

    async def _way_back(self, interaction: discord.Interaction) -> str | None:
        """A link to the channel's live message, for a refusal to end with (None if it has none, or
        if it cannot be read: the refusal goes out without it, as a store still away must not cost
        the refusal that says so)."""
        channel_id = channel_of(interaction)
        try:
            where = await self.service.looks.live_message(channel_id)
        except Exception:
            log.warning(
                "no link back: the game could not be read", exc_info=True, extra={"channel": channel_id}
            )
            return None
        if where is None:
            return None
        guild_id, message_id = where
        return jump_url(interaction.guild_id or guild_id, channel_id, message_id)

    def _show(self, reply: Reply, update: Update, L: Lang) -> None:
        """An `Update` as the answer to whoever asked; its follow-ups in the game's language."""
        answer, loaded = update.answer, update.loaded
        if answer.show is Show.STANDINGS:
            [standings] = update.follow
            assert isinstance(standings, Standings), "the standings shown again are the update's follow-up"
            reply.post(notice_message(standings, lang(standings.table.language)))
            return
        on_live = loaded is not None and reply.on(loaded.table.message_id)
        if answer.show is Show.POST:
            assert loaded is not None, "a new copy of the live message shows a saved table"
            reply.post_board(loaded)
        elif answer.show is Show.LOOK:
            assert loaded is not None, "a look at the board shows a saved table"
            reply.say(embed=game_embeds(loaded.table, loaded.row.game_id, L))
        elif answer.show is Show.BOARD and (answer.said is None or on_live):
            # A click on the live message posts the board anew if players are to be called by name.
            reply.board(call=update.call is not None and on_live)
        elif answer.said is not None:
            reply.say(note_text(answer.said, L, None if loaded is None else loaded.table))
        for notice in update.follow:
            reply.follow(notice_message(notice, language(None if loaded is None else loaded.table)))


# -- an interaction as plain values -------------------------------------------------------------------
def person(interaction: discord.Interaction) -> Person:
    user = interaction.user
    return Person(
        user.id,
        player_name(user),
        locale=_locale(interaction.locale) or "en-US",
        manages_channel=interaction.permissions.manage_channels,
        manages_server=interaction.permissions.manage_guild,
    )


def player_name(user: discord.abc.User) -> str:
    """The name the board shows: the display name made safe, or the username if that looks blank."""
    return clean_name(user.display_name, fallback=user.name)


def user_language(interaction: discord.Interaction) -> Lang:
    """The language of the person who asked: their own Discord client's (private answers)."""
    return lang(_locale(getattr(interaction, "locale", None)))


def server_language(interaction: discord.Interaction) -> str:
    """A new game's language unless the host picks one: the server's preferred language if the bot
    speaks it, else English."""
    guild = interaction.guild
    locale = guild.preferred_locale if guild is not None else getattr(interaction, "guild_locale", None)
    return lang(_locale(locale)).code


def _locale(locale: discord.Locale | str | None) -> str | None:
    return locale.value if isinstance(locale, discord.Locale) else locale


def submitted(data: Mapping[str, Any]) -> dict[str, str]:
    """What a submitted form holds, by each field's custom_id: the text typed, or the first option
    chosen in a menu (a field in a Label or in an action row alike)."""
    values: dict[str, str] = {}
    for row in data.get("components") or ():
        for item in [row.get("component") or {}, *(row.get("components") or ())]:
            if "custom_id" not in item:
                continue
            chosen = item.get("values")
            value = chosen[0] if chosen else item.get("value")
            values[str(item["custom_id"])] = "" if value is None else str(value)
    return values


def channel_of(interaction: discord.Interaction) -> int:
    """The channel the command was typed or the button clicked in (the commands are guild only)."""
    assert interaction.channel_id is not None, "every /payday interaction comes from a channel"
    return interaction.channel_id


def same_channel(interaction: discord.Interaction, channel_id: int) -> None:
    """A button is answered only in the channel it was made for (a forged or moved custom_id)."""
    if interaction.channel_id != channel_id:
        raise Refused(ServiceCode.OTHER_CHANNEL)


async def run_click(interaction: discord.Interaction, work: Awaitable[None], what: object) -> None:
    """Run a click's handler; if it crashes, the player still gets a sentence (logged with `what`
    was clicked), not "interaction failed"."""
    try:
        await work
    except Exception:
        log.exception("button failed", extra={"channel": interaction.channel_id, "custom_id": what})
        text = went_wrong(lang(interaction.locale))
        if interaction.response.is_done():  # deferred or answered before it crashed: a follow-up
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


def part_of(where: discord.Client | discord.Interaction, kind: type[CogT]) -> CogT:
    """The loaded cog that is a `kind` (a feature's part, the /payday cog, or one of its parts) on
    the bot, or on the bot a click reached."""
    client = where.client if isinstance(where, discord.Interaction) else where
    cogs = client.cogs.values() if isinstance(client, commands.Bot | commands.AutoShardedBot) else ()
    for cog in cogs:
        if isinstance(cog, kind):
            return cog
    raise LookupError(f"no {kind.__name__} cog is loaded")
