"""Settings from the environment or a ``.env`` file (pydantic-settings).

Every knob an operator may turn lives here, with its default, so ``.env.example`` and this
class are the whole configuration story.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

Locale = Literal["en", "it"]


class Settings(BaseSettings):
    """The bot's configuration. Field names map to upper-case environment variables."""

    # A blank line copied from .env.example (``DEV_GUILD_ID=``) means "not set": the default.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/monster_table.sqlite3")
    database_url: str | None = Field(
        default=None,
        description="postgresql://user:password@host/db: run on PostgreSQL (several processes "
        "may share it) instead of the SQLite file at database_path.",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync commands to this guild only (instant) instead of globally."
    )
    default_locale: Locale = "en"
    reminder_after_seconds: int = Field(default=12 * 3600, ge=60)
    reminder_check_seconds: int = Field(default=300, ge=0)  # 0 turns reminders off
    bot_move_delay_seconds: float = Field(default=2.0, ge=0)
    # How long a move's reply waits for the table to be shown before saying "still showing".
    reply_wait_seconds: float = Field(default=8.0, ge=0)
    # How often the outbox looks for deliveries due again (retries, and after a restart).
    delivery_poll_seconds: float = Field(default=5.0, gt=0)
    # The window of Discord's 5 new messages per channel that the bot keeps to, with half a
    # second's margin (bot/ratelimits.py). Only a Discord-compatible server with other limits,
    # or the smoke tests' fake Discord (whose windows they shorten to play whole games in
    # seconds), has a reason to change it.
    channel_post_window_seconds: float = Field(default=5.5, gt=0)
    # How long an edit of a message waits for more changes to the same message, so that a burst
    # (everyone tapping at once) goes as one edit, the newest (bot/delivery/courier.py). 0 sends
    # each edit at once: simcord's tests, whose virtual clock does not run a bot's sleep while an
    # interaction waits for its delivery.
    edit_coalesce_seconds: float = Field(default=0.25, ge=0)
    # How often the clocks are looked at (deadlines due, reminders before them).
    clock_check_seconds: float = Field(default=5.0, gt=0)
    # Online backups of the SQLite file (bot/backup.py): where, how often, how many are kept.
    # Unset BACKUP_DIR = no backups; with PostgreSQL, back up with pg_dump instead.
    backup_dir: Path | None = None
    backup_every: int = Field(default=6 * 3600, ge=60)
    backup_keep: int = Field(default=7, ge=1)

    @field_validator("backup_dir", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """``BACKUP_DIR=`` (as a copied ``.env`` has it) means no backups, not the current
        folder."""
        return None if isinstance(value, str) and not value.strip() else value

    log_level: str = "INFO"
    # discord.py extensions holding the slash commands and buttons (loaded by name).
    extensions: tuple[str, ...] = ("cogs",)
    # For self-hosted gateways and the repo's fake Discord in tests; unset means real Discord.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # Prometheus metrics (bot/metrics.py): served on this port only when it is set.
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    # Where the metrics endpoint listens; loopback unless the operator opens it on purpose.
    metrics_addr: str = "127.0.0.1"
    # Several processes (README "Several processes"): how many shards the bot has in all, and
    # which of them this process connects (``0,1``). Unset: one process, Discord's advice.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # How long a process's claim on a table's scheduled work lasts unless renewed: another
    # process takes the table over this long after its holder died.
    lease_seconds: float = Field(default=180.0, gt=0)
    # Worker processes that draw the images (bot/render_pool.py). Unset: one per core beyond
    # the first, at most two; 0: draw in threads of the bot's own process.
    render_processes: int | None = Field(default=None, ge=0, le=16)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        """``SHARD_IDS=0,1`` as operators write it (blank: every shard)."""
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            return tuple(int(part) for part in parts) or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        """Shard ids name shards of ``shard_count``: a typo would leave guilds unserved."""
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"SHARD_IDS must be between 0 and {self.shard_count - 1}")
        return self
