"""The application: settings, logging, the bot object that wires store, service and cogs, and the
command line (`python -m bot`) and the offline table (`make try`) that run it."""
