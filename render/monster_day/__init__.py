"""Monster Day board and hand images, drawn from the engine's view (never the full state).

Layout (1200 x 784, landscape so it reads the same on desktop and phones; checked legible when
shrunk to the ~500 px a phone shows):

- two village panels, seat 0's on the left (spaces 1-3) and seat 1's on the right (spaces 4-6),
  each headed by the player's name, score and hand size; the player to act gets a gold frame
  and a "to play" tag, the winner a "winner" tag;
- each space: its Ace (a suit-coloured tile with the space number), the top card beside it
  (the card just played glows gold) with a "+n" pill under it for covered cards, and the
  monsters standing there (a 2 x 2 grid, so all four fit on one space);
- the start gap between the villages, with the deck on top and the monsters not yet moved;
- a bottom bar: the last turn (who played what where, the two dice), or the opening roll,
  or the game-over banner; and one tile per monster (its die face, token, name, points, and
  what the last roll did to it: village totals and where it went).

Spaces are numbered 1-6 for people (the view's index + 1). Every text is fitted to its box, so
long names shrink or get an ellipsis instead of spilling over.

The package, by concern: :mod:`.style` (geometry, monsters' colours and names, words),
:mod:`.tokens` (the monster tokens), :mod:`.board` (villages, spaces, the start gap),
:mod:`.bars` (the bottom bar: last turn or opening roll or game over, and the monster tiles),
:mod:`.composed` (the board put together from kept pieces, the same picture as painted whole)
and :mod:`.hand` (the DM image). This module holds the renderer registered in
:data:`render.RENDERERS` and re-exports what other modules and tests import.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.compose import composed_or_painted
from render.monster_day.board import _Board
from render.monster_day.composed import composed_board
from render.monster_day.hand import _draw_hand
from render.monster_day.style import HEIGHT, WIDTH


class MonsterDayRenderer:
    """Registered as ``render.RENDERERS["monster_day"]``."""

    size = (WIDTH, HEIGHT)

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        """Put together from pieces in the board palette (:mod:`.composed`) when it can be,
        else painted whole (:func:`render.compose.composed_or_painted`)."""
        return composed_or_painted(_Board(view, locale, players), composed_board)

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return _draw_hand(view, locale)


__all__ = ["HEIGHT", "WIDTH", "MonsterDayRenderer"]
