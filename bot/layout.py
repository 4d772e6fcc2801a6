"""A message in Discord's components v2 layout (issue 29): one container holding the message's
words as text displays, its pictures as media galleries whose items carry the alt text, and its
buttons in action rows, their custom ids unchanged.

Why a translation of the classic message rather than a second builder: the publisher says a
table once (a header line, what happened, the players, the board, the seed), and the layout
is how it is laid out. :class:`bot.payload.Payload` keeps the classic parts and asks here for
the modern ones when its ``layout`` is :data:`MODERN`; everything that fits a classic message
to Discord's limits (:mod:`bot.limits`) has already run.

A v2 message has no content and no embeds, and once sent it cannot become classic again (nor a
classic one v2): which layout a table message has is stored with it (:func:`keyed`), so an
edit keeps it, across restarts.

Discord's limits of a v2 message: 40 components in all (nested ones counted) and 4,000
characters across its text displays. What happened in the turn (the narration) gives way
first, keeping its newest lines, as the classic embed's description does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.limits import clip, units

CLASSIC = "classic"
"""Content, embeds with images, and rows of buttons: every client shows it."""
MODERN = "modern"
"""Components v2: a container with text displays, media galleries and action rows."""
LAYOUTS = (CLASSIC, MODERN)
DEFAULT_LAYOUT = CLASSIC
"""A server that chose none: classic. Why: the alt text and the text mode serve screen readers
in both layouts; the modern one is clearer where clients show it, but a client that lacks it
shows an empty message, and a message once sent in it cannot be turned back. A server's
managers opt in with ``/game config layout:modern``."""

LAYOUT_TEXT = 4000
"""Characters across a v2 message's text displays."""
LAYOUT_COMPONENTS = 40
"""Components in a v2 message, nested ones counted."""
ROW = 5
"""Buttons in an action row."""

MARKER = "layout=modern|"
"""Starts the stored key of a table message sent in the modern layout (:func:`keyed`)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """An attached picture: its file name, the caption above it (a seat's board), its alt text."""

    filename: str
    caption: str | None = None
    alt: str | None = None


def keyed(layout: str, key: str) -> str:
    """A table message's stored key, telling the layout it was sent in (classic: unmarked, as
    every key stored before the modern layout existed)."""
    return f"{MARKER}{key}" if layout == MODERN else key


def layout_of(key: str | None) -> str | None:
    """The layout of the table message stored with ``key``; None: no message yet."""
    if key is None:
        return None
    return MODERN if key.startswith(MARKER) else CLASSIC


def layout_view(
    content: str | None,
    embeds: Sequence[discord.Embed],
    pictures: Sequence[Picture],
    buttons: discord.ui.View | None,
    colour: discord.Colour,
) -> discord.ui.LayoutView:
    """The message as one container: ``embeds[0]`` (the main one: its title heads the
    message, with ``content`` below it; its description, fields and footer follow, its image
    is ``pictures[0]``), the further pictures each under its caption, the further embeds'
    words, and the buttons."""
    main = embeds[0] if embeds else discord.Embed()
    header = "\n".join(filter(None, [f"## {main.title}" if main.title else "", content or ""]))
    fields = "\n".join(f"**{f.name}**\n{f.value}" for f in main.fields)
    extra = ["\n".join(filter(None, [f"### {e.title}" if e.title else "", e.description or ""]))
             for e in embeds[1:]]  # fmt: skip
    footer = f"-# {main.footer.text}" if main.footer.text else ""
    captions = [f"### {p.caption}" if p.caption else "" for p in pictures[1:]]
    story = _fitted_story(main.description or "", [header, fields, *extra, footer, *captions])
    rows = _rows(buttons)
    boards = _boards(pictures[1:], captions, LAYOUT_COMPONENTS - 6 - len(extra) - _count(rows))
    parts: list[Any] = [_text(header), _text(story), _text(fields)]
    parts += [_gallery(pictures[:1]), *boards, *map(_text, extra), _text(footer), *rows]
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=colour)
    for part in parts:
        if part is not None:
            container.add_item(part)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def _fitted_story(story: str, others: list[str]) -> str:
    """What happened, cut from its start (whole lines) to what the other texts leave of
    :data:`LAYOUT_TEXT`: the newest lines matter most."""
    room = LAYOUT_TEXT - sum(units(text) for text in others)
    if units(story) <= room:
        return story
    lines = story.split("\n")
    while lines and units("\n".join(lines)) > room:
        lines.pop(0)
    return "\n".join(lines) if lines else clip(story[-max(room, 0) :], max(room, 0))


def _text(content: str) -> discord.ui.TextDisplay[Any] | None:
    return discord.ui.TextDisplay(content) if content.strip() else None


def _gallery(pictures: Sequence[Picture]) -> discord.ui.MediaGallery[Any] | None:
    if not pictures:
        return None
    items = [
        discord.MediaGalleryItem(f"attachment://{p.filename}", description=p.alt)
        for p in pictures[:10]
    ]
    return discord.ui.MediaGallery(*items)


def _boards(pictures: Sequence[Picture], captions: list[str], room: int) -> list[Any]:
    """Each seat's board under its caption, or (when that would pass the components' limit)
    all of them in one gallery, each item's alt text naming its seat."""
    if not pictures:
        return []
    if 2 * len(pictures) <= room:
        return [part for p, c in zip(pictures, captions, strict=True)
                for part in (_text(c), _gallery([p])) if part is not None]  # fmt: skip
    return [_gallery(pictures)]


def _rows(buttons: discord.ui.View | None) -> list[discord.ui.ActionRow[Any]]:
    """The message's buttons, five to a row, the same custom ids, labels and styles."""
    copied = [
        discord.ui.Button[Any](
            style=b.style, label=b.label, custom_id=b.custom_id if b.url is None else None,
            emoji=b.emoji, url=b.url, disabled=b.disabled,
        )
        for b in (buttons.children if buttons is not None else [])
        if isinstance(b, discord.ui.Button)
    ]  # fmt: skip
    return [discord.ui.ActionRow(*copied[i : i + ROW]) for i in range(0, len(copied), ROW)]


def _count(rows: list[discord.ui.ActionRow[Any]]) -> int:
    return sum(1 + len(row.children) for row in rows)
