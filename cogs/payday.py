"""The /payday command group and every game button: Discord in, engine actions out.

Each change follows one path: take the channel's lock, load the table, apply, save the table and its
event-log rows in one transaction, then answer the player and update the live message.
"""

import logging
import secrets
from collections.abc import Iterable
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot import lobby
from bot.app import PaydayBot
from bot.game import actions as act
from bot.game import ai, engine
from bot.game import events as ev
from bot.game.actions import Action, IllegalAction
from bot.game.rulesets import DEFAULT_RULESET as RULESETS_DEFAULT
from bot.game.rulesets import RULESETS
from bot.render import board, components, ledger, rules_text
from bot.render.i18n import lang
from bot.render.refusals import refusal_text
from bot.render.rules_text import Topic
from bot.table import Table, clean_name
from bot.timers import DeadlineScheduler
from cogs.live import LiveMessage, clicked
from cogs.tables import Loaded, Played, Tables, play, recorded

log = logging.getLogger(__name__)
EN = lang("en")
"""Every reply is English until the service layer (issue 8) writes each in its reader's language."""

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
ALREADY_DONE = "Already done: your answer was counted."
NO_GAME = "There is no game in this channel: start one with /payday start."
MAX_AMOUNT = 10_000_000
LOBBY_CHANGES = {
    "join": lambda table, user: lobby.join(table, user.id, user.display_name),
    "leave": lambda table, user: lobby.leave_lobby(table, user.id),
    "addbot": lambda table, user: lobby.add_computer(table, user.id),
}
"""Lobby buttons and commands that change the seats; each returns the line the lobby shows."""
RESTART_GRACE = timedelta(minutes=1)
"""A time limit that ran out while the bot was down gets this long again after the restart."""
NEEDED = (("send_messages", "Send Messages"), ("embed_links", "Embed Links"))
"""Channel permissions a game needs beyond answering interactions: the live message is reposted
each month, and reminders, Pay Day notices and the standings are messages of their own."""


class Payday(commands.Cog):
    """/payday: lobby, game, bank and rules commands, and the game's buttons."""

    payday = app_commands.Group(
        name="payday", description="Play the board game Pay Day in this channel.", guild_only=True
    )

    def __init__(self, bot: PaydayBot) -> None:
        self.bot = bot
        self.tables = Tables(bot.store)
        self.timers = DeadlineScheduler(self.on_wake)
        self.live = LiveMessage(bot)

    async def cog_load(self) -> None:
        """Register the buttons and re-arm every stored deadline, so a restart loses nothing.

        A player's time limit that ran out while the bot was down is extended by a grace period:
        the time the bot was away is not theirs.
        """
        self.bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
        now = discord.utils.utcnow()
        for row in await self.bot.store.live_games():
            if row.deadline is None:
                continue
            async with self.tables.lock(row.channel_id):
                loaded = await self.tables.load(row.channel_id)
                if loaded is not None and loaded.table.extend_for_downtime(now, RESTART_GRACE):
                    loaded = await self.tables.save(loaded, [{"kind": "restart_grace"}])
                    _log("deadline extended after a restart", loaded)
                if loaded is not None:
                    self._arm(loaded)

    async def cog_unload(self) -> None:
        await self.timers.cancel_all()

    # -- lobby ----------------------------------------------------------------------------------
    @payday.command(name="start")
    @app_commands.describe(
        months="How many months to play (1–12).",
        turn_time="How long a player has to answer before the bot chooses for them.",
        ruleset="Which edition of the rules.",
    )
    @app_commands.choices(turn_time=TURN_TIMES, ruleset=RULESET_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        months: app_commands.Range[int, 1, 12] = 3,
        turn_time: int | None = None,
        ruleset: str = "modern",
    ) -> None:
        """Open a game of Pay Day in this channel; others join with the button."""
        channel_id = interaction.channel_id
        missing = _missing_permissions(interaction)
        if missing:
            await _refuse(
                interaction,
                f"I need the {missing} permission in this channel to run a game here: "
                "ask a moderator to grant it, or start the game in another channel.",
            )
            return
        async with self.tables.lock(channel_id):
            if await self.tables.load(channel_id) is not None:
                await _refuse(
                    interaction, "A game is already open here: see /payday status, or /payday end it."
                )
                return
            table = Table(
                host_id=interaction.user.id,
                months=months,
                ruleset=ruleset,
                turn_seconds=turn_time or self.bot.turn_seconds,
                interrupt_seconds=min(self.bot.interrupt_seconds, turn_time or self.bot.turn_seconds),
                seed=secrets.randbits(62),
            )
            lobby.join(table, interaction.user.id, interaction.user.display_name)
            loaded = await self.tables.create(channel_id, interaction.guild_id, table)
            if self.bot.seed is not None:  # reproducible games for tests: seed + game id
                table.seed = self.bot.seed + loaded.row.game_id
            try:
                response = await interaction.response.send_message(
                    embed=board.lobby_embed(table), view=components.lobby_view(channel_id, loaded.row.game_id)
                )
            except discord.HTTPException:
                await self.tables.discard(loaded)  # nobody can see it, so nobody could close it
                raise
            table.message_id = response.message_id
            loaded = await self.tables.save(loaded, [{"kind": "lobby", "host": interaction.user.id}])
            _log("lobby opened", loaded, host=interaction.user.id, ruleset=ruleset, months=months)

    @payday.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the game waiting to start here."""
        await self._lobby_change(interaction, "join")

    @payday.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the game here (a computer player takes over a running game's seat)."""
        await self._lobby_change(interaction, "leave")

    async def lobby_click(
        self, interaction: discord.Interaction, channel_id: int, game_id: int, what: str
    ) -> None:
        """A lobby button: join, leave, addbot, start or cancel."""
        if interaction.channel_id != channel_id:
            await _refuse(interaction, "That button belongs to another channel.")
            return
        await self._lobby_change(interaction, what, game_id=game_id)

    async def _lobby_change(
        self, interaction: discord.Interaction, what: str, game_id: int | None = None
    ) -> None:
        channel_id = interaction.channel_id
        user = interaction.user
        async with self.tables.lock(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
                await _refuse(interaction, "This lobby has closed." if game_id else NO_GAME)
                return
            table = loaded.table
            try:
                if table.state is not None and what == "leave":
                    await self._leave_running(interaction, loaded)
                    return
                if what == "cancel":
                    lobby.cancel(table, user.id, _manages_channel(interaction))
                    await self.tables.discard(loaded)
                    note = f"Cancelled by {clean_name(user.display_name)}."
                    await self._respond_lobby(interaction, loaded, note, None)
                    _log("lobby cancelled", loaded, user=user.id)
                    return
                if what == "start":
                    opening = lobby.start(table, user.id)
                else:
                    note = LOBBY_CHANGES[what](table, user)
            except IllegalAction as refusal:
                await _refuse(interaction, refusal_text(refusal, EN))
                return
            if what == "start":
                await self._begin(interaction, loaded, opening)
                return
            if not table.humans():
                await self.tables.discard(loaded)
                await self._respond_lobby(interaction, loaded, "Everyone left: the lobby is closed.", None)
                return
            loaded = await self.tables.save(loaded, [{"kind": "lobby", "change": what, "user": user.id}])
            view = components.lobby_view(channel_id, loaded.row.game_id)
            await self._respond_lobby(interaction, loaded, note, view)

    async def _respond_lobby(
        self, interaction: discord.Interaction, loaded: Loaded, note: str, view: discord.ui.View | None
    ) -> None:
        """Update the lobby message: as the click's own response, or by editing it after a slash command."""
        embed = board.lobby_embed(loaded.table, note)
        if clicked(interaction, loaded.table.message_id):
            await interaction.response.edit_message(embed=embed, view=view)
            return
        await interaction.response.send_message(note, ephemeral=True)
        await self.live.edit(loaded, embed, view)

    async def _begin(self, interaction: discord.Interaction, loaded: Loaded, opening: list[ev.Event]) -> None:
        """The lobby message becomes the live game message; the `opening` events (the Banker paying
        the start cash) go into the event log, so the ledger shows where every dollar came from."""
        table = loaded.table
        table.set_timers(discord.utils.utcnow())
        table.message_month = 1
        order = ", ".join(seat.name for seat in table.seats)
        table.remember([f"The game begins: {order}. {table.seats[0].name} goes first."])
        started = {"kind": "started", "seats": [s.name for s in table.seats]}
        loaded = await self.tables.save(loaded, [started, *recorded(table, opening)[1]])
        _log("game started", loaded, players=len(table.seats))
        reply = None if clicked(interaction, table.message_id) else "The game has started."
        await self._tell(loaded, interaction, reply)

    async def _leave_running(self, interaction: discord.Interaction, loaded: Loaded) -> None:
        table = loaded.table
        line = lobby.leave_game(table, interaction.user.id)
        table.remember([line])
        if not table.humans():
            played = Played(engine.end_early(table.state), [], [{"kind": "abandoned"}])
            reply = "You left. Nobody else is left, so the game is over."
            await self._conclude(loaded, played, interaction, "Every player left.", reply=reply)
            return
        table.set_timers(discord.utils.utcnow())
        loaded = await self.tables.save(loaded, [{"kind": "left", "user": interaction.user.id, "text": line}])
        _log("player left", loaded, user=interaction.user.id)
        await self._tell(loaded, interaction, "You left the game; a computer player took your seat.")

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
        if interaction.channel_id != channel_id:
            await _refuse(interaction, "That button belongs to another channel.")
            return
        await self._act(interaction, kind, value, prompt, game_id=game_id)

    @payday.command(name="loan")
    @app_commands.describe(amount="Dollars to borrow, in $1,000 steps ($100 in the classic edition).")
    async def loan(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Borrow from the Bank, at any time, in $1,000 steps ($100 in classic); interest each Pay Day."""
        await self._act(interaction, act.LOAN, amount, None, slash=True)

    @payday.command(name="repay")
    @app_commands.describe(amount="Dollars to repay, in $1,000 steps ($100 in the classic edition).")
    async def repay(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, MAX_AMOUNT]
    ) -> None:
        """Pay back part of your loan, in $1,000 steps, when the rules allow (your Pay Day)."""
        await self._act(interaction, act.REPAY, amount, None, slash=True)

    @payday.command(name="deposit")
    @app_commands.describe(amount="Dollars to put in savings, in $100 steps.")
    async def deposit(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: put cash in savings (10% a Pay Day), in $100 steps, at your Pay Day."""
        await self._act(interaction, act.DEPOSIT, amount, None, slash=True)

    @payday.command(name="withdraw")
    @app_commands.describe(amount="Dollars to take out of savings, in $100 steps or the whole balance.")
    async def withdraw(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: take savings out, free at your Pay Day, for a $50 fee at any other time."""
        await self._act(interaction, act.WITHDRAW, amount, None, slash=True)

    async def _act(
        self,
        interaction: discord.Interaction,
        kind: str,
        value: int,
        prompt: int | None,
        *,
        game_id: int | None = None,
        slash: bool = False,
    ) -> None:
        """One player's action, from a button (with its prompt and game) or a slash command."""
        async with self.tables.lock(interaction.channel_id):
            loaded = await self._running(interaction, game_id)
            if loaded is None:
                return
            seat = await self._seat(interaction, loaded)
            if seat is None:
                return
            back = loaded.table.present(seat)
            action = Action(seat, kind, value, prompt)
            await self._apply(loaded, [action], interaction, slash=slash, back=back)

    async def _apply(
        self,
        loaded: Loaded,
        actions: Iterable[Action],
        interaction: discord.Interaction | None,
        *,
        slash: bool = False,
        back: bool = False,
    ) -> None:
        """Apply, save, then tell the table. A refused first action changes nothing in the game
        (`back`: the player had been taken for away, which is undone even if the action is refused).

        `actions` may be a generator, so each computer player decides after seeing the last answer.
        """
        table = loaded.table
        now = discord.utils.utcnow()
        played = Played()
        for action in actions:
            asked = table.state.prompt
            try:
                played.extend(play(table, action, now))
            except IllegalAction as refusal:
                if played.records:
                    break  # a later timeout/computer answer lost a race: keep what was applied
                if interaction is None:
                    # A bug, not a player: the cautious default keeps the game moving instead.
                    _log(
                        "automatic action refused", loaded, action=action.kind, seat=action.seat, why=refusal
                    )
                    played.extend(play(table, engine.default_action(table.state, action.seat), now))
                    continue
                if back:
                    table.set_timers(now)
                    loaded = await self.tables.save(loaded, [{"kind": "back", "seat": action.seat}])
                    _log("player back", loaded, seat=action.seat)
                    self._arm(loaded)
                await _refuse(interaction, self._refusal(table, action, refusal))
                return
            if interaction is not None:  # only the player's own answers make a later click a double
                table.last_answer = (asked, action.seat)
            _log(
                "applied",
                loaded,
                action=action.kind,
                seat=action.seat,
                value=action.value,
                prompt=action.prompt,
            )
        if not played.records:
            return
        reply = _confirm(played) if slash else None
        if table.state.over:
            await self._conclude(loaded, played, interaction, "Everyone has retired.", reply=reply)
            return
        loaded = await self.tables.save(loaded, played.records)
        await self._tell(loaded, interaction, reply, board.payday_notices(loaded.table, played.events))

    async def _tell(
        self,
        loaded: Loaded,
        interaction: discord.Interaction | None,
        reply: str | None = None,
        notices: str | None = None,
    ) -> None:
        """After a save: answer the player (privately with `reply`, else by editing the board they
        clicked), bring the live message up to date, and re-arm the channel's timer whatever Discord
        does, so a failed request can never leave a game without its clock."""
        try:
            if interaction is not None and reply is not None:
                await self.live.respond(loaded, interaction.response.send_message(reply, ephemeral=True))
                interaction = None
            if await self.live.show(loaded, interaction, notices):
                loaded = await self.tables.save(loaded)
        finally:
            self._arm(loaded)

    async def _conclude(
        self,
        loaded: Loaded,
        played: Played,
        interaction: discord.Interaction | None,
        reason: str,
        *,
        reply: str | None = None,
    ) -> None:
        """Game over: move it to history, freeze the live message, announce the standings.

        A click is answered by freezing its message; a slash command gets `reply`, privately.
        """
        table = loaded.table
        if not played.records or played.records[-1].get("kind") != ev.GAME_OVER:
            played.records.append({"kind": ev.GAME_OVER, "reason": reason, "winners": table.state.winners})
        table.deadline = table.remind_at = table.computer_at = None
        await self.tables.finish(loaded, played.records, reason)
        self.timers.cancel(loaded.row.channel_id)
        _log("game over", loaded, reason=reason, winners=table.state.winners)
        embed = board.game_embed(table, loaded.row.game_id)
        if interaction is not None and reply is None and clicked(interaction, table.message_id):
            await self.live.respond(loaded, interaction.response.edit_message(embed=embed, view=None))
        else:
            if interaction is not None:
                answer = interaction.response.send_message(reply or "Done.", ephemeral=True)
                await self.live.respond(loaded, answer)
            await self.live.edit(loaded, embed, None)
        # The last player to retire gets their Pay Day summary too, on the standings message.
        final = board.final_embed(table, loaded.row.game_id, reason)
        await self.live.send(
            loaded.row.channel_id, content=board.payday_notices(loaded.table, played.events), embed=final
        )

    # -- timers: computer players, time limits, reminders ----------------------------------------
    async def on_wake(self, channel_id: int) -> None:
        """A timer fired: computer players act, or time ran out, or the player gets a reminder."""
        async with self.tables.lock(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is None or loaded.table.state is None or loaded.table.state.over:
                return
            table, now = loaded.table, discord.utils.utcnow()
            state = table.state
            if table.computer_at is not None and now >= table.computer_at:
                prompt = state.prompt
                # Computer seats play to win; a player who is away gets the cautious default.
                answers = (
                    engine.default_action(state, seat) if table.seats[seat].away else ai.choose(state, seat)
                    for seat in table.waiting_computers()
                    if state.prompt == prompt and state.pending is not None and seat in state.pending.seats
                )
                await self._apply(loaded, answers, None)
            elif table.deadline is not None and now >= table.deadline:
                humans = set(table.waiting_humans())
                actions = [a for a in engine.timeout_actions(state) if a.seat in humans]
                _log("timed out", loaded, seats=sorted(humans), prompt=state.prompt)
                away = table.timed_out(sorted(humans))
                if away:
                    _log("taken for away", loaded, seats=[s for s in humans if table.seats[s].away])
                table.remember(away)
                await self._apply(loaded, actions, None)
            elif table.remind_at is not None and now >= table.remind_at:
                table.remind_at = None
                loaded = await self.tables.save(loaded)
                await self._remind(loaded)
                self._arm(loaded)
            else:
                self._arm(loaded)

    async def _remind(self, loaded: Loaded) -> None:
        """Ping only the player whose turn it is, and nobody a display name could mention."""
        table = loaded.table
        waiting = table.waiting_humans()
        if not waiting or table.deadline is None:
            return
        user_id = table.seats[waiting[0]].user_id
        when = discord.utils.format_dt(table.deadline, "R")
        await self.live.send(
            loaded.row.channel_id,
            content=f"<@{user_id}>, the Pay Day game is waiting for you. Time runs out {when}.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
        )

    def _arm(self, loaded: Loaded) -> None:
        wake = loaded.table.wake_at()
        if wake is None:
            self.timers.cancel(loaded.row.channel_id)
        else:
            self.timers.arm(loaded.row.channel_id, wake)

    # -- looking at the game --------------------------------------------------------------------
    @payday.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the game here again at the bottom of the channel, with its buttons.

        Once a game runs, only seated players move the live message and anyone else gets a private
        look, so onlookers can't flood the channel; an open lobby is reposted for anyone, to join.
        """
        async with self.tables.lock(interaction.channel_id):
            loaded = await self.tables.load(interaction.channel_id)
            if loaded is None:
                await _refuse(interaction, NO_GAME)
                return
            table = loaded.table
            if table.seat_of(interaction.user.id) is None and table.state is not None:
                embed = board.game_embed(table, loaded.row.game_id)
                await interaction.response.send_message(embed=embed, ephemeral=True)
                return
            if table.state is None:
                embed, view = (
                    board.lobby_embed(table),
                    components.lobby_view(loaded.row.channel_id, loaded.row.game_id),
                )
            else:
                embed, view = self.live.render(loaded)
            old = table.message_id
            response = await interaction.response.send_message(embed=embed, view=view)
            table.message_id, table.message_month = response.message_id, table.leading_month()
            loaded = await self.tables.save(loaded)
            _log("live message reposted", loaded, user=interaction.user.id, message_id=response.message_id)
            if old is not None:
                await self.live.strip_buttons(loaded.row.channel_id, old)

    @payday.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """See your cash, loan, Mail and Deals (only you can see this)."""
        loaded = await self._running(interaction, locked=False)
        if loaded is None:
            return
        seat = await self._seat(interaction, loaded)
        if seat is None:
            return
        embed = board.hand_embed(loaded.table, seat, discord.utils.utcnow())
        await interaction.response.send_message(embed=embed, ephemeral=True)

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
        loaded = await self.tables.peek(interaction.channel_id)
        if loaded is not None and loaded.table.state is not None:
            game_id, table = loaded.row.game_id, loaded.table
        else:
            finished = await self._finished(interaction.channel_id)
            if finished is None:
                await _refuse(interaction, "No game has been played in this channel yet.")
                return
            game_id, table = finished
        embed, view = await self._ledger_page(game_id, table, book, page)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def ledger_page(self, interaction: discord.Interaction, game_id: int, book: str, page: int) -> None:
        """A ledger page button."""
        loaded = await self.tables.peek(interaction.channel_id)
        if loaded is not None and loaded.row.game_id == game_id:
            table = loaded.table
        else:
            finished = await self._finished(interaction.channel_id, game_id)
            if finished is None:
                await _refuse(interaction, "That ledger is no longer available.")
                return
            table = finished[1]
        embed, view = await self._ledger_page(game_id, table, book, page)
        await interaction.response.edit_message(embed=embed, view=view)

    async def _ledger_page(
        self, game_id: int, table: Table, book: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        transfers = await self.bot.store.events(game_id, limit=1_000_000, kinds=[ev.TRANSFER])
        entries = ledger.BOOKS[book](ev.Event.from_record(row.data) for row in transfers)
        pages = max(1, -(-len(entries) // ledger.PAGE_SIZE))
        page = min(page, pages)
        chunk = entries[(page - 1) * ledger.PAGE_SIZE : page * ledger.PAGE_SIZE]
        names = [seat.name for seat in table.seats]
        players = table.state.players
        rules = RULESETS[table.state.ruleset]
        loans = [p.loan for p in players]
        savings = [p.savings for p in players] if rules.rules.savings else None
        embed = ledger.ledger_embed(book, chunk, names, page, pages, loans, savings, rules, EN)
        return embed, components.ledger_view(game_id, book, page, pages)

    async def _finished(self, channel_id: int, game_id: int | None = None) -> tuple[int, Table] | None:
        """This channel's last finished game, or the one with `game_id` among its recent ones."""
        for row in await self.bot.store.history(channel_id=channel_id, limit=1 if game_id is None else 50):
            if game_id is None or row.game_id == game_id:
                return row.game_id, Table.model_validate_json(row.data)
        return None

    # -- stopping -------------------------------------------------------------------------------
    @payday.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """Stop the game here now and show the standings (host or Manage Channels)."""
        async with self.tables.lock(interaction.channel_id):
            loaded = await self.tables.load(interaction.channel_id)
            if loaded is None:
                await _refuse(interaction, NO_GAME)
                return
            table = loaded.table
            try:
                lobby.may_stop(table, interaction.user.id, _manages_channel(interaction))
            except IllegalAction as refusal:
                await _refuse(interaction, refusal_text(refusal, EN))
                return
            if table.state is None:
                await self.tables.discard(loaded)
                await interaction.response.send_message("The lobby is closed.", ephemeral=True)
                await self.live.edit(loaded, board.lobby_embed(table, "Closed."), None)
                return
            played = Played(engine.end_early(table.state), [], [{"kind": "ended", "by": interaction.user.id}])
            reason = f"Ended early by {clean_name(interaction.user.display_name)}."
            await self._conclude(loaded, played, interaction, reason, reply="You ended the game.")

    # -- help -----------------------------------------------------------------------------------
    @payday.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What this bot does, how a game goes, and every /payday command."""
        title, text = rules_text.help_page(EN)
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
        if edition is None:
            loaded = await self.tables.peek(interaction.channel_id)
            edition = loaded.table.ruleset if loaded is not None else RULESETS_DEFAULT
        title, text = rules_text.page(
            topic,
            edition,
            turn=rules_text.duration(self.bot.turn_seconds, EN),
            interrupt=rules_text.duration(self.bot.interrupt_seconds, EN),
            L=EN,
        )
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=text, colour=COLOUR), ephemeral=True
        )

    # -- shared helpers -------------------------------------------------------------------------
    def _seed(self, game_id: int) -> int:
        return secrets.randbits(62) if self.bot.seed is None else self.bot.seed + game_id

    async def _running(
        self, interaction: discord.Interaction, game_id: int | None = None, *, locked: bool = True
    ) -> Loaded | None:
        """The channel's running game, or a refusal; `locked=False` for read-only looks."""
        channel_id = interaction.channel_id
        loaded = await (self.tables.load(channel_id) if locked else self.tables.peek(channel_id))
        if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
            await _refuse(interaction, "This game has ended." if game_id else NO_GAME)
            return None
        if loaded.table.state is None:
            await _refuse(interaction, "The game here hasn't started yet: the host presses Start.")
            return None
        return loaded

    async def _seat(self, interaction: discord.Interaction, loaded: Loaded) -> int | None:
        seat = loaded.table.seat_of(interaction.user.id)
        if seat is None:
            await _refuse(interaction, "You're not playing in this game.")
        return seat

    def _refusal(self, table: Table, action: Action, refusal: IllegalAction) -> str:
        double = isinstance(refusal, act.StalePrompt) and table.last_answer == (action.prompt, action.seat)
        if double or isinstance(refusal, act.AlreadyAnswered):
            return ALREADY_DONE
        return refusal_text(refusal, EN, [seat.name for seat in table.seats])


def _missing_permissions(interaction: discord.Interaction) -> str | None:
    granted = interaction.app_permissions
    missing = [label for flag, label in NEEDED if not getattr(granted, flag)]
    return " and ".join(missing) or None


def _manages_channel(interaction: discord.Interaction) -> bool:
    return interaction.permissions.manage_channels


async def _refuse(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True)


def _confirm(played: Played) -> str:
    """The private answer to a slash command that changed the game: what it did, in words."""
    return board.safe("\n".join(played.lines[-5:])) or "Done."


def _log(message: str, loaded: Loaded, **fields) -> None:
    log.info(message, extra={"channel": loaded.row.channel_id, "game": loaded.row.game_id, **fields})


async def setup(bot: PaydayBot) -> None:
    """Load the /payday cog."""
    await bot.add_cog(Payday(bot))
