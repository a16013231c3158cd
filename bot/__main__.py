"""`python -m bot`: the bot's command line (bot/app/cli.py says what it does)."""

import sys

from bot.app.cli import main

sys.exit(main(sys.argv[1:]))
