"""Buttons as DynamicItems: the custom_id carries everything needed to act on a click, so buttons on
messages sent before a restart keep working without any view being registered again.

custom_id layouts (all under Discord's 100 characters):
  pd:<channel>:<game>:<prompt>:<action>:<value>   answer the game's current question
  pdm:<channel>:<game>:<prompt>:<action>           the same from a select menu (the option is the value)
  pdl:<channel>:<game>:<action>                    lobby: join, leave, addbot, start, cancel
  pdg:<game>:<book>:<page>                         ledger pages (bank or loans)
  pds:<game>:<page>                                story pages (`/payday log`)
  pdr:<game>                                       Rematch, on a finished game's standings
The hand panel's own (pdh My hand, pdo standing orders, pdb Borrow…/Repay…, pdx their form) are
listed in bot/render/hand_view.py.
"""

import functools
import logging
import re
from collections.abc import Callable, Sequence

import discord

from bot.render.i18n import Lang, lang
from bot.render.prompts import Choice, Menu, rows
from bot.render.story import page_buttons
from bot.service.values import LobbyChange

log = logging.getLogger(__name__)

COG = "Payday"
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
    "secondary": discord.ButtonStyle.secondary,
}
LOBBY_BUTTONS: dict[LobbyChange, tuple[Callable[[Lang], str], discord.ButtonStyle]] = {
    LobbyChange.JOIN: (lambda L: L._("Join"), discord.ButtonStyle.success),
    LobbyChange.LEAVE: (lambda L: L._("Leave"), discord.ButtonStyle.secondary),
    LobbyChange.ADD_COMPUTER: (lambda L: L._("Add computer player"), discord.ButtonStyle.secondary),
    LobbyChange.START: (lambda L: L._("Start"), discord.ButtonStyle.primary),
    LobbyChange.CANCEL: (lambda L: L._("Cancel"), discord.ButtonStyle.danger),
}
BOOKS = ("bank", "loans")


async def _route(interaction: discord.Interaction, method: str, *args) -> None:
    """Hand the click to the game cog; a crash still gets the player a sentence, not "interaction failed"."""
    cog = interaction.client.get_cog(COG)
    try:
        await getattr(cog, method)(interaction, *args)
    except Exception:
        log.exception("button failed", extra={"channel": interaction.channel_id, "custom_id": args})
        if not interaction.response.is_done():
            await interaction.response.send_message(went_wrong(lang(interaction.locale)), ephemeral=True)


def went_wrong(L: Lang) -> str:
    """The answer to a click or command that crashed, instead of Discord's "interaction failed"."""
    return L._("Sorry, something went wrong on my side. Please try again.")


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pd:(?P<channel>\d{1,20}):(?P<game>\d{1,12}):(?P<prompt>\d{1,9}):(?P<kind>[a-z_]{1,12}):(?P<value>\d{1,9})",
):
    def __init__(self, channel_id: int, game_id: int, prompt: int, choice: Choice) -> None:
        custom_id = f"pd:{channel_id}:{game_id}:{prompt}:{choice.kind}:{choice.value}"
        super().__init__(
            discord.ui.Button(label=choice.label[:80], style=STYLES[choice.style], custom_id=custom_id)
        )
        self.channel_id, self.game_id, self.prompt, self.choice = channel_id, game_id, prompt, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "GameButton":
        choice = Choice(item.label or "", match["kind"], int(match["value"]))
        return cls(int(match["channel"]), int(match["game"]), int(match["prompt"]), choice)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(
            interaction,
            "game_click",
            self.channel_id,
            self.game_id,
            self.prompt,
            self.choice.kind,
            self.choice.value,
        )


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"pdm:(?P<channel>\d{1,20}):(?P<game>\d{1,12}):(?P<prompt>\d{1,9}):(?P<kind>[a-z_]{1,12})",
):
    """A select menu answering the game's question: one action kind, the chosen option its value."""

    def __init__(
        self,
        channel_id: int,
        game_id: int,
        prompt: int,
        kind: str,
        placeholder: str = "",
        options=(),
        row=None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pdm:{channel_id}:{game_id}:{prompt}:{kind}",
                placeholder=placeholder[:150] or None,
                options=[
                    discord.SelectOption(
                        label=c.label[:100], value=str(c.value), description=c.detail[:100] or None
                    )
                    for c in options
                ],
                row=row,
            )
        )
        self.channel_id, self.game_id, self.prompt, self.kind = channel_id, game_id, prompt, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> "GameSelect":
        return cls(int(match["channel"]), int(match["game"]), int(match["prompt"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = (interaction.data or {}).get("values") or [""]
        # Option values are ours, but the payload is not: anything else is a choice the game refuses.
        value = int(chosen[0]) if str(chosen[0]).isdigit() and len(chosen[0]) <= 9 else -1
        await _route(interaction, "game_click", self.channel_id, self.game_id, self.prompt, self.kind, value)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pdl:(?P<channel>\d{1,20}):(?P<game>\d{1,12}):(?P<action>join|leave|addbot|start|cancel)",
):
    def __init__(self, channel_id: int, game_id: int, action: LobbyChange, label: str = "") -> None:
        style = LOBBY_BUTTONS[action][1]
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, custom_id=f"pdl:{channel_id}:{game_id}:{action}"
            )
        )
        self.channel_id, self.game_id, self.action = channel_id, game_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "LobbyButton":
        return cls(int(match["channel"]), int(match["game"]), LobbyChange(match["action"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, "lobby_click", self.channel_id, self.game_id, self.action)


class LedgerButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pdg:(?P<game>\d{1,12}):(?P<book>bank|loans):(?P<page>\d{1,6})",
):
    def __init__(self, game_id: int, book: str, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"pdg:{game_id}:{book}:{page}"
            )
        )
        self.game_id, self.book, self.page = game_id, book, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "LedgerButton":
        return cls(int(match["game"]), match["book"], int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, "ledger_page", self.game_id, self.book, self.page)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pdr:(?P<game>\d{1,12})"):
    """On a finished game's standings: a lobby for the same table again (the channel is the one
    clicked in, which must hold that game in its history)."""

    def __init__(self, game_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=f"pdr:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "RematchButton":
        return cls(int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, "rematch_click", self.game_id)


class StoryButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pds:(?P<game>\d{1,12}):(?P<page>\d{1,6})",
):
    """A page of a game's story: the game and the page are in the custom_id, so it turns the page
    after a restart too, for a finished game as well."""

    def __init__(self, game_id: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"pds:{game_id}:{page}"
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "StoryButton":
        return cls(int(match["game"]), int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, "story_page", self.game_id, self.page)


def story_view(game_id: int, page: int, pages: int, L: Lang) -> discord.ui.View | None:
    """The start, earlier, later and the newest page, those that lead somewhere (None: one page)."""
    buttons = page_buttons(page, pages, L)
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for label, target in buttons:
        view.add_item(StoryButton(game_id, target, label))
    return view


DYNAMIC_ITEMS = (GameButton, GameSelect, LobbyButton, LedgerButton, StoryButton, RematchButton)


class AnswerView(discord.ui.View):
    """The live message's answers, held as the component payload Discord receives.

    Every control on the live message is a DynamicItem registered with the bot at start-up
    (`DYNAMIC_ITEMS`, `HAND_ITEMS`): a click is routed by its custom_id alone, never through the
    view it was sent with, which discord.py does not keep (it has no item to dispatch). So the view
    holds no discord.ui items: building one per button cost more than anything else in writing the
    board, on every click. Each button's payload is still discord.py's own (`button_payload`).
    """

    _rows: Sequence[list[dict]] = ()

    @classmethod
    def of(cls, rows: list[list[dict]]) -> "AnswerView":
        """A copy of the blank view made at import, with `rows`: discord.ui's own set-up (a random
        id read from the OS, a future on the running loop) is done once, not on every click."""
        view = cls.__new__(cls)
        view.__dict__.update(_BLANK_ANSWERS.__dict__)  # what copy.copy does, without its dispatch
        view._rows = rows
        return view

    def to_components(self) -> list[dict]:
        return [{"type": 1, "components": row} for row in self._rows]


_BLANK_ANSWERS = AnswerView(timeout=None)
"""Never stopped (nothing dispatches through it), so every copy's `is_finished()` stays False."""


def button_payload(custom_id: str, label: str, style: discord.ButtonStyle, emoji: str | None = None) -> dict:
    """A button as discord.py writes it into a message's components."""
    return {**_button_look(label, style, emoji), "custom_id": custom_id}


@functools.lru_cache(maxsize=512)
def _button_look(label: str, style: discord.ButtonStyle, emoji: str | None) -> dict:
    """What discord.py writes for a button of this look (its custom_id aside), asked once per look:
    the same few labels come back on every click."""
    return discord.ui.Button(label=label, style=style, emoji=emoji, custom_id="-").to_component_dict()


def game_view(
    channel_id: int,
    game_id: int,
    prompt: int,
    choices: list[Choice],
    extra: Sequence[dict] = (),
) -> AnswerView:
    """The answers in the rows `prompts.rows` lays out (three at most): buttons, the message's own
    buttons (`extra`, as `button_payload`s: My hand) after them, then one select menu a row."""
    laid: list[list[dict]] = []
    for row in rows(choices, extra):
        if isinstance(row, Menu):
            menu = GameSelect(channel_id, game_id, prompt, row.kind, row.placeholder, row.options)
            laid.append([menu.to_component_dict()])
            continue
        laid.append(
            [
                button_payload(
                    f"pd:{channel_id}:{game_id}:{prompt}:{item.kind}:{item.value}",
                    item.label[:80],
                    STYLES[item.style],
                )
                if isinstance(item, Choice)
                else item
                for item in row
            ]
        )
    return AnswerView.of(laid)


def lobby_view(channel_id: int, game_id: int, L: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, (label, _) in LOBBY_BUTTONS.items():
        view.add_item(LobbyButton(channel_id, game_id, action, label(L)))
    return view


def rematch_view(game_id: int, L: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, L._("Rematch")))
    return view


def ledger_view(game_id: int, book: str, page: int, pages: int, L: Lang) -> discord.ui.View:
    """Previous / next page, and a switch to the other book."""
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LedgerButton(game_id, book, page - 1, L._("◀ Newer")))
    if page < pages:
        view.add_item(LedgerButton(game_id, book, page + 1, L._("Older ▶")))
    other = BOOKS[1 - BOOKS.index(book)]
    view.add_item(
        LedgerButton(game_id, other, 1, L._("Loan book") if other == "loans" else L._("Bank statement"))
    )
    return view
