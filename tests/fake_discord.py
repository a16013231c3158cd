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
"""

import asyncio
import inspect
import json
from dataclasses import dataclass

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
EDIT_ORIGINAL = _params(discord.Interaction.edit_original_response)


# -- fake Discord -----------------------------------------------------------------------------------
class FakeDiscord:
    """Discord's side of the conversation: counts requests and remembers each message's buttons.

    Only the buttons' custom_ids are kept (never the view or embed objects), and only for messages
    that have carried buttons, so the harness adds little to the memory figure.
    """

    def __init__(self, serialize: bool = False, round_trip: bool = False) -> None:
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
        self._last_id = 0

    async def on_the_wire(self) -> None:
        """One turn of the event loop, if `round_trip`: a real request always suspends its caller."""
        if self.round_trip:
            await asyncio.sleep(0)

    def request(self, kind: str, kwargs: dict, allowed: frozenset[str]) -> None:
        unknown = kwargs.keys() - allowed
        assert not unknown, f"{kind}: discord.py has no keyword {sorted(unknown)}"
        self.requests[kind] = self.requests.get(kind, 0) + 1
        if self.serialize:
            _payload(kwargs)

    def new_message(self, channel_id: int, view, file: discord.File | None = None) -> int:
        # A real snowflake: its top bits are the time it was posted, which the bot reads to tell
        # when a live message is getting too old to edit.
        message_id = max(discord.utils.time_snowflake(discord.utils.utcnow()), self._last_id + 1)
        self._last_id = message_id
        if view is not None and view is not MISSING:
            self.buttons.setdefault(channel_id, {})[message_id] = _custom_ids(view)
        if file is not None:
            self._upload(message_id, file)
        return message_id

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
    __slots__ = ("attachments", "id")

    def __init__(self, message_id: int, attachments: list | None = None) -> None:
        self.id = message_id
        self.attachments = [] if attachments is None else attachments


class FakePartialMessage:
    __slots__ = ("channel", "id")

    def __init__(self, channel: "FakeChannel", message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs) -> "FakeMessage":
        fake = self.channel.fake
        await fake.on_the_wire()
        fake.request("message.edit", kwargs, MESSAGE_EDIT)
        fake.edit(self.channel.id, self.id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING))
        return FakeMessage(self.id, fake.attachments(self.id))

    async def delete(self, **kwargs) -> None:
        """Gone, with its picture: a later edit of it counts as a bad edit."""
        fake = self.channel.fake
        await fake.on_the_wire()
        fake.request("message.delete", kwargs, MESSAGE_DELETE)
        fake.buttons.get(self.channel.id, {}).pop(self.id, None)
        fake.pictures.pop(self.id, None)


class FakeChannel:
    """What `bot.get_partial_messageable` returns: send and edit by id, nothing cached."""

    __slots__ = ("fake", "id")

    def __init__(self, fake: FakeDiscord, channel_id: int) -> None:
        self.fake, self.id = fake, channel_id

    async def send(self, content=None, **kwargs) -> Sent:
        await self.fake.on_the_wire()
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
        assert not self.calls, f"interaction answered twice: {self.calls} then {kind}"
        self.calls.append(kind)
        self.content, self.ephemeral = content, bool(kwargs.get("ephemeral"))
        fake.request(f"response.{kind}", {"content": content, **kwargs} if content else kwargs, allowed)

    async def send_message(self, content=None, **kwargs) -> Sent:
        await self._answer("send_message", content, kwargs, SEND_MESSAGE)
        i = self.interaction
        view = None if kwargs.get("ephemeral") else kwargs.get("view")
        return Sent(i.fake.new_message(i.channel_id, view, kwargs.get("file")))

    async def edit_message(self, **kwargs) -> None:
        i = self.interaction
        assert i.message is not None, "edit_message answers only a component interaction"
        await self._answer("edit_message", None, kwargs, EDIT_MESSAGE)
        i.fake.edit(
            i.channel_id, i.message.id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING)
        )

    async def defer(self, **kwargs) -> None:
        await self._answer("defer", None, kwargs, DEFER)
        i = self.interaction
        if i.message is None and kwargs.get("thinking"):  # a command's "thinking…" is a message
            i.original_id = i.fake.new_message(i.channel_id, None)
            i.fake.buttons.setdefault(i.channel_id, {})[i.original_id] = ()  # it can be edited


class FakeFollowup:
    __slots__ = ("channel_id", "fake")

    def __init__(self, fake: FakeDiscord, channel_id: int) -> None:
        self.fake, self.channel_id = fake, channel_id

    async def send(self, content=None, **kwargs) -> Sent:
        """A follow-up message: a new message of the channel (with buttons, when it has a view)."""
        await self.fake.on_the_wire()
        self.fake.request("followup.send", {"content": content, **kwargs}, FOLLOWUP_SEND)
        return Sent(self.fake.new_message(self.channel_id, kwargs.get("view")))


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
        "fake",
        "followup",
        "guild_id",
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
        self.followup = FakeFollowup(fake, channel_id)
        self.original_id: int | None = None
        """The message a deferred command's answer replaces ("thinking…")."""

    async def edit_original_response(self, **kwargs) -> "FakeMessage":
        """After a deferral, the answer: the clicked message edited, or the command's "thinking…"
        replaced (a click slower than 2 s is deferred, as on a busy host)."""
        assert self.response.is_done(), "edit_original_response before the interaction was answered"
        await self.fake.on_the_wire()
        self.fake.request("interaction.edit_original_response", kwargs, EDIT_ORIGINAL)
        message_id = self.message.id if self.message is not None else self.original_id
        assert message_id is not None, "a command deferred without thinking has no message to edit"
        self.fake.edit(
            self.channel_id, message_id, kwargs.get("view", MISSING), kwargs.get("attachments", MISSING)
        )
        return FakeMessage(message_id, self.fake.attachments(message_id))


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
        await service.resume()
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
        return FakeChannel(self.fake, channel_id)

    def interaction(self, channel_id: int, user: FakeUser, message_id: int | None) -> FakeInteraction:
        """A slash command (`message_id` None) or a click on that message, by `user`."""
        return FakeInteraction(self.fake, channel_id, user, message_id, client=self)
