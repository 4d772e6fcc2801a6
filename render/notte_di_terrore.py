"""Notte di Terrore (Night of Terror) board and hand images, drawn from the engine's view alone.

Board layout (1200 px wide, one horizontal strip per player, so the height grows with the player
count and with the Events piled on Beings; a player's walk home reads left to right):

- a top bar: the title and the victory rule, the turn and the phase with who is to act (or the
  game-over banner with the winners), and the four draw piles' sizes;
- one strip per seat, in seat order, framed in gold for the active player. Its header: the
  seat's colour and name, status pills (active / to play / passed / choosing / home / winner),
  the hand size, a Terror meter (one segment per pile card, its width the card's score, rotated
  cards darker; all meters share one scale, so they compare players at a glance) and the Terror
  total;
- its body, left to right: the path (Places passed as small face-up cards with a tick, the
  revealed Place as a panel holding its Beings and their Events, face-down Places as card backs
  only, then the house), and the Weapons (table Weapons, used ones lying turned sideways and
  dimmed; the public Weapon in hand; a gold note when two table Weapons combine).

A Being shows its type (colour and an original icon), name, value, the Events on it (favoured
type, value, irrelevant ones dimmed) and what it is worth now: the Terror it adds if left
standing and removes if killed. The hand image (a seat's own view, by DM) shows its Beings and
Events, its Weapons, the Places still ahead and, when the seat must choose how many Events to
hold, a note saying so.

Everything is drawn from the view: no deck data, no engine import. Cards missing from the view's
``cards`` fall back to their design id, so a trimmed view still draws.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.boxes import Box
from render.common import (
    RGB,
    Canvas,
    Palette,
    hex_rgb,
    localized,
    mix,
    player_names,
    supersampled_mask,
    tr,
)

WIDTH = 1200
MARGIN = 16
TOP_H = 74
ROW_GAP = 10
ROW_HEAD = 48
LEGEND_H = 30  # the Being types' key under the strips
EVENTS_SHOWN = 4  # Events listed on a Being before "+n more"
_PHASES = ("split", "apparition", "resolution", "discard", "arrange", "over")

TYPE_ORDER = ("zombie", "skeleton", "ghost", "witch", "mummy", "werewolf", "vampire", "demon")
TYPE_COLORS: dict[str, RGB] = {
    "zombie": hex_rgb("#7cc243"),  # rotten green
    "skeleton": hex_rgb("#e9e1c9"),  # bone
    "ghost": hex_rgb("#8fd6ea"),  # pale cyan
    "witch": hex_rgb("#a56df0"),  # violet
    "mummy": hex_rgb("#d9b36a"),  # sand
    "werewolf": hex_rgb("#b9834f"),  # fur brown
    "vampire": hex_rgb("#e0384f"),  # blood red
    "demon": hex_rgb("#ff7b2e"),  # hellfire orange
}
NO_TYPE = hex_rgb("#a39a8c")
EVENT_NEUTRAL = hex_rgb("#9a8fc8")
NECRO = hex_rgb("#7a3b22")
STEEL = hex_rgb("#3a4a5e")
STEEL_EDGE = hex_rgb("#93a9c8")
PLACE = hex_rgb("#24474c")
PLACE_EDGE = hex_rgb("#6fb3b0")
NIGHT = hex_rgb("#1c2647")
NIGHT_EDGE = hex_rgb("#7f93cf")
BLOOD_BACK = hex_rgb("#6e2330")
TERROR_RED = hex_rgb("#ff6b5a")
RELIEF_GREEN = hex_rgb("#7fdc7a")
DECK_BACKS: dict[str, RGB] = {
    "beings": BLOOD_BACK,
    "events": hex_rgb("#4b3573"),
    "weapons": STEEL,
    "places": NIGHT,
}

TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "Night of Terror", "it": "Notte di Terrore"},
    "least_terror": {"en": "fewest Terror wins", "it": "vince chi ha meno Terrore"},
    "home_first": {"en": "first one home wins", "it": "vince chi arriva prima a casa"},
    "phase_split": {"en": "Setup", "it": "Preparazione"},
    "phase_apparition": {"en": "Apparition", "it": "Apparizione"},
    "phase_resolution": {"en": "Resolution", "it": "Risoluzione"},
    "phase_discard": {"en": "Discard & draw", "it": "Scarto e pesca"},
    "phase_arrange": {"en": "Weapons", "it": "Armi"},
    "phase_over": {"en": "Game over", "it": "Partita finita"},
    "do_split": {
        "en": "everyone splits their hand into Events and Beings",
        "it": "ognuno divide la mano tra Eventi ed Esseri",
    },
    "do_apparition": {"en": "{name} to play a card", "it": "{name} deve calare una carta"},
    "do_resolution": {"en": "{name} fights or flees", "it": "{name} combatte o fugge"},
    "do_discard": {"en": "{name} discards and draws", "it": "{name} scarta e pesca"},
    "do_arrange": {
        "en": "{name} picks two Weapons for the table",
        "it": "{name} sceglie due Armi per il tavolo",
    },
    "wins": {"en": "{name} wins!", "it": "Vince {name}!"},
    "shared": {"en": "Shared win: {name}", "it": "Vittoria condivisa: {name}"},
    "terror": {"en": "Terror", "it": "Terrore"},
    "active": {"en": "▶ active", "it": "▶ di turno"},
    "starts": {"en": "▶ starts", "it": "▶ inizia"},
    "hand": {"en": "Hand", "it": "Mano"},
    "to_play": {"en": "to play", "it": "deve giocare"},
    "passed": {"en": "passed", "it": "ha passato"},
    "choosing": {"en": "choosing…", "it": "sceglie…"},
    "ready": {"en": "✓ ready", "it": "✓ fatto"},
    "home": {"en": "⌂ home", "it": "⌂ a casa"},
    "winner": {"en": "★ winner", "it": "★ vince"},
    "weapons": {"en": "Weapons", "it": "Armi"},
    "in_hand": {"en": "In hand", "it": "In mano"},
    "beings": {"en": "Beings", "it": "Esseri"},
    "events": {"en": "Events", "it": "Eventi"},
    "places": {"en": "Places", "it": "Luoghi"},
    "max_type": {"en": "max {n} per type", "it": "max {n} per tipo"},
    "infested": {"en": "infested", "it": "infestato"},
    "no_beings": {"en": "no Beings here", "it": "nessun Essere"},
    "stays": {"en": "stays", "it": "resta"},
    "kill": {"en": "kill", "it": "uccidi"},
    "more": {"en": "+{n} more", "it": "altri {n}"},
    "summoned": {"en": "summoned", "it": "evocato"},
    "favours": {"en": "+2 on {type}", "it": "+2 su {type}"},
    "any_being": {"en": "any Being", "it": "ogni Essere"},
    "necro_hint": {"en": "summon a Being, or kill any one", "it": "evoca un Essere o uccidine uno"},
    "defeats": {"en": "defeats", "it": "sconfigge"},
    "places_ahead": {"en": "Places ahead", "it": "Luoghi da superare"},
    "your_place": {"en": "Your Place", "it": "Il tuo Luogo"},
    "none": {"en": "none", "it": "nessuna"},  # said of Weapons (le Armi)
    "split_note": {
        "en": "Choose your hand: how many of your {n} cards are Events? The rest are Beings.",
        "it": "Scegli la tua mano: quante delle tue {n} carte sono Eventi? Le altre sono Esseri.",
    },
    "split_done": {
        "en": "Hand split chosen: waiting for the other players.",
        "it": "Mano scelta: in attesa degli altri giocatori.",
    },
    "refill_note": {
        "en": "Draw back to {n} cards: choose how many of the new cards are Events.",
        "it": "Torna a {n} carte: scegli quante delle carte nuove sono Eventi.",
    },
    "playable": {"en": "gold frame: playable now", "it": "cornice dorata: giocabile ora"},
}


def _t(key: str, locale: str, **fmt: Any) -> str:
    return tr(key, locale, TEXT, **fmt)


def _tmpl(key: str, locale: str) -> str:
    """A phrase with its ``{name}`` slot left open (see ``Canvas.fit_name``)."""
    return tr(key, locale, TEXT, name="{name}")


def _luma(color: RGB) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def _on(color: RGB) -> RGB:
    """Readable ink on a ``color`` background."""
    return Palette.ink if _luma(color) > 150 else (255, 255, 255)


def type_color(type_id: Any) -> RGB:
    return TYPE_COLORS.get(str(type_id), NO_TYPE)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def _hyphenate(c: Canvas, word: str, width: float, size: float, bold: bool) -> list[str]:
    """``word`` cut into hyphenated pieces that each fit ``width`` at ``size``."""
    pieces: list[str] = []
    while len(word) > 5 and c.text_width(word, size, bold) > width:
        k = len(word) - 3
        while k > 3 and c.text_width(word[:k] + "-", size, bold) > width:
            k -= 1
        pieces.append(word[:k] + "-")
        word = word[k:]
    return [*pieces, word]


def wrap_name(
    c: Canvas,
    text: str,
    width: float,
    lines: int,
    size: float,
    *,
    bold: bool = True,
    min_size: float = 9,
) -> tuple[list[str], float]:
    """``Canvas.wrap``, but a single word too long for a narrow card ("Sledgehammer") is
    hyphenated instead of being shrunk to a smudge or cut with an ellipsis."""
    floor = max(min_size, size - 2)
    words = [p for w in text.split() for p in _hyphenate(c, w, width, floor, bold)]
    return c.wrap(" ".join(words), width, lines, size, bold=bold, min_size=min_size)


# --------------------------------------------------------------------------- type icons
# Original silhouettes, one per Being type: white shapes (255) and holes (0) on a unit square.

Painter = Callable[[ImageDraw.ImageDraw, float], None]


def _poly(d: ImageDraw.ImageDraw, u: float, pts: list[tuple[float, float]], fill: int) -> None:
    d.polygon([(x * u, y * u) for x, y in pts], fill=fill)


def _oval(d: ImageDraw.ImageDraw, u: float, box: Box, fill: int) -> None:
    d.ellipse(tuple(v * u for v in box), fill=fill)


def _paint_zombie(d: ImageDraw.ImageDraw, u: float) -> None:
    # a hand clawing out of the ground
    d.rounded_rectangle((0.32 * u, 0.42 * u, 0.74 * u, 0.78 * u), radius=0.1 * u, fill=255)
    for i, top in enumerate((0.16, 0.08, 0.1, 0.2)):
        x = 0.33 + i * 0.105
        d.rounded_rectangle((x * u, top * u, (x + 0.085) * u, 0.55 * u), radius=0.04 * u, fill=255)
    _poly(d, u, [(0.34, 0.62), (0.14, 0.4), (0.2, 0.34), (0.4, 0.5)], 255)
    d.rectangle((0.4 * u, 0.7 * u, 0.66 * u, 0.9 * u), fill=255)
    d.rounded_rectangle((0.06 * u, 0.86 * u, 0.94 * u, 0.97 * u), radius=0.05 * u, fill=255)


def _paint_skeleton(d: ImageDraw.ImageDraw, u: float) -> None:
    # a skull
    _oval(d, u, (0.14, 0.06, 0.86, 0.72), 255)
    d.rounded_rectangle((0.3 * u, 0.5 * u, 0.7 * u, 0.94 * u), radius=0.08 * u, fill=255)
    _oval(d, u, (0.25, 0.33, 0.45, 0.53), 0)
    _oval(d, u, (0.55, 0.33, 0.75, 0.53), 0)
    _poly(d, u, [(0.5, 0.56), (0.44, 0.68), (0.56, 0.68)], 0)
    for x in (0.4, 0.49, 0.58):
        d.rectangle((x * u, 0.78 * u, (x + 0.03) * u, 0.94 * u), fill=0)


def _paint_ghost(d: ImageDraw.ImageDraw, u: float) -> None:
    # a sheet ghost with a wavy hem
    _oval(d, u, (0.18, 0.05, 0.82, 0.62), 255)
    d.rectangle((0.18 * u, 0.34 * u, 0.82 * u, 0.84 * u), fill=255)
    for i in range(4):
        x = 0.18 + i * 0.16
        _poly(d, u, [(x, 0.82), (x + 0.16, 0.82), (x + 0.08, 0.97)], 255)
    _oval(d, u, (0.33, 0.28, 0.45, 0.44), 0)
    _oval(d, u, (0.55, 0.28, 0.67, 0.44), 0)
    _oval(d, u, (0.43, 0.5, 0.57, 0.66), 0)


def _paint_witch(d: ImageDraw.ImageDraw, u: float) -> None:
    # a crooked pointed hat
    _oval(d, u, (0.03, 0.72, 0.97, 0.92), 255)
    _poly(d, u, [(0.27, 0.8), (0.73, 0.8), (0.6, 0.38), (0.86, 0.1), (0.44, 0.3)], 255)
    d.rectangle((0.27 * u, 0.66 * u, 0.72 * u, 0.72 * u), fill=0)


def _paint_mummy(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bandaged head with two glowing eyes
    d.rounded_rectangle((0.2 * u, 0.05 * u, 0.8 * u, 0.95 * u), radius=0.28 * u, fill=255)
    for y in (0.22, 0.62, 0.78):
        _poly(d, u, [(0.1, y), (0.9, y - 0.06), (0.9, y - 0.02), (0.1, y + 0.04)], 0)
    d.rectangle((0.2 * u, 0.36 * u, 0.8 * u, 0.5 * u), fill=0)
    _oval(d, u, (0.3, 0.38, 0.42, 0.48), 255)
    _oval(d, u, (0.58, 0.38, 0.7, 0.48), 255)


def _paint_werewolf(d: ImageDraw.ImageDraw, u: float) -> None:
    # a wolf's head, ears up
    head = [
        (0.14, 0.04),
        (0.38, 0.26),
        (0.62, 0.26),
        (0.86, 0.04),
        (0.9, 0.48),
        (0.72, 0.66),
        (0.6, 0.96),
        (0.4, 0.96),
        (0.28, 0.66),
        (0.1, 0.48),
    ]
    _poly(d, u, head, 255)
    _poly(d, u, [(0.26, 0.42), (0.44, 0.5), (0.3, 0.52)], 0)
    _poly(d, u, [(0.74, 0.42), (0.56, 0.5), (0.7, 0.52)], 0)
    _oval(d, u, (0.42, 0.78, 0.58, 0.9), 0)


def _paint_vampire(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bat
    _oval(d, u, (0.4, 0.3, 0.6, 0.72), 255)
    _poly(d, u, [(0.41, 0.34), (0.42, 0.2), (0.48, 0.31)], 255)
    _poly(d, u, [(0.59, 0.34), (0.58, 0.2), (0.52, 0.31)], 255)
    wing = [
        (0.44, 0.4),
        (0.02, 0.22),
        (0.1, 0.46),
        (0.02, 0.62),
        (0.2, 0.56),
        (0.26, 0.74),
        (0.34, 0.58),
        (0.44, 0.64),
    ]
    _poly(d, u, wing, 255)
    _poly(d, u, [(1 - x, y) for x, y in wing], 255)


def _paint_demon(d: ImageDraw.ImageDraw, u: float) -> None:
    # a horned head with slanted eyes
    _oval(d, u, (0.2, 0.26, 0.8, 0.94), 255)
    _poly(d, u, [(0.26, 0.46), (0.06, 0.04), (0.42, 0.32)], 255)
    _poly(d, u, [(0.74, 0.46), (0.94, 0.04), (0.58, 0.32)], 255)
    _poly(d, u, [(0.3, 0.5), (0.46, 0.58), (0.32, 0.62)], 0)
    _poly(d, u, [(0.7, 0.5), (0.54, 0.58), (0.68, 0.62)], 0)
    _poly(d, u, [(0.36, 0.74), (0.64, 0.74), (0.5, 0.84)], 0)


def _paint_book(d: ImageDraw.ImageDraw, u: float) -> None:
    # the Necronomicon: a closed book with a sigil
    d.rounded_rectangle((0.16 * u, 0.06 * u, 0.84 * u, 0.94 * u), radius=0.06 * u, fill=255)
    d.rectangle((0.16 * u, 0.06 * u, 0.26 * u, 0.94 * u), fill=0)
    _oval(d, u, (0.36, 0.3, 0.76, 0.7), 0)
    _oval(d, u, (0.42, 0.36, 0.7, 0.64), 255)
    _poly(d, u, [(0.56, 0.36), (0.66, 0.6), (0.46, 0.6)], 0)


def _paint_house(d: ImageDraw.ImageDraw, u: float) -> None:
    _poly(d, u, [(0.5, 0.06), (0.96, 0.48), (0.04, 0.48)], 255)
    d.rectangle((0.16 * u, 0.44 * u, 0.84 * u, 0.94 * u), fill=255)
    d.rectangle((0.42 * u, 0.62 * u, 0.58 * u, 0.94 * u), fill=0)
    d.rectangle((0.66 * u, 0.14 * u, 0.78 * u, 0.34 * u), fill=255)


def _paint_moon(d: ImageDraw.ImageDraw, u: float) -> None:
    _oval(d, u, (0.08, 0.08, 0.92, 0.92), 255)
    _oval(d, u, (0.32, 0.0, 1.1, 0.74), 0)


def _paint_blade(d: ImageDraw.ImageDraw, u: float) -> None:
    # a dagger, point up: the emblem of a Weapon card
    _poly(d, u, [(0.5, 0.02), (0.6, 0.18), (0.58, 0.62), (0.42, 0.62), (0.4, 0.18)], 255)
    d.rounded_rectangle((0.22 * u, 0.62 * u, 0.78 * u, 0.7 * u), radius=0.03 * u, fill=255)
    d.rectangle((0.45 * u, 0.7 * u, 0.55 * u, 0.88 * u), fill=255)
    _oval(d, u, (0.42, 0.86, 0.58, 0.98), 255)


ICONS: dict[str, Painter] = {
    "zombie": _paint_zombie,
    "skeleton": _paint_skeleton,
    "ghost": _paint_ghost,
    "witch": _paint_witch,
    "mummy": _paint_mummy,
    "werewolf": _paint_werewolf,
    "vampire": _paint_vampire,
    "demon": _paint_demon,
    "book": _paint_book,
    "house": _paint_house,
    "moon": _paint_moon,
    "blade": _paint_blade,
}


@lru_cache(maxsize=256)
def _icon_mask(name: str, size: int) -> Image.Image:
    return supersampled_mask(size, ICONS.get(name, _paint_moon))


def icon(c: Canvas, name: str, cx: float, cy: float, size: float, color: RGB) -> None:
    """One of :data:`ICONS`, ``size`` layout units square, centred on ``cx, cy``."""
    c.stamp(_icon_mask(name, max(4, c.px(size))), cx, cy, color)


def type_badge(c: Canvas, type_id: Any, cx: float, cy: float, d: float) -> None:
    """A Being type as a coloured disc with its icon (also used for "defeats" and "forbidden")."""
    color = type_color(type_id)
    c.circle(cx, cy, d / 2, fill=mix(color, (0, 0, 0), 0.45))
    c.circle(cx, cy, d / 2 - max(1.0, d * 0.07), fill=color)
    icon(c, str(type_id), cx, cy, d * 0.64, _on(color))


def forbidden_badge(c: Canvas, type_id: Any, cx: float, cy: float, d: float) -> None:
    """A type badge struck through in red: that type may not appear on the Place."""
    type_badge(c, type_id, cx, cy, d)
    r = d / 2
    c.circle(cx, cy, r, outline=Palette.danger, width=max(1.5, d * 0.09))
    k = r * 0.7
    c.line([(cx - k, cy + k), (cx + k, cy - k)], Palette.danger, max(1.5, d * 0.1))


def card_back(c: Canvas, box: Box, color: RGB, edge: RGB, emblem: str | None = "moon") -> None:
    """A face-down card: ``color`` with a thin ``edge`` and a small emblem (no information)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    c.rect(box, fill=color, outline=edge, width=max(1.0, w / 28), radius=w * 0.13)
    inset = w * 0.12
    c.rect(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        outline=mix(edge, color, 0.5),
        width=1,
        radius=w * 0.08,
    )
    if emblem:
        icon(c, emblem, (x0 + x1) / 2, (y0 + y1) / 2, w * 0.5, mix(edge, (255, 255, 255), 0.3))


# --------------------------------------------------------------------------- view helpers


class Cards:
    """The view's card descriptions, with fallbacks so a partial view still draws."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        self.info: dict[str, dict[str, Any]] = dict(view.get("cards") or {})
        self.types: dict[str, Any] = dict(view.get("types") or {})
        self.locale = locale

    def get(self, cid: Any) -> dict[str, Any]:
        return self.info.get(str(cid)) or {}

    def name(self, cid: Any) -> str:
        info = self.get(cid)
        fallback = str(cid).split(":")[0].replace("_", " ").capitalize()
        return localized(info.get("name"), self.locale) or fallback

    def type_name(self, type_id: Any) -> str:
        name = localized(self.types.get(str(type_id)), self.locale)
        return name or str(type_id or "").capitalize()

    def value(self, cid: Any) -> int:
        value = self.get(cid).get("value")
        return value if isinstance(value, int) else 0

    def design(self, cid: Any) -> str:
        return str(self.get(cid).get("design") or str(cid).split(":")[0])

    def deck(self, cid: Any) -> str:
        return str(self.get(cid).get("deck") or "")

    def is_necronomicon(self, cid: Any) -> bool:
        return bool(self.get(cid).get("necronomicon"))

    def event_color(self, cid: Any) -> RGB:
        if self.is_necronomicon(cid):
            return NECRO
        favours = self.get(cid).get("favours")
        return type_color(favours) if favours else EVENT_NEUTRAL

    def pile_color(self, cid: Any) -> RGB:
        """A Terror pile card's colour in the meter: a Being's type, an Event's favoured type."""
        info = self.get(cid)
        if info.get("deck") == "beings":
            return type_color(info.get("type"))
        return self.event_color(cid)

    def combos(self, weapons: list[str]) -> list[tuple[str, str, dict[str, Any]]]:
        """Pairs among ``weapons`` that combine: (card a, card b, combination)."""
        found = []
        for i, a in enumerate(weapons):
            for b in weapons[i + 1 :]:
                for combo in self.get(a).get("combinations") or []:
                    if combo.get("with") == self.design(b):
                        found.append((a, b, combo))
        return found


def _ints(values: Any) -> list[int]:
    return [v for v in values or [] if isinstance(v, int)]


# --------------------------------------------------------------------------- shared pieces


def draw_being(
    c: Canvas,
    cards: Cards,
    monster: dict[str, Any],
    box: Box,
    *,
    shown: int = EVENTS_SHOWN,
) -> None:
    """A Being on a Place: type band, name, the Events on it, and its worth now (stays / kill)."""
    cid = monster.get("card")
    info = cards.get(cid)
    x0, y0, x1, y1 = box
    color = type_color(info.get("type"))
    summoned = bool(monster.get("summoned_by"))
    c.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0), radius=9)
    edge = NECRO if summoned else Palette.card_edge
    c.rect(box, fill=Palette.card, outline=edge, width=2.5 if summoned else 1.5, radius=9)
    with c.region((x0, y0, x1, y0 + 24), "type band"):
        _being_band(c, cards, info, (x0, y0, x1, y0 + 24), color)
    lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 2, 14, min_size=11)
    for i, line in enumerate(lines):
        c.text((x0 + 7, y0 + 30 + i * (size + 3)), line, size, Palette.ink, bold=True)
    y = y0 + 66
    if summoned:  # brought by a Necronomicon: it joins the pile if it survives
        with c.region((x0 + 5, y, x1 - 5, y + 17), "summoned") as tag:
            _summoned_tag(c, cards.locale, tag)
        y += SUMMONED_H
    events = [e for e in monster.get("events") or [] if e]
    for i, ev in enumerate(events[:shown]):
        if i == shown - 1 and len(events) > shown:
            more = _t("more", cards.locale, n=len(events) - shown + 1)
            c.fit_text(
                (x0 + 8, y + 9), more, x1 - x0 - 16, 12, Palette.faint, bold=True, anchor="lm"
            )
            y += 19
            break
        with c.region((x0 + 5, y, x1 - 5, y + 17), f"event {i + 1}") as chip:
            _event_chip(c, cards, ev, info.get("type"), chip)
        y += 19
    with c.region((x0, y1 - 24, x1, y1), "worth") as footer:
        _worth(c, cards.locale, monster, footer)


def _summoned_tag(c: Canvas, locale: str, box: Box) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=NECRO, radius=5)
    icon(c, "book", x0 + 10, cy, 13, Palette.gold)
    c.fit_text(
        (x0 + 20, cy),
        _t("summoned", locale),
        x1 - x0 - 24,
        12,
        Palette.card,
        bold=True,
        min_size=9,
        anchor="lm",
    )


def _being_band(c: Canvas, cards: Cards, info: dict[str, Any], box: Box, color: RGB) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=color, radius=9)
    c.rect((x0, cy, x1, y1), fill=color)
    ink = _on(color)
    icon(c, str(info.get("type")), x0 + 13, cy, 17, ink)
    value = info.get("value")
    vr = 10
    if isinstance(value, int):
        c.circle(x1 - 14, cy, vr, fill=Palette.ink)
        c.text((x1 - 14, cy), str(value), 14, Palette.gold, bold=True, anchor="mm")
    c.fit_text(
        (x0 + 25, cy),
        cards.type_name(info.get("type")),
        x1 - x0 - 25 - 2 * vr - 10,
        12,
        ink,
        bold=True,
        min_size=9,
        anchor="lm",
        whole=True,  # the icon and the colour say the type too
    )


def _event_chip(c: Canvas, cards: Cards, ev: str, being_type: Any, box: Box) -> None:
    """An Event on a Being: favoured-type colour, name, the Terror it adds (irrelevant: +1)."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    info = cards.get(ev)
    favours = info.get("favours")
    color = cards.event_color(ev)
    irrelevant = bool(favours) and favours != being_type
    value = 1 if irrelevant else cards.value(ev)
    fill = mix(color, Palette.card, 0.72 if not irrelevant else 0.86)
    c.rect(box, fill=fill, radius=5)
    c.rect((x0, y0, x0 + 5, y1), fill=color, radius=3)
    label = _signed(value)
    c.text((x1 - 4, cy), label, 12, Palette.ink, bold=True, anchor="rm")
    room = x1 - x0 - 14 - c.text_width(label, 12, True) - 4
    ink = mix(Palette.ink, Palette.card, 0.4) if irrelevant else Palette.ink
    c.fit_text((x0 + 9, cy), cards.name(ev), room, 12, ink, min_size=9, anchor="lm")


def _worth(c: Canvas, locale: str, monster: dict[str, Any], box: Box) -> None:
    """The Being's footer: Terror added if it stays (red) and removed if killed (green)."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    c.rect(box, fill=mix(Palette.card, Palette.ink, 0.1), radius=9)
    c.rect((x0, y0, x1, cy), fill=mix(Palette.card, Palette.ink, 0.1))
    stays = monster.get("if_undefeated")
    killed = monster.get("if_killed")
    mid = (x0 + x1) / 2
    c.line([(mid, y0 + 4), (mid, y1 - 4)], Palette.card_edge, 1)
    if isinstance(stays, int):
        _worth_half(c, _t("stays", locale), _signed(stays), (x0, mid), cy, hex_rgb("#b8281c"))
    if isinstance(killed, int):
        _worth_half(c, _t("kill", locale), _signed(killed), (mid, x1), cy, hex_rgb("#1f7a2a"))


def _worth_half(
    c: Canvas, word: str, number: str, span: tuple[float, float], cy: float, color: RGB
) -> None:
    a, b = span
    with c.region((a, cy - 12, b, cy + 12), word):
        _worth_words(c, word, number, span, cy, color)


def _worth_words(
    c: Canvas, word: str, number: str, span: tuple[float, float], cy: float, color: RGB
) -> None:
    a, b = span
    nw = c.text_width(number, 14, True)
    room = b - a - nw - 12
    word, size = c.fit(word, room, 11, min_size=8, whole=True)  # red / green say it too
    total = c.text_width(word, size) + 3 + nw if word else nw
    x = (a + b) / 2 - total / 2
    c.text((x, cy), word, size, mix(Palette.ink, Palette.card, 0.35), anchor="lm")
    c.text((b - (b - a) / 2 + total / 2, cy), number, 14, color, bold=True, anchor="rm")


def weapon_box(slot: Box, turned: bool) -> Box:
    """The card inside a (square) slot: upright, or lying sideways once used this turn."""
    cx, cy = (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2
    long = max(slot[2] - slot[0], slot[3] - slot[1])
    short = min(long * 0.8, min(slot[2] - slot[0], slot[3] - slot[1]))
    hw, hh = (long / 2, short / 2) if turned else (short / 2, long / 2)
    return cx - hw, cy - hh, cx + hw, cy + hh


def draw_weapon(
    c: Canvas,
    cards: Cards,
    cid: str,
    slot: Box,
    *,
    turned: bool = False,
    big: bool = False,
    glow: bool = False,
) -> None:
    """A Weapon card: name and the types it defeats. A used (turned) Weapon is drawn lying
    sideways in ``slot`` and dimmed, as the card is physically rotated on the table; ``glow``
    frames it in gold (it can be played or discarded now)."""
    x0, y0, x1, y1 = weapon_box(slot, turned)
    if glow:
        c.rect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), fill=Palette.gold, radius=11)
    fill = mix(STEEL, Palette.panel, 0.55) if turned else STEEL
    edge = mix(STEEL_EDGE, Palette.panel, 0.5) if turned else STEEL_EDGE
    text = mix(Palette.text, Palette.panel, 0.35) if turned else Palette.text
    c.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0), radius=8)
    c.rect((x0, y0, x1, y1), fill=fill, outline=edge, width=1.5, radius=8)
    with c.region((x0, y0, x1, y1), "weapon"):
        _weapon_face(c, cards, cid, (x0, y0, x1, y1), turned=turned, big=big, text=text)


def _weapon_face(
    c: Canvas, cards: Cards, cid: str, box: Box, *, turned: bool, big: bool, text: RGB
) -> None:
    """A Weapon's name (wrapped, hyphenated) and badges of the types it defeats."""
    x0, y0, x1, y1 = box
    size = 15 if big else 13
    lines, fsize = wrap_name(
        c, cards.name(cid), x1 - x0 - 12, 3 if not turned else 2, size, bold=True, min_size=9
    )
    for i, line in enumerate(lines):
        c.text((x0 + 6, y0 + 6 + i * (fsize + 3)), line, fsize, text, bold=True)
    defeats = list(cards.get(cid).get("defeats") or [])
    d = 24 if big else 21
    n = len(defeats)
    bx = x1 - 6 - d / 2 - (n - 1) * (d + 3) if turned else (x0 + x1) / 2 - (n - 1) * (d + 3) / 2
    for i, type_id in enumerate(defeats):
        type_badge(c, type_id, bx + i * (d + 3), y1 - 6 - d / 2, d)
    if turned:
        c.text((x0 + 8, y1 - 6 - d / 2), "↻", 18, Palette.gold, bold=True, anchor="lm")
    elif not defeats:
        icon(c, "blade", (x0 + x1) / 2, y1 - 20, 22, text)


# --------------------------------------------------------------------------- the board


class NotteDiTerroreRenderer:
    """Registered as ``render.RENDERERS["notte_di_terrore"]``."""

    def board(self, view: dict[str, Any], *, locale: str, players: list[str]) -> Image.Image:
        return _Board(view, locale, players).draw()

    def hand(self, view: dict[str, Any], *, locale: str) -> Image.Image:
        return _Hand(view, locale).draw()


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


class _Board:
    def __init__(self, view: dict[str, Any], locale: str, players: list[str] | None) -> None:
        self.view = view
        self.locale = locale
        self.players = _players(view)
        self.n = len(self.players)
        self.names = player_names(players, max(self.n, 1), locale)
        self.cards = Cards(view, locale)
        self.phase = str(view.get("phase") or "")
        self.over = self.phase == "over" or bool(view.get("outcome"))
        outcome = view.get("outcome") or {}
        self.winners = _ints(outcome.get("winners")) if self.over else []
        scores = _ints(outcome.get("scores"))
        self.terror = [
            scores[s] if s < len(scores) else int(p.get("terror") or 0)
            for s, p in enumerate(self.players)
        ]
        self.current = view.get("current") if not self.over else None
        self.active = self.current if self.phase != "split" else None
        self.to_act = view.get("to_act") if self.phase == "apparition" else None
        self.passed = set(_ints(view.get("passed"))) if self.phase == "apparition" else set()
        self.turned = {str(t) for t in view.get("turned") or []}
        self.meter_scale = max([20, *self.terror])
        self.height = board_height(view)
        self.c = Canvas(WIDTH, self.height, Palette.bg)

    def draw(self) -> Image.Image:
        c = self.c
        c.rect((6, 6, WIDTH - 6, self.height - 6), fill=Palette.table, radius=22)
        self.draw_top((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TOP_H))
        y: float = MARGIN + TOP_H + ROW_GAP
        for seat, player in enumerate(self.players):
            h = ROW_HEAD + row_body_height(player) + 10
            self.draw_row(seat, player, (MARGIN, y, WIDTH - MARGIN, y + h))
            y += h + ROW_GAP
        with c.region((MARGIN, y, WIDTH - MARGIN, y + LEGEND_H), "legend") as legend:
            self.draw_legend(legend)
        return c.image()

    def draw_legend(self, box: Box) -> None:
        """The eight Being types with their icons: Weapons and Places show types by icon only."""
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        known = [t for t in TYPE_ORDER if t in self.cards.types] or list(TYPE_ORDER)
        types = known + [t for t in self.cards.types if t not in known]
        names = [self.cards.type_name(t) for t in types]
        size = 15.0
        while size > 10 and sum(c.text_width(n, size, True) + 58 for n in names) > x1 - x0:
            size -= 1
        widths = [c.text_width(n, size, True) + 32 for n in names]
        gap = (x1 - x0 - sum(widths)) / max(1, len(types))
        x = x0 + gap / 2
        for type_id, name, w in zip(types, names, widths, strict=True):
            type_badge(c, type_id, x + 12, cy, 24)
            c.text((x + 30, cy), name, size, Palette.muted, bold=True, anchor="lm")
            x += w + gap

    # -- top bar
    def draw_top(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        if self.over:
            with c.region(box, "game over"):
                self.draw_banner(box)
            return
        c.panel(box, fill=Palette.panel, outline=Palette.line, radius=16, shadow=False)
        with c.region(box, "top bar"):
            right = self.draw_decks(x1 - 14, cy)
            left = self.draw_title(x0 + 16, cy)
            self.draw_phase(left + 24, right - 20, cy)

    def draw_title(self, x: float, cy: float) -> float:
        """Moon, title, and the turn / victory rule beneath; returns the right edge."""
        c = self.c
        icon(c, "moon", x + 20, cy, 40, Palette.gold)
        title = _t("title", self.locale).upper()
        c.text((x + 50, cy - 11), title, 24, Palette.text, bold=True, anchor="lm")
        victory = (self.view.get("options") or {}).get("victory") or "least_terror"
        sub = _t("home_first" if victory == "home_first" else "least_terror", self.locale)
        turn = self.view.get("turn_number")
        if isinstance(turn, int) and turn > 0:
            sub = f"{tr('turn', self.locale)} {turn} · {sub}"
        c.text((x + 50, cy + 16), sub, 15, Palette.muted, anchor="lm")
        return x + 50 + max(c.text_width(title, 24, True), c.text_width(sub, 15))

    def draw_phase(self, x0: float, x1: float, cy: float) -> None:
        c = self.c
        label = _t(f"phase_{self.phase}", self.locale) if self.phase in _PHASES else self.phase
        label = label.upper()
        lw = c.text_width(label, 17, True)
        pill = (x0, cy - 16, x0 + lw + 24, cy + 16)
        c.rect(pill, fill=Palette.gold, radius=16)
        with c.region(pill, "phase"):
            c.text((x0 + 12, cy), label, 17, Palette.ink, bold=True, anchor="lm")
        x = x0 + lw + 36
        who = self.to_act if self.phase == "apparition" else self.current
        if self.phase == "split" or not isinstance(who, int) or not 0 <= who < self.n:
            if self.phase == "split":
                c.fit_text(
                    (x, cy),
                    _t("do_split", self.locale),
                    x1 - x,
                    19,
                    Palette.text,
                    min_size=13,
                    anchor="lm",
                )
            return
        template = _tmpl(f"do_{self.phase}", self.locale) if self.phase in _PHASES else "{name}"
        c.fit_name_text(
            (x, cy),
            template,
            self.names[who],
            x1 - x,
            22,
            Palette.seat(who),
            bold=True,
            min_size=14,
            anchor="lm",
        )

    def draw_decks(self, right: float, cy: float) -> float:
        """The four draw piles, right-aligned, each a column: a card back and its size over the
        pile's name; returns their left edge."""
        c = self.c
        sizes = self.view.get("deck_sizes") or {}
        step = 66
        x = right - 4 * step
        for i, deck in enumerate(("beings", "events", "weapons", "places")):
            bx = x + i * step
            back = DECK_BACKS[deck]
            with c.region((bx - 2, cy - 32, bx + step - 4, cy + 32), deck):
                card_back(
                    c, (bx, cy - 24, bx + 24, cy + 10), back, mix(back, (255, 255, 255), 0.45), None
                )
                n = sizes.get(deck)
                size = str(n if isinstance(n, int) else "–")
                c.fit_text(
                    (bx + 29, cy - 7), size, step - 33, 19, Palette.text, bold=True, anchor="lm"
                )
                name = _t(deck, self.locale)
                c.fit_text(
                    (bx + step / 2 - 3, cy + 22),
                    name,
                    step - 6,
                    13,
                    Palette.muted,
                    min_size=9,
                    anchor="mm",
                )
        return x

    def draw_banner(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        c.rect(box, fill=Palette.gold, radius=16)
        c.rect(
            (x0 + 5, y0 + 5, x1 - 5, y1 - 5),
            outline=mix(Palette.gold, Palette.ink, 0.4),
            width=2,
            radius=12,
        )
        icon(c, "moon", x0 + 34, cy, 38, Palette.ink)
        label = _t("phase_over", self.locale).upper()
        c.text(
            (x0 + 62, cy), label, 20, mix(Palette.ink, Palette.gold, 0.3), bold=True, anchor="lm"
        )
        x = x0 + 84 + c.text_width(label, 20, True)
        winners = [w for w in self.winners if 0 <= w < self.n]
        score = ""
        if winners:
            score = f"{_t('terror', self.locale)} {self.terror[winners[0]]}"
        sw = c.text_width(score, 24, True)
        c.text((x1 - 24, cy), score, 24, Palette.ink, bold=True, anchor="rm")
        room = x1 - 48 - sw - x
        if len(winners) == 1:
            c.fit_name_text(
                (x, cy),
                _tmpl("wins", self.locale),
                self.names[winners[0]],
                room,
                32,
                Palette.ink,
                bold=True,
                min_size=20,
                anchor="lm",
            )
        elif winners:
            c.fit_name_text(
                (x, cy),
                _tmpl("shared", self.locale),
                [self.names[w] for w in winners],
                room,
                28,
                Palette.ink,
                bold=True,
                min_size=18,
                anchor="lm",
            )

    # -- a player's strip
    def draw_row(self, seat: int, player: dict[str, Any], box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = Palette.seat(seat)
        lit = seat == self.active or seat in self.winners
        c.panel(
            box,
            fill=mix(Palette.panel, accent, 0.05),
            outline=Palette.gold if lit else mix(accent, Palette.panel, 0.6),
            width=4 if lit else 2,
            radius=16,
        )
        c.rect((x0 + 8, y0 + 12, x0 + 14, y1 - 12), fill=accent, radius=3)
        with c.region(box, f"strip {seat + 1}"):
            with c.region((x0 + 24, y0 + 6, x1 - 16, y0 + ROW_HEAD), "header") as head:
                self.draw_row_head(seat, player, head)
            body = (x0 + 24, y0 + ROW_HEAD, x1 - 16, y1 - 10)
            wx0 = self.draw_weapons(player, body)
            with c.region((body[0], body[1], wx0 - 22, body[3]), "path") as path:
                self.draw_path(player, path)

    def draw_row_head(self, seat: int, player: dict[str, Any], box: Box) -> None:
        x0, y0, x1, y1 = box
        cy = (y0 + y1) / 2
        right = self.draw_stats(seat, player, x1, cy)
        self.draw_name(seat, player, x0, right, cy)

    def draw_stats(self, seat: int, player: dict[str, Any], x1: float, cy: float) -> float:
        """Right to left: the Terror total, the Terror meter, the hand size; returns the left
        edge of what was drawn."""
        c = self.c
        num = str(self.terror[seat])
        gold = seat in self.winners
        c.text(
            (x1, cy + 1), num, 34, Palette.gold if gold else Palette.text, bold=True, anchor="rm"
        )
        x = x1 - max(c.text_width(num, 34, True), 40) - 10
        cap = _t("terror", self.locale).upper()
        c.text((x, cy + 1), cap, 13, Palette.muted, bold=True, anchor="rm")
        x -= c.text_width(cap, 13, True) + 12
        meter_w = 190
        self.draw_meter(player, (x - meter_w, cy - 8, x, cy + 8))
        x -= meter_w + 22
        hand = player.get("hand_size")
        hand_txt = str(hand if isinstance(hand, int) else 0)
        c.text((x, cy + 1), hand_txt, 24, Palette.text, bold=True, anchor="rm")
        x -= c.text_width(hand_txt, 24, True) + 6
        card_back(c, (x - 20, cy - 14, x - 2, cy + 12), BLOOD_BACK, hex_rgb("#e7c57a"), None)
        events_edge = hex_rgb("#c9b3ff")
        card_back(c, (x - 26, cy - 12, x - 8, cy + 14), DECK_BACKS["events"], events_edge, None)
        cap = _t("hand", self.locale).upper()
        c.text((x - 34, cy + 1), cap, 13, Palette.muted, bold=True, anchor="rm")
        return x - 34 - c.text_width(cap, 13, True)

    def draw_name(
        self, seat: int, player: dict[str, Any], x0: float, right: float, cy: float
    ) -> None:
        """The seat's name in its colour, then its status pills (as many as fit)."""
        c = self.c
        pills = self.pills(seat, player)
        pills_w = sum(c.text_width(p, 14, True) + 28 for p, _ in pills)
        name_room = max(120.0, min(380.0, right - 20 - x0 - pills_w))
        drawn = c.fit_text(
            (x0, cy),
            self.names[seat],
            name_room,
            28,
            Palette.seat(seat),
            bold=True,
            min_size=16,
            anchor="lm",
        )
        px = x0 + drawn + 14
        for text, color in pills:
            pw = c.text_width(text, 14, True) + 20
            if px + pw > right - 14:
                break
            pill = (px, cy - 13, px + pw, cy + 13)
            c.rect(pill, fill=color, radius=13)
            with c.region(pill, "pill"):
                c.text((px + pw / 2, cy), text, 14, _on(color), bold=True, anchor="mm")
            px += pw + 8

    def pills(self, seat: int, player: dict[str, Any]) -> list[tuple[str, RGB]]:
        """Status tags for a seat, most important first."""
        loc = self.locale
        out: list[tuple[str, RGB]] = []
        if seat in self.winners:
            out.append((_t("winner", loc).upper(), Palette.gold))
        if player.get("home"):
            out.append((_t("home", loc).upper(), hex_rgb("#e7c57a")))
        if self.over:
            return out
        if self.phase == "split":
            chosen = player.get("split_chosen")
            color = mix(Palette.line, Palette.panel, 0.2) if chosen else Palette.seat(seat)
            if seat == self.current:
                out.append((_t("starts", loc).upper(), Palette.gold))
            out.append((_t("ready" if chosen else "choosing", loc).upper(), color))
            return out
        if seat == self.current:
            out.append((_t("active", loc).upper(), Palette.gold))
        if seat == self.to_act:
            out.append((_t("to_play", loc).upper(), Palette.seat(seat)))
        elif seat in self.passed:
            out.append((_t("passed", loc).upper(), mix(Palette.line, Palette.panel, 0.2)))
        return out

    def draw_meter(self, player: dict[str, Any], box: Box) -> None:
        """The Terror pile as a bar: a segment per card, as wide as its score (shared scale)."""
        c = self.c
        x0, y0, x1, y1 = box
        c.rect(
            box,
            fill=mix(Palette.bg, Palette.panel, 0.4),
            outline=Palette.line,
            width=1,
            radius=(y1 - y0) / 2,
        )
        unit = (x1 - x0 - 4) / self.meter_scale
        x = x0 + 2
        for entry in player.get("pile") or []:
            if not isinstance(entry, dict):
                continue
            score = entry.get("score")
            if not isinstance(score, int) or score <= 0:
                continue
            w = min(score * unit, x1 - 2 - x)
            if w <= 0:
                break
            color = self.cards.pile_color(entry.get("card"))
            if entry.get("rotated"):
                color = mix(color, Palette.bg, 0.45)
            c.rect((x, y0 + 2, x + w, y1 - 2), fill=color)
            if w > 3:
                c.line([(x + w - 0.5, y0 + 2), (x + w - 0.5, y1 - 2)], Palette.bg, 1)
            x += w

    # -- the path: passed Places, the revealed one with its Beings, face-down ones, home
    def draw_path(self, player: dict[str, Any], box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        path = [p for p in player.get("path") or [] if p]
        down = max(0, int(player.get("face_down") or 0))
        revealed = player.get("revealed")
        monsters = _monsters(player)
        mini_y = y0 + 8
        road_y = mini_y + MINI_H / 2
        c.line([(x0 + 6, road_y), (x1 - HOUSE / 2, road_y)], mix(Palette.line, Palette.bg, 0.3), 5)
        step, place_w, _cols = place_grid(player)
        x = x0
        for i, place in enumerate(path):
            # fanned out: the next card covers all of this one but a strip as wide as ``step``
            shown = step if step < MINI_W and i < len(path) - 1 else MINI_W
            box = (x + i * step, mini_y, x + i * step + MINI_W, mini_y + MINI_H)
            self.draw_passed(place, box, shown)
        x += _fan(len(path), step)
        if revealed:
            self.draw_place(revealed, monsters, player, (x, y0, x + place_w, y1))
            x += place_w + 10
        for i in range(down):
            bx = x + i * step
            card_back(c, (bx, mini_y, bx + MINI_W, mini_y + MINI_H), NIGHT, NIGHT_EDGE)
        self.draw_house(player, x1 - HOUSE / 2, road_y)

    def draw_passed(self, cid: str, box: Box, shown: float = MINI_W) -> None:
        """A Place already crossed; only its tick when a later one covers it (``shown``: the
        width left in sight)."""
        c = self.c
        c.rect(
            box,
            fill=mix(PLACE, Palette.panel, 0.35),
            outline=mix(PLACE_EDGE, Palette.panel, 0.4),
            width=1.5,
            radius=7,
        )
        with c.region((box[0], box[1], box[0] + shown, box[3]), "passed Place"):
            self.draw_passed_face(cid, box, named=shown >= MINI_W)

    def draw_passed_face(self, cid: str, box: Box, *, named: bool) -> None:
        """A Place already crossed: its name small (``named``), and a green tick."""
        c = self.c
        x0, y0, x1, _y1 = box
        lines, size = wrap_name(c, self.cards.name(cid), x1 - x0 - 8, 3, 11, bold=True, min_size=8)
        for i, line in enumerate(lines if named else []):
            c.text(
                ((x0 + x1) / 2, y0 + 24 + i * (size + 2)),
                line,
                size,
                Palette.muted,
                bold=True,
                anchor="ma",
            )
        c.circle(x0 + 12, y0 + 12, 9, fill=hex_rgb("#3f8f4a"))
        c.text((x0 + 12, y0 + 12), "✓", 12, (255, 255, 255), bold=True, anchor="mm")

    def draw_place(
        self, cid: str, monsters: list[dict[str, Any]], player: dict[str, Any], box: Box
    ) -> None:
        """The revealed Place: its header, then its Beings side by side."""
        c = self.c
        c.rect(box, fill=mix(PLACE, Palette.panel, 0.15), outline=PLACE_EDGE, width=2, radius=12)
        with c.region(box, "place"):
            self.draw_place_beings(cid, monsters, player, box)

    def draw_place_beings(
        self, cid: str, monsters: list[dict[str, Any]], player: dict[str, Any], box: Box
    ) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        self.draw_place_head(cid, bool(player.get("infested")), box)
        top = y0 + PLACE_HEAD
        if not monsters:
            c.text(
                ((x0 + x1) / 2, (top + y1) / 2),
                _t("no_beings", self.locale),
                14,
                mix(Palette.muted, PLACE, 0.3),
                anchor="mm",
            )
            return
        cols = place_grid(player)[2]
        w = min(BEING_W, (x1 - x0 - 16 - 8 * (cols - 1)) / cols)
        h = max(being_height(m) for m in monsters)
        for i, monster in enumerate(monsters):
            row, col = divmod(i, cols)
            bx, by = x0 + 8 + col * (w + 8), top + row * (h + 8)
            with c.region((bx, by, bx + w, min(y1 - 8, by + h)), f"being {i + 1}") as card:
                draw_being(c, self.cards, monster, card)

    def draw_place_head(self, cid: str, infested: bool, box: Box) -> None:
        """Name; the types it forbids and its per-type cap (what may still be placed there);
        an "infested" tag once no new Beings may come (only Events and summons). The tag is
        placed first: the cap's words get the room that is left."""
        c = self.c
        x0, y0, x1, _ = box
        info = self.cards.get(cid)
        c.fit_text(
            (x0 + 10, y0 + 14),
            self.cards.name(cid),
            x1 - x0 - 20,
            17,
            Palette.text,
            bold=True,
            min_size=11,
            anchor="lm",
        )
        y = y0 + 34
        right = x1 - 8
        if infested:
            label = _t("infested", self.locale).upper()
            label, size = c.fit(label, (x1 - x0) / 2 - 12, 10, bold=True, min_size=8)
            w = c.text_width(label, size, True) + 12
            tag = (right - w, y - 8, right, y + 8)
            c.rect(tag, fill=hex_rgb("#8c2a1e"), radius=8)
            with c.region(tag, "infested"):
                c.text((right - w / 2, y), label, size, Palette.text, bold=True, anchor="mm")
            right -= w + 8
        x = x0 + 10
        for type_id in info.get("forbidden") or []:
            forbidden_badge(c, type_id, x + 9, y, 19)
            x += 23
        cap = info.get("max_per_type")
        if isinstance(cap, int) and right - x - 4 > 30:
            text = _t("max_type", self.locale, n=cap)
            c.fit_text((x + 4, y), text, right - x - 4, 12, Palette.muted, min_size=9, anchor="lm")

    def draw_house(self, player: dict[str, Any], cx: float, cy: float) -> None:
        home = bool(player.get("home"))
        color = Palette.gold if home else mix(Palette.muted, Palette.panel, 0.35)
        if home:
            self.c.circle(cx, cy, HOUSE / 2 + 4, fill=mix(Palette.gold, Palette.panel, 0.7))
        icon(self.c, "house", cx, cy, HOUSE - 6, color)

    # -- Weapons: the table ones (turned if used this turn) and the public one in hand
    def draw_weapons(self, player: dict[str, Any], body: Box) -> float:
        """Right-aligned in ``body``; returns the area's left edge."""
        c = self.c
        _, y0, x1, y1 = body
        table = [w for w in player.get("table") or [] if w]
        hand = player.get("weapon_hand")
        slots = max(2, len(table))
        hand_x0 = x1 - SLOT
        table_x1 = hand_x0 - 18
        table_x0 = x1 - weapons_width(player)
        ly = y0 + 8
        with c.region((table_x0, y0, table_x1, y0 + WEAPON_LABEL), "table Weapons label"):
            label = _t("weapons", self.locale).upper()
            c.fit_text(
                (table_x0, ly),
                label,
                table_x1 - table_x0,
                12,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
        with c.region((hand_x0, y0, x1, y0 + WEAPON_LABEL), "Weapon in hand label"):
            label = _t("in_hand", self.locale).upper()
            c.fit_text(
                (hand_x0, ly), label, x1 - hand_x0, 12, Palette.muted, bold=True, anchor="lm"
            )
        sy = y0 + WEAPON_LABEL
        c.line([(table_x1 + 9, sy + 6), (table_x1 + 9, sy + SLOT - 6)], Palette.line, 1.5)
        for i in range(slots):
            sx = table_x0 + i * (SLOT + 8)
            slot = (sx, sy, sx + SLOT, sy + SLOT)
            if i < len(table):
                draw_weapon(c, self.cards, table[i], slot, turned=table[i] in self.turned)
            else:
                self._empty_slot(slot)
        if hand:
            draw_weapon(c, self.cards, str(hand), (hand_x0, sy, x1, sy + SLOT))
        else:
            self._empty_slot((hand_x0, sy, x1, sy + SLOT))
        with c.region((table_x0, sy + SLOT + 2, table_x1, y1), "combination") as combo:
            self.draw_combo(table, combo)
        return table_x0

    def _empty_slot(self, slot: Box) -> None:
        x0, y0, x1, y1 = slot
        cx = (x0 + x1) / 2
        self.c.dashed_rect((cx - 36, y0 + 2, cx + 36, y1 - 2), Palette.line, 1.5, 6, 8)

    def draw_combo(self, table: list[str], box: Box) -> None:
        """A gold line under the table when two of its Weapons combine: the combination's name
        and the types it adds."""
        combos = self.cards.combos(table)
        if not combos:
            return
        c = self.c
        x0, y0, x1, _y1 = box
        a, b, combo = combos[0]
        cy = y0 + 10
        singles = set(self.cards.get(a).get("defeats") or []) | set(
            self.cards.get(b).get("defeats") or []
        )
        extra = [t for t in combo.get("defeats") or [] if t not in singles]
        ew = len(extra) * 18
        text = "⚭ " + localized(combo.get("name"), self.locale)
        used = c.fit_text(
            (x0, cy), text, x1 - x0 - ew - 16, 13, Palette.gold, bold=True, min_size=9, anchor="lm"
        )
        x = x0 + used + 8
        c.text((x, cy), "+", 13, Palette.gold, bold=True, anchor="lm")
        for i, type_id in enumerate(extra):
            type_badge(c, type_id, x + 16 + i * 18, cy, 16)


def _fan(n: int, step: float) -> float:
    """Width of ``n`` small cards ``step`` apart, and the gap after them (0 for none)."""
    return (n - 1) * step + MINI_W + 10 if n else 0.0


# --------------------------------------------------------------------------- the hand (DM)

HAND_W = 1200
HAND_PAD = 24
HCARD_W, HCARD_H = 132, 176
HCARD_GAP = 10
PER_ROW = 8


class _Hand:
    """One seat's hand: a note when a split is to choose, Beings, Events, Weapons, Places."""

    def __init__(self, view: dict[str, Any], locale: str) -> None:
        self.view = view
        self.locale = locale
        self.cards = Cards(view, locale)
        seat = view.get("seat")
        players = _players(view)
        self.seat = seat if isinstance(seat, int) else None
        self.me: dict[str, Any] = (
            players[self.seat] if self.seat is not None and 0 <= self.seat < len(players) else {}
        )
        hand = [str(x) for x in self.me.get("hand") or view.get("hand") or []]
        self.beings = [x for x in hand if self.cards.deck(x) == "beings"]
        self.events = [x for x in hand if x not in self.beings]
        self.note_key, self.note = self.note_text()
        self.playable = self.legal_cards()
        self.height = self.measure()
        self.c = Canvas(HAND_W, self.height, Palette.bg)

    def note_text(self) -> tuple[str, str]:
        """(key, text) of the note over the cards: the seat has a hand split to choose."""
        size = self.view.get("hand_size")
        n = size if isinstance(size, int) else len(self.beings) + len(self.events)
        kinds = {a.get("type") for a in self.view.get("legal") or [] if isinstance(a, dict)}
        if "choose_split" in kinds:
            key = "split_note"
        elif self.view.get("phase") == "split":
            key = "split_done"
        elif "refill" in kinds:
            key = "refill_note"
        else:
            return "", ""
        return key, _t(key, self.locale, n=n)

    def legal_cards(self) -> set[str]:
        """Cards the seat can play or discard right now (framed in gold)."""
        out: set[str] = set()
        for action in self.view.get("legal") or []:
            if isinstance(action, dict) and action.get("type") in (
                "place_being",
                "place_event",
                "summon",
                "discard",
            ):
                out |= {str(action[k]) for k in ("card", "being") if action.get(k)}
        return out

    @staticmethod
    def grid_height(count: int) -> float:
        rows = max(1, -(-count // PER_ROW))
        return 30 + rows * HCARD_H + (rows - 1) * HCARD_GAP

    def measure(self) -> int:
        h: float = HAND_PAD + 56
        if self.note:
            h += 62
        if self.beings or self.events:
            for group in (self.beings, self.events):
                if group:
                    h += self.grid_height(len(group)) + 14
        else:
            h += 120 + 14
        h += 30 + SLOT + 16  # Weapons and Places
        return int(h + HAND_PAD)

    def draw(self) -> Image.Image:
        c = self.c
        c.rect((6, 6, HAND_W - 6, self.height - 6), fill=Palette.table, radius=20)
        y = self.draw_title(HAND_PAD)
        if self.note:
            y = self.draw_note(y)
        if self.beings or self.events:
            for key, group in (("beings", self.beings), ("events", self.events)):
                if group:
                    y = self.draw_group(key, group, y) + 14
        else:
            box = (HAND_PAD, y, HAND_W - HAND_PAD, y + 120)
            c.dashed_rect(box, Palette.faint, 2, 10, 14)
            with c.region(box, "no cards"):
                c.text(
                    (HAND_W / 2, y + 60),
                    tr("no_cards", self.locale),
                    26,
                    Palette.muted,
                    bold=True,
                    anchor="mm",
                )
            y += 120 + 14
        self.draw_bottom(y)
        return c.image()

    def draw_title(self, y: float) -> float:
        """The title, the hint about gold frames, and the turn, phase and Terror on the right
        (drawn first: the hint gets the room left between them)."""
        c = self.c
        accent = Palette.seat(self.seat) if self.seat is not None else Palette.text
        cy = y + 22
        x1 = HAND_W - HAND_PAD
        with c.region((HAND_PAD, y, x1, y + 44), "title"):
            c.circle(HAND_PAD + 10, cy, 9, fill=accent)
            title = tr("your_hand", self.locale)
            c.text((HAND_PAD + 28, cy), title, 30, Palette.text, bold=True, anchor="lm")
            x = HAND_PAD + 44 + c.text_width(title, 30, True)
            info_w = c.fit_text(
                (x1, cy), self.info(), (x1 - x) * 0.6, 20, Palette.muted, bold=True, anchor="rm"
            )
            room = x1 - info_w - 24 - x
            if self.playable and room > 60:
                hint = _t("playable", self.locale)
                c.fit_text((x, cy + 2), hint, room, 15, Palette.gold, min_size=11, anchor="lm")
        return y + 56

    def info(self) -> str:
        """The title's right side ("Turn 3 · Resolution · Terror 7"), as much as the view tells."""
        phase = str(self.view.get("phase") or "")
        parts = [_t(f"phase_{phase}", self.locale)] if phase in _PHASES else []
        turn = self.view.get("turn_number")
        if isinstance(turn, int) and turn > 0:
            parts.insert(0, f"{tr('turn', self.locale)} {turn}")
        terror = self.me.get("terror")
        if isinstance(terror, int):
            parts.append(f"{_t('terror', self.locale)} {terror}")
        return " · ".join(parts)

    def draw_note(self, y: float) -> float:
        c = self.c
        box = (HAND_PAD, y, HAND_W - HAND_PAD, y + 50)
        urgent = self.note_key != "split_done"
        fill = Palette.gold if urgent else mix(Palette.gold, Palette.panel, 0.75)
        c.rect(box, fill=fill, radius=12)
        ink = Palette.ink if urgent else Palette.text
        with c.region(box, "note"):
            c.fit_text(
                (HAND_PAD + 18, y + 25),
                self.note,
                HAND_W - 2 * HAND_PAD - 36,
                21,
                ink,
                bold=True,
                min_size=13,
                anchor="lm",
            )
        return y + 62

    def draw_group(self, key: str, group: list[str], y: float) -> float:
        c = self.c
        with c.region((HAND_PAD, y, HAND_W - HAND_PAD, y + 24), key):
            c.text(
                (HAND_PAD, y + 12),
                f"{_t(key, self.locale).upper()} · {len(group)}",
                16,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
        y += 30
        for i, cid in enumerate(group):
            row, col = divmod(i, PER_ROW)
            x = HAND_PAD + col * (HCARD_W + HCARD_GAP)
            cy = y + row * (HCARD_H + HCARD_GAP)
            box = (x, cy, x + HCARD_W, cy + HCARD_H)
            if cid in self.playable:
                c.rect(
                    (x - 4, cy - 4, x + HCARD_W + 4, cy + HCARD_H + 4), fill=Palette.gold, radius=13
                )
            with c.region(box, f"{key} {i + 1}"):
                if key == "beings":
                    self.draw_being_card(cid, box)
                else:
                    self.draw_event_card(cid, box)
        rows = max(1, -(-len(group) // PER_ROW))
        return y + rows * HCARD_H + (rows - 1) * HCARD_GAP

    def draw_being_card(self, cid: str, box: Box) -> None:
        c, cards = self.c, self.cards
        x0, y0, x1, y1 = box
        info = cards.get(cid)
        color = type_color(info.get("type"))
        c.rect(box, fill=Palette.card, outline=Palette.card_edge, width=1.5, radius=10)
        c.rect((x0, y0, x1, y0 + 70), fill=color, radius=10)
        c.rect((x0, y0 + 40, x1, y0 + 70), fill=color)
        icon(c, str(info.get("type")), (x0 + x1) / 2, y0 + 36, 50, _on(color))
        value = info.get("value")
        if isinstance(value, int):
            c.circle(x1 - 18, y0 + 18, 14, fill=Palette.ink)
            c.text((x1 - 18, y0 + 18), str(value), 18, Palette.gold, bold=True, anchor="mm")
        lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 2, 16, bold=True, min_size=11)
        for i, line in enumerate(lines):
            c.text(
                ((x0 + x1) / 2, y0 + 80 + i * (size + 4)),
                line,
                size,
                Palette.ink,
                bold=True,
                anchor="ma",
            )
        c.fit_text(
            ((x0 + x1) / 2, y1 - 18),
            cards.type_name(info.get("type")),
            x1 - x0 - 12,
            14,
            mix(color, Palette.ink, 0.55),
            bold=True,
            min_size=10,
            anchor="mm",
        )

    def draw_event_card(self, cid: str, box: Box) -> None:
        c, cards = self.c, self.cards
        x0, y0, x1, y1 = box
        info = cards.get(cid)
        color = cards.event_color(cid)
        necro = cards.is_necronomicon(cid)
        stock = mix(DECK_BACKS["events"], Palette.card, 0.86)
        c.rect(box, fill=stock, outline=mix(color, Palette.ink, 0.2), width=2, radius=10)
        c.rect((x0, y0, x1, y0 + 10), fill=color, radius=10)
        c.rect((x0, y0 + 5, x1, y0 + 10), fill=color)
        favours = info.get("favours")
        if necro:  # worth no Terror: its book says what it does instead
            icon(c, "book", (x0 + x1) / 2, y0 + 34, 36, NECRO)
        else:
            value = _signed(cards.value(cid))
            c.text((x0 + 10, y0 + 32), value, 24, Palette.ink, bold=True, anchor="lm")
        if favours:
            type_badge(c, favours, x1 - 26, y0 + 34, 36)
        lines, size = wrap_name(c, cards.name(cid), x1 - x0 - 14, 3, 16, bold=True, min_size=11)
        for i, line in enumerate(lines):
            c.text(
                ((x0 + x1) / 2, y0 + 60 + i * (size + 4)),
                line,
                size,
                Palette.ink,
                bold=True,
                anchor="ma",
            )
        if necro:
            hint = _t("necro_hint", self.locale)
        elif favours:
            hint = _t("favours", self.locale, type=cards.type_name(favours))
        else:
            hint = _t("any_being", self.locale)
        hint_lines, hsize = wrap_name(c, hint, x1 - x0 - 12, 2, 13, bold=False, min_size=10)
        for i, line in enumerate(reversed(hint_lines)):
            c.text(
                ((x0 + x1) / 2, y1 - 14 - i * (hsize + 3)),
                line,
                hsize,
                mix(Palette.ink, stock, 0.3),
                anchor="mm",
            )

    def draw_bottom(self, y: float) -> None:
        """Left to right, each column under its own label and as wide as the wider of the two:
        the table Weapons, the Weapon in hand, the Places ahead, the Place being crossed."""
        c = self.c
        table = [str(w) for w in self.me.get("table") or [] if w]
        hand = self.me.get("weapon_hand")
        sy = y + 30
        x = self.draw_weapon_column("weapons", table, HAND_PAD, y, sy)
        if hand:
            c.line([(x + 12, sy + 6), (x + 12, sy + SLOT - 6)], Palette.line, 1.5)
            x = self.draw_weapon_column("in_hand", [str(hand)], x + 24, y, sy)
        x = self.draw_places_ahead(x + 36, y, sy)
        revealed = self.me.get("revealed")
        if revealed:
            self.draw_your_place(str(revealed), (x + 36, y, HAND_W - HAND_PAD, sy + SLOT))

    def draw_weapon_column(
        self, key: str, weapons: list[str], x0: float, y: float, sy: float
    ) -> float:
        """A label over Weapon cards (gold: discardable now) from ``x0``; returns the right
        edge."""
        c = self.c
        label = _t(key, self.locale).upper()
        none = _t("none", self.locale)
        content = len(weapons) * (SLOT + 10) - 10 if weapons else c.text_width(none, 18)
        x1 = x0 + max(c.text_width(label, 16, True), content)
        turned = {str(t) for t in self.view.get("turned") or []}
        with c.region((x0, y, x1, sy + SLOT), key):
            c.text((x0, y + 12), label, 16, Palette.muted, bold=True, anchor="lm")
            if not weapons:
                c.text((x0, sy + SLOT / 2), none, 18, Palette.faint, anchor="lm")
            for i, cid in enumerate(weapons):
                slot = (x0 + i * (SLOT + 10), sy, x0 + i * (SLOT + 10) + SLOT, sy + SLOT)
                glow = cid in self.playable  # discardable now
                draw_weapon(c, self.cards, cid, slot, turned=cid in turned, big=True, glow=glow)
        return x1

    def draw_places_ahead(self, x0: float, y: float, sy: float) -> float:
        """The face-down Places still to cross and their count; returns the right edge."""
        c = self.c
        down = max(0, int(self.me.get("face_down") or 0))
        label = _t("places_ahead", self.locale).upper()
        count = f"× {down}"
        fan = (down - 1) * 26 + 60 + 14 if down else 0
        x1 = x0 + max(c.text_width(label, 16, True), fan + c.text_width(count, 28, True))
        with c.region((x0, y, x1, sy + SLOT), "places ahead"):
            c.text((x0, y + 12), label, 16, Palette.muted, bold=True, anchor="lm")
            for i in range(down):
                bx = x0 + i * 26
                card_back(c, (bx, sy + 10, bx + 60, sy + 94), NIGHT, NIGHT_EDGE)
            c.text((x0 + fan, sy + 52), count, 28, Palette.text, bold=True, anchor="lm")
        return x1

    def draw_your_place(self, cid: str, box: Box) -> None:
        """The Place being crossed: its name, the types it forbids, its cap per type."""
        c = self.c
        x0, y, x1, _y1 = box
        sy = y + 30
        label = _t("your_place", self.locale).upper()
        card = (x0, sy + 10, x1, sy + 94)
        with c.region(box, "your place"):
            c.fit_text((x0, y + 12), label, x1 - x0, 16, Palette.muted, bold=True, anchor="lm")
            c.rect(
                card, fill=mix(PLACE, Palette.panel, 0.15), outline=PLACE_EDGE, width=2, radius=12
            )
            with c.region(card, "place card"):
                self.draw_place_card(cid, card)

    def draw_place_card(self, cid: str, box: Box) -> None:
        c = self.c
        x0, y0, x1, _y1 = box
        c.fit_text(
            (x0 + 12, y0 + 24),
            self.cards.name(cid),
            x1 - x0 - 24,
            20,
            Palette.text,
            bold=True,
            min_size=12,
            anchor="lm",
        )
        info = self.cards.get(cid)
        bx = x0 + 12
        for type_id in info.get("forbidden") or []:
            forbidden_badge(c, type_id, bx + 11, y0 + 60, 22)
            bx += 28
        cap = info.get("max_per_type")
        if isinstance(cap, int) and x1 - bx - 18 > 40:
            text = _t("max_type", self.locale, n=cap)
            c.fit_text(
                (bx + 6, y0 + 60), text, x1 - bx - 18, 14, Palette.muted, min_size=10, anchor="lm"
            )
