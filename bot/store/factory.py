"""Which store the bot runs on: PostgreSQL when ``DATABASE_URL`` names one, else the embedded
SQLite file at ``DATABASE_PATH`` (the default, for one process on one machine)."""

from __future__ import annotations

from bot.config import Settings
from bot.store.base import GameStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def store_for(settings: Settings) -> GameStore:
    """The store the settings name; not opened yet (the bot opens it at start-up, which also
    runs its migrations)."""
    url = settings.database_url
    if not url:
        return SqliteStore(settings.database_path)
    if not url.startswith(POSTGRES_SCHEMES):
        # Never echo the URL: it usually holds a password.
        raise ValueError("DATABASE_URL must start with postgresql:// (or be unset for SQLite)")
    return PostgresStore(url)
