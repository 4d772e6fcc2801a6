"""The active figure's stat panel, between the map and the players' cards (issue 26): who is
acting (name, owner, square; a monster's health per form, a unit's rank), its stats now —
speed, DEF, brawl and blast dice with their boost, the blast's range, a monster's power attack,
a unit's spawn cost — and the rest of what its base says: a monster's other form (so going
hyper can be weighed), a unit's abilities. With no figure in focus, a line saying where every
figure's stats are (``/mp card``).

Why the figure in focus: it is the one whose squares and targets the map highlights, so its
numbers answer the question the highlight raises (how far, how hard). Everything comes from
the view (``figures[].stats``, ``printed``, ``forms``); a view without them draws less."""

from __future__ import annotations

from typing import Any

from render.common import Canvas, Palette, localized
from render.monsterpocalypse.layout import focus_box
from render.monsterpocalypse.pieces import owner_shape
from render.monsterpocalypse.style import content, faction_color, num, seat_color, t

Figure = dict[str, Any]


def focus_figure(view: dict[str, Any], highlight: dict[str, Any] | None) -> Figure | None:
    """The figure on the map the activation is about: the highlight's, else the
    activation's focus, else the acting seat's monster in a monster activation."""
    act = view.get("activation")
    if not isinstance(act, dict):
        return None
    ident = (highlight or {}).get("figure") or act.get("focus")
    if not ident and act.get("kind") == "monster":
        ident = f"m{act.get('seat')}"
    for fig in view.get("figures") or []:
        if isinstance(fig, dict) and ident and fig.get("id") == ident and fig.get("at"):
            return fig
    return None


def _dice(value: Any, locale: str) -> str:
    pair = [num(v) for v in value] if isinstance(value, list | tuple) else []
    if not pair or not pair[0]:
        return t("no_attack", locale)
    return f"{pair[0]}+{pair[1] if len(pair) > 1 else 0}"


def stat_line(line: dict[str, Any], locale: str, *, power: bool) -> str:
    """``Speed 4 · DEF 5 · Brawl 4+2 · Blast 3+1 long 2–5 · Power 4+1`` (+ a unit's cost,
    a hyper form's cost)."""
    parts = [
        t("speed", locale, n=num(line.get("speed"))),
        t("defense", locale, n=num(line.get("defense"))),
        t("brawl", locale, n=_dice(line.get("brawl"), locale)),
        t("blast", locale, n=_dice(line.get("blast"), locale)),
    ]
    reach = line.get("range")
    if reach in ("short", "long") and num((line.get("blast") or [0])[0]):
        parts[-1] += " " + t(f"range_{reach}", locale)
    if power:
        parts.append(t("power_attack", locale, n=_dice(line.get("power"), locale)))
    if "cost" in line:
        parts.append(t("cost", locale, n=num(line.get("cost"))))
    if num(line.get("hyper_cost")):
        parts.append(t("hyper_cost", locale, n=num(line.get("hyper_cost"))))
    return " · ".join(parts)


def abilities(ids: Any, locale: str) -> str:
    """Ability names in ``locale`` (their ids without the content)."""
    known = getattr(content(), "ABILITIES", {})
    names = []
    for ident in ids if isinstance(ids, list | tuple) else []:
        info = known.get(str(ident))
        names.append(localized(dict(info.names), locale) if info else str(ident))
    return ", ".join(names)


def _part(fig: Figure, key: str) -> dict[str, Any]:
    """A dict entry of the figure (its stats, printed line or forms); empty when missing."""
    found = fig.get(key)
    return found if isinstance(found, dict) else {}


def _lines(fig: Figure, locale: str) -> tuple[str, str, str]:
    """(right of the name, the stats now, the rest of the base)."""
    stats = _part(fig, "stats")
    if fig.get("kind") != "monster":
        cost = {k: v for k, v in _part(fig, "printed").items() if k == "cost"}
        now = stat_line({**stats, **cost}, locale, power=False)
        rank = t(str(fig.get("rank")), locale) if fig.get("rank") in ("grunt", "elite") else ""
        return rank, now, abilities(fig.get("abilities"), locale)
    form = "hyper" if fig.get("form") == "hyper" else "alpha"
    other = "alpha" if form == "hyper" else "hyper"
    health, top = fig.get("health") or {}, fig.get("max") or {}
    tracks = " · ".join(
        f"{'α' if f == 'alpha' else 'H'} {num(health.get(f))}/{num(top.get(f))}"
        for f in ("alpha", "hyper")
    )
    now = t("in_play", locale, form=t(f"form_{form}", locale))
    now += ": " + stat_line(stats, locale, power=True)
    held = abilities(fig.get("abilities"), locale)
    now += f" · {held}" if held else ""
    line = _part(fig, "forms").get(other)
    rest = ""
    if isinstance(line, dict):
        rest = f"{t(f'form_{other}', locale)}: " + stat_line(line, locale, power=True)
        held = abilities(line.get("abilities"), locale)
        rest += f" · {held}" if held else ""
    return f"{t('health', locale)} {tracks}", now, rest


def draw_focus(
    c: Canvas, view: dict[str, Any], locale: str, highlight: dict[str, Any] | None
) -> None:
    box = focus_box()
    c.panel(box, radius=12)
    x0, y0, x1, y1 = box
    fig = focus_figure(view, highlight)
    if fig is None:
        with c.region((x0 + 12, y0 + 8, x1 - 12, y1 - 8), "focus hint"):
            c.fit_text((x0 + 16, (y0 + y1) / 2), t("focus_hint", locale), x1 - x0 - 32, 13,
                       Palette.muted, min_size=10, anchor="lm")  # fmt: skip
        return
    owner = fig.get("owner")
    owner_shape(c, (x0 + 12, y0 + 8, x0 + 32, y0 + 28), owner, faction_color(fig.get("faction")))
    side, now, rest = _lines(fig, locale)
    name = localized(fig.get("names"), locale) or str(fig.get("id") or "")
    if fig.get("kind") != "monster":
        name += f" {fig.get('id')}"
    name += f" · {fig.get('at')}"
    with c.region((x0 + 40, y0 + 6, x1 - 12, y0 + 30), "focus name"):
        right = c.fit_text((x1 - 14, y0 + 18), side, (x1 - x0) * 0.4, 13, Palette.gold,
                           bold=True, min_size=10, anchor="rm")  # fmt: skip
        c.fit_text((x0 + 42, y0 + 18), name, x1 - x0 - 70 - right, 15, seat_color(owner),
                   bold=True, min_size=11, anchor="lm")  # fmt: skip
    with c.region((x0 + 12, y0 + 31, x1 - 12, y0 + 48), "focus stats"):
        c.fit_text((x0 + 14, y0 + 40), now, x1 - x0 - 28, 13, Palette.text, min_size=9,
                   anchor="lm")  # fmt: skip
    if rest:
        with c.region((x0 + 12, y0 + 49, x1 - 12, y1 - 3), "focus more"):
            c.fit_text((x0 + 14, y0 + 57), rest, x1 - x0 - 28, 12, Palette.muted, min_size=9,
                       anchor="lm")  # fmt: skip
