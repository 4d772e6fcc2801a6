"""Solo mode 2's Spider Jack on the main board, drawn from the view's ``jack`` and ``solo``.

Two pieces:

- a card in the seats row beside the player's (T1: the player races it), with its Juice and
  the difficulty, +N and its label (T2);
- its panel: on the left the revealed solo card with its three symbols (a colour's mark or
  "any" for white, ▲ highest / ▼ lowest, T7) and, on each symbol, the die it picked with it
  this round (T8), then the fourth die, the one left (T6); the spare die (T18) is named; under
  them the rules its level adds (spare die, T13, T19: I40). On the right its area, one line per
  colour: creatures, ghosts and dice of that colour side by side, because that is how its
  area scores (T12: every die, ghost and creature matching the die just added), and a line for
  multicolour ghosts, which match every colour (I39).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.boxes import Box
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import solo_symbols
from render.monsters_on_board.layout import JACK_ROW_H, has_multi_ghost, panel, pill, pill_width
from render.monsters_on_board.pieces import draw_creature, draw_die, draw_ghost
from render.monsters_on_board.style import (
    JACK,
    JACK_INK,
    JUICE,
    MULTI_RGB,
    colour_rgb,
    ink_on,
    mark,
    name_of,
    t,
)

PICKS_W = 440
PICK_DIE = 50
AREA_DIE = 34.0
CREATURE_R = 16.0
GHOST_W = 32.0


LEVELS = ("easy", "normal", "hard", "monstrous")
"""T2's labels (the view's ``jack.level``)."""


def difficulty(jack: dict[str, Any], locale: str) -> str:
    """``"+7 Monstrous"``: the difficulty and T2's label for it."""
    level = str(jack.get("level") or "easy")
    word = t(f"level_{level}", locale) if level in LEVELS else level
    return t("difficulty", locale, n=int(jack.get("difficulty") or 0), level=word)


def draw_jack_card(c: Canvas, box: Box, jack: dict[str, Any], locale: str) -> None:
    """Spider Jack in the seats row: its name, difficulty and Juice, like a seat's card."""
    x0, y0, x1, y1 = box
    c.panel(box, fill=mix(Palette.panel, JACK, 0.12), outline=mix(JACK, Palette.text, 0.2))
    c.rect((x0 + 8, y0 + 10, x0 + 14, y1 - 10), fill=JACK, radius=3)
    with c.region((x0 + 20, y0 + 4, x1 - 8, y1 - 4), "spider jack"):
        level = difficulty(jack, locale)
        right = x1 - 10 - pill_width(c, level, 13)
        pill(c, right, y0 + 22, level, JACK, 13)
        c.fit_text(
            (x0 + 22, y0 + 22),
            t("jack", locale),
            right - x0 - 30,
            21,
            JACK_INK,
            bold=True,
            min_size=14,
            anchor="lm",
        )
        juice = str(int(jack.get("juice") or 0))
        c.text((x0 + 22, y0 + 56), juice, 26, JUICE, bold=True, anchor="lm")
        x = x0 + 27 + c.text_width(juice, 26, True)
        c.fit_text((x, y0 + 58), t("juice", locale), 90, 13, Palette.muted, bold=True, anchor="lm")
        counts = t(
            "jack_counts",
            locale,
            d=len(jack.get("dice") or []),
            g=len(jack.get("ghosts") or []),
            c=len(jack.get("creatures") or []),
        )
        c.fit_text(
            (x0 + 22, y1 - 18), counts, x1 - x0 - 34, 15, Palette.text, min_size=11, anchor="lm"
        )


def draw_jack_area(
    c: Canvas, box: Box, solo: dict[str, Any], jack: dict[str, Any], locale: str
) -> None:
    """Spider Jack's panel (see the module docstring)."""
    title = f"{t('jack_area', locale)} · {difficulty(jack, locale)}"
    inner = panel(c, box, title, accent=mix(Palette.line, JACK, 0.6))
    x0, y0, x1, y1 = inner
    draw_picks(c, (x0, y0, x0 + PICKS_W, y1), solo, jack, locale)
    c.line([(x0 + PICKS_W + 6, y0 + 6), (x0 + PICKS_W + 6, y1 - 6)], Palette.line, 1.5)
    draw_area(c, (x0 + PICKS_W + 14, y0, x1, y1), jack)


# -- the solo card and its picks (T6-T8)
def draw_picks(
    c: Canvas, box: Box, solo: dict[str, Any], jack: dict[str, Any], locale: str
) -> None:
    x0, y0, x1, y1 = box
    card = cat.solo_card(str(solo.get("revealed"))) if solo.get("revealed") else None
    with c.region((x0, y0, x1, y0 + 28), "solo card"):
        deck = t(
            "jack_deck", locale, mark=mark(str(jack.get("colour"))), n=int(solo.get("deck") or 0)
        )
        c.text((x1 - 4, y0 + 14), deck, 14, Palette.muted, anchor="rm")
        name = name_of(card, locale) if card else t("none_yet", locale)
        room = x1 - x0 - 20 - c.text_width(deck, 14)
        c.fit_text(
            (x0 + 4, y0 + 14), name, room, 17, Palette.text, bold=True, min_size=12, anchor="lm"
        )
    symbols = solo_symbols(card, t("any", locale)) if card else []
    picks = [d for d in solo.get("ai_picks") or [] if isinstance(d, list) and len(d) == 2]
    spare = jack.get("spare")
    spare_id = str(spare[0]) if isinstance(spare, list) and spare else None
    w = (x1 - x0) / 4
    for k in range(4):
        label = symbols[k] if k < len(symbols) else t("last_die", locale)
        die = picks[k] if k < len(picks) else None
        word = t("spare", locale) if die and str(die[0]) == spare_id else None
        draw_pick(c, (x0 + k * w + 2, y0 + 32, x0 + (k + 1) * w - 2, y0 + 150), k, label, die, word)
    draw_rules(c, (x0, y0 + 154, x1, y1), jack, locale)


def draw_pick(c: Canvas, box: Box, k: int, label: str, die: Any, spare: str | None) -> None:
    """One symbol of the card (or the fourth, "the last") with the die taken by it below (T8);
    ``spare``, the word under the spare die when this is it (T18)."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    with c.region(box, "jack pick"):
        if k < 3:
            w = min(pill_width(c, label, 15), x1 - x0)
            pill(c, cx - w / 2, y0 + 16, label, Palette.panel_hi, 15)
        else:
            c.fit_text(
                (cx, y0 + 16), label, x1 - x0 - 4, 15, Palette.muted, bold=True, min_size=11,
                anchor="mm",
            )  # fmt: skip
        top = y0 + 38
        if not die:
            c.dashed_rect(
                (cx - PICK_DIE / 2, top, cx + PICK_DIE / 2, top + PICK_DIE),
                Palette.faint,
                1.5,
                5,
                8,
            )
            return
        ring = Palette.gold if spare else None
        draw_die(c, cx - PICK_DIE / 2, top, PICK_DIE, str(die[0]), int(die[1]), ring=ring)
        if spare:
            c.fit_text(
                (cx, y1 - 10), spare, x1 - x0 - 4, 14, Palette.gold, bold=True, min_size=11,
                anchor="mm",
            )  # fmt: skip


def draw_rules(c: Canvas, box: Box, jack: dict[str, Any], locale: str) -> None:
    """What its level adds (I40): where the spare die goes (T18), and whether it takes the
    summoning (T13) and prophecy points (T19) you miss."""
    x0, y0, x1, _ = box
    found = jack.get("modifiers")
    mods: dict[str, Any] = found if isinstance(found, dict) else {}
    spare = str(mods.get("spare") or "bag")
    words = [t(f"spare_{spare}" if spare in ("bag", "area", "scored") else "spare_bag", locale)]
    if mods.get("summoning"):
        words.append(t("jack_summoning", locale))
    if mods.get("prophecy"):
        words.append(t("jack_prophecy", locale))
    with c.region(box, "jack rules"):
        lines, size = c.wrap(" · ".join(words), x1 - x0 - 8, 2, 14, min_size=11)
        for k, line in enumerate(lines):
            c.text((x0 + 4, y0 + 10 + k * (size + 5)), line, size, Palette.muted, anchor="lm")


# -- its area (T3a, T11, T12, T17, T18)
def draw_area(c: Canvas, box: Box, jack: dict[str, Any]) -> None:
    """One line per colour: its creatures, its ghosts, its dice; multicolour ghosts last."""
    x0, y0, x1, _ = box
    dice = [d for d in jack.get("dice") or [] if isinstance(d, list) and len(d) == 2]
    ghosts = [str(g) for g in jack.get("ghosts") or []]
    creatures = [str(x) for x in jack.get("creatures") or []]
    lines: list[tuple[str, list[str], list[str], list[list[Any]]]] = []
    for colour_id in cat.COLOURS:
        mine = [g for g in ghosts if (found := cat.ghost(g)) and found.colour == colour_id]
        lines.append(
            (
                colour_id,
                [x for x in creatures if x == colour_id],
                mine,
                [d for d in dice if cat.die_colour(str(d[0])) == colour_id],
            )
        )
    if has_multi_ghost(jack):
        multi = [g for g in ghosts if (found := cat.ghost(g)) and found.colour == cat.MULTI]
        lines.append((cat.MULTI, [], multi, []))
    for k, (colour_id, who, spooks, held) in enumerate(lines):
        y = y0 + 2 + k * JACK_ROW_H
        draw_line(c, (x0, y, x1, y + JACK_ROW_H - 4), colour_id, who, spooks, held)


def draw_line(
    c: Canvas,
    box: Box,
    colour_id: str,
    creatures: Sequence[str],
    ghosts: Sequence[str],
    dice: Sequence[list[Any]],
) -> None:
    """One colour of the area; what does not fit is counted ("+3")."""
    x0, y0, x1, y1 = box
    rgb = MULTI_RGB if colour_id == cat.MULTI else colour_rgb(colour_id)
    c.rect(box, fill=mix(rgb, Palette.panel, 0.85), radius=8)
    chip = (x0 + 3, y0 + 3, x0 + 40, y1 - 3)
    c.rect(chip, fill=rgb, radius=6)
    cy = (y0 + y1) / 2
    with c.region(chip, "jack colour", cue=("component colour", colour_id)):
        c.text(((chip[0] + chip[2]) / 2, cy), mark(colour_id), 14, ink_on(rgb), bold=True,
               anchor="mm")  # fmt: skip
    items: list[tuple[str, Any]] = [("creature", x) for x in creatures]
    items += [("ghost", g) for g in ghosts] + [("die", d) for d in dice]
    if not items:
        return
    x, right = x0 + 48, x1 - 6
    with c.region((x0 + 44, y0, x1, y1), f"jack {colour_id}"):
        for n, (kind, item) in enumerate(items):
            width = (
                2 * CREATURE_R if kind == "creature" else (GHOST_W if kind == "ghost" else AREA_DIE)
            )
            left = len(items) - n
            if x + width > right - (0 if left == 1 else 40):
                c.text((right, cy), f"+{left}", 16, Palette.text, bold=True, anchor="rm")
                return
            if kind == "creature":
                draw_creature(c, x + CREATURE_R, cy, CREATURE_R, str(item))
            elif kind == "ghost":
                draw_ghost(c, (x, y0 + 1, x + GHOST_W, y1 - 1), str(item))
            else:
                top = cy - AREA_DIE / 2
                draw_die(c, x, top, AREA_DIE, str(item[0]), int(item[1]))
            x += width + 5
