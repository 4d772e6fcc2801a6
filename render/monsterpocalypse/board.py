"""The whole image, layer by layer: the coordinates and the ground, terrain, start zones,
foundations, the spaces' frames, the reachable squares of a highlight, hazard tokens,
buildings, units, the spaces' icons, monsters, the rings around targets, then the status bar,
the active figure's stat panel and the players' cards.

Why this order: what a player must never lose sight of is drawn last (figures over tokens,
target rings over figures), and the translucent highlight goes over the terrain but under the
pieces, so a reachable square still shows its hatching, cover or space."""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from render.common import Canvas, Palette, player_names
from render.layers import LayerCache, static_layer
from render.monsterpocalypse.focus import draw_focus
from render.monsterpocalypse.layout import (
    CELL,
    HEIGHT,
    WIDTH,
    Square,
    cell,
    centre,
    inset,
    span,
)
from render.monsterpocalypse.panel import draw_players, draw_top, players
from render.monsterpocalypse.pieces import (
    draw_building,
    draw_figure,
    draw_hazard,
    draw_spaces,
    piece_squares,
)
from render.monsterpocalypse.style import HIGHLIGHT, TARGET, content, side_seat, square, squares
from render.monsterpocalypse.terrain import (
    draw_base,
    draw_foundations,
    draw_grid_lines,
    draw_start_zones,
    draw_terrain,
    map_box,
    tint,
)

Highlight = dict[str, Any]


def _entries(view: dict[str, Any], key: str) -> list[dict[str, Any]]:
    return [e for e in view.get(key) or [] if isinstance(e, dict)]


def figures(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The view's figures, each with a faction and a rank (see :func:`_completed`)."""
    factions = [p.get("faction") for p in players(view)]
    return [_completed(figure, factions) for figure in _entries(view, "figures")]


def _completed(figure: dict[str, Any], factions: list[Any]) -> dict[str, Any]:
    """``figure`` with its ``faction`` and ``rank``: the view's own when it gives them, else
    the unit type's in the content (an Occult unit is not its owner's faction), else the
    owner's faction."""
    if figure.get("faction") and figure.get("rank"):
        return figure
    known = unit_type(figure.get("type")) if figure.get("kind") == "unit" else None
    owner = figure.get("owner")
    faction = figure.get("faction") or getattr(known, "faction", None)
    if not faction and isinstance(owner, int) and 0 <= owner < len(factions):
        faction = factions[owner]
    rank = figure.get("rank") or getattr(known, "rank", None)
    return {**figure, "faction": faction, "rank": rank}


def unit_type(type_id: Any) -> Any:
    """The content record of a unit type, or None (no content yet, or an unknown id)."""
    return getattr(content(), "UNITS", {}).get(str(type_id))


def _hazards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The hazard tokens, each covering the 2×2 foundation of the building it replaced when the
    view names only its anchor (a token on any other square covers that square)."""
    anchors = set(squares(f.get("at") for f in _entries(view.get("map") or {}, "foundations")))
    out = []
    for hazard in _entries(view, "hazards"):
        if "squares" not in hazard and "size" not in hazard and square(hazard.get("at")) in anchors:
            hazard = {**hazard, "size": 2}
        out.append(hazard)
    return out


def render_board(
    view: dict[str, Any],
    locale: str,
    highlight: Highlight | None = None,
    players: list[str] | None = None,
) -> Image.Image:
    """The map and the panel of a Monsterpocalypse view; ``highlight`` is ``{"figure": id,
    "squares": ["C4", ...], "targets": [ids]}`` (reachable anchors and targets in range of the
    focus figure), optionally with ``"runs": ["C4", ...]`` (where a monster may run to);
    ``players`` are display names per seat."""
    names = player_names(players, max(2, len(players or [])), locale)
    c = Canvas(WIDTH, HEIGHT, Palette.bg)
    hazards = _hazards(view)
    built = {sq for b in _entries(view, "buildings") + hazards for sq in piece_squares(b)[:1]}
    draw_map(c, view, built)
    if highlight:
        _reachable(c, view, highlight)
    for hazard in hazards:
        draw_hazard(c, hazard)
    for building in _entries(view, "buildings"):
        draw_building(c, building, locale)
    if highlight:
        _marks(c, highlight)
    pieces = figures(view)
    for figure in pieces:
        if figure.get("kind") != "monster":
            draw_figure(c, figure, locale)
    draw_spaces(c, view, icons=True)
    for figure in pieces:
        if figure.get("kind") == "monster":
            draw_figure(c, figure, locale)
    if highlight:
        _targets(c, view, highlight)
    draw_top(c, view, locale, names)
    draw_focus(c, view, locale, highlight)
    draw_players(c, view, locale, names)
    return c.image()


MAPS: LayerCache[Image.Image] = LayerCache(18 * 2**20)
"""The maps under the pieces (:func:`draw_map`), ~8.2 MB each at the canvas's 2x scale: two,
a table's next move and another table's on the same map."""


def draw_map(c: Canvas, view: dict[str, Any], built: set[Square]) -> None:
    """The map under the pieces: the ground and its coordinates, the terrain, the start zones,
    the empty foundations (those not in ``built``), the spaces' frames and the grid's lines.
    Painted once and pasted (:func:`render.layers.static_layer`) while it shows the same: it
    changes only when a building falls or is built, and tables on one map with their sides
    alike share it. Why: it is ~5 ms of a ~15-20 ms board, at every move."""
    game_map = view.get("map") or {}
    sides = [side_seat(view, side) for side in ("north", "south")]
    shown = json.dumps([game_map, sides, sorted(built)], sort_keys=True, default=str)

    def paint(c: Canvas) -> None:
        draw_base(c)
        draw_terrain(c, game_map)
        draw_start_zones(c, view)
        draw_foundations(c, game_map, built)
        draw_spaces(c, view, icons=False)
        draw_grid_lines(c)

    static_layer(c, ("mp map", shown), map_box(), paint, margin=2, cache=MAPS)


def _reachable(c: Canvas, view: dict[str, Any], highlight: Highlight) -> None:
    """Reachable anchors tinted (under the hazard tokens, which figures may enter) and the
    focus figure's footprint framed."""
    for sq in squares(highlight.get("squares")):
        tint(c, cell(sq), HIGHLIGHT, 0.35)
    focus = _piece(view, highlight.get("figure"))
    if focus:
        c.dashed_rect(inset(span(focus), 1), HIGHLIGHT, 3, dash=7, radius=6)


def _marks(c: Canvas, highlight: Highlight) -> None:
    """Over the hazard tokens: a dot on each reachable anchor (shape as well as colour) and a
    hollow ring on each anchor a monster may only run to (dearer)."""
    moves = squares(highlight.get("squares"))
    for sq in moves:
        x, y = centre(cell(sq))
        c.circle(x, y, 5, fill=HIGHLIGHT, outline=(20, 14, 10), width=1.5)
    for sq in set(squares(highlight.get("runs"))) - set(moves):
        x, y = centre(cell(sq))
        c.circle(x, y, 6, outline=(20, 14, 10), width=4)
        c.circle(x, y, 6, outline=HIGHLIGHT, width=2)


def _targets(c: Canvas, view: dict[str, Any], highlight: Highlight) -> None:
    """A red ring with four crosshair ticks around each target in range: round around a
    1×1 piece, a rounded square around a 2×2 one, outside its token either way (a circle
    inscribed in a monster's squares crossed its health numbers, issue 29)."""
    for target in highlight.get("targets") or []:
        cover = _piece(view, target)
        if not cover:
            continue
        box = x0, y0, x1, y1 = inset(span(cover), 1)
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
        r = (x1 - x0) / 2
        c.rect(box, outline=TARGET, width=3, radius=r if x1 - x0 < CELL else r * 0.6)
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            c.line([(x + dx * (r - 6), y + dy * (r - 6)), (x + dx * (r + 2), y + dy * (r + 2))],
                   TARGET, 3)  # fmt: skip


def _piece(view: dict[str, Any], ident: Any) -> list[tuple[int, int]]:
    """The squares of the figure or building with id ``ident``."""
    for entry in _entries(view, "figures") + _entries(view, "buildings"):
        if ident is not None and entry.get("id") == ident:
            return piece_squares(entry)
    return []


def seat_highlight(view: dict[str, Any]) -> Highlight | None:
    """The highlight a seat's own view implies: the focus figure's moves (``view["moves"]``)
    and the targets of its attacks (``view["attacks"]``). The focus is the activation's, else
    the only figure that may move (a monster activation's monster), else none: then no
    squares, but every target in range of any figure is ringed. A monster in focus in its
    activation also shows where it may run (``view["runs"]``). None when there is nothing."""
    act = view.get("activation")
    if not isinstance(act, dict):
        return None
    given = view.get("moves")
    moves: dict[str, Any] = given if isinstance(given, dict) else {}
    focus = act.get("focus") or (next(iter(moves)) if len(moves) == 1 else None)
    attacks = [a for a in view.get("attacks") or [] if isinstance(a, dict)]
    aimed = [a for a in attacks if focus is None or a.get("figure") == focus]
    squares = [m.get("to") for m in moves.get(str(focus)) or [] if isinstance(m, dict)]
    runs = [r.get("to") for r in view.get("runs") or [] if isinstance(r, dict)]
    if act.get("kind") != "monster" or focus != f"m{act.get('seat')}":
        runs = []
    if not squares and not aimed and not runs:
        return None
    return {
        "figure": focus,
        "squares": squares,
        "targets": sorted({str(a.get("target")) for a in aimed}),
        "runs": runs,
    }
