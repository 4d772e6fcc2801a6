"""The language a table speaks in public (issue 27 §3): the server's, when the bot speaks it
(English or Italian), else ``DEFAULT_LOCALE``. The opener's own Discord language decides only
their private replies: a table opened from an Italian client in an English server posts in
English, and one opened from an English client in an Italian server posts in Italian; the
host's own seat (their DMs) speaks the host's language, as every other player's does.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.i18n import normalise
from tests.cogs.helpers import followup_text, make_world


def _client(monkeypatch: pytest.MonkeyPatch, *, user: str, guild: str | None) -> None:
    """Every interaction from now on comes from a client in ``user``'s language, in a server
    whose language is ``guild`` (``None``: Discord did not say). simcord speaks en-US only."""
    made = simcord.interactions.base_payload

    def localised(*args: Any, **kwargs: Any) -> Any:
        record, payload = made(*args, **kwargs)
        payload["locale"] = user
        if guild is None:
            payload.pop("guild_locale", None)
        else:
            payload["guild_locale"] = guild
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localised)


@pytest.mark.parametrize(
    ("guild", "user", "default", "table"),
    [
        ("en-US", "it", "en", "en"),  # issue 27: posted in Italian
        ("en-GB", "it", "it", "en"),  # the server speaks a language the bot speaks
        ("it", "en-US", "en", "it"),
        ("it", "en-US", "it", "it"),
        ("de", "it", "en", "en"),  # a language the bot does not speak: DEFAULT_LOCALE
        ("de", "en-US", "it", "it"),
        (None, "it", "en", "en"),  # the server's language unknown: DEFAULT_LOCALE
        (None, "en-US", "it", "it"),
    ],
)
async def test_i27_a_table_speaks_the_servers_language_else_the_default(
    simcord_env: Any,
    monkeypatch: pytest.MonkeyPatch,
    guild: str | None,
    user: str,
    default: str,
    table: str,
) -> None:
    world = make_world(simcord_env)
    settings = world.bot.settings.model_copy(update={"default_locale": default})
    monkeypatch.setattr(world.bot, "settings", settings)
    _client(monkeypatch, user=user, guild=guild)
    opened = await world.ann.slash(world.channel, "game new", game="monster_day")
    reply = followup_text(opened)
    assert ("tavolo #1" if user == "it" else "Table #1") in reply, reply  # the opener's own
    record = await world.record()
    assert record.locale == table
    assert record.seats[0].locale == normalise(user)  # the host's DMs speak the host's language
