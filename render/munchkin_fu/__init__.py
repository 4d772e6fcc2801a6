"""Munchkin Fu table, fight and hand images, drawn from the engine's view alone (issue 10).

The table (no fight on, 1120 px wide, readable on a phone): a top bar (title, the race's
length and options, whose turn and the phase, or the winners), one panel per player two by
two (name and status, the level big and its track to the winning level, classes, styles,
Super Munchkin and Extra Style, items by slot with carried ones greyed, slotless items and
mooks with their enhancers when anyone has them, hand size, strength, curses held for the
next fight), the notes (open offers, the open choice) and the piles (deck counts, the top of
each discard).

The fight (while ``view["fight"]`` is set, it is the table): both totals big with who is
ahead, the fighter and the helper with their strength lines, the monsters with their
enhancers, doubles and Hong Kong items, the cards played for each side, the window (who
passed, who it waits for; the deadline is the bot's message's Discord timestamp), offers, the
open choice, the spoils, and a pill per player.

The hand (a seat's own view, by DM): the hand as card faces with their text, what is in
play, the open choice, the neighbours' hands under the Monk's clairvoyance.

Every card is drawn from ``view["cards"]``; nothing reads the engine or the deck. The package,
by concern: :mod:`.style` (geometry, colours, words), :mod:`.layout` (heights), :mod:`.pieces`
(card faces and chips), :mod:`.bars` (what the table and the fight share), :mod:`.table`,
:mod:`.composed` (the table put together from kept pieces, the same picture as painted whole),
:mod:`.fight`, :mod:`.hand`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.compose import composed_or_painted
from render.munchkin_fu.composed import composed_table
from render.munchkin_fu.fight import FightImage
from render.munchkin_fu.hand import HandImage
from render.munchkin_fu.style import WIDTH
from render.munchkin_fu.table import TableImage


class MunchkinFuRenderer:
    """Registered as ``render.RENDERERS["munchkin_fu"]``."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        if isinstance(view.get("fight"), dict):
            return FightImage(view, locale, players).draw()
        return composed_or_painted(TableImage(view, locale, players), composed_table)

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return HandImage(view, locale).draw()


__all__ = ["WIDTH", "MunchkinFuRenderer"]
