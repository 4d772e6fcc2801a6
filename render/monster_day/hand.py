"""The hand image sent by DM: a seat's Decktet cards, each with where it may be played
(the spaces whose Ace shares a suit with it, or any space for the Excuse).

Apart from the board: it shares only the words (:mod:`render.monster_day.style`) and the card
faces (:mod:`render.decktet`) with it."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.boxes import Box
from render.common import Canvas, Palette, mix, tr
from render.decktet import draw_card, draw_suit, suit_color
from render.monster_day.style import _t

HAND_CARD_W, HAND_CARD_H = 176, 246


def _matching_spaces(card: dict[str, Any], spaces: list[dict[str, Any]]) -> list[int] | None:
    """Spaces whose Ace shares a suit with ``card`` (None: any space, for the Excuse)."""
    if card.get("rank") == "excuse":
        return None
    suits = set(card.get("suits") or ())
    return [
        i for i, sp in enumerate(spaces) if suits & set((sp.get("ace") or {}).get("suits") or ())
    ]


def _draw_hand(view: dict[str, Any], locale: str) -> Image.Image:
    cards = list(view.get("hand") or [])
    spaces = list(view.get("spaces") or [])
    slots = max(3, len(cards))
    pad, gap = 24, 18
    width = pad * 2 + slots * HAND_CARD_W + (slots - 1) * gap
    top = 76
    height = top + HAND_CARD_H + 86 + pad
    c = Canvas(width, height, Palette.bg, table=Palette.table)
    c.table_top((6, 6, width - 6, height - 6), Palette.table, 20)
    with c.region((pad, 16, width - pad, 64), "title"):
        _hand_title(c, view, locale, pad, width - pad)
    if not cards:
        box = (pad, top, width - pad, top + HAND_CARD_H)
        c.dashed_rect(box, Palette.faint, 2, 10, 14)
        with c.region(box, "no cards"):
            c.text(
                (width / 2, top + HAND_CARD_H / 2),
                tr("no_cards", locale),
                28,
                Palette.muted,
                bold=True,
                anchor="mm",
            )
        return c.image()
    x0 = (width - (len(cards) * HAND_CARD_W + (len(cards) - 1) * gap)) / 2
    for i, card in enumerate(cards):
        x = x0 + i * (HAND_CARD_W + gap)
        draw_card(c, (x, top, x + HAND_CARD_W, top + HAND_CARD_H), card, locale)
        below = (x - 4, top + HAND_CARD_H + 8, x + HAND_CARD_W + 4, height - 12)
        with c.region(below, f"where card {i + 1} plays"):
            _plays_on(c, _matching_spaces(card, spaces), spaces, below, locale)
    return c.image()


def _hand_title(c: Canvas, view: dict[str, Any], locale: str, x0: float, x1: float) -> None:
    """The seat's colour, "Your hand", and the turn and deck size on the right."""
    seat = view.get("seat")
    accent = Palette.seat(seat) if isinstance(seat, int) else Palette.text
    c.circle(x0 + 10, 40, 9, fill=accent)
    title = tr("your_hand", locale)
    c.text((x0 + 28, 40), title, 30, Palette.text, bold=True, anchor="lm")
    info = f"{tr('deck', locale)} {view.get('deck_count', 0)}"
    if view.get("turn_number"):
        info = f"{tr('turn', locale)} {view['turn_number']} · {info}"
    room = x1 - x0 - 44 - c.text_width(title, 30, True)
    c.fit_text((x1, 40), info, room, 21, Palette.muted, bold=True, min_size=14, anchor="rm")


def _plays_on(
    c: Canvas, matches: list[int] | None, spaces: list[dict[str, Any]], box: Box, locale: str
) -> None:
    """Under a card, where it can go: "any space", or a chip per matching Ace (its space
    number and suit)."""
    x0, y0, x1, _y1 = box
    cx = (x0 + x1) / 2
    ly = y0 + 14
    c.fit_text((cx, ly), _t("plays_on", locale), x1 - x0, 17, Palette.muted, bold=True, anchor="mm")
    if matches is None:
        c.fit_text(
            (cx, ly + 36), _t("anywhere", locale), x1 - x0, 22, Palette.text, bold=True, anchor="mm"
        )
        return
    chip_gap = 6
    chip_w = min(62.0, (x1 - x0 - chip_gap * (len(matches) - 1)) / max(1, len(matches)))
    x = cx - (len(matches) * chip_w + max(0, len(matches) - 1) * chip_gap) / 2
    for space in matches:
        ace = spaces[space].get("ace") or {}
        suit = (ace.get("suits") or [""])[0]
        chip = (x, ly + 18, x + chip_w, ly + 54)
        c.rect(chip, fill=mix(suit_color(suit), Palette.panel, 0.3), radius=10)
        with c.region(chip, f"space {space + 1}"):
            c.text((x + 16, ly + 36), str(space + 1), 22, Palette.text, bold=True, anchor="mm")
        if suit:
            draw_suit(c, suit, x + chip_w - 19, ly + 36, 25, (255, 255, 255))
        x += chip_w + chip_gap
