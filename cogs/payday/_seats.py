"""The table's seats: a member's own calls (/payday notices, a lasting preference), and the host's
(or a moderator's) /payday end and kick."""

import discord
from discord import app_commands

from bot.render.components import EndGame, Message
from bot.render.ending import end_question, kept_playing
from bot.render.frame import language
from bot.render.language.i18n import Lang
from bot.render.notes import note_text
from bot.render.notices import notice_message
from bot.service import EndAsked, Person, Update
from cogs.payday._base import Answering, channel_of, person, player_name, same_channel
from cogs.payday.live import Reply


class Seats(Answering):
    @app_commands.command(name="notices")
    @app_commands.describe(state="on: the bot mentions you when a game waits for you; off: it never does.")
    @app_commands.choices(
        state=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
    )
    async def notices(self, interaction: discord.Interaction, state: str) -> None:
        """Be mentioned, or not, when a game waits for you: in every game you play from now on."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction,
            lambda: self.service.looks.switch_calls(channel_id, person(interaction), state == "on"),
            self._show,
        )

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """Stop the game here, after you confirm, and show the standings (host or Manage Channels)."""
        channel_id = channel_of(interaction)

        def show(reply: Reply, asked: Update | EndAsked, L: Lang) -> None:
            if isinstance(asked, EndAsked):
                question = end_question(asked, L)
                reply.say(embed=question.embed, rows=question.rows)
            else:  # a lobby closes at once: nothing is lost
                self._show(reply, asked, L)

        await self._run(
            interaction, lambda: self.service.playing.ask_end(channel_id, person(interaction)), show
        )

    async def end_click(self, interaction: discord.Interaction, clicked: EndGame) -> None:
        """End the game now, confirmed on the private question: the question gives way to what was
        done, and the standings follow in the channel."""

        async def call() -> Update:
            same_channel(interaction, clicked.channel_id)
            return await self.service.playing.end(
                clicked.channel_id, person(interaction), clicked.game_id, clicked.prompt
            )

        def show(reply: Reply, update: Update, L: Lang) -> None:
            said = update.answer.said
            assert said is not None, "ending a game says so to whoever ended it"
            reply.edit(Message(note_text(said, L, None)), text=True)
            for notice in update.follow:
                reply.follow(notice_message(notice, language(update.loaded.table if update.loaded else None)))

        await self._run(interaction, call, show)

    async def keep_playing(self, interaction: discord.Interaction) -> None:
        """Cancel on the private question: nothing changes, and the question says so."""
        await self._run(
            interaction, _nothing, lambda reply, _, L: reply.edit(Message(kept_playing(L)), text=True)
        )

    @app_commands.command(name="kick")
    @app_commands.describe(member="The player to remove from the game here.")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        """Remove a player (host or Manage Channels); a computer player takes a running game's seat."""
        channel_id = channel_of(interaction)
        removed = Person(member.id, player_name(member))
        await self._run(
            interaction,
            lambda: self.service.lobbies.kick(channel_id, person(interaction), removed),
            self._show,
        )


async def _nothing() -> None:
    """Keep playing changes nothing: there is no use case to call."""
