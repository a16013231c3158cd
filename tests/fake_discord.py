"""The one fake Discord: what the benchmarks and the tests that bypass simcord answer interactions with.

The bot's cog is driven directly: each fake interaction is handed to a handler (`game_click`, the
`/payday start` callback ...), and everything the bot would send to Discord lands here. Each call
that would be an HTTP request is counted (`FakeDiscord.requests`), its keywords checked against
discord.py's own signature, and every interaction insists on being answered exactly once. Only the
buttons' custom_ids are kept, so a thousand live games cost the fakes next to nothing.

Used by bench/load.py, bench/soak.py and bench/startup.py (thousands of games, where simcord would
measure itself), and by tests/cogs/payday/test_races.py (clicks that arrive at the same moment, which
simcord, one actor at a time, cannot send). `FakeDiscord(round_trip=True)` makes every request
suspend its caller for one turn of the event loop, as a real one always does, so other clicks and
the bot's background tasks run while it is "on the network"; bench/load.py runs that way.

`FakeDiscord(limits=Limits())` also holds the bot to Discord's rate limits (`Limits`), and refuses
a write through an interaction's token 15 minutes after the click, as Discord does; a post in a
channel listed in `FakeDiscord.muted` is refused 403. Both count as invalid requests.
"""

import asyncio
import collections
import datetime
import inspect
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
from discord.utils import MISSING

from bot.app.bot import build_service
from bot.service import GameSettings, Tables
from bot.service.timers import Clock
from cogs.payday import Payday
from db.interface import GameStore

GUILD_ID = 900_000_000_000_000_000
DAY = 86_400


def _params(method) -> frozenset[str]:
    return frozenset(inspect.signature(method).parameters) - {"self"}


# The keyword arguments discord.py accepts: a fake call with any other keyword fails, as it would live.
SEND_MESSAGE = _params(discord.InteractionResponse.send_message)
EDIT_MESSAGE = _params(discord.InteractionResponse.edit_message)
DEFER = _params(discord.InteractionResponse.defer)
CHANNEL_SEND = _params(discord.PartialMessageable.send)
MESSAGE_EDIT = _params(discord.PartialMessage.edit)
MESSAGE_DELETE = _params(discord.PartialMessage.delete)
FOLLOWUP_SEND = _params(discord.Webhook.send)
FOLLOWUP_EDIT = _params(discord.Webhook.edit_message) - {"message_id"}
FOLLOWUP_DELETE = _params(discord.Webhook.delete_message) - {"message_id"}
EDIT_ORIGINAL = _params(discord.Interaction.edit_original_response)
DELETE_ORIGINAL = _params(discord.Interaction.delete_original_response)

BOT_TOKEN_KINDS = frozenset({"channel.send", "message.edit", "message.delete"})
"""Requests made with the bot's token, which Discord's global limit counts; every other kind here
is an interaction endpoint (the answer, the original response, follow-ups), which it does not."""
ROUTES = {"channel.send": (5, 5.0), "message.edit": (5, 5.0), "message.delete": (5, 1.0), "webhook": (5, 2.0)}
"""Per-route buckets: route -> (requests, seconds), per channel (per interaction token: "webhook")."""
INTERACTION_LIFETIME = 15 * 60.0
"""Seconds after a click during which its token writes: then Discord answers 401."""


# -- Discord's rate limits --------------------------------------------------------------------------
@dataclass
class Limits:
    """Discord's rate limits as discord.py meets them (docs.discord.com, Topics: Rate Limits).

    - The global limit: `global_per_s` (50) requests a second with the bot's token, every process
      together; interaction endpoints are exempt. discord.py cannot see it coming: a request over
      it is answered 429 with `retry_after`, discord.py sleeps that long and sends it again, and
      holds every other request with the bot's token meanwhile (its global lock), so they wait
      without a 429 of their own. Each 429 is counted (`http_429`) and towards the invalid
      requests (10,000 in 10 minutes lock the whole bot out), and the caller waits.
    - Per-route buckets, keyed by the route and its top-level resource (a channel, or an
      interaction's webhook and token), each `limit` requests a `window` from the first one. Their
      sizes are Discord's to change and come in headers; plausible ones are used (ROUTES): 5 posts
      and 5 edits per 5 s per channel, 5 deletes a second per channel, 5 requests per 2 s per
      interaction token. discord.py reads each bucket's remaining count from the headers and waits
      for the reset before sending into an empty one, so a full bucket delays its caller
      (`route_waits`, `route_wait_s`) without a 429.

    `global_per_s` is this process's share: processes that share one bot's limit each get 50/N (a
    process cannot borrow what another leaves unused, so the 429s counted are an upper bound).
    """

    global_per_s: float = 50.0
    clock: Callable[[], float] = time.monotonic
    http_429: int = 0
    invalid_requests: int = 0
    route_waits: int = 0
    route_wait_s: float = 0.0
    global_sent: collections.deque[float] = field(default_factory=collections.deque)
    """When each of the last second's bot-token requests went."""
    global_until: float = 0.0
    """discord.py holds bot-token requests until then, after a 429."""
    buckets: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)
    """(route, top-level resource) -> (when the bucket resets, requests left in it)."""
    prune_at: int = 1024
    """Buckets kept before those reset already go, so a long run's memory stays the bot's."""

    async def take(self, kind: str, major: int) -> None:
        """Wait for room for one request of `kind` on the resource `major`, as discord.py would."""
        route = kind if kind in BOT_TOKEN_KINDS else "webhook"
        limit, window = ROUTES[route]
        key = (route, major)
        while True:
            now = self.clock()
            resets, left = self.buckets.get(key, (now + window, limit))
            if now >= resets:
                resets, left = now + window, limit
            if left == 0:
                self.route_waits += 1
                self.route_wait_s += resets - now
                await asyncio.sleep(resets - now)
                continue
            if kind in BOT_TOKEN_KINDS:
                if now < self.global_until:
                    await asyncio.sleep(self.global_until - now)
                    continue
                sent = self.global_sent
                while sent and sent[0] <= now - 1.0:
                    sent.popleft()
                if len(sent) >= self.global_per_s:
                    self.http_429 += 1
                    self.invalid_requests += 1
                    self.global_until = sent[0] + 1.0
                    await asyncio.sleep(self.global_until - now)
                    continue
                sent.append(now)
            self.buckets[key] = (resets, left - 1)
            if len(self.buckets) >= self.prune_at:
                self.buckets = {k: b for k, b in self.buckets.items() if b[0] > now}
                self.prune_at = max(1024, 2 * len(self.buckets))
            return

    def invalid(self) -> None:
        """A request Discord answered 401 or 403: with the 429s they count towards the 10,000 in 10
        minutes (a 404 does not, though a webhook that answered 404 must not be used again)."""
        self.invalid_requests += 1


@dataclass(frozen=True, slots=True)
class Status:
    """What discord.py reads of an HTTP answer to build its exception."""

    status: int
    reason: str


def expired_token() -> discord.HTTPException:
    """Discord's answer to a write through an interaction's token past its 15 minutes."""
    return discord.HTTPException(
        Status(401, "Unauthorized"), {"code": 50027, "message": "Invalid Webhook Token"}
    )


def missing_permissions() -> discord.Forbidden:
    """Discord's answer to a post in a channel where the bot may not send messages."""
    return discord.Forbidden(Status(403, "Forbidden"), {"code": 50013, "message": "Missing Permissions"})


# -- fake Discord -----------------------------------------------------------------------------------
class FakeDiscord:
    """Discord's side of the conversation: counts requests and remembers each message's buttons.

    Only the buttons' custom_ids are kept (never the view or embed objects), and only for messages
    that have carried buttons, so the harness adds little to the memory figure.
    """

    def __init__(
        self,
        serialize: bool = False,
        round_trip: bool = False,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.requests: dict[str, int] = {}
        self.buttons: dict[int, dict[int, tuple[str, ...]]] = {}
        """channel -> message -> custom_ids of its buttons (empty once stripped)."""
        self.bad_edits = 0
        """Edits of a message this channel never had, or had deleted: a bug in the bot."""
        self.serialize = serialize
        self.round_trip = round_trip
        """Each request yields to the event loop first, as a network round trip would: without it a
        click whose every await completes at once never lets the loop run its other tasks."""
        self.pictures: dict[int, FakeAttachment] = {}
        """message -> the board picture it carries (only its name, as Discord keeps the file)."""
        self.uploads = 0
        """Pictures uploaded (a new board picture sent with a message or an edit)."""
        self.limits = limits
        """Discord's rate limits, if enforced (None: every request goes at once)."""
        self.clock = clock if limits is None else limits.clock
        """When an interaction was made and is written through (its token lasts 15 minutes)."""
        self.muted: set[int] = set()
        """Channels where the bot may not send messages: a post there with its token is answered 403."""
        self._last_id = 0

    async def on_the_wire(self, kind: str = "", major: int = 0) -> None:
        """One turn of the event loop, if `round_trip`: a real request always suspends its caller;
        with `limits`, first the wait Discord's rate limits impose on a request of `kind` to the
        resource `major` (a channel, or an interaction)."""
        if self.limits is not None and kind:
            await self.limits.take(kind, major)
        if self.round_trip:
            await asyncio.sleep(0)

    def bot_channel(self, channel_id: int) -> "FakeChannel":
        """What the bot's `get_partial_messageable(channel_id)` returns."""
        return FakeChannel(self, channel_id)

    @property
    def bot_token_requests(self) -> int:
        """Requests made with the bot's token: what Discord's global limit counts."""
        return sum(n for kind, n in self.requests.items() if kind in BOT_TOKEN_KINDS)

    def request(self, kind: str, kwargs: dict, allowed: frozenset[str]) -> None:
        unknown = kwargs.keys() - allowed
        assert not unknown, f"{kind}: discord.py has no keyword {sorted(unknown)}"
        self.requests[kind] = self.requests.get(kind, 0) + 1
        if self.serialize:
            _payload(kwargs)

    def new_message(self, channel_id: int, view, file: discord.File | None = None) -> int:
        # A real snowflake: its top bits are the time it was posted, which the bot reads to tell
        # when a live message is getting too old to edit.
        message_id = self.snowflake()
        if view is not None and view is not MISSING:
            self.buttons.setdefault(channel_id, {})[message_id] = _custom_ids(view)
        if file is not None:
            self._upload(message_id, file)
        return message_id

    def snowflake(self) -> int:
        """A new id, later than every one before."""
        self._last_id = max(discord.utils.time_snowflake(discord.utils.utcnow()), self._last_id + 1)
        return self._last_id

    def edit(self, channel_id: int, message_id: int, view, attachments=MISSING) -> None:
        messages = self.buttons.get(channel_id, {})
        if message_id not in messages:
            self.bad_edits += 1
            return
        if view is not MISSING:
            messages[message_id] = () if view is None else _custom_ids(view)
        if attachments is not MISSING:
            self.pictures.pop(message_id, None)
            for item in attachments:
                if isinstance(item, discord.File):
                    self._upload(message_id, item)
                else:
                    self.pictures[message_id] = item

    def forget(self, channel_id: int, message_id: int) -> None:
        """A message deleted, with its picture: a later edit of it counts as a bad edit."""
        self.buttons.get(channel_id, {}).pop(message_id, None)
        self.pictures.pop(message_id, None)

    def attachments(self, message_id: int) -> list["FakeAttachment"]:
        picture = self.pictures.get(message_id)
        return [] if picture is None else [picture]

    def _upload(self, message_id: int, file: discord.File) -> None:
        self.uploads += 1
        self.pictures[message_id] = FakeAttachment(file.filename)


class FakeAttachment(discord.Attachment):
    """A message's attachment as discord.py reads it: here only its name is used."""

    __slots__ = ()

    def __init__(self, filename: str) -> None:  # no payload and no HTTP state: nothing is fetched
        self.filename = filename


def _custom_ids(view: discord.ui.View) -> tuple[str, ...]:
    """A button's custom_id, or one `<menu's custom_id>:<value>` per option of a select menu: both
    read as `<prefix>:<channel>:<game>:<prompt>:<kind>:<value>`. Read from the components discord.py
    sends, as Discord would (the live message's view holds no discord.ui items)."""
    ids: list[str] = []
    for row in view.to_components():
        for component in row["components"]:
            if component["type"] == discord.ComponentType.select.value:
                ids += [f"{component['custom_id']}:{option['value']}" for option in component["options"]]
            else:
                ids.append(component["custom_id"])
    return tuple(ids)


def _payload(kwargs: dict) -> str:
    """What discord.py would build before the HTTP call (only with --serialize, to price it)."""
    body = {}
    for key, value in kwargs.items():
        if key == "embed" and value is not None:
            body["embeds"] = [value.to_dict()]
        elif key == "embeds":
            body["embeds"] = [embed.to_dict() for embed in value]
        elif key == "view" and value is not None:
            body["components"] = value.to_components()
        elif isinstance(value, str | int | bool):
            body[key] = value
    return json.dumps(body)


@dataclass(slots=True)
class Sent:
    """What a send or an interaction response returns; the cog reads only the ids."""

    id: int

    @property
    def message_id(self) -> int:
        return self.id


class FakeMessage:
    __slots__ = ("attachments", "flags", "id")

    def __init__(self, message_id: int, attachments: list | None = None) -> None:
        self.id = message_id
        self.attachments = [] if attachments is None else attachments
        self.flags = discord.MessageFlags()  # a public message: not ephemeral


class FakePartialMessage:
    __slots__ = ("channel", "id")

    def __init__(self, channel: "FakeChannel", message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs) -> "FakeMessage":
        fake = self.channel.fake
        await fake.on_the_wire("message.edit", self.channel.id)
        fake.request("message.edit", kwargs, MESSAGE_EDIT)
        fake.edit(self.channel.id, self.id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING))
        return FakeMessage(self.id, fake.attachments(self.id))

    async def delete(self, **kwargs) -> None:
        """Gone, with its picture: a later edit of it counts as a bad edit."""
        fake = self.channel.fake
        await fake.on_the_wire("message.delete", self.channel.id)
        fake.request("message.delete", kwargs, MESSAGE_DELETE)
        fake.forget(self.channel.id, self.id)


class FakeChannel:
    """What `bot.get_partial_messageable` returns: send and edit by id, nothing cached."""

    __slots__ = ("fake", "id")

    def __init__(self, fake: FakeDiscord, channel_id: int) -> None:
        self.fake, self.id = fake, channel_id

    async def send(self, content=None, **kwargs) -> "FakeMessage":
        await self.fake.on_the_wire("channel.send", self.id)
        if self.id in self.fake.muted:
            if self.fake.limits is not None:
                self.fake.limits.invalid()
            raise missing_permissions()
        self.fake.request("channel.send", {"content": content, **kwargs}, CHANNEL_SEND)
        message_id = self.fake.new_message(self.id, kwargs.get("view"), kwargs.get("file"))
        return FakeMessage(message_id, self.fake.attachments(message_id))

    def get_partial_message(self, message_id: int) -> FakePartialMessage:
        return FakePartialMessage(self, message_id)


class FakeResponse:
    """interaction.response: the first answer is counted and noted, a second one fails the run. No
    embed or view is kept, so a benchmark's garbage is what the bot makes, not what the fake holds."""

    __slots__ = ("calls", "content", "ephemeral", "interaction")

    def __init__(self, interaction: "FakeInteraction") -> None:
        self.interaction = interaction
        self.calls: list[str] = []
        """The kind of each answer: send_message, edit_message or defer."""
        self.content: str | None = None
        self.ephemeral = False

    def is_done(self) -> bool:
        return bool(self.calls)

    @property
    def answers(self) -> int:
        return len(self.calls)

    @property
    def refusal(self) -> str | None:
        """The private sentence, if the interaction was answered with one (without the line that
        links back to the game)."""
        if self.calls != ["send_message"] or not self.ephemeral or self.content is None:
            return None
        return self.content.split("\n")[0]

    async def _answer(self, kind: str, content: str | None, kwargs: dict, allowed: frozenset[str]) -> None:
        fake = self.interaction.fake
        await fake.on_the_wire()  # the other clicks run meanwhile, as during a real request
        # One answer per interaction, within 3 s: no bucket of its own, and no global limit.
        assert not self.calls, f"interaction answered twice: {self.calls} then {kind}"
        self.calls.append(kind)
        self.content, self.ephemeral = content, bool(kwargs.get("ephemeral"))
        fake.request(f"response.{kind}", {"content": content, **kwargs} if content else kwargs, allowed)

    async def send_message(self, content=None, **kwargs) -> Sent:
        await self._answer("send_message", content, kwargs, SEND_MESSAGE)
        i = self.interaction
        view = None if kwargs.get("ephemeral") else kwargs.get("view")
        i.original_id = i.fake.new_message(i.channel_id, view, kwargs.get("file"))
        return Sent(i.original_id)

    async def edit_message(self, **kwargs) -> None:
        i = self.interaction
        assert i.message is not None, "edit_message answers only a component interaction"
        await self._answer("edit_message", None, kwargs, EDIT_MESSAGE)
        i.original_id = i.message.id
        i.fake.edit(
            i.channel_id, i.message.id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING)
        )

    async def defer(self, **kwargs) -> None:
        await self._answer("defer", None, kwargs, DEFER)
        i = self.interaction
        if i.message is not None:  # a click's answer will edit the message clicked
            i.original_id = i.message.id
        elif kwargs.get("thinking"):  # a command's "thinking…" is a message
            i.original_id = i.fake.new_message(i.channel_id, None)
            i.fake.buttons.setdefault(i.channel_id, {})[i.original_id] = ()  # it can be edited


class FakeFollowup:
    """interaction.followup: the interaction's webhook, which posts, edits and deletes its own
    messages for 15 minutes after the click."""

    __slots__ = ("interaction",)

    def __init__(self, interaction: "FakeInteraction") -> None:
        self.interaction = interaction

    async def send(self, content=None, **kwargs) -> "FakeMessage":
        """A follow-up message: a new message of the channel (with buttons, when it has a view)."""
        i = self.interaction
        await i.through_webhook("followup.send")
        i.fake.request("followup.send", {"content": content, **kwargs}, FOLLOWUP_SEND)
        message_id = i.fake.new_message(i.channel_id, kwargs.get("view"), kwargs.get("file"))
        i.followups.add(message_id)
        return FakeMessage(message_id, i.fake.attachments(message_id))

    async def edit_message(self, message_id: int, **kwargs) -> "FakeMessage":
        i = self.interaction
        await i.through_webhook("followup.edit_message")
        i.fake.request("followup.edit_message", kwargs, FOLLOWUP_EDIT)
        if message_id not in i.followups and message_id != i.original_id:
            i.fake.bad_edits += 1  # Discord: Unknown Message; the bot lost track of its messages
        i.fake.edit(i.channel_id, message_id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING))
        return FakeMessage(message_id, i.fake.attachments(message_id))

    async def delete_message(self, message_id: int, **kwargs) -> None:
        i = self.interaction
        await i.through_webhook("followup.delete_message")
        i.fake.request("followup.delete_message", kwargs, FOLLOWUP_DELETE)
        if message_id not in i.followups and message_id != i.original_id:
            i.fake.bad_edits += 1
        i.fake.forget(i.channel_id, message_id)


class FakeUser:
    __slots__ = ("display_name", "id", "name")

    def __init__(self, user_id: int, name: str) -> None:
        self.id, self.name, self.display_name = user_id, name, name


class FakePermissions:
    manage_channels = False
    manage_guild = False


class FakeAppPermissions:
    """What the bot may do in the channel: enough to run a game."""

    send_messages = embed_links = attach_files = True


class FakeInteraction:
    """A slash command (message None) or a click on the message `message_id`, by `user`."""

    __slots__ = (
        "channel_id",
        "client",
        "created",
        "fake",
        "followup",
        "followups",
        "guild_id",
        "id",
        "message",
        "original_id",
        "response",
        "user",
    )
    guild = None  # not cached: the game's language then comes from guild_locale
    guild_locale = "en-US"
    locale = "en-US"
    permissions = FakePermissions()
    app_permissions = FakeAppPermissions()
    command = None
    channel = None  # not cached: the cog then takes the channel for a plain text channel

    @property
    def type(self) -> discord.InteractionType:
        return (
            discord.InteractionType.application_command
            if self.message is None
            else discord.InteractionType.component
        )

    def __init__(
        self,
        fake: "FakeDiscord",
        channel_id: int,
        user: "FakeUser",
        message_id: int | None,
        *,
        client: object = None,
        guild_id: int = GUILD_ID,
    ) -> None:
        self.fake = fake
        self.client = client
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.user = user
        self.message = None if message_id is None else FakeMessage(message_id, fake.attachments(message_id))
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.original_id: int | None = None
        """The interaction's original response, once answered: the message clicked (edited or
        deferred), the message its answer posted, or a deferred command's "thinking…"."""
        self.followups: set[int] = set()
        """The messages its follow-ups posted."""
        self.id = fake.snowflake()
        self.created = fake.clock()

    @property
    def created_at(self) -> datetime.datetime:
        return discord.utils.snowflake_time(self.id)

    async def through_webhook(self, kind: str) -> None:
        """A request with the interaction's token: rate-limited per token, refused (401) once its
        15 minutes are over."""
        if self.fake.clock() - self.created >= INTERACTION_LIFETIME:
            if self.fake.limits is not None:
                self.fake.limits.invalid()
            raise expired_token()
        await self.fake.on_the_wire(kind, self.id)

    async def edit_original_response(self, **kwargs) -> "FakeMessage":
        """The original response edited: after a deferral, the answer (the clicked message edited,
        or the command's "thinking…" replaced; a click slower than 2 s is deferred, as on a busy
        host); later, the message the click answered on or posted."""
        assert self.response.is_done(), "edit_original_response before the interaction was answered"
        await self.through_webhook("interaction.edit_original_response")
        self.fake.request("interaction.edit_original_response", kwargs, EDIT_ORIGINAL)
        message_id = self.original_id
        assert message_id is not None, "a command deferred without thinking has no message to edit"
        self.fake.edit(
            self.channel_id, message_id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING)
        )
        return FakeMessage(message_id, self.fake.attachments(message_id))

    async def delete_original_response(self) -> None:
        assert self.original_id is not None, "delete_original_response before the interaction was answered"
        await self.through_webhook("interaction.delete_original_response")
        self.fake.request("interaction.delete_original_response", {}, DELETE_ORIGINAL)
        self.fake.forget(self.channel_id, self.original_id)


class StandInBot:
    """What PaydayBot gives the game, and nothing that talks to Discord: `load` builds the service,
    its live message and the cog as `PaydayBot.setup_hook` does (bot/app/bot.py), `unload` stops
    them as `close` does. Time limits are a day by default, so no deadline fires while a benchmark
    runs."""

    def __init__(
        self, store: GameStore, fake: FakeDiscord, seed: int | None, turn_seconds: int = DAY
    ) -> None:
        self.store = store
        self.fake = fake
        self.game_settings = GameSettings(turn_seconds, turn_seconds, lobby_minutes=30, seed=seed)
        self.board_pictures = True
        self.cogs: dict[str, object] = {}
        self.dynamic_items: tuple = ()

    async def load(self, tables: Tables | None = None, now: Clock = discord.utils.utcnow) -> Payday:
        """The /payday cog on a service of `tables` (the store's own unless a benchmark watches them),
        whose clock is `now`; every stored timer re-armed."""
        service, live = build_service(
            self, tables or Tables(self.store), self.game_settings, pictures=self.board_pictures, now=now
        )
        cog = Payday(self, service, live)
        self.cogs["Payday"] = cog
        await cog.cog_load()
        await service.waking.resume()
        return cog

    async def unload(self) -> None:
        """Stop the cog's timers and live message workers."""
        cog = self.cogs.pop("Payday")
        assert isinstance(cog, Payday)
        await cog.service.close()
        await cog.live.close()

    def get_cog(self, name: str):
        return self.cogs.get(name)

    def add_dynamic_items(self, *items) -> None:
        self.dynamic_items += items

    def get_partial_messageable(self, channel_id: int, **_) -> FakeChannel:
        return self.fake.bot_channel(channel_id)

    def interaction(self, channel_id: int, user: FakeUser, message_id: int | None) -> FakeInteraction:
        """A slash command (`message_id` None) or a click on that message, by `user`."""
        return FakeInteraction(self.fake, channel_id, user, message_id, client=self)
