"""SQLite storage for live games, the event log and finished games."""
