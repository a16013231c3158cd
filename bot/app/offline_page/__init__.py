"""What `make try`'s page adds to simcord's preview: the threads of #payday, opened as a channel is,
and an address that outlives a restart.

simcord's preview shows one channel and its page knows no other, so a game in a thread (`/payday
start thread:`, or the server's "thread per game") would vanish from it. `PageChannels` lets the page
show any thread of #payday in its place, and #payday again: a page script served beside simcord's own
(`channels.js`, `channels.css`) lists the channel and its threads above the conversation, opens a thread
from its summary under the message that started it, and asks for the switch with two action kinds of
its own on simcord's action endpoint, so the page's capability and context authorize them as they do
any click. One person plays every seat, so the whole page, every viewer's, shows one channel at a time,
and a command typed in the page runs where it is shown.

The address is simcord's capability, kept in a file beside the games (`page_key`), so a tab left open
across a restart of `make try` finds its page again: the script sees the page answer once more and
reloads it, as the same member in the same channel.

These are the simcord internals touched here, besides the module docstring of bot.app.offline's:
`Preview.capability` (set before the page is served), `Preview._server` (its `_index` and
`_STATIC_FILES`: one more script and style on simcord's page), `Preview._action` (the two action
kinds), and to switch channel `Preview.channel`, `Preview._pages` and their `_Page` fields
(`channel_id`, `target_id`, `window_end_id`, `generation`), `Preview._initial_target` and
`Preview._publish`.
"""

import secrets
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
SCRIPT, STYLE = "/offline-channels.js", "/offline-channels.css"
LIST, OPEN = "offline_channels", "offline_open_channel"
"""The action kinds the page script sends: what it may show, and show this one."""


def page_key(database_path: Path) -> str:
    """The page's capability, the same on every run with this store (`try.sqlite3` -> `try.key`):
    made once, readable by its owner only, like the games beside it."""
    path = database_path.with_suffix(".key")
    if path.exists():
        key = path.read_text(encoding="utf-8").strip()
        if key:
            return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    path.touch(mode=0o600)
    path.write_text(key + "\n", encoding="utf-8")
    return key


class PageChannels:
    """#payday and its threads, one of them shown in the page at a time."""

    def __init__(self, preview: Any, home: Any, key: str) -> None:
        self._preview, self._home = preview, home
        preview.capability = key
        server = preview._server
        script, style = str(HERE / "channels.js"), str(HERE / "channels.css")  # absolute: read from here
        server._STATIC_FILES = {**server._STATIC_FILES, SCRIPT: script, STYLE: style}
        server._STATIC_CONTENT_TYPES = {**server._STATIC_CONTENT_TYPES, style: "text/css"}
        index = server._index
        added = f'<link rel="stylesheet" href="{STYLE}"><script type="module" src="{SCRIPT}"></script>'

        async def index_with_script(request: Any) -> Any:
            page = await index(request)
            page.text = page.text.replace("</head>", f"{added}</head>")
            return page

        server._index = index_with_script
        action: Callable[[str | None, Mapping[str, Any]], Awaitable[dict[str, Any]]] = preview._action

        async def channel_actions(context_id: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
            kind = body.get("kind") if isinstance(body, Mapping) else None
            if kind not in (LIST, OPEN):
                return await action(context_id, body)
            preview._get_page(context_id)  # an unknown page is refused, as any action of it
            if kind == OPEN:
                self.open(body.get("channel_id"))
            return self.listing()

        preview._action = channel_actions

    def channels(self) -> list[Any]:
        """#payday, then its threads, oldest first."""
        return [self._home, *sorted(self._home.threads, key=lambda thread: thread.id)]

    def listing(self) -> dict[str, Any]:
        """What the page lists; a thread shown that is gone (deleted) gives way to #payday."""
        if all(c.id != self._preview.channel.id for c in self.channels()):
            self.open(self._home.id)
        shown = self._preview.channel.id
        return {
            "channels": [
                {"id": str(c.id), "name": c.name or "", "thread": c.is_thread, "shown": c.id == shown}
                for c in self.channels()
            ]
        }

    def open(self, channel_id: object) -> None:
        """Show this channel (#payday or one of its threads) in every page; anything else is ignored."""
        chosen = next((c for c in self.channels() if str(c.id) == str(channel_id)), None)
        preview = self._preview
        if chosen is None or chosen.id == preview.channel.id:
            return
        preview.channel = chosen
        for page in tuple(preview._pages.values()):
            page.channel_id = chosen.id
            page.target_id = page.window_end_id = preview._initial_target(page.viewer, chosen.id)
            page.generation += 1
            page.navigation_query, page.navigation_cursor = "", None
            page.candidate_queries.clear()
            page.modal = page.modal_handle = None
            preview._publish(page, reason="navigation")
