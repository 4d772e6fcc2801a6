"""The words around the map: the status bar above it (title, map, round n/N, whose turn and
the activation's phase, or the setup step, or the end) and a card per player below it
(faction and side, the unit pool, the monster pool and the power dice, monsters destroyed,
units in reserve).

Why the dice pools as three big numbers: they decide what a player can do next (which
activation, how far, how hard), so they are read at every turn, from a phone."""

from __future__ import annotations

from typing import Any

from render.boxes import Box
from render.common import RGB, Canvas, Palette, localized
from render.monsterpocalypse.layout import MARGIN, TOP_H, WIDTH, panel_boxes
from render.monsterpocalypse.pieces import owner_shape
from render.monsterpocalypse.style import (
    HEALTH_ALPHA,
    HEALTH_HYPER,
    TEXT,
    faction_color,
    num,
    seat_color,
    t,
    tmpl,
)

POOL_COLORS: dict[str, RGB] = {
    "unit": Palette.die,
    "monster": HEALTH_ALPHA,
    "power": HEALTH_HYPER,
}


def players(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [p if isinstance(p, dict) else {} for p in view.get("players") or []]


def status(view: dict[str, Any], locale: str) -> str:
    """The bar's second line without the name: the setup step, the activation and its phase,
    or the end."""
    phase = str(view.get("phase") or "")
    if phase == "over":
        return t("over", locale)
    if phase != "play":
        key = f"setup_{phase}"
        return t(key, locale) if key in TEXT else phase
    act = view.get("activation")
    if not isinstance(act, dict):
        return t("choose_activation", locale)
    kind = t("act_monster" if act.get("kind") == "monster" else "act_units", locale)
    key = f"phase_{act.get('phase')}"
    step = t(key, locale) if key in TEXT else str(act.get("phase") or "")
    return f"{kind}: {step}" if step else kind


def draw_top(c: Canvas, view: dict[str, Any], locale: str, names: list[str]) -> None:
    box: Box = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H)
    c.panel(box, radius=12)
    x0, y0, x1, y1 = box
    game_map = view.get("map") or {}
    total = num(view.get("rounds"), 12)
    played = num(view.get("round"))  # 0 during the setup: then only the limit is news
    rounds = t("round", locale, n=played, total=total) if played else t("limit", locale, n=total)
    with c.region((x0 + 12, y0 + 6, x1 - 12, y0 + 28), "title"):
        right = c.text_width(rounds, 16, True)
        c.text((x1 - 12, y0 + 17), rounds, 16, Palette.gold, bold=True, anchor="rm")
        title = t("title", locale)
        where = localized(game_map.get("names"), locale)
        c.fit_text((x0 + 12, y0 + 17), f"{title} · {where}" if where else title,
                   x1 - x0 - 40 - right, 16, bold=True, min_size=12, anchor="lm")  # fmt: skip
    with c.region((x0 + 12, y0 + 30, x1 - 12, y1 - 4), "status"):
        _status_line(c, view, locale, names, (x0 + 12, y0 + 41), x1 - x0 - 24)


def _status_line(c: Canvas, view: dict[str, Any], locale: str, names: list[str],
                 at: tuple[float, float], width: float) -> None:  # fmt: skip
    """Whose turn and what they are doing, in their colour; at the end, who won."""
    line = status(view, locale)
    turn = num(view.get("turn"), -1)
    winners = [w for w in view.get("winners") or [] if isinstance(w, int) and 0 <= w < len(names)]
    if view.get("phase") == "over" and len(winners) == 1:
        template = f"{line} · " + tmpl("wins", locale)
        w = winners[0]
        c.fit_name_text(at, template, names[w], width, 14, seat_color(w), bold=True, min_size=11,
                        anchor="lm")  # fmt: skip
    elif view.get("phase") == "over":
        c.fit_text(at, f"{line} · {t('draw', locale)}", width, 14, Palette.gold, anchor="lm")
    elif 0 <= turn < len(names):
        c.fit_name_text(at, tmpl("turn_of", locale) + f" · {line}", names[turn], width, 14,
                        seat_color(turn), min_size=11, anchor="lm")  # fmt: skip
    else:
        c.fit_text(at, line, width, 14, Palette.muted, anchor="lm")


def draw_players(c: Canvas, view: dict[str, Any], locale: str, names: list[str]) -> None:
    everyone = players(view)
    for seat, box in enumerate(panel_boxes(len(everyone))):
        player = everyone[seat] if seat < len(everyone) else {}
        name = names[seat] if seat < len(names) else t("seat", locale, n=seat + 1)
        _card(c, view, seat, player, name, box, locale)


def _card(c: Canvas, view: dict[str, Any], seat: int, player: dict[str, Any], name: str,
          box: Box, locale: str) -> None:  # fmt: skip
    acting = view.get("phase") == "play" and num(view.get("turn"), -1) == seat
    c.panel(box, fill=Palette.panel_hi if acting else Palette.panel,
            outline=seat_color(seat) if acting else Palette.line, radius=12)  # fmt: skip
    x0, y0, x1, y1 = box
    owner_shape(c, (x0 + 12, y0 + 10, x0 + 34, y0 + 32), seat,
                faction_color(player.get("faction")), 3)  # fmt: skip
    with c.region((x0 + 42, y0 + 8, x1 - 10, y0 + 34), f"player {seat} name"):
        c.fit_text((x0 + 42, y0 + 21), name, x1 - x0 - 54, 16, seat_color(seat), bold=True,
                   min_size=12, anchor="lm")  # fmt: skip
    with c.region((x0 + 12, y0 + 36, x1 - 10, y0 + 56), f"player {seat} faction"):
        faction = localized(player.get("faction_names"), locale) or str(player.get("faction") or "")
        side = _side(view, seat, locale)
        text = " · ".join(part for part in (faction, side) if part)
        c.fit_text((x0 + 12, y0 + 46), text, x1 - x0 - 24, 13, Palette.muted, anchor="lm")
    pools = player.get("pools") or {}
    width = (x1 - x0 - 24 - 2 * 8) / 3
    for k, key in enumerate(("unit", "monster", "power")):
        left = x0 + 12 + k * (width + 8)
        _pool(c, (left, y0 + 58, left + width, y0 + 102), key, num(pools.get(key)), locale, seat)
    with c.region((x0 + 12, y0 + 106, x1 - 10, y1 - 4), f"player {seat} tally"):
        reserve = sum(num(n) for n in (player.get("reserve") or {}).values())
        tally = t("destroyed", locale, n=num(player.get("destroyed_monsters")))
        tally += " · " + t("reserve", locale, n=reserve)
        c.fit_text((x0 + 12, y1 - 16), tally, x1 - x0 - 24, 13, Palette.text, anchor="lm")


def _side(view: dict[str, Any], seat: int, locale: str) -> str:
    sides = view.get("sides") or []
    side = sides[seat] if seat < len(sides) else None
    return t(f"side_{side}", locale) if side in ("north", "south") else ""


def _pool(c: Canvas, box: Box, key: str, value: int, locale: str, seat: int) -> None:
    """A pool: its name on top, then a die-shaped badge with the count and ten small squares,
    one per die of the pool's ten (filled: held), so the split reads at a glance."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=Palette.table, radius=8)
    color = POOL_COLORS[key]
    with c.region((x0 + 6, y0 + 2, x1 - 6, y0 + 17), f"player {seat} {key} pool"):
        word = t({"unit": "unit_pool", "monster": "monster_pool", "power": "power"}[key], locale)
        c.fit_text((x0 + 7, y0 + 10), word, x1 - x0 - 14, 11, Palette.muted, min_size=9,
                   anchor="lm")  # fmt: skip
    badge = (x0 + 6, y0 + 19, x0 + 31, y1 - 4)
    c.rect(badge, fill=color, radius=5)
    with c.region(badge, f"player {seat} {key} count"):
        c.text(((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2), str(value), 14,
               Palette.ink, bold=True, anchor="mm")  # fmt: skip
    size = min(9.0, (x1 - x0 - 44) / 5 - 2)
    for k in range(10):
        px = x0 + 37 + (k % 5) * (size + 2)
        py = y0 + 20 + (k // 5) * (size + 2)
        held = k < value
        c.rect((px, py, px + size, py + size), fill=color if held else None,
               outline=None if held else Palette.faint, width=1)  # fmt: skip
