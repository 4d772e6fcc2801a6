"""The board's geometry, measured from the view before anything is drawn: how tall a
Being card is, how tall a player's strip must be, how the path's small Place cards fan out and
how many Beings a revealed Place holds per row, and the whole board's height.

Pure arithmetic on the view, apart from the drawing so that the tests (``board_height``) and
the hand (the Weapon slot size) can use it without a canvas."""

from __future__ import annotations

from typing import Any

from render.notte_di_terrore.style import (
    EVENTS_SHOWN,
    LEGEND_H,
    MARGIN,
    ROW_GAP,
    ROW_HEAD,
    TOP_H,
    WIDTH,
)

# body geometry
MINI_W, MINI_H = 50, 70  # Places passed / face down
BEING_W = 138
BEING_MIN_W = 104  # narrower, a Being's words no longer fit: its Place wraps them onto rows
STRIP_BODY_W = WIDTH - 2 * MARGIN - 24 - 16
PLACE_HEAD = 46
BEING_BASE_H = 94  # a Being card without Events
SUMMONED_H = 19  # the "summoned" tag on a Being brought by a Necronomicon
EVENT_H = 19
SLOT = 108  # a Weapon slot (square: upright or turned)
WEAPON_LABEL = 18
BODY_MIN = WEAPON_LABEL + SLOT + 24
HOUSE = 40


def being_height(monster: dict[str, Any]) -> float:
    """A Being card's height: its Events listed (up to :data:`EVENTS_SHOWN`), its tag."""
    events = min(len(monster.get("events") or []), EVENTS_SHOWN)
    return BEING_BASE_H + events * EVENT_H + (SUMMONED_H if monster.get("summoned_by") else 0)


def row_body_height(player: dict[str, Any]) -> float:
    """The body height a player's strip needs: its rows of Beings, the tallest Being setting
    each row's height."""
    monsters = _monsters(player)
    if not monsters:
        return BODY_MIN
    rows = -(-len(monsters) // place_grid(player)[2])
    beings = rows * max(being_height(m) for m in monsters) + (rows - 1) * 8
    return max(BODY_MIN, PLACE_HEAD + beings + 12)


def _monsters(player: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in player.get("monsters") or [] if isinstance(m, dict)]


def weapons_width(player: dict[str, Any]) -> float:
    """The Weapons area at the right of a strip: the table's slots (two at least), a gap with
    a divider, the slot of the Weapon in hand."""
    slots = max(2, len([w for w in player.get("table") or [] if w]))
    return slots * SLOT + (slots - 1) * 8 + 18 + SLOT


def path_width(player: dict[str, Any]) -> float:
    """The room left of the Weapons for the path (and the house at its end)."""
    return STRIP_BODY_W - weapons_width(player) - 22


def place_grid(player: dict[str, Any]) -> tuple[float, float, int]:
    """(step between the small Place cards, width of the revealed Place, Beings per row): the
    small cards fan out first, then the Place narrows, then its Beings wrap onto more rows
    rather than shrink below :data:`BEING_MIN_W`."""
    path = [p for p in player.get("path") or [] if p]
    down = max(0, int(player.get("face_down") or 0))
    beings = len(_monsters(player)) if player.get("revealed") else None
    step, place_w = path_layout(len(path), down, beings, path_width(player) - HOUSE - 12)
    cols = int((place_w - 8) // (BEING_MIN_W + 8)) if beings else 1
    return step, place_w, max(1, min(beings or 1, cols))


def path_layout(passed: int, down: int, beings: int | None, avail: float) -> tuple[float, float]:
    """(step between small cards, revealed Place width) fitting ``avail``: the small cards fan
    out (overlap) first, then the Place and its Beings narrow."""
    step = MINI_W + 8.0
    if beings is None:
        return step, 0.0
    place_w = max(250.0, beings * (BEING_W + 8) + 16)
    overlaps = max(0, passed - 1) + max(0, down - 1)
    if _fan(passed, step) + _fan(down, step) + place_w > avail and overlaps:
        fixed = _fan(passed, 0) + _fan(down, 0)
        step = max(22.0, min(step, (avail - place_w - fixed) / overlaps))
    place_w = min(place_w, avail - _fan(passed, step) - _fan(down, step))
    return step, max(120.0, place_w)


def _players(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [p if isinstance(p, dict) else {} for p in view.get("players") or []]


def board_height(view: dict[str, Any]) -> int:
    """The board's height for ``view``: the top bar and one strip per seat."""
    players = _players(view)
    rows = sum(ROW_HEAD + row_body_height(p) + 10 for p in players)
    gaps = ROW_GAP * max(0, len(players) - 1)
    return int(MARGIN + TOP_H + ROW_GAP + rows + gaps + ROW_GAP + LEGEND_H + MARGIN)


def _fan(n: int, step: float) -> float:
    """Width of ``n`` small cards ``step`` apart, and the gap after them (0 for none)."""
    return (n - 1) * step + MINI_W + 10 if n else 0.0
