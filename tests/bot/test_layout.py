"""The modern layout of a message (:mod:`bot.layout`, components v2) at Discord's limits: 40
components and 4,000 characters of text displays, whatever the table says; and the stored key
that keeps a table message's layout across edits and restarts."""

from __future__ import annotations

from typing import Any

import discord

from bot.delivery import pings
from bot.delivery.plan import edits_in_place, table_key
from bot.layout import CLASSIC, LAYOUT_COMPONENTS, LAYOUT_TEXT, MODERN, keyed, layout_of
from bot.payload import MAX_BUTTONS, Payload


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for component in components:
        found += [component, *_walk(component.get("components", []))]
    return found


def _fullest(**changes: Any) -> Payload:
    """A table message with everything at its classic limit: a 2,000-character turn line, a
    narration of 4,000, a 1,024-character field, four seat boards, 25 buttons."""
    embed = discord.Embed(title="Munchkin Fu — table #12345", description="\n".join(
        f"{k}. something happened to someone" for k in range(200))[-4000:])  # fmt: skip
    embed.add_field(name="Players", value="p" * 1024).set_footer(text="Seed SHA-256: " + "f" * 64)
    buttons = discord.ui.View(timeout=None)
    for k in range(MAX_BUTTONS):
        buttons.add_item(discord.ui.Button(label=f"Move {k}", custom_id=f"mt:act:1:d:{k}"))
    more = [(f"seat-{s}.png", f"Seat {s} " + "n" * 40, b"png") for s in range(1, 5)]
    alts = [f"alt {k}" for k in range(5)]
    return Payload(content="▶️ " + "w" * 1997, embed=embed, image=b"png", view=buttons,
                   more_images=more, descriptions=alts, layout=MODERN, **changes)  # fmt: skip


def test_the_fullest_table_fits_a_v2_message() -> None:
    kwargs = _fullest().send_kwargs()
    assert "content" not in kwargs and "embed" not in kwargs and "embeds" not in kwargs
    components = kwargs["view"].to_components()
    every = _walk(components)
    assert len(every) <= LAYOUT_COMPONENTS
    texts = [c["content"] for c in every if c["type"] == 10]
    assert sum(len(t.encode("utf-16-le")) // 2 for t in texts) <= LAYOUT_TEXT
    story = next(t for t in texts if "something happened" in t)
    assert story.endswith("199. something happened to someone"), "the newest lines are kept"
    assert sum(1 for c in every if c["type"] == 2) == MAX_BUTTONS, "every button is kept"
    items = [i for c in every if c["type"] == 12 for i in c["items"]]
    assert [i["description"] for i in items] == [f"alt {k}" for k in range(5)]
    assert [i["media"]["url"] for i in items][:2] == ["attachment://board.png",
                                                      "attachment://seat-1.png"]  # fmt: skip
    assert next(f.filename for f in kwargs["files"]) == "board.png"


def test_an_edit_of_a_modern_message_stays_modern_and_pings_nobody() -> None:
    kwargs = _fullest().edit_kwargs()
    assert "content" not in kwargs and "embed" not in kwargs
    assert kwargs["view"].has_components_v2() and len(kwargs["attachments"]) == 5
    assert kwargs["allowed_mentions"].users is False or not kwargs["allowed_mentions"].users


def test_a_few_seat_boards_each_have_their_caption() -> None:
    payload = _fullest()
    payload.view = None
    every = _walk(payload.send_kwargs()["view"].to_components())
    captions = [c["content"] for c in every if c["type"] == 10 and c["content"].startswith("###")]
    assert len(captions) == 4 and captions[0].startswith("### Seat 1")


def test_the_stored_key_keeps_the_layout() -> None:
    """A table message's key says its layout (unmarked: classic, as every key stored before);
    the ping lines stored after it and the edit-in-place rule read it unchanged."""
    announced = "active|turn 3|[]"
    key = table_key(keyed(MODERN, announced), [2])
    assert layout_of(key) == MODERN and layout_of(table_key(announced, [])) == CLASSIC
    assert layout_of(None) is None
    stored = pings.joined(key, {2: 99})
    assert layout_of(stored) == MODERN and pings.split(stored) == (key, {2: 99})
    assert pings.unreached(key) == [2]
    assert edits_in_place(key, table_key(keyed(MODERN, announced), []))
