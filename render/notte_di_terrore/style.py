"""Notte di Terrore's drawing vocabulary, shared by the board and the hand: the page
geometry both start from, the Being types' order and colours, the piles' and panels' colours,
the drawn words in both languages (:data:`TEXT`) and the small text helpers (readable ink on a
colour, signed numbers, names hyphenated to fit a narrow card).

Kept apart so every other module of the package reads its colours and words from one place."""

from __future__ import annotations

from typing import Any

from render.colours import ink_on
from render.common import RGB, Canvas, hex_rgb, tr

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
    "vampire": hex_rgb("#d9364d"),  # blood red
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


def _on(color: RGB) -> RGB:
    """Readable ink on a ``color`` background (:func:`render.colours.ink_on`)."""
    return ink_on(color)


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
