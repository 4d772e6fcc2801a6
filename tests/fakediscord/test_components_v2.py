"""The fake takes messages in Discord's components v2 layout (the IS_COMPONENTS_V2 flag) from an
unmodified discord.py client, stores them as Discord does, and refuses what Discord refuses:
content or embeds beside the flag, an edit that takes the flag away, more than 40 components
or 4,000 characters of text displays, a medium naming no file of the message.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import discord
import pytest

from tests.fakediscord import FakeChannel, FakeDiscord, connected
from tests.fakediscord.test_fake import png
from tests.fakediscord.validation import validate_message

V2 = 1 << 15


class Layout(discord.ui.LayoutView):
    """A table message: a container with a header, a picture with its alt text, a button."""

    def __init__(self, header: str, alt: str, *, texts: int = 0) -> None:
        super().__init__(timeout=None)
        row: discord.ui.ActionRow[Layout] = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="History", custom_id="t:history"))
        gallery = discord.ui.MediaGallery(
            discord.MediaGalleryItem("attachment://board.png", description=alt)
        )
        more = [discord.ui.TextDisplay[Layout]("x" * 900) for _ in range(texts)]
        self.add_item(discord.ui.Container(discord.ui.TextDisplay(header), gallery, *more, row))


def board(size: int) -> discord.File:
    return discord.File(io.BytesIO(png(size, size, (9, 9, 9))), filename="board.png")


@pytest.fixture
async def tables(fake: FakeDiscord) -> AsyncIterator[tuple[discord.Client, FakeChannel]]:
    guild = fake.add_guild("Test")
    channel = fake.add_text_channel(guild, "tables")
    async with connected(
        fake, discord.Client(intents=discord.Intents(guilds=True)), synced=False
    ) as c:
        yield c, channel


async def test_a_v2_message_is_stored_with_its_flag_tree_and_pictures(
    fake: FakeDiscord, tables: tuple[discord.Client, FakeChannel]
) -> None:
    client, channel = tables
    sent = await client.get_partial_messageable(channel.id).send(
        view=Layout("## Table #1", "The board, in words"), file=board(4)
    )
    assert sent.flags.components_v2 and not sent.content and not sent.embeds
    (stored,) = fake.messages(channel)
    assert stored.layout and stored.flags & V2
    container = stored.components[0]
    assert container["type"] == 17
    assert [c["type"] for c in container["components"]] == [10, 12, 1]
    (item,) = container["components"][1]["items"]
    assert item["description"] == "The board, in words"
    assert item["media"]["url"] == stored.attachment("board.png").url  # attachment:// resolved
    assert stored.custom_ids == ["t:history"] and "## Table #1" in stored.text

    edited = await sent.edit(view=Layout("## Table #1, turn 2", "Later"), attachments=[board(6)])
    assert edited.flags.components_v2 and stored.layout and len(stored.history) == 1
    assert stored.attachment("board.png").data != stored.history[0]["attachments"][0].data


async def test_what_discord_refuses_of_a_v2_message_is_refused(
    fake: FakeDiscord, tables: tuple[discord.Client, FakeChannel]
) -> None:
    client, channel = tables
    where = client.get_partial_messageable(channel.id)
    with pytest.raises(discord.HTTPException) as refused:  # content beside the flag
        await where.send("hello", view=Layout("## Table", "alt"), file=board(4))
    assert refused.value.status == 400
    with pytest.raises(discord.HTTPException):  # a gallery naming no file of the message
        await where.send(view=Layout("## Table", "alt"))
    with pytest.raises(discord.HTTPException):  # 4,000 characters of text displays, passed
        await where.send(view=Layout("## Table", "alt", texts=5), file=board(4))
    sent = await where.send(view=Layout("## Table", "alt"), file=board(4))
    classic = discord.ui.View(timeout=None)
    classic.add_item(discord.ui.Button(label="History", custom_id="t:history"))
    with pytest.raises(discord.HTTPException):  # back to content and embeds: refused
        await sent.edit(content="now in text", embed=discord.Embed(title="t"), view=classic)
    route = discord.http.Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel.id,
        message_id=sent.id,
    )
    with pytest.raises(discord.HTTPException):  # taking the flag away: refused
        await client.http.request(route, json={"flags": 0})
    (stored,) = [m for m in fake.messages(channel) if not m.deleted]
    assert stored.layout and stored.history == []


def test_the_limits_of_a_v2_message() -> None:
    """40 components in all, nested ones counted; v2 kinds only with the flag."""
    text = {"type": 10, "content": "x"}
    many = [{"type": 17, "components": [text] * 39}]
    assert not validate_message({"flags": V2, "components": many})
    assert validate_message({"flags": V2, "components": [{"type": 17, "components": [text] * 40}]})
    assert validate_message({"components": many}), "a container without the flag"
    assert validate_message({"flags": V2, "components": [{"type": 2, "custom_id": "a"}]})
