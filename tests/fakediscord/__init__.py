"""A small protocol-level fake Discord (REST under /api/v10 + gateway websocket) for smoke
tests of the real network path of a discord.py bot. See server.FakeDiscord.

    fake = await FakeDiscord().start()
    guild = fake.add_guild("Test"); tables = fake.add_text_channel(guild, "tables")
    alice = fake.add_user("alice", locale="it")
    with pointed_at(fake):            # or run_bot_process(fake, ...) for `python -m bot`
        ...start the client...
        await fake.wait_ready()
        result = await fake.slash(alice, tables, "game new", game="monster_day")
        assert result.ephemeral and "monster" in result.text
"""

from .faults import Fault
from .interactions import FakeTimeout, InteractionResult
from .logguard import DiscordLogGuard
from .models import (
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .patching import connected, pointed_at
from .process import BotProcess, run_bot_process
from .rest import RequestRecord
from .server import FakeDiscord

__all__ = [
    "BotProcess",
    "DiscordLogGuard",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeTimeout",
    "FakeUser",
    "Fault",
    "InteractionResult",
    "RequestRecord",
    "connected",
    "pointed_at",
    "run_bot_process",
]
