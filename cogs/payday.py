"""The /payday command group and every game button: a thin adapter between Discord and the service.

Each handler turns the interaction into plain values (`Person`, `Move`, ids), calls one use case of
`bot.service.Service`, and turns the `Update` it returns into Discord requests. The service holds the
channel's lock while it decides and saves; the answer goes out only once it has let go, so a slow or
rate-limited Discord never holds a game. A refusal is a `Refused`, answered in one place (`_run`),
privately, in the clicking player's own language.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.bot import PaydayBot
from bot.game.actions import ActionKind
from bot.game.rulesets import RULESETS
from bot.render import components, hand_view, rules_text
from bot.render.embeds import game_embed, safe
from bot.render.hand import hand_panel
from bot.render.i18n import NAMES, SUPPORTED, Lang, lang
from bot.render.links import jump_url, way_back
from bot.render.notes import note_text
from bot.render.notices import notice_message
from bot.render.refusals import refusal_text
from bot.render.rules_text import Topic
from bot.render.statements import ledger_embed
from bot.service import (
    HandView,
    Loaded,
    LobbyChange,
    LobbyOptions,
    Move,
    Person,
    Refused,
    Service,
    ServiceCode,
    Show,
    Update,
)
from bot.table import Table, clean_name
from cogs import options
from cogs.live import LiveMessage, clicked
from cogs.reply import Reply
from cogs.stories import Stories

log = logging.getLogger(__name__)

COLOUR = discord.Colour.gold()
TURN_TIMES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        ("1 minute", 60),
        ("2 minutes", 120),
        ("5 minutes", 300),
        ("15 minutes", 900),
        ("1 hour", 3600),
        ("1 day", 86400),
    )
]
RULESET_CHOICES = [app_commands.Choice(name=r.title, value=r.name) for r in RULESETS.values()]
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in SUPPORTED]
MAX_AMOUNT = 10_000_000
NEEDED = ("send_messages", "embed_links", "attach_files")
"""Channel permissions a game needs beyond answering interactions: the live message is posted anew
each month and to call players, with the drawn board as its attached picture, and the standings
are a message of their own."""
IN_THREADS = "send_messages_in_threads"
"""What Send Messages is called in a thread, where Send Messages itself does not count."""
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)

Result = TypeVar("Result")


class Payday(commands.Cog):
    """/payday: lobby, game, bank and rules commands, and the game's buttons."""

    payday = app_commands.Group(
        name="payday", description="Play the board game Pay Day in this channel.", guild_only=True
    )

    def __init__(self, bot: commands.Bot, service: Service, live: LiveMessage) -> None:
        """`service` and `live` (the screen it shows its changes on) are the bot's (bot/app/bot.py)."""
        self.bot = bot
        self.service = service
        self.live = live
        self.stories = Stories(service)

    async def cog_load(self) -> None:
        """Register the buttons, so a click on a message posted before a restart still works."""
        self.bot.add_dynamic_items(*components.DYNAMIC_ITEMS, *hand_view.HAND_ITEMS)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every slash option is checked against its declaration before a command runs."""
        options.check(interaction)
        return True

    # -- the one way a use case is answered ------------------------------------------------------
    async def _run(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Result]],
        show: Callable[[Reply, Result, Lang], None],
        *,
        public: bool = False,
    ) -> tuple[Reply, Result | None]:
        """Call the use case, then answer: with `show`, or, if the service refused, with the refusal
        in the player's own language, privately (names escaped like on the board). The answer is sent
        after the service has let go of the channel's lock."""
        L = user_language(interaction)
        reply = Reply(interaction, self.live, L, public=public)
        result = None
        try:
            result = await call()
        except Refused as refused:
            log.info("refused", extra={"channel": interaction.channel_id, "why": refused.code})
            reply.say(way_back(refusal_text(refused, L), await self._way_back(interaction), L))
        except BaseException:
            reply.cancel()
            raise
        else:
            show(reply, result, L)
        await reply.flush()
        return reply, result

    async def _way_back(self, interaction: discord.Interaction) -> str | None:
        """A link to the channel's live message, for a refusal to end with (None if it has none)."""
        where = await self.service.live_message(interaction.channel_id)
        if where is None:
            return None
        guild_id, message_id = where
        return jump_url(interaction.guild_id or guild_id, interaction.channel_id, message_id)

    def _show(self, reply: Reply, update: Update, L: Lang) -> None:
        """An `Update` as the answer to whoever asked; its follow-ups in the game's language."""
        answer, loaded = update.answer, update.loaded
        if answer.show is Show.STANDINGS:
            [standings] = update.follow
            reply.post(**notice_message(standings, lang(standings.table.language)))
            return
        if answer.show is Show.POST:
            reply.post_board(loaded)
        elif answer.show is Show.LOOK:
            reply.say(embed=game_embed(loaded.table, loaded.row.game_id, L))
        elif answer.show is Show.BOARD and (
            answer.said is None or clicked(reply.interaction, loaded.table.message_id)
        ):
            reply.board()
            on_live = clicked(reply.interaction, loaded.table.message_id)
            if update.call is not None and on_live and self.live.claim(update.channel_id):
                reply.post_call()  # the answer posts the board anew, calling players by name
        elif answer.said is not None:
            reply.say(note_text(answer.said, L, None if loaded is None else loaded.table))
        for notice in update.follow:
            reply.follow(**notice_message(notice, lang(loaded.table.language)))

    # -- lobby ----------------------------------------------------------------------------------
    @payday.command(name="start")
    @app_commands.describe(
        months="How many months to play (1–12).",
        turn_time="How long a player has to answer before the bot chooses for them.",
        ruleset="Which edition of the rules.",
        language="The game's language (the server's, if the bot speaks it, else English).",
    )
    @app_commands.choices(turn_time=TURN_TIMES, ruleset=RULESET_CHOICES, language=LANGUAGE_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        months: app_commands.Range[int, 1, 12] = 3,
        turn_time: int | None = None,
        ruleset: str = "modern",
        language: str | None = None,
    ) -> None:
        """Open a game of Pay Day in this channel; others join with the button."""
        channel_id = interaction.channel_id
        chosen = LobbyOptions(months, turn_time, ruleset, language or server_language(interaction))

        async def open_lobby() -> Update:
            missing = _missing_permissions(interaction)
            if missing:
                raise Refused(ServiceCode.MISSING_PERMISSIONS, permissions=missing)
            return await self.service.open_lobby(
                channel_id, interaction.guild_id, _person(interaction), chosen
            )

        loaded = await self._post_lobby(interaction, open_lobby)
        if loaded is not None:
            log.info(
                "lobby opened",
                extra={
                    "channel": channel_id,
                    "game": loaded.row.game_id,
                    "host": interaction.user.id,
                    "ruleset": ruleset,
                    "months": months,
                    "language": chosen.language,
                },
            )

    async def rematch_click(self, interaction: discord.Interaction, game_id: int) -> None:
        """The Rematch button of a finished game's standings: a lobby for the same table again."""
        channel_id = interaction.channel_id

        async def open_lobby() -> Update:
            person = _person(interaction)
            return await self.service.rematch(channel_id, interaction.guild_id, person, game_id)

        await self._post_lobby(interaction, open_lobby)

    async def _post_lobby(
        self, interaction: discord.Interaction, open_lobby: Callable[[], Awaitable[Update]]
    ) -> Loaded | None:
        """Open a lobby through `open_lobby`, post it as the answer and save where it is; a lobby that
        could not be posted is dropped (nobody could see it, so nobody could close it)."""
        channel_id = interaction.channel_id
        created: Update | None = None

        async def call() -> Update:
            nonlocal created
            created = await open_lobby()
            return created

        try:
            reply, _ = await self._run(interaction, call, self._show, public=True)
        except discord.HTTPException:
            if created is not None:
                await self.service.discard(channel_id, created.game_id)
                self.live.forget(channel_id)
            raise
        if created is None or reply.posted is None:
            return None
        return await self.service.moved(created.loaded, reply.posted)

    @payday.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the game waiting to start here."""
        await self._lobby(interaction, interaction.channel_id, LobbyChange.JOIN)

    @payday.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the game here (a computer player takes over a running game's seat)."""
        await self._lobby(interaction, interaction.channel_id, LobbyChange.LEAVE)

    async def lobby_click(
        self, interaction: discord.Interaction, channel_id: int, game_id: int, what: str
    ) -> None:
        """A lobby button: join, leave, addbot, start or cancel."""
        await self._lobby(interaction, channel_id, LobbyChange(what), game_id)

    async def _lobby(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        change: LobbyChange,
        game_id: int | None = None,
    ) -> None:
        async def call() -> Update:
            _same_channel(interaction, channel_id)
            return await self.service.lobby_buttons[change](channel_id, _person(interaction), game_id)

        await self._run(interaction, call, self._show)

    # -- playing --------------------------------------------------------------------------------
    async def game_click(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        game_id: int,
        prompt: int,
        kind: str,
        value: int,
    ) -> None:
        """A game button: answer the question it was made for."""
        message_id = None if interaction.message is None else interaction.message.id
        await self._act(interaction, channel_id, Move(kind, value, prompt, game_id, message_id))

    @payday.command(name="loan")
    @app_commands.describe(amount="Dollars to borrow, in $1,000 steps ($100 in the classic edition).")
    async def loan(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Borrow from the Bank, at any time, in $1,000 steps ($100 in classic); interest each Pay Day."""
        await self._act(interaction, interaction.channel_id, Move(ActionKind.LOAN, amount))

    @payday.command(name="repay")
    @app_commands.describe(amount="Dollars to repay, in $1,000 steps ($100 in the classic edition).")
    async def repay(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, MAX_AMOUNT]
    ) -> None:
        """Pay back part of your loan, in $1,000 steps, when the rules allow (your Pay Day)."""
        await self._act(interaction, interaction.channel_id, Move(ActionKind.REPAY, amount))

    @payday.command(name="deposit")
    @app_commands.describe(amount="Dollars to put in savings, in $100 steps.")
    async def deposit(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: put cash in savings (10% a Pay Day), in $100 steps, at your Pay Day."""
        await self._act(interaction, interaction.channel_id, Move(ActionKind.DEPOSIT, amount))

    @payday.command(name="withdraw")
    @app_commands.describe(amount="Dollars to take out of savings, in $100 steps or the whole balance.")
    async def withdraw(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: take savings out, free at your Pay Day, for a $50 fee at any other time."""
        await self._act(interaction, interaction.channel_id, Move(ActionKind.WITHDRAW, amount))

    async def _act(self, interaction: discord.Interaction, channel_id: int, move: Move) -> None:
        async def call() -> Update:
            _same_channel(interaction, channel_id)
            return await self.service.act(channel_id, _person(interaction), move)

        await self._run(interaction, call, self._show)

    # -- looking at the game --------------------------------------------------------------------
    @payday.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the game here again at the bottom of the channel, with its buttons.

        Once a game runs, only seated players move the live message and anyone else gets a private
        look, so onlookers can't flood the channel; an open lobby is reposted for anyone, to join.
        """
        channel_id = interaction.channel_id
        reply, update = await self._run(
            interaction,
            lambda: self.service.status(channel_id, _person(interaction)),
            self._show,
            public=True,
        )
        if update is None or update.answer.show is not Show.POST or reply.posted is None:
            return
        shown = update.loaded
        loaded = await self.service.moved(shown, reply.posted)
        old = shown.table.message_id
        if loaded is not None and old is not None:
            await self.live.strip_buttons(channel_id, old)

    @payday.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, your next Pay Day and your standing orders (only you see it)."""
        channel_id = interaction.channel_id
        await self._run(
            interaction, lambda: self.service.hand(channel_id, _person(interaction)), _show_panel(channel_id)
        )

    # -- the hand panel: My hand, standing orders, Borrow / Repay -----------------------------------
    async def hand_click(self, interaction: discord.Interaction, channel_id: int, game_id: int) -> None:
        """My hand: the player's private panel, with their standing orders and the money buttons."""
        await self._run(interaction, self._hand_of(interaction, channel_id, game_id), _show_panel(channel_id))

    async def hand_refresh(self, interaction: discord.Interaction, channel_id: int, game_id: int) -> None:
        """Refresh: the panel edited in place with the hand as it is now; the line a loan or repayment
        left above it is about the past, so it goes. Refused, the panel stays as it was."""
        shown = _show_panel(channel_id, edit=True)
        await self._run(interaction, self._hand_of(interaction, channel_id, game_id), shown)

    def _hand_of(
        self, interaction: discord.Interaction, channel_id: int, game_id: int
    ) -> Callable[[], Awaitable[HandView]]:
        """The use case behind a panel's buttons: the clicking player's hand in that channel's game."""

        async def call() -> HandView:
            _same_channel(interaction, channel_id)
            return await self.service.hand(channel_id, _person(interaction), game_id)

        return call

    async def orders_click(
        self, interaction: discord.Interaction, channel_id: int, game_id: int, values: tuple[str, ...]
    ) -> None:
        """The standing-orders menu closed: its ticked options are the player's orders now. They
        answer at once whatever they cover; the panel shows them."""

        async def call() -> Update:
            _same_channel(interaction, channel_id)
            chosen = hand_view.chosen_orders(values)
            if chosen is None:
                raise Refused(ServiceCode.ONE_LOTTERY_ORDER)
            return await self.service.set_orders(channel_id, _person(interaction), chosen, game_id)

        def show(reply: Reply, update: Update, L: Lang) -> None:
            table = update.loaded.table
            seat = table.seat_of(interaction.user.id)
            reply.edit(**_panel(table, seat, game_id, channel_id, L, self.service.now()))

        await self._run(interaction, call, show)

    async def money_form(
        self, interaction: discord.Interaction, channel_id: int, game_id: int, kind: str
    ) -> None:
        """Borrow… / Repay…: the form for the exact amount (for a seated player of this game)."""
        L = user_language(interaction)
        try:
            view = await self._hand_of(interaction, channel_id, game_id)()
        except Refused as refused:
            await interaction.response.send_message(refusal_text(refused, L), ephemeral=True)
            return
        step = view.table.state.rules.loan_step
        await interaction.response.send_modal(hand_view.money_form(channel_id, game_id, kind, step, L))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted loan or repayment form, found by its custom_id (hand_view keeps no modal)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = interaction.data or {}
        match = hand_view.FORM.fullmatch(str(data.get("custom_id", "")))
        if match is not None:
            args = (int(match["channel"]), int(match["game"]), match["kind"], hand_view.form_answer(data))
            await components._route(interaction, "money_submit", *args)

    async def money_submit(
        self, interaction: discord.Interaction, channel_id: int, game_id: int, kind: str, typed: str
    ) -> None:
        """The amount typed in the form, through the same engine checks as /payday loan and /payday
        repay: done, the panel shows the hand after it; refused, one line says why."""

        async def call() -> Update:
            _same_channel(interaction, channel_id)
            dollars = hand_view.amount(typed)
            if dollars is None:
                raise Refused(ServiceCode.NO_AMOUNT)
            return await self.service.act(
                channel_id, _person(interaction), Move(kind, dollars, game_id=game_id)
            )

        def show(reply: Reply, update: Update, L: Lang) -> None:
            table = update.loaded.table
            done = note_text(update.answer.said, L, table) if update.answer.said is not None else None
            seat = table.seat_of(interaction.user.id)
            panel = _panel(table, seat, game_id, channel_id, L, self.service.now())
            if interaction.message is None:  # a form not opened from a panel message
                reply.say(done, **panel)
            else:
                reply.edit(content=done, **panel)

        await self._run(interaction, call, show)

    @payday.command(name="ledger")
    @app_commands.describe(book="The Bank's statement or the loan book.", page="Page number, newest first.")
    @app_commands.choices(
        book=[
            app_commands.Choice(name="Bank statement", value="bank"),
            app_commands.Choice(name="Loan book", value="loans"),
        ]
    )
    async def ledger(
        self, interaction: discord.Interaction, book: str = "bank", page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        """Every payment of this channel's game: who paid whom, how much and why."""

        def show(reply: Reply, shown: Any, L: Lang) -> None:
            reply.say(embed=ledger_embed(shown, L), view=_ledger_view(shown, L))

        await self._run(interaction, lambda: self.service.ledger(interaction.channel_id, book, page), show)

    async def ledger_page(self, interaction: discord.Interaction, game_id: int, book: str, page: int) -> None:
        """A ledger page button."""

        def show(reply: Reply, shown: Any, L: Lang) -> None:
            reply.edit(embed=ledger_embed(shown, L), view=_ledger_view(shown, L))

        call = lambda: self.service.ledger(interaction.channel_id, book, page, game_id)  # noqa: E731
        await self._run(interaction, call, show)

    @payday.command(name="log")
    @app_commands.describe(page="Page number, from the start of the game (the newest if left out).")
    async def log(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None
    ) -> None:
        """The whole story of this channel's game, turn by turn (only you can see it)."""

        def show(reply: Reply, shown: Any, L: Lang) -> None:
            reply.say(
                embed=shown.embed, view=components.story_view(shown.game_id, shown.page, shown.pages, L)
            )

        L = user_language(interaction)
        await self._run(interaction, lambda: self.stories.page(interaction.channel_id, None, page, L), show)

    async def story_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        """A story page button."""

        def show(reply: Reply, shown: Any, L: Lang) -> None:
            reply.edit(
                embed=shown.embed, view=components.story_view(shown.game_id, shown.page, shown.pages, L)
            )

        L = user_language(interaction)
        await self._run(
            interaction, lambda: self.stories.page(interaction.channel_id, game_id, page, L), show
        )

    @payday.command(name="notices")
    @app_commands.describe(state="on: the bot mentions you when the game waits for you; off: it never does.")
    @app_commands.choices(
        state=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
    )
    async def notices(self, interaction: discord.Interaction, state: str) -> None:
        """Be mentioned, or not, when the game waits for you (only you see the answer)."""
        call = lambda: self.service.switch_calls(  # noqa: E731
            interaction.channel_id, _person(interaction), state == "on"
        )
        await self._run(interaction, call, self._show)

    # -- stopping -------------------------------------------------------------------------------
    @payday.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """Stop the game here now and show the standings (host or Manage Channels)."""
        await self._run(
            interaction, lambda: self.service.end(interaction.channel_id, _person(interaction)), self._show
        )

    @payday.command(name="kick")
    @app_commands.describe(member="The player to remove from the game here.")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        """Remove a player (host or Manage Channels); a computer player takes a running game's seat."""
        removed = Person(member.id, player_name(member))
        await self._run(
            interaction,
            lambda: self.service.kick(interaction.channel_id, _person(interaction), removed),
            self._show,
        )

    # -- help -----------------------------------------------------------------------------------
    @payday.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What this bot does, how a game goes, and every /payday command."""
        title, text = rules_text.help_page(user_language(interaction))
        embed = discord.Embed(title=title, description=text, colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @payday.command(name="rules")
    @app_commands.describe(
        topic="Which part of the rules (overview if left out).",
        edition="Which edition (the game in this channel's, or modern).",
    )
    @app_commands.choices(edition=RULESET_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, topic: Topic = "overview", edition: str | None = None
    ) -> None:
        """Read the rules of Pay Day, one topic at a time."""
        L = user_language(interaction)
        shown = await self.service.rules(interaction.channel_id, topic, edition)
        title, text = rules_text.page(
            shown.topic,
            shown.edition,
            turn=rules_text.duration(shown.turn_seconds, L),
            interrupt=rules_text.duration(shown.interrupt_seconds, L),
            L=L,
        )
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=text, colour=COLOUR), ephemeral=True
        )


# -- turning an interaction into plain values ------------------------------------------------------
def _person(interaction: discord.Interaction) -> Person:
    user = interaction.user
    return Person(
        user.id,
        player_name(user),
        locale=_locale(interaction.locale),
        manages_channel=interaction.permissions.manage_channels,
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
    return getattr(locale, "value", locale)


def _same_channel(interaction: discord.Interaction, channel_id: int) -> None:
    """A button is answered only in the channel it was made for (a forged or moved custom_id)."""
    if interaction.channel_id != channel_id:
        raise Refused(ServiceCode.OTHER_CHANNEL)


def _missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks to run a game here; in a thread, posting is Send Messages in
    Threads (Send Messages alone does not let the bot post there)."""
    granted = interaction.app_permissions
    needed = NEEDED
    if getattr(interaction.channel, "type", None) in THREADS:
        needed = (IN_THREADS, *NEEDED[1:])
    return [flag for flag in needed if not getattr(granted, flag)]


def _show_panel(channel_id: int, *, edit: bool = False) -> Callable[[Reply, HandView, Lang], None]:
    """How a use case's `HandView` is answered: the panel in a new private reply, or (`edit`) in
    place of the panel clicked, without the line an earlier answer left above it."""

    def show(reply: Reply, view: HandView, L: Lang) -> None:
        keywords = _panel(view.table, view.seat, view.game_id, channel_id, L, view.taken)
        if edit:
            reply.edit(content=None, **keywords)
        else:
            reply.say(**keywords)

    return show


def _panel(
    table: Table, seat: int, game_id: int, channel_id: int, L: Lang, taken: datetime
) -> dict[str, Any]:
    """The hand panel of `seat`, as read at `taken`, as `embed` and `view` keywords, in the reader's
    language."""
    orders = table.seats[seat].orders
    panel = hand_panel(table.state, seat, safe(table.seats[seat].name), orders, L)
    return {
        "embed": hand_view.panel_embed(panel, taken, L),
        "view": hand_view.panel_view(channel_id, game_id, seat, orders, L),
    }


def _ledger_view(page: Any, L: Lang) -> discord.ui.View:
    return components.ledger_view(page.game_id, page.book, page.page, page.pages, L)


async def setup(bot: PaydayBot) -> None:
    """Load the /payday cog, on the bot's service."""
    await bot.add_cog(Payday(bot, bot.service, bot.live))
