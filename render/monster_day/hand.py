"""The hand image sent by DM: a seat's Decktet cards, each with where it may be played
(the spaces whose Ace shares a suit with it, or any space for the Excuse).

Apart from the board: it shares only the words (:mod:`render.monster_day.style`) and the card
faces (:mod:`render.decktet`) with it."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from PIL import Image

from render.boxes import Box, active_recorder
from render.common import Canvas, Palette, mix, tr
from render.compose import Piece, composed
from render.decktet import draw_card, draw_suit, suit_color
from render.monster_day.style import _t
from render.png import stored_palette

HAND_CARD_W, HAND_CARD_H = 176, 246


def _matching_spaces(card: dict[str, Any], spaces: list[dict[str, Any]]) -> list[int] | None:
    """Spaces whose Ace shares a suit with ``card`` (None: any space, for the Excuse)."""
    if card.get("rank") == "excuse":
        return None
    suits = set(card.get("suits") or ())
    return [
        i for i, sp in enumerate(spaces) if suits & set((sp.get("ace") or {}).get("suits") or ())
    ]


HAND_PAD, HAND_GAP, HAND_TOP = 24, 18, 76


def _draw_hand(view: dict[str, Any], locale: str) -> Image.Image:
    """The hand: put together from kept pieces in the hand palette (:mod:`render.compose`)
    when it can be, else drawn whole (an empty hand, colours the palette lacks, or while a
    text-box recording is on, which must see every text drawn)."""
    cards = list(view.get("hand") or [])
    if cards and active_recorder() is None:
        picture = _composed_hand(view, cards, locale)
        if picture is not None:
            return picture
    return _painted_hand(view, cards, locale)


def _hand_size(cards: list[dict[str, Any]]) -> tuple[int, int]:
    slots = max(3, len(cards))
    width = HAND_PAD * 2 + slots * HAND_CARD_W + (slots - 1) * HAND_GAP
    return width, HAND_TOP + HAND_CARD_H + 86 + HAND_PAD


def _card_lefts(cards: list[dict[str, Any]], width: int) -> list[int]:
    """Each card's left edge, the row centred: whole layout units (see render.compose)."""
    row = len(cards) * HAND_CARD_W + (len(cards) - 1) * HAND_GAP
    return [(width - row) // 2 + i * (HAND_CARD_W + HAND_GAP) for i in range(len(cards))]


def _below(x: int, height: int) -> tuple[int, int, int, int]:
    """Where "plays on" and the chips go under the card at ``x``."""
    return (x - 4, HAND_TOP + HAND_CARD_H + 8, x + HAND_CARD_W + 4, height - 12)


def _title_box(width: int) -> tuple[int, int, int, int]:
    """The title's box: the seat's colour, "Your hand", the turn and deck size."""
    return (HAND_PAD, 16, width - HAND_PAD, 64)


def _table(c: Canvas, width: int, height: int) -> None:
    c.table_top((6, 6, width - 6, height - 6), Palette.table, 20)


def _painted_hand(view: dict[str, Any], cards: list[dict[str, Any]], locale: str) -> Image.Image:
    spaces = list(view.get("spaces") or [])
    width, height = _hand_size(cards)
    top = HAND_TOP
    c = Canvas(width, height, Palette.bg, table=Palette.table)
    _table(c, width, height)
    title = _title_box(width)
    with c.region(title, "title"):
        _hand_title(c, view, locale, title)
    if not cards:
        box = (HAND_PAD, top, width - HAND_PAD, top + HAND_CARD_H)
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
    for i, (card, x) in enumerate(zip(cards, _card_lefts(cards, width), strict=True)):
        draw_card(c, (x, top, x + HAND_CARD_W, top + HAND_CARD_H), card, locale)
        below = _below(x, height)
        with c.region(below, f"where card {i + 1} plays"):
            _plays_on(c, _matching_spaces(card, spaces), spaces, below, locale)
    return c.image()


CARD_MARGIN = 2
"""Layout units around a card's piece: its shadow reaches 2 right and 4 down."""


def _composed_hand(
    view: dict[str, Any], cards: list[dict[str, Any]], locale: str
) -> Image.Image | None:
    """The same picture as :func:`_painted_hand`, from pieces: the table (one per width),
    the title (drawn each time: it says the turn), each card's face and each card's chips
    (kept by what they show)."""
    palette = stored_palette("monster_day", "hand")
    if palette is None:
        return None
    spaces = list(view.get("spaces") or [])
    width, height = _hand_size(cards)
    m = CARD_MARGIN
    title = _title_box(width)
    title_box = (0, 0, title[2] - title[0], title[3] - title[1])
    pieces = [Piece(title, lambda c: _hand_title(c, view, locale, title_box))]
    face = (m, m, m + HAND_CARD_W, m + HAND_CARD_H)  # where a card lies in its piece
    first = _below(0, height)
    chips = (0, 0, first[2] - first[0], first[3] - first[1])  # the chips' box in theirs
    for card, x in zip(cards, _card_lefts(cards, width), strict=True):
        pieces.append(
            Piece(
                (x - m, HAND_TOP - m, x + HAND_CARD_W + 2 * m, HAND_TOP + HAND_CARD_H + 3 * m),
                partial(draw_card, box=face, card=card, locale=locale),
                ("md hand card", json.dumps(card, sort_keys=True), locale),
            )
        )
        below = _below(x, height)
        matches = _matching_spaces(card, spaces)
        shown = None if matches is None else [_ace_suit(spaces[i]) for i in matches]
        pieces.append(
            Piece(
                below,
                partial(_plays_on, matches=matches, spaces=spaces, box=chips, locale=locale),
                ("md plays on", json.dumps([matches, shown]), locale),
            )
        )
    base = Piece((0, 0, width, height), lambda c: _table(c, width, height), "md hand table")
    return composed(
        (width, height), base, pieces, ("monster_day hand", palette),
        ground=Palette.table, room=Palette.bg,
    )  # fmt: skip


def _ace_suit(space: dict[str, Any]) -> str:
    """The suit a space's chip shows: its Ace's first."""
    return str(((space.get("ace") or {}).get("suits") or [""])[0])


def _hand_title(c: Canvas, view: dict[str, Any], locale: str, box: Box) -> None:
    """The seat's colour, "Your hand", and the turn and deck size on the right."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    seat = view.get("seat")
    accent = Palette.seat(seat) if isinstance(seat, int) else Palette.text
    c.circle(x0 + 10, mid, 9, fill=accent)
    title = tr("your_hand", locale)
    c.text((x0 + 28, mid), title, 30, Palette.text, bold=True, anchor="lm")
    info = f"{tr('deck', locale)} {view.get('deck_count', 0)}"
    if view.get("turn_number"):
        info = f"{tr('turn', locale)} {view['turn_number']} · {info}"
    room = x1 - x0 - 44 - c.text_width(title, 30, True)
    c.fit_text((x1, mid), info, room, 21, Palette.muted, bold=True, min_size=14, anchor="rm")


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
        suit = _ace_suit(spaces[space])
        chip = (x, ly + 18, x + chip_w, ly + 54)
        c.rect(chip, fill=mix(suit_color(suit), Palette.panel, 0.35), radius=10)  # 3:1 for Suns
        with c.region(chip, f"space {space + 1}", cue=("suit", suit) if suit else None):
            c.text((x + 16, ly + 36), str(space + 1), 22, Palette.text, bold=True, anchor="mm")
            if suit:
                draw_suit(c, suit, x + chip_w - 19, ly + 36, 25, (255, 255, 255))
        x += chip_w + chip_gap
