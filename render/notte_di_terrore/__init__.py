"""Notte di Terrore (Night of Terror) board and hand images, drawn from the engine's view alone.

Board layout (1200 px wide, one horizontal strip per player, so the height grows with the player
count and with the Events piled on Beings; a player's walk home reads left to right):

- a top bar: the title and the victory rule, the turn and the phase with who is to act (or the
  game-over banner with the winners), and the four draw piles' sizes;
- one strip per seat, in seat order, framed in gold for the active player. Its header: the
  seat's colour and name, status pills (active / to play / passed / choosing / home / winner),
  the hand size, a Terror meter (one segment per pile card, its width the card's score, rotated
  cards darker, grouped by type with the type's icon on each run; all meters share one
  scale, so they compare players at a glance) and the Terror
  total;
- its body, left to right: the path (Places passed as small face-up cards with a tick, the
  revealed Place as a panel holding its Beings and their Events, face-down Places as card backs
  only, then the house), and the Weapons (table Weapons, used ones lying turned sideways and
  dimmed; the public Weapon in hand; a gold note when two table Weapons combine).

A Being shows its type (colour and an original icon), name, value, the Events on it (favoured
type, value, irrelevant ones dimmed) and what it is worth now: the Terror it adds if left
standing and removes if killed. The hand image (a seat's own view, by DM) shows its Beings and
Events, its Weapons, the Places still ahead and, when the seat must choose how many Events to
hold, a note saying so.

Everything is drawn from the view: no deck data, no engine import. Cards missing from the view's
``cards`` fall back to their design id, so a trimmed view still draws.

The package, by concern: :mod:`.style` (geometry, colours, words), :mod:`.icons` (silhouettes,
badges, card backs), :mod:`.pieces` (the view's cards; Beings and Weapons as drawn on both
images), :mod:`.layout` (the board's measurements), :mod:`.bars` (the top bar and the types'
key), :mod:`.board` (the strips), :mod:`.composed` (the board put together from kept pieces,
the same picture as painted whole) and :mod:`.hand` (the DM image). This module holds the renderer
registered in :data:`render.RENDERERS` and re-exports what other modules and tests import.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.compose import composed_or_painted
from render.notte_di_terrore.board import _Board
from render.notte_di_terrore.composed import composed_board
from render.notte_di_terrore.hand import _Hand
from render.notte_di_terrore.layout import board_height
from render.notte_di_terrore.style import WIDTH


class NotteDiTerroreRenderer:
    """Registered as ``render.RENDERERS["notte_di_terrore"]``."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        """Put together from pieces in the board palette (:mod:`.composed`) when it can be,
        else painted whole (:func:`render.compose.composed_or_painted`)."""
        return composed_or_painted(_Board(view, locale, players), composed_board)

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return _Hand(view, locale).draw()


__all__ = ["WIDTH", "NotteDiTerroreRenderer", "board_height"]
