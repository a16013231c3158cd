"""The controls of every message as data: what each button and menu says, how it looks, what a
click on it does, and the rows they sit in.

What a click does is a target: the few values its custom_id carries (the channel, the game, the
question's number, the answer ...), so a button works after a restart without any view kept in
memory. Each kind of target carries its codec (`clicks`, bot/render/custom_ids.py: its custom_id's
layout is written above its class). Nothing here is a discord.ui item: the cog (cogs/payday) writes
each target as its custom_id, sends the rows, and routes every click back to its handler.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.game.strengths import Strength
from bot.render.custom_ids import CHANNEL, GAME, KIND, MONEY, NUMBER, Added, Part, Target, clicks
from bot.render.language.i18n import Lang
from bot.render.language.strengths import COMPUTER_MARK, strength_does, strength_name
from bot.render.prompts.layout import Choice, Menu, rows
from bot.service.values import LobbyChange


# -- what a click does --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InGame(Target):
    """A control of one channel's game: a click in another channel, or on a control of an earlier
    game, is refused."""

    channel_id: int
    game_id: int


@clicks("pd", channel_id=CHANNEL, game_id=GAME, prompt=NUMBER, kind=KIND, value=NUMBER)
@dataclass(frozen=True, slots=True)
class AnswerChoice(InGame):
    """Answer question number `prompt` of the game (a click on an older one is refused)."""

    prompt: int
    kind: str
    value: int


@clicks("pdm", channel_id=CHANNEL, game_id=GAME, prompt=NUMBER, kind=KIND)
@dataclass(frozen=True, slots=True)
class AnswerMenu(InGame):
    """The same from a select menu: one action kind, the option chosen its value."""

    prompt: int
    kind: str

    def chosen(self, value: int) -> AnswerChoice:
        return AnswerChoice(self.channel_id, self.game_id, self.prompt, self.kind, value)


@clicks("pdl", channel_id=CHANNEL, game_id=GAME, change=Part("|".join(LobbyChange), LobbyChange))
@dataclass(frozen=True, slots=True)
class LobbyAction(InGame):
    """A lobby button: join, leave, add a computer player, start or cancel."""

    change: LobbyChange


@clicks("pda", channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class AddComputer(InGame):
    """The lobby's menu of computer players: the option chosen is the strength of the one added."""


@clicks("pdh", channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class OpenHand(InGame):
    """My hand: the clicking player's private panel."""


@clicks("pdo", channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class SetOrders(InGame):
    """The standing-orders menu: whatever is ticked when it closes is the new set."""


@clicks("pdp", formerly=("pdr",), channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class RefreshHand(InGame):
    """Refresh: the panel edited in place with the hand as it is now (panels from before say
    pdr:<channel>:<game>, beside Rematch's pdr:<game>)."""


@dataclass(frozen=True, slots=True)
class MoneyAmount(InGame):
    """The form for the exact amount of a loan or a repayment (`kind`: loan or repay)."""

    kind: str


@clicks("pdb", channel_id=CHANNEL, game_id=GAME, kind=MONEY)
@dataclass(frozen=True, slots=True)
class OpenForm(MoneyAmount):
    """Borrow… / Repay…: open the form."""


@clicks("pdx", channel_id=CHANNEL, game_id=GAME, kind=MONEY)
@dataclass(frozen=True, slots=True)
class SubmitForm(MoneyAmount):
    """The form submitted: its one text field is the amount."""


@clicks("pde", channel_id=CHANNEL, game_id=GAME, prompt=NUMBER)
@dataclass(frozen=True, slots=True)
class EndGame(InGame):
    """The host's confirmation of /payday end, shown what ending at question `prompt` gives (a
    click after the game moved on is refused)."""

    prompt: int


@clicks("pdk", channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class KeepPlaying(InGame):
    """The host's Cancel of /payday end: nothing changes."""


@clicks("pdy", channel_id=CHANNEL, game_id=GAME)
@dataclass(frozen=True, slots=True)
class EditHouse(InGame):
    """House rules, on the lobby: its host's editor of the lobby's house rules."""


@clicks("pdq", channel_id=CHANNEL, game_id=GAME, prompt=NUMBER)
@dataclass(frozen=True, slots=True)
class AskHint(InGame):
    """Hint, beside the player's own question `prompt` (where the table allows hints): what the
    planner would answer, told privately (bot/features/review answers it)."""

    prompt: int


@clicks("pdlh", channel_id=CHANNEL, game_id=GAME, shown=NUMBER)
@dataclass(frozen=True, slots=True)
class LobbyHints(InGame):
    """The host's switch of hints on the lobby, from the position it `shown` (1 allowed, 0 off): a
    click on a switch another click has moved since is refused rather than moving it back."""

    shown: int


SERVER, LOBBY = "s", "l"
SCOPE = Part(f"{SERVER}|{LOBBY}", str)
REF = Part(r"[a-z]{1,12}|[0-9]{1,12}", str)
"""An edition's name (a server's house rules) or a game id (a lobby's)."""


@dataclass(frozen=True, slots=True)
class HouseOf(Target):
    """Whose house rules an editor changes: a server's for one edition (`scope` SERVER, `owner` the
    guild, `ref` the edition's name) or a lobby's (`scope` LOBBY, `owner` its channel, `ref` its game
    id). One editor serves both, the panel of /payday settings and the lobby's."""

    scope: str
    owner: int
    ref: str

    @classmethod
    def server(cls, guild_id: int, ruleset: str) -> "HouseOf":
        return cls(SERVER, guild_id, ruleset)

    @classmethod
    def lobby(cls, channel_id: int, game_id: int) -> "HouseOf":
        return cls(LOBBY, channel_id, str(game_id))


@clicks("pdym", scope=SCOPE, owner=CHANNEL, ref=REF)
@dataclass(frozen=True, slots=True)
class HouseMenu(HouseOf):
    """The editor's menu: the house rule chosen is switched, or its value asked in a form."""


@clicks("pdyr", scope=SCOPE, owner=CHANNEL, ref=REF, shown=Added("[0-9a-f]{10}", str, absent=None))
@dataclass(frozen=True, slots=True)
class HouseReset(HouseOf):
    """Reset: the edition's own rules again. `shown`: the mark of the house rules it showed
    (`house_mark`), which it puts back; None on a Reset from before Resets carried it."""

    shown: str | None = None


@clicks(
    "pdyf",
    scope=SCOPE,
    owner=CHANNEL,
    ref=REF,
    key=Part(r"[a-z_]{1,24}", str),
    shown=Added(r"[a-z0-9_]{1,24}", str, absent=None),
)
@dataclass(frozen=True, slots=True)
class HouseForm(HouseOf):
    """The form for the value of house rule `key`, submitted. `shown`: the value it showed (as
    `house_written`), which it is set from; None on a form from before forms carried it."""

    key: str
    shown: str | None


@clicks("pdr", game_id=GAME)
@dataclass(frozen=True, slots=True)
class Rematch(Target):
    """On a finished game's standings: a lobby for the same table again, in the channel clicked in."""

    game_id: int


# -- the controls ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Button:
    label: str
    target: Target
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a select menu; `value` is what a click sends back."""

    label: str
    value: str
    description: str | None = None
    emoji: str | None = None
    default: bool = False


@dataclass(frozen=True, slots=True)
class Select:
    target: Target
    options: tuple[Option, ...]
    placeholder: str | None = None
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False


Row = tuple[Button, ...] | Select
"""Up to five buttons, or one select menu (which takes a row of its own)."""
Rows = tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class Message:
    """A message of its own in a channel (the standings, a notice), as what it shows."""

    content: str | None = None
    embed: discord.Embed | None = None
    rows: Rows = ()
    mentions: tuple[int, ...] = ()
    """The users its content pings (none unless named here)."""
    standings: int | None = None
    """The game whose standings it is, to be linked from history once posted (None: not standings,
    or posted where history cannot link, the parent of a game's thread that is gone)."""


# -- each screen's rows -----------------------------------------------------------------------------------
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
    "secondary": discord.ButtonStyle.secondary,
}
HAND_EMOJI = "🃏"
HOUSE_EMOJI = "🏠"
HINT_EMOJI = "💡"
ON_EMOJI, OFF_EMOJI = "✅", "⬜"
"""A switch's position on its button, beside its colour (not everyone tells green from grey)."""


def game_rows(
    channel_id: int,
    game_id: int,
    prompt: int,
    answers: Sequence[Choice],
    L: Lang,
    *,
    paused: bool = False,
    hand: bool = True,
    hint: bool = False,
) -> Rows:
    """The live message's controls: the answers in the rows `prompts.layout.rows` lays out (three at
    most), My hand after the buttons (unless not `hand`: the hand panel's copy of them) and, if the
    table allows hints (`hint`) and the question is a choice, Hint; each select menu in a row of its
    own. While the game is `paused` the answers and Hint are shown disabled (My hand still works)."""
    mine = [Button(L._("My hand"), OpenHand(channel_id, game_id), emoji=HAND_EMOJI)] if hand else []
    if hint and len(answers) > 1:
        ask = AskHint(channel_id, game_id, prompt)
        mine.append(Button(L._("Hint"), ask, emoji=HINT_EMOJI, disabled=paused))
    laid: list[Row] = []
    for row in rows(answers, mine):
        if isinstance(row, Menu):
            options = tuple(Option(c.label[:100], str(c.value), c.detail[:100] or None) for c in row.options)
            target = AnswerMenu(channel_id, game_id, prompt, row.kind)
            laid.append(Select(target, options, row.placeholder[:150] or None, disabled=paused))
        else:
            laid.append(tuple(_answer(item, channel_id, game_id, prompt, paused) for item in row))
    return tuple(laid)


def _answer(item: Choice | Button, channel_id: int, game_id: int, prompt: int, disabled: bool) -> Button:
    """A choice as the button that answers it, or opens the money form for its kind (the message's
    own buttons stay as they are)."""
    if isinstance(item, Button):
        return item
    if item.form:
        return Button(
            item.label[:80], OpenForm(channel_id, game_id, item.kind), STYLES[item.style], disabled=disabled
        )
    target = AnswerChoice(channel_id, game_id, prompt, item.kind, item.value)
    return Button(item.label[:80], target, STYLES[item.style], disabled=disabled)


LOBBY_BUTTONS = (
    (LobbyChange.JOIN, discord.ButtonStyle.success),
    (LobbyChange.LEAVE, discord.ButtonStyle.secondary),
    (LobbyChange.START, discord.ButtonStyle.primary),
    (LobbyChange.CANCEL, discord.ButtonStyle.danger),
)
"""The lobby's buttons. Lobbies posted before computer players had strengths also have an Add
computer player button (`LobbyChange.ADD_COMPUTER`), which still seats a Normal one."""


def lobby_rows(channel_id: int, game_id: int, L: Lang, hints: bool | None = None) -> Rows:
    """Join, Leave, Start, Cancel and the host's House rules; under them the menu that adds a computer
    player of the strength chosen, each option saying what that strength does; and where the server
    allows hints (`hints` not None, `Table.hints`), the host's switch of them for this game."""
    labels = {
        LobbyChange.JOIN: L._("Join"),
        LobbyChange.LEAVE: L._("Leave"),
        LobbyChange.START: L._("Start"),
        LobbyChange.CANCEL: L._("Cancel"),
    }
    buttons = (
        *(
            Button(labels[change], LobbyAction(channel_id, game_id, change), style)
            for change, style in LOBBY_BUTTONS
        ),
        Button(L._("House rules"), EditHouse(channel_id, game_id), emoji=HOUSE_EMOJI),
    )
    strengths = tuple(
        Option(strength_name(s, L), s.value, strength_does(s, L)[:100], COMPUTER_MARK) for s in Strength
    )
    menu = Select(AddComputer(channel_id, game_id), strengths, L._("Add computer player…"))
    if hints is None:
        return buttons, menu
    switch = Button(
        L._("Hints: allowed") if hints else L._("Hints: off"),
        LobbyHints(channel_id, game_id, int(hints)),
        discord.ButtonStyle.success if hints else discord.ButtonStyle.secondary,
        emoji=ON_EMOJI if hints else OFF_EMOJI,
    )
    return buttons, menu, (switch,)


def rematch_button(game_id: int, L: Lang) -> Button:
    return Button(L._("Rematch"), Rematch(game_id), discord.ButtonStyle.success)


def end_rows(channel_id: int, game_id: int, prompt: int, L: Lang) -> Rows:
    """End the game now, or keep playing (first, the safe answer)."""
    keep = Button(L._("Keep playing"), KeepPlaying(channel_id, game_id), discord.ButtonStyle.secondary)
    end = Button(L._("End the game now"), EndGame(channel_id, game_id, prompt), discord.ButtonStyle.danger)
    return ((keep, end),)
