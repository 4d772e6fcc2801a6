"""``python -m bot``: start Monster Table.

Exits at once with a clear message when ``DISCORD_TOKEN`` is missing. ``DISCORD_API_BASE`` and
``DISCORD_GATEWAY_URL`` point the client at another Discord-compatible endpoint (the repo's fake
Discord in smoke tests, or a self-hosted proxy); unset, it talks to Discord.
"""

from __future__ import annotations

import logging
import sys

import discord
import yarl

from bot.client import MonsterTableBot
from bot.config import Settings

MISSING_TOKEN = """\
Monster Table: DISCORD_TOKEN is not set.

Create a bot at https://discord.com/developers/applications (Bot -> Reset Token), then either
  export DISCORD_TOKEN=your-token
or put the line
  DISCORD_TOKEN=your-token
in a file named .env in this folder (see .env.example), and run the command again.
"""


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Aim discord.py at another endpoint (the two class attributes it reads)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def main() -> int:
    settings = Settings()
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        sys.stderr.write(MISSING_TOKEN)
        return 2
    configure_logging(settings.log_level)
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    bot = MonsterTableBot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value().strip(), log_handler=None)
    except discord.LoginFailure:
        logging.getLogger("bot").error("Discord refused the token: check DISCORD_TOKEN.")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
