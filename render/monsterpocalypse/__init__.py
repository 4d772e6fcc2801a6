"""Monsterpocalypse's map image (issue 11), drawn from the engine's view alone.

The 12×12 map with coordinates on every edge, the terrain, the start zones, foundations,
buildings, hazard tokens, objective spaces and figures, a status bar above (round, whose turn,
the activation's phase) and a card per player below (faction, dice pools, monsters
destroyed). A seat's own view also highlights the reachable squares of the figure in focus
and rings the targets in range.

By concern: :mod:`.style` (colours, words), :mod:`.layout` (pixels), :mod:`.icons` (shapes
that tell kinds apart without colour), :mod:`.terrain`, :mod:`.pieces`, :mod:`.panel`,
:mod:`.board` (the composition and the highlight)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.monsterpocalypse.board import Highlight, render_board, seat_highlight
from render.monsterpocalypse.layout import HEIGHT, WIDTH


class MonsterpocalypseRenderer:
    """Registered as ``render.RENDERERS["monsterpocalypse"]``: the board is the public map;
    the "hand" is the same map drawn from a seat's own view, with its focus figure's moves
    and targets highlighted (the DM a player reads before choosing a move)."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        """The public map; drawn from the active seat's view (the table does so while an
        activation goes on, nothing being hidden), with its moves and targets highlighted."""
        return render_board(view, locale, seat_highlight(view), players)

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return render_board(view, locale, seat_highlight(view))


__all__ = ["HEIGHT", "WIDTH", "Highlight", "MonsterpocalypseRenderer", "render_board",
           "seat_highlight"]  # fmt: skip
