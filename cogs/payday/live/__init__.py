"""The live message: the one game message per channel, kept up to date by one worker per channel
(`LiveMessage`), and a click's answer, which shows the board through the click (`Reply`).

The application builds the `LiveMessage` the service shows its changes on; the cog answers every
interaction with a `Reply`. Everything else here is the package's own.
"""

from cogs.payday.live._message import LiveMessage
from cogs.payday.live._reply import Reply

__all__ = ["LiveMessage", "Reply"]
