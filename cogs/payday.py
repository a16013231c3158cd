"""The /payday command group and every game button: Discord in, engine actions out.

Each change follows one path: take the channel's lock, load the table, apply, save the table and its
event-log rows in one transaction, and decide the answer; only once the lock is let go is Discord
called (the answer, then the live message), so a slow or rate-limited Discord never holds a game.
"""

import logging
import secrets
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot import lobby, restart
from bot.app import PaydayBot
from bot.game import actions as act
from bot.game import ai, engine
from bot.game import events as ev
from bot.game.actions import Action, IllegalAction
from bot.game.rulesets import DEFAULT_RULESET as RULESETS_DEFAULT
from bot.game.rulesets import RULESETS
from bot.render import board, components, ledger, notices, rules_text
from bot.render.i18n import lang
from bot.render.refusals import refusal_text
from bot.render.rules_text import Topic
from bot.table import Table, clean_name
from bot.timers import DeadlineScheduler
from cogs import options
from cogs.live import LiveMessage, clicked
from cogs.reply import Reply
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
    "join": lambda table, user: lobby.join(table, user.id, player_name(user)),
    "leave": lambda table, user: lobby.leave_lobby(table, user.id),
    "addbot": lambda table, user: lobby.add_computer(table, user.id),
}
"""Lobby buttons and commands that change the seats; each returns the line the lobby shows."""
SAVE_FAILED = (
    "⚠️ I couldn't save this game just now (the database is busy or the disk is full), so it is "
    "paused. Nothing is lost: I keep trying by myself, and the game goes on once saving works again."
)
NEEDED = (("send_messages", "Send Messages"), ("embed_links", "Embed Links"))
"""Channel permissions a game needs beyond answering interactions: the live message is reposted
each month, and reminders, Pay Day notices and the standings are messages of their own."""
IN_THREADS = ("send_messages_in_threads", "Send Messages in Threads")
"""What Send Messages is called in a thread, where Send Messages itself does not count."""
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)


class Payday(commands.Cog):
    """/payday: lobby, game, bank and rules commands, and the game's buttons."""

    payday = app_commands.Group(
        name="payday", description="Play the board game Pay Day in this channel.", guild_only=True
    )

    def __init__(self, bot: PaydayBot) -> None:
        self.bot = bot
        self.tables = Tables(bot.store, on_set_aside=self._tell_set_aside)
        self.timers = DeadlineScheduler(self.on_wake, self._wake_failed)
        self.live = LiveMessage(bot, self._moved)

    async def cog_load(self) -> None:
        """Register the buttons and re-arm every stored timer, so a restart loses nothing.

        Only the store's (channel, time) index is read, never the games, so start-up costs the same
        however many games are saved. Timers that passed while the bot was down wake spread out
        (`bot.restart`), and a player's time limit that ran out meanwhile is extended when the game
        is next loaded: the time the bot was away is not theirs.
        """
        self.bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
        plan = restart.resume(await self.tables.wakeups(), discord.utils.utcnow())
        self.tables.resume(plan)
        for channel_id, when in plan.arm.items():
            self.timers.arm(channel_id, when)
        log.info("timers re-armed", extra={"timers": len(plan.arm), "overdue": len(plan.grace)})

    async def _tell_set_aside(self, channel_id: int, game_id: int) -> None:
        """Once, in the channel of a saved game the bot could not read (see Tables)."""
        self.timers.cancel(channel_id)
        self.live.post(channel_id, content=notices.set_aside(game_id))

    async def cog_unload(self) -> None:
        await self.timers.cancel_all()
        await self.live.close()

    @asynccontextmanager
    async def _turn(
        self, channel_id: int, interaction: discord.Interaction | None = None, *, public: bool = False
    ) -> AsyncIterator[Reply | None]:
        """The channel's lock, held while a change is decided and saved; the answer to `interaction`
        is sent, and the live message brought up to date, only after it is released."""
        reply = None if interaction is None else Reply(interaction, self.live, public=public)
        try:
            async with self.tables.lock(channel_id):
                yield reply
        except BaseException:
            if reply is not None:
                reply.cancel()
            raise
        if reply is not None:
            await reply.flush()
        self.live.kick(channel_id)

    async def _moved(self, channel_id: int, game_id: int, message_id: int, shows: int) -> Loaded | None:
        """The live message is now `message_id`, a new message showing row version `shows`: saved
        under the lock. None if the game is gone meanwhile."""
        async with self.tables.lock(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is None or loaded.row.game_id != game_id:
                return None
            unchanged = loaded.row.version == shows
            table = loaded.table
            table.message_id, table.message_month = message_id, table.leading_month()
            loaded = await self.tables.save(loaded)
            seq = self.live.update(loaded)
            if unchanged:
                self.live.shown(loaded, seq)
        _log("live message moved", loaded, message_id=message_id)
        return loaded

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every slash option is checked against its declaration before a command runs."""
        options.check(interaction)
        return True

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
        created: Loaded | None = None
        try:
            async with self._turn(channel_id, interaction, public=True) as reply:
                if await self.tables.load(channel_id) is not None:
                    reply.say("A game is already open here: see /payday status, or /payday end it.")
                    return
                created = await self._open_lobby(interaction, months, turn_time, ruleset)
                reply.post(**self.live.draw(created))
        except discord.HTTPException:
            if created is not None:  # nobody can see the lobby, so nobody could close it
                async with self.tables.lock(channel_id):
                    await self.tables.discard(created)
                self.live.forget(channel_id)
            raise
        if created is not None and reply.posted is not None:
            loaded = await self._moved(channel_id, created.row.game_id, reply.posted, created.row.version)
            if loaded is not None:
                _log("lobby opened", loaded, host=interaction.user.id, ruleset=ruleset, months=months)

    async def _open_lobby(
        self, interaction: discord.Interaction, months: int, turn_time: int | None, ruleset: str
    ) -> Loaded:
        """A new lobby with its host seated, saved; the caller posts it and saves where it is."""
        table = Table(
            host_id=interaction.user.id,
            months=months,
            ruleset=ruleset,
            turn_seconds=turn_time or self.bot.turn_seconds,
            interrupt_seconds=min(self.bot.interrupt_seconds, turn_time or self.bot.turn_seconds),
            seed=secrets.randbits(62),
        )
        lobby.join(table, interaction.user.id, player_name(interaction.user))
        table.lobby_closes = discord.utils.utcnow() + timedelta(minutes=self.bot.lobby_minutes)
        loaded = await self.tables.create(interaction.channel_id, interaction.guild_id, table)
        if self.bot.seed is not None:  # reproducible games for tests: seed + game id
            table.seed = self.bot.seed + loaded.row.game_id
        loaded = await self.tables.save(loaded, [{"kind": "lobby", "host": interaction.user.id}])
        self.live.update(loaded)
        self._arm(loaded)
        return loaded

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
        async with self._turn(channel_id, interaction) as reply:
            loaded = await self.tables.load(channel_id)
            if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
                reply.say("This lobby has closed." if game_id else NO_GAME)
                return
            table = loaded.table
            try:
                if table.state is not None and what == "leave":
                    await self._leave_running(reply, loaded)
                    return
                if what == "cancel":
                    lobby.cancel(table, user.id, _manages_channel(interaction))
                    await self._close_lobby(loaded, reply, f"Cancelled by {player_name(user)}.")
                    _log("lobby cancelled", loaded, user=user.id)
                    return
                if what == "start":
                    opening = lobby.start(table, user.id)
                else:
                    note = LOBBY_CHANGES[what](table, user)
            except IllegalAction as refusal:
                reply.say(refusal_text(refusal, EN))
                return
            if what == "start":
                await self._begin(reply, loaded, opening)
                return
            if not table.humans():
                await self._close_lobby(loaded, reply, "Everyone left: the lobby is closed.")
                return
            loaded = await self.tables.save(loaded, [{"kind": "lobby", "change": what, "user": user.id}])
            self.live.update(loaded, note=note)
            _show_lobby(reply, note)

    async def _close_lobby(
        self, loaded: Loaded, reply: Reply | None, note: str, said: str | None = None
    ) -> None:
        """The lobby is gone from the store and its message keeps `note` and no buttons."""
        await self.tables.discard(loaded)
        self.timers.cancel(loaded.row.channel_id)
        self.live.update(loaded, note=note, closed=True)
        if reply is not None:
            if said is None:
                _show_lobby(reply, note)
            else:
                reply.say(said)

    async def _begin(self, reply: Reply, loaded: Loaded, opening: list[ev.Event]) -> None:
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
        said = None if clicked(reply.interaction, table.message_id) else "The game has started."
        self._tell(loaded, reply, said)

    async def _leave_running(self, reply: Reply, loaded: Loaded) -> None:
        table, user_id = loaded.table, reply.interaction.user.id
        line = lobby.leave_game(table, user_id)
        table.remember([line])
        if not table.humans():
            played = _ended_early(table, {"kind": "abandoned"})
            said = "You left. Nobody else is left, so the game is over."
            await self._conclude(loaded, played, reply, "Every player left.", said=said)
            return
        table.set_timers(discord.utils.utcnow())
        loaded = await self.tables.save(loaded, [{"kind": "left", "user": user_id, "text": line}])
        _log("player left", loaded, user=user_id)
        self._tell(loaded, reply, "You left the game; a computer player took your seat.")

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
        async with self._turn(interaction.channel_id, interaction) as reply:
            loaded = await self._running(reply, game_id)
            if loaded is None:
                return
            seat = self._seat(reply, loaded)
            if seat is None:
                return
            back = loaded.table.present(seat)
            action = Action(seat, kind, value, prompt)
            await self._apply(loaded, [action], reply, slash=slash, back=back)

    async def _apply(
        self,
        loaded: Loaded,
        actions: Iterable[Action],
        reply: Reply | None,
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
                if reply is None:
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
                    self._tell(loaded, None)
                said = self._refusal(table, action, refusal)
                if said != ALREADY_DONE and self._board_behind(reply, loaded, refusal):
                    reply.board()  # the answer is the board they should have seen
                    return
                reply.say(said)
                return
            if reply is not None:  # only the player's own answers make a later click a double
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
        said = _confirm(played) if slash else None
        if table.state.over:
            await self._conclude(loaded, played, reply, "Everyone has retired.", said=said)
            return
        loaded = await self.tables.save(loaded, played.records)
        self._tell(loaded, reply, said, board.payday_notices(loaded.table, played.events))

    def _tell(
        self, loaded: Loaded, reply: Reply | None, said: str | None = None, notices: str | None = None
    ) -> None:
        """After a save: the live message is to show it (with `notices`, Pay Day summaries), the
        player is answered (privately with `said`, else with the board they clicked), and the
        channel's timer is re-armed. Nothing here waits on Discord: that happens after the lock."""
        self.live.update(loaded, notices)
        if reply is not None:
            if said is None:
                reply.board()
            else:
                reply.say(said)
        self._arm(loaded)

    async def _conclude(
        self,
        loaded: Loaded,
        played: Played,
        reply: Reply | None,
        reason: str,
        *,
        said: str | None = None,
    ) -> None:
        """Game over: move it to history, freeze the live message, announce the standings.

        A click is answered by freezing its message, a slash command with `said`, privately; the
        standings then come as a follow-up of that answer, which needs no permission to post in the
        channel. A game ended by its timer posts them in the channel.
        """
        table = loaded.table
        if not played.records or played.records[-1].get("kind") != ev.GAME_OVER:
            played.records.append({"kind": ev.GAME_OVER, "reason": reason, "winners": table.state.winners})
        table.deadline = table.remind_at = table.computer_at = None
        await self.tables.finish(loaded, played.records, reason)
        self.timers.cancel(loaded.row.channel_id)
        _log("game over", loaded, reason=reason, winners=table.state.winners)
        self.live.update(loaded, closed=True)
        # The last player to retire gets their Pay Day summary too, on the standings message.
        final = board.final_embed(table, loaded.row.game_id, reason)
        standings = {"content": board.payday_notices(table, played.events), "embed": final}
        if reply is None:
            self.live.post(loaded.row.channel_id, **standings)
            return
        if said is None:
            reply.board()
        else:
            reply.say(said)
        reply.follow(**standings)

    # -- timers: computer players, time limits, reminders ----------------------------------------
    async def on_wake(self, channel_id: int) -> None:
        """A timer fired: computer players act, or time ran out, or the player gets a reminder.

        Time is not charged to a player whose board Discord has not shown yet (an answer or an edit
        failed): they get their full time again, and the live message another try.
        """
        async with self._turn(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is not None and loaded.table.state is None:
                await self._lobby_timer(loaded)
                return
            if loaded is None or loaded.table.state.over:
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
            elif table.deadline is not None and now >= table.deadline and self.live.behind(channel_id):
                table.restart_clock(now)
                loaded = await self.tables.save(loaded, [{"kind": "clock_restarted", "prompt": state.prompt}])
                _log("time not charged: the board was not shown", loaded, prompt=state.prompt)
                self._tell(loaded, None)
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
                self._remind(loaded)
                self._arm(loaded)
            else:
                self._arm(loaded)

    async def _lobby_timer(self, loaded: Loaded) -> None:
        """A lobby nobody started closes by itself at the time it states, freeing the channel."""
        closes = loaded.table.lobby_closes
        if closes is None or discord.utils.utcnow() < closes:
            self._arm(loaded)
            return
        minutes = self.bot.lobby_minutes
        note = f"Nobody started the game within {minutes} minute{'s' * (minutes != 1)}: the lobby closed."
        await self._close_lobby(loaded, None, note)
        _log("lobby expired", loaded)

    async def _wake_failed(self, channel_id: int, failures: int, error: BaseException) -> None:
        """A timer's work could not be saved: the scheduler tries again later; the table hears about it
        once, at the first failure in a row, rather than wondering why nothing happens."""
        if failures == 1:
            self.live.post(channel_id, content=SAVE_FAILED)
            self.live.kick(channel_id)

    def _remind(self, loaded: Loaded) -> None:
        """Ping only the player whose turn it is, and nobody a display name could mention."""
        table = loaded.table
        waiting = table.waiting_humans()
        if not waiting or table.deadline is None:
            return
        user_id = table.seats[waiting[0]].user_id
        when = discord.utils.format_dt(table.deadline, "R")
        self.live.post(
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
        channel_id = interaction.channel_id
        shown: Loaded | None = None
        async with self._turn(channel_id, interaction, public=True) as reply:
            loaded = await self.tables.load(channel_id)
            if loaded is None:
                reply.say(NO_GAME)
                return
            table = loaded.table
            if table.seat_of(interaction.user.id) is None and table.state is not None:
                reply.say(embed=board.game_embed(table, loaded.row.game_id))
                return
            shown = loaded
            reply.post(**self.live.draw(loaded))
        if shown is None or reply.posted is None:
            return
        loaded = await self._moved(channel_id, shown.row.game_id, reply.posted, shown.row.version)
        old = shown.table.message_id
        if loaded is not None and old is not None:
            await self.live.strip_buttons(channel_id, old)

    @payday.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """See your cash, loan, Mail and Deals (only you can see this)."""
        reply = Reply(interaction, self.live)
        loaded = await self._running(reply, locked=False)
        seat = None if loaded is None else self._seat(reply, loaded)
        if seat is not None:
            reply.say(embed=board.hand_embed(loaded.table, seat, discord.utils.utcnow()))
        await reply.flush()

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
            finished = await self.tables.finished(interaction.channel_id)
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
            finished = await self.tables.finished(interaction.channel_id, game_id)
            if finished is None:
                await _refuse(interaction, "That ledger is no longer available.")
                return
            table = finished[1]
        embed, view = await self._ledger_page(game_id, table, book, page)
        await interaction.response.edit_message(embed=embed, view=view)

    async def _ledger_page(
        self, game_id: int, table: Table, book: str, page: int
    ) -> tuple[discord.Embed, discord.ui.View]:
        transfers = await self.tables.transfers(game_id)
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

    # -- stopping -------------------------------------------------------------------------------
    @payday.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """Stop the game here now and show the standings (host or Manage Channels)."""
        async with self._turn(interaction.channel_id, interaction) as reply:
            loaded = await self.tables.load(interaction.channel_id)
            if loaded is None:
                reply.say(NO_GAME)
                return
            table = loaded.table
            try:
                lobby.may_stop(table, interaction.user.id, _manages_channel(interaction))
            except IllegalAction as refusal:
                reply.say(refusal_text(refusal, EN))
                return
            if table.state is None:
                await self._close_lobby(loaded, reply, "Closed.", said="The lobby is closed.")
                return
            played = _ended_early(table, {"kind": "ended", "by": interaction.user.id})
            reason = f"Ended early by {player_name(interaction.user)}."
            await self._conclude(loaded, played, reply, reason, said="You ended the game.")

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
        self, reply: Reply, game_id: int | None = None, *, locked: bool = True
    ) -> Loaded | None:
        """The channel's running game, or a refusal; `locked=False` for read-only looks."""
        channel_id = reply.interaction.channel_id
        loaded = await (self.tables.load(channel_id) if locked else self.tables.peek(channel_id))
        if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
            reply.say("This game has ended." if game_id else NO_GAME)
            return None
        if loaded.table.state is None:
            reply.say("The game here hasn't started yet: the host presses Start.")
            return None
        return loaded

    def _seat(self, reply: Reply, loaded: Loaded) -> int | None:
        seat = loaded.table.seat_of(reply.interaction.user.id)
        if seat is None:
            reply.say("You're not playing in this game.")
        return seat

    def _board_behind(self, reply: Reply, loaded: Loaded, refusal: IllegalAction) -> bool:
        """A click on an old question of the live message while Discord has not shown the new one
        (an answer or an edit was lost): the player was shown a stale board, through no fault of
        theirs."""
        return (
            isinstance(refusal, act.StalePrompt)
            and clicked(reply.interaction, loaded.table.message_id)
            and self.live.behind(loaded.row.channel_id)
        )

    def _refusal(self, table: Table, action: Action, refusal: IllegalAction) -> str:
        double = isinstance(refusal, act.StalePrompt) and table.last_answer == (action.prompt, action.seat)
        if double or isinstance(refusal, act.AlreadyAnswered):
            return ALREADY_DONE
        return refusal_text(refusal, EN, [seat.name for seat in table.seats])


def _missing_permissions(interaction: discord.Interaction) -> str | None:
    """The permissions the bot lacks to run a game here; in a thread, posting is Send Messages in
    Threads (Send Messages alone does not let the bot post there)."""
    granted = interaction.app_permissions
    needed = NEEDED
    if getattr(interaction.channel, "type", None) in THREADS:
        needed = (IN_THREADS, *NEEDED[1:])
    missing = [label for flag, label in needed if not getattr(granted, flag)]
    return " and ".join(missing) or None


def player_name(user: discord.abc.User) -> str:
    """The name the board shows: the display name made safe, or the username if that looks blank."""
    return clean_name(user.display_name, fallback=user.name)


def _show_lobby(reply: Reply, note: str) -> None:
    """A lobby click is answered with the lobby itself; a slash command privately with `note`."""
    if reply.interaction.message is None:
        reply.say(note)
    else:
        reply.board()


def _manages_channel(interaction: discord.Interaction) -> bool:
    return interaction.permissions.manage_channels


async def _refuse(interaction: discord.Interaction, text: str) -> None:
    """A private one-line refusal; names in it (whose turn it is) are escaped like on the board."""
    await interaction.response.send_message(board.safe(text), ephemeral=True)


def _ended_early(table: Table, record: dict) -> Played:
    """Stop the game now: the refunds of stakes still in the pot go into the event log with their
    words, like every other dollar, after `record` (who or what ended it)."""
    events = engine.end_early(table.state)
    lines, records = recorded(table, events)
    table.remember(lines)
    return Played(events, lines, [record, *records])


def _confirm(played: Played) -> str:
    """The private answer to a slash command that changed the game: what it did, in words (escaped
    when it is sent, like every private answer)."""
    return "\n".join(played.lines[-5:]) or "Done."


def _log(message: str, loaded: Loaded, **fields) -> None:
    log.info(message, extra={"channel": loaded.row.channel_id, "game": loaded.row.game_id, **fields})


async def setup(bot: PaydayBot) -> None:
    """Load the /payday cog."""
    await bot.add_cog(Payday(bot))
