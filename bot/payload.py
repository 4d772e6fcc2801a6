"""A message as the bot sends it (:class:`Payload`: text, embed, images with their alt text,
buttons, who it may ping) and the few constants every message shares. Built by the publisher
and the flows, sent by the courier and the replies; kept apart so that those who only carry a
payload need not import the publisher."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import discord
from discord.ui.view import BaseView

from bot.layout import CLASSIC, MODERN, Picture, layout_view
from bot.limits import (
    CONTENT,
    EMBED_TITLE,
    EMBED_TOTAL,
    clip,
    fit_embed,
)

COLOUR = discord.Colour.from_rgb(196, 110, 50)
MAX_BUTTONS = 25  # Discord: five rows of five
NO_EMBED_TOTAL = 10**9
"""The modern layout has no embeds, so no 6,000-character total of theirs to keep."""
NO_PINGS = discord.AllowedMentions.none()

Held = TypeVar("Held", bound=BaseView)
"""A view as sent: classic (:class:`discord.ui.View`) or modern (``LayoutView``)."""

PICTURE_FILES = (".png", ".gif", ".webp", ".jpg")
"""The attachments that are pictures (what the text mode leaves out)."""


def unheld(view: Held) -> Held:
    """``view``, stopped before it is sent, so that discord.py does not keep it.

    Why: every click the bot draws is served from its custom_id alone, by one DynamicItem
    (``cogs/components.py``), before discord.py looks at any stored view. But discord.py keeps
    every unstopped view with a custom_id that it sends (``timeout=None``: for the life of the
    process), with its items: a table post's, each hand DM's, a lobby's. Nothing ever read
    them; under load they were a steady leak of the bot's memory. A stopped view is sent the
    same (its components), and kept by nobody."""
    view.stop()
    return view


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions naming exactly these users: a name that looks like a mention, a role
    or @everyone pings nobody."""
    users = [discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids)]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


@dataclass
class Payload:
    """A message to send or edit. Files are rebuilt per send: a discord.File is single-use.

    ``more_images`` are further images, each under its own small embed titled by its caption
    (a board per player, below the table's own embed and image)."""

    content: str | None = None
    embed: discord.Embed | None = None
    image: bytes | None = None
    filename: str = "board.png"
    view: discord.ui.View | None = None
    mentions: discord.AllowedMentions = field(default_factory=lambda: NO_PINGS)
    more_images: list[tuple[str, str, bytes]] = field(default_factory=list)
    """``(filename, caption, png)`` each."""
    descriptions: list[str] = field(default_factory=list)
    """Alt text per image (:mod:`bot.alt_text`): the main image's first, then each further one's."""
    more_embeds: list[discord.Embed] = field(default_factory=list)
    """Further embeds below the first (``/game status text:true``: the caller's own hand)."""
    layout: str = CLASSIC
    """How the message is laid out (:mod:`bot.layout`): classic, or modern (components v2,
    the same words, pictures and buttons in one container)."""

    def send_kwargs(self) -> dict[str, Any]:
        if self.layout == MODERN:
            return self._modern_kwargs(self.mentions)
        kwargs: dict[str, Any] = {"allowed_mentions": self.mentions}
        if self.content is not None:
            kwargs["content"] = clip(self.content, CONTENT)
        extra = [self._image_embed(name, caption) for name, caption, _ in self.more_images]
        extra += [fit_embed(embed, EMBED_TOTAL // 2) for embed in self.more_embeds]
        room = EMBED_TOTAL - sum(len(embed) for embed in extra)
        embeds = ([fit_embed(self.embed, room)] if self.embed is not None else []) + extra
        if len(embeds) == 1:
            kwargs["embed"] = embeds[0]
        elif embeds:
            kwargs["embeds"] = embeds
        files = self.files()
        if len(files) == 1:
            kwargs["file"] = files[0]
        elif files:
            kwargs["files"] = files
        if self.view is not None:
            kwargs["view"] = unheld(self.view)
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """The same message as an edit: the images replace the old attachments, and an edit
        never pings (Discord does not notify mentions added by an edit anyway). A modern
        message is edited into a modern one: Discord refuses to change a message's layout."""
        if self.layout == MODERN:
            kwargs = self._modern_kwargs(NO_PINGS)
            kwargs["attachments"] = kwargs.pop("files", [])
            return kwargs
        kwargs = self.send_kwargs()
        kwargs["allowed_mentions"] = NO_PINGS
        kwargs.setdefault("content", None)
        if "file" in kwargs:
            kwargs["attachments"] = [kwargs.pop("file")]
        elif "files" in kwargs:
            kwargs["attachments"] = kwargs.pop("files")
        else:  # a message edited into text (the text mode, issue 29) keeps no old picture
            kwargs["attachments"] = []
        kwargs["view"] = unheld(self.view) if self.view is not None else None
        return kwargs

    def _modern_kwargs(self, mentions: discord.AllowedMentions) -> dict[str, Any]:
        """The message in the modern layout: no content, no embeds, one container (the
        classic parts fitted to Discord's limits first, then laid out)."""
        # Each part to its own limit; the whole to the layout's (4,000 characters of text, the
        # story giving way first), not to the 6,000 of a message's embeds.
        embeds = [fit_embed(e, NO_EMBED_TOTAL)
                  for e in ([self.embed] if self.embed else []) + self.more_embeds]  # fmt: skip
        captions: list[str | None] = [None] if self.image is not None else []
        captions += [clip(caption, EMBED_TITLE) for _, caption, _ in self.more_images]
        files = self.files()
        pictures = [Picture(f.filename, caption, f.description)
                    for f, caption in zip(files, captions, strict=True)]  # fmt: skip
        content = clip(self.content, CONTENT) if self.content else None
        view = layout_view(content, embeds, pictures, self.view, COLOUR)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions, "view": unheld(view)}
        if files:
            kwargs["files"] = files
        return kwargs

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.image or b""), filename=self.filename, description=self.alt(0)
        )

    def alt(self, index: int) -> str | None:
        """The alt text of the ``index``-th file, if it has one."""
        return self.descriptions[index] if index < len(self.descriptions) else None

    def files(self) -> list[discord.File]:
        """The main image (if any), then each further image."""
        files = [self.file()] if self.image is not None else []
        return files + [
            discord.File(io.BytesIO(png), filename=name, description=self.alt(len(files) + i))
            for i, (name, _, png) in enumerate(self.more_images)
        ]

    def pictures(self) -> bool:
        """Whether the message shows a picture (a move log sent as a ``.txt`` file is none)."""
        return bool(self.more_images) or (self.image is not None and self.filename.endswith(
            PICTURE_FILES))  # fmt: skip

    def without_pictures(self) -> Payload:
        """The message in the text mode (issue 29) where no text view of its own exists (a
        chart, the leaderboard, a replay): each picture's alt text said in its place."""
        if not self.pictures():
            return self
        embed = self.embed.copy().set_image(url=None) if self.embed is not None else None
        said = "\n\n".join([self.content or "", *self.descriptions]).strip()
        return replace(self, content=said or None, embed=embed, image=None, more_images=[],
                       descriptions=[])  # fmt: skip

    def _image_embed(self, filename: str, caption: str) -> discord.Embed:
        embed = discord.Embed(title=clip(caption, EMBED_TITLE), colour=COLOUR)
        return embed.set_image(url=f"attachment://{filename}")
