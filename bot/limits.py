"""Discord's size limits, and player names made safe to show.

Discord refuses a whole message when one part is too long (a 1,025-character embed field, a
2,001-character reply), so every text the bot builds goes through these before it is sent,
whatever the names, languages and counts. Names are what players chose: shown in text they
must never mention anyone, format anything or break a line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

import discord

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
CHOICE_NAME = 100
ALT_TEXT = 1024
"""An attachment's ``description``: the alt text a screen reader says for an image."""
NAME = 32
"""Discord's own limit for a display name; longer names (a bot seat named after a player)
are clipped to it before they are escaped."""

ELLIPSIS = "…"
_SPACES = re.compile(r"\s+")


def units(text: str) -> int:
    """``text``'s length in UTF-16 code units, as Discord counts it (an emoji may be two)."""
    return len(text.encode("utf-16-le")) // 2


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def clip_lines(lines: Iterable[str], limit: int, more: Callable[[int], str] | None = None) -> str:
    """As many whole lines as fit in ``limit`` characters, then ``more(n)`` (e.g. "…and 3
    more") for the ``n`` lines left out."""
    lines = list(lines)
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    for keep in range(len(lines) - 1, -1, -1):
        tail = more(len(lines) - keep) if more is not None else ELLIPSIS
        head = "\n".join(lines[:keep])
        candidate = f"{head}\n{tail}" if head else tail
        if len(candidate) <= limit:
            return candidate
    return clip(text, limit)


def plain_name(name: str) -> str:
    """A name on one line, without control characters, at most :data:`NAME` long (for
    images and plain text)."""
    cleaned = "".join(
        ch if unicodedata.category(ch)[0] != "C" or ch in "\u200d" else " " for ch in name
    )
    cleaned = _SPACES.sub(" ", cleaned).strip() or "?"
    return clip(cleaned, NAME)


def safe_name(name: str) -> str:
    """A name for Markdown text: shown as typed, never a mention, a link or formatting."""
    escaped = discord.utils.escape_markdown(plain_name(name))
    return discord.utils.escape_mentions(escaped)


def fit_embed(embed: discord.Embed, total: int = EMBED_TOTAL) -> discord.Embed:
    """Clip every part of ``embed`` to Discord's limits, the description last to give way
    when the whole passes ``total`` (6,000 characters, less what the message's other embeds
    take: the limit is per message)."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.description:
        embed.description = clip(embed.description, EMBED_DESCRIPTION)
    for index, field in enumerate(embed.fields):
        embed.set_field_at(
            index,
            name=clip(field.name or "-", FIELD_NAME),
            value=clip(field.value or "-", FIELD_VALUE),
            inline=field.inline,
        )
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    excess = len(embed) - total
    if excess > 0 and embed.description:
        embed.description = clip(embed.description, max(len(embed.description) - excess, 1))
    return embed
