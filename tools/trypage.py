"""Drive the `make try` page in headless Chromium, as a player would: shared by the browser test and
`make screenshots`.

Every step waits for a condition of the page (the click settled, a text appeared), never for a fixed
time, so it holds on a slow machine. Debian's `chromium` is used through Playwright for Python: the
network is closed here, so Playwright's own browser download is never needed.
"""

import base64
import json
import re
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
INSTALL_HINT = "`apt-get install -y chromium` installs it (Debian, Ubuntu); `.ci/run` does so itself"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 20_000
"""Longest wait for one page condition: a click settles in well under a second, a computer
player moves after 1.5 s; the margin is for a loaded machine."""

# window.simcordPreview is the page's read-only state for tools: idle once the last action settled
# and the page shows the newest publication.
_IDLE = "(s => s && s.ready && !s.pendingAction && s.awaitingRevision === null)(window.simcordPreview)"
_BOARD = """(messages => {
  const title = m => m.querySelector('.embed-title')?.innerText || '';
  const boards = messages.filter(m => /^Pay Day — (month|game over)/.test(title(m)));
  const m = boards[boards.length - 1];
  if (!m) return null;
  const text = sel => m.querySelector(sel)?.innerText || '';
  // The board is the first embed; the question is the last one, right above the buttons.
  const asked = [...m.querySelectorAll('.embed-description')].pop()?.innerText || '';
  const fields = {};
  for (const f of m.querySelectorAll('.embed-field'))
    fields[f.querySelector('.embed-field-name').innerText] = f.querySelector('.embed-field-value').innerText;
  const buttons = [...m.querySelectorAll('.component-button')]
    .filter(b => b.getAttribute('aria-disabled') !== 'true').map(b => b.innerText.trim());
  return {id: m.dataset.messageId, title: text('.embed-title'), description: asked,
          fields, buttons};
})"""
# The page holds pictures as blob: URLs, which only the page itself can read.
_IMAGE_BYTES = """async img => {
  const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}"""
_PLAYER = re.compile(
    r"^\W*(?P<name>.+?)(?: \(away[^)]*\))?(?: 🤖 \w+)? — (?P<where>[^·]+?) · \$(?P<cash>[\d,]+)(?P<rest>.*)$"
)
"""A Players line: "▫️ alice — START · $3,500 · ...", a computer player's name followed by its strength."""


@dataclass(frozen=True)
class Player:
    """One line of the board's Players field."""

    name: str
    where: str
    cash: int
    rest: str

    @property
    def day(self) -> int:
        """0 at START, else the day of the month the token stands on ("Thu 4: Deal")."""
        found = re.match(r"\w+ (\d+):", self.where)
        return int(found[1]) if found else 0

    @property
    def loan(self) -> int:
        found = re.search(r"loan \$([\d,]+)", self.rest)
        return int(found[1].replace(",", "")) if found else 0


@dataclass(frozen=True)
class Board:
    """The newest live game message as the page shows it."""

    message_id: str
    title: str
    description: str
    fields: dict[str, str]
    buttons: list[str]

    @property
    def prompt(self) -> str:
        """The first line: what the game waits for, naming who must answer."""
        return self.description.splitlines()[0] if self.description else ""

    def asks(self) -> set[str]:
        """The players the prompt asks: "alice, roll…", "…Waiting for alice, bob and carol.",
        "Radio Contest: bob, roll…", "alice found a Buyer…", a computer's seat too ("…Waiting for
        alice and bob (computer).", "The computer is playing for bob…")."""
        return {
            name
            for name in self.players
            if re.search(
                rf"(?:^|[:.] |for |, |and ){re.escape(name)}(?=[,.…]| and | found| \(computer\))", self.prompt
            )
        }

    @property
    def players(self) -> dict[str, Player]:
        rows = (_PLAYER.match(line.strip()) for line in self.fields.get("Players", "").splitlines())
        return {
            m["name"]: Player(m["name"], m["where"].strip(), int(m["cash"].replace(",", "")), m["rest"])
            for m in rows
            if m
        }

    @property
    def latest(self) -> list[str]:
        return self.fields.get("Latest", "").splitlines()


_PLAYER_ACTIONS = frozenset({"click", "select", "modal_submit", "run_command"})
"""The page's actions a player makes; the page's own (viewport reports, viewer switches, message
searches) go through the same endpoint and sequence."""


def _is_player_action(response) -> bool:
    """Whether `response` is the page's answer to a player's action (its receipt)."""
    request = response.request
    if request.method != "POST" or not response.url.endswith("/api/action"):
        return False
    try:
        return json.loads(request.post_data or "{}").get("kind") in _PLAYER_ACTIONS
    except ValueError:
        return False


class PageError(AssertionError):
    """The page refused or failed an action a player could see go wrong."""


class TryPage:
    """The #payday channel page, viewed as one member at a time."""

    def __init__(self, page) -> None:
        self.page = page

    async def idle(self) -> None:
        await self.page.wait_for_function(_IDLE, timeout=WAIT_MS)

    async def _act(self, start) -> None:
        """Run `start()` (a click that dispatches an action) and wait until the bot's answer shows.

        The answer is the page's receipt for this very click, read from the page's own request: the
        page's `lastAction` may instead hold one of its viewport reports (`configure_presentation`,
        sent after every layout change), and a retry made on such a report's rejection would click
        a second time, on a button the first click already answered.

        A click that lands just as the bot publishes a move of its own is refused by the page as
        stale, exactly as a button that changed under the cursor: it is tried once more."""
        for attempt in (1, 2):
            await self.idle()
            revision = await self.page.evaluate("window.simcordPreview.publishedRevision")
            async with self.page.expect_response(_is_player_action, timeout=WAIT_MS) as sent:
                await start()
            receipt = await (await sent.value).json()
            codes = [d.get("code") for d in receipt.get("diagnostics") or []]
            if receipt["rejected"] and codes == ["stale-revision"] and attempt == 1:
                continue
            if not receipt["rejected"] and receipt["settlement"] == "timeout":
                # The bot took longer than simcord waits for one step (a loaded machine): the bot
                # finishes anyway and `make try` publishes it; wait for that.
                await self._published_after(revision)
                return
            if receipt["rejected"] or receipt["settlement"] != "settled":
                raise PageError(f"the page did not complete the action: {receipt}")
            await self.page.wait_for_function(
                f"r => {_IDLE} && window.simcordPreview.publishedRevision >= r",
                arg=receipt["revision"],
                timeout=WAIT_MS,
            )
            return

    async def _published_after(self, revision: int, *, quiet_ms: int = WAIT_MS) -> None:
        await self.page.wait_for_function(
            f"r => {_IDLE} && window.simcordPreview.publishedRevision > r", arg=revision, timeout=quiet_ms
        )

    async def view_as(self, name: str) -> None:
        """Switch "Viewing as" to another member: the page now shows what they see."""
        picker = self.page.locator("#viewer-picker")
        value = await picker.locator("option", has_text=re.compile(f"^{re.escape(name)}$")).get_attribute(
            "value"
        )
        await self.idle()
        await picker.select_option(value)
        await self.page.wait_for_function(
            f"(id => {_IDLE} && window.simcordPreview.viewerId === id)", arg=value, timeout=WAIT_MS
        )

    async def slash(self, command: str, **options: object) -> None:
        """Type `/command` in the message box, fill its options, and send it."""
        box = self.page.locator("#channel-composer-input")
        await self.idle()
        await box.click()
        await box.fill("")
        await box.press_sequentially(f"/{command}")
        entry = self.page.locator(".command-entry.is-active")
        await entry.filter(has_text=f"/{command}").wait_for(timeout=WAIT_MS)
        await box.press("Enter")
        for name, value in options.items():
            await self.page.locator(".command-popup").get_by_text(name, exact=True).click()
            await self.page.locator(f'input.command-option-input[data-option="{name}"]').fill(str(value))
        await self._act(self.page.locator("#send-message").click)

    async def press(self, label: str) -> None:
        """Click the button with this label on the newest message that has one."""
        buttons = self.page.locator("article.channel-message .component-button:not([aria-disabled=true])")
        await self._act(buttons.filter(has_text=_label(label)).last.click)

    async def choose(self, menu: str, option: str) -> None:
        """Open the select menu called `menu` (its placeholder) on the newest message that has one,
        and pick the option labelled `option`."""
        await self.idle()
        await self.page.locator(
            f'article.channel-message button.select-trigger[aria-label="{menu}"]'
        ).last.click()
        options = self.page.get_by_role("option").filter(has_text=re.compile(f"^\\W*{re.escape(option)}"))
        await self._act(options.first.click)

    async def fill_form(self, title: str, values: dict[str, str]) -> None:
        """Fill the form the bot opened (its title), a field by its label, and submit it."""
        await self.idle()
        form = self.page.get_by_role("dialog").filter(has_text=title)
        for label, value in values.items():
            field = form.locator(".modal-field").filter(
                has=self.page.locator(".control-label", has_text=label)
            )
            await field.locator("input, textarea").fill(value)
        await self._act(form.get_by_role("button", name="Submit").click)

    async def channels(self) -> list[str]:
        """The channel and its threads as `make try` lists them above the conversation ("# payday",
        "🧵 Pay Day: alice's game"), the one shown marked with "▸"."""
        await self.idle()
        await self.page.wait_for_function(
            "Number(document.getElementById('offline-channels')?.dataset.revision)"
            " >= window.simcordPreview.publishedRevision",
            timeout=WAIT_MS,
        )
        buttons = self.page.locator("#offline-channels .offline-channel")
        return [
            ("▸ " if await button.get_attribute("aria-current") == "page" else "") + await button.inner_text()
            for button in await buttons.all()
        ]

    async def open_channel(self, name: str, *, via_summary: bool = False) -> None:
        """Show the channel or thread called `name`: from the list above the conversation, or from
        the thread's summary under the message that started it, as in Discord."""
        await self.idle()
        if via_summary:
            await self.page.locator(".thread-summary").filter(has_text=name).last.click()
        else:
            await self.page.locator("#offline-channels .offline-channel").filter(has_text=name).click()
        await (
            self.page.locator("#channel-name")
            .filter(has_text=re.compile(f"^{re.escape(name)}$"))
            .wait_for(timeout=WAIT_MS)
        )
        await self.idle()

    async def board(self) -> Board | None:
        found = await self.page.locator("article.channel-message").evaluate_all(_BOARD)
        return None if found is None else Board(found.pop("id"), **found)

    async def wait_for_board(self, condition: Callable[[Board], bool], *, quiet_ms: int = WAIT_MS) -> Board:
        """The board, once `condition` holds: each new publication of the page is looked at, so the
        bot's own moves (computer players, time limits) are waited for without any click. Fails if
        the page stays unchanged for `quiet_ms`."""
        while True:
            await self.idle()
            board = await self.board()
            if board is not None and condition(board):
                return board
            revision = await self.page.evaluate("window.simcordPreview.publishedRevision")
            await self._published_after(revision, quiet_ms=quiet_ms)

    async def wait_for_button(self, label: str) -> None:
        """Until the newest message with buttons shows one with this label (the question the store
        already holds, once the page has it)."""
        buttons = self.page.locator("article.channel-message .component-button:not([aria-disabled=true])")
        await buttons.filter(has_text=_label(label)).last.wait_for(timeout=WAIT_MS)

    async def wait_for_text(self, text: str | re.Pattern[str]) -> None:
        """Until the channel shows `text` (the bot's own moves appear without any click)."""
        await self.page.locator("#channel-message-list").get_by_text(text).last.wait_for(timeout=WAIT_MS)

    async def message_text(self, contains: str) -> str:
        """The newest message in the channel that contains `contains`, as text."""
        messages = self.page.locator("article.channel-message").filter(has_text=contains)
        return await messages.last.inner_text()

    async def screenshot(self, path, *, message_containing: str | re.Pattern[str] | None = None) -> None:
        """A picture of the channel, or of one message (by its text) with the channel around it cut."""
        await self.idle()
        # A message under the pointer or holding the focus grows a toolbar: neither, for a picture.
        await self.page.mouse.move(0, 0)
        await self.page.evaluate("document.activeElement && document.activeElement.blur()")
        if message_containing is None:
            await self.page.locator("#channel-layout").screenshot(path=str(path))
        else:
            target = self.page.locator("article.channel-message").filter(has_text=message_containing).last
            # Scrolled to the middle: at the top edge the channel's header would cover its first line.
            await target.evaluate("m => m.scrollIntoView({block: 'center'})")
            await target.screenshot(path=str(path))

    @asynccontextmanager
    async def narrow(self, width: int) -> AsyncIterator[None]:
        """The page in a window `width` pixels wide (a phone) until the block ends."""
        wide = self.page.viewport_size
        await self.page.set_viewport_size({"width": width, "height": wide["height"]})
        try:
            yield
        finally:
            await self.page.set_viewport_size(wide)

    async def newest_image(self, path) -> None:
        """Save the newest picture the channel shows (an embed's image) as the bot sent it."""
        image = self.page.locator("article.channel-message img.embed-image").last
        encoded = await image.evaluate(_IMAGE_BYTES)
        path.write_bytes(base64.b64decode(encoded))


def _label(label: str) -> re.Pattern[str]:
    """A button's text: its label, an emoji before it or not ("🃏 My hand")."""
    return re.compile(f"^(?:\\W+\\s*)?{re.escape(label)}$")


@asynccontextmanager
async def open_page(url: str, *, width: int = 1100, height: int = 900) -> AsyncIterator[TryPage]:
    """Headless Chromium on `url`, with a fresh profile and nothing reaching out to the network."""
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="payday-chromium-") as profile:
        async with async_playwright() as playwright:
            context = await playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=LAUNCH_ARGS,
                # The page's content security policy forbids the script evaluation page waits use.
                bypass_csp=True,
                viewport={"width": width, "height": height},
            )
            try:
                page = context.pages[0] if context.pages else await context.new_page()
                await page.goto(url)
                tab = TryPage(page)
                await tab.idle()
                yield tab
            finally:
                await context.close()
