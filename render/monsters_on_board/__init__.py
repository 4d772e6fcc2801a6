"""Monsters on Board images (issue 9), drawn from the engine's views: the main board, a board
per player, the hand sent by DM, and the final scoring table.

The bot posts the main board and then one image per seat, each its own embed image, so each
is 1100 px wide with large type and stays readable on a phone (one composite of four boards
would not). Images:

- ``board``: the public main board (:mod:`.board`): round, phase, who must act, each seat's
  Juice and Evil, the market, the cars while drafting, solo 1's AI or solo 2's Spider Jack
  (:mod:`.jack_area`), the bag. Once the game is over it is the final scoring table
  (:mod:`.scoring_table`): where every point came from.
- ``seat_board``: one seat's board from the public view (:mod:`.seat_board`, :mod:`.town`):
  town path, Spider Jack's Order and summoning tracks, Evil, Juice, Avenue, Arch cards; in
  family mode the family side instead (:mod:`.family_board`): six lanes, the Order with its
  servant spaces, the reserve.
- ``hand``: one seat's own view (:mod:`.hand`): what to do now, the car in front of it, its
  Avenue, its prophecy in words, its Arch cards.

Every die, creature and ghost shows its colour's symbol and letter as well as its colour (I5).
Components are named by id in the view; their names, colours, faces and the board's layout
come from :mod:`.catalogue`, the package's one door to the game's content. Words are in
:mod:`.style` (drawn words) and :mod:`.cards` (what cards say); pieces in :mod:`.pieces`;
sizes in :mod:`.layout`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.compose import composed_or_painted
from render.monsters_on_board.board import _Board
from render.monsters_on_board.composed import composed_board
from render.monsters_on_board.family_board import FamilySeatBoard
from render.monsters_on_board.hand import Hand
from render.monsters_on_board.scoring_table import ScoringTable
from render.monsters_on_board.seat_board import SeatBoard
from render.monsters_on_board.style import WIDTH


class MonstersOnBoardRenderer:
    """Registered as ``render.RENDERERS["monsters_on_board"]``; a
    :class:`~render.common.SeatBoardRenderer`."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        if view.get("phase") == "over" and view.get("sheets"):
            return ScoringTable(view, locale, players).draw()
        return composed_or_painted(_Board(view, locale, players), composed_board)

    def seat_board(
        self, view: dict[str, Any], seat: int, *, locale: str, players: list[str]
    ) -> Image.Image:
        if view.get("mode") == "family":
            return FamilySeatBoard(view, seat, locale, players).draw()
        return SeatBoard(view, seat, locale, players).draw()

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return Hand(view, locale).draw()


__all__ = ["WIDTH", "MonstersOnBoardRenderer"]
