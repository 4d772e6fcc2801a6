"""Monster Day's drawing vocabulary, shared by the board, its bars and the hand: the
page geometry (the villages' columns and rows, the bottom bar's two rows, the board's
:data:`HEIGHT`), the monsters' ids, colours and fallback names, and the drawn words in both
languages (:data:`TEXT`).

Kept apart so every other module of the package reads its sizes and words from one place."""

from __future__ import annotations

from typing import Any

from render.common import hex_rgb, tr

WIDTH = 1200
MARGIN = 16
GAP_W = 124  # the start gap between the villages
PANEL_GAP = 8
HEADER_H = 80
ACE_H = 58
CARD_W, CARD_H = 146, 204
TOKEN = 70

MONSTER_IDS = ("catoblepas", "dire_bear", "glatisant", "pegasus")
MONSTER_COLORS = {
    "catoblepas": hex_rgb("#6ca236"),  # moss green (white reads on it: was #7fbf3f)
    "dire_bear": hex_rgb("#c8743a"),  # bear brown
    "glatisant": hex_rgb("#a06ae8"),  # violet
    "pegasus": hex_rgb("#eef2fb"),  # silver white
}
FALLBACK_NAMES = {
    "catoblepas": {"en": "Catoblepas", "it": "Catoblepa"},
    "dire_bear": {"en": "Dire Bear", "it": "Orso Terribile"},
    "glatisant": {"en": "Glatisant", "it": "Glatisant"},
    "pegasus": {"en": "Pegasus", "it": "Pegaso"},
}

TEXT: dict[str, dict[str, str]] = {
    "played": {"en": "{name} played", "it": "{name} ha giocato"},
    "on_space": {"en": "on space {n}", "it": "sullo spazio {n}"},
    "plays_on": {"en": "Plays on", "it": "Va su"},
    "anywhere": {"en": "any space", "it": "ovunque"},
    "opening": {"en": "Opening roll", "it": "Tiro iniziale"},
    "starts": {"en": "{name} starts", "it": "inizia {name}"},
    "waiting": {"en": "Waiting for the first move", "it": "In attesa della prima mossa"},
    "wins": {"en": "{name} wins!", "it": "Vince {name}!"},
    "draw_banner": {"en": "It's a draw!", "it": "Pareggio!"},
    "tie": {"en": "tie: stays", "it": "parità: resta"},
    "moved": {"en": "→ {name} · {n}", "it": "→ {name} · {n}"},
    "edge": {"en": "→ {name}: already at {n}", "it": "→ {name}: già a {n}"},
    "at_start": {"en": "at the start", "it": "alla partenza"},
    "point": {"en": "{n} point", "it": "{n} punto"},
    "points": {"en": "{n} points", "it": "{n} punti"},
}


def _t(key: str, locale: str, **fmt: Any) -> str:
    return tr(key, locale, TEXT, **fmt)


def _tmpl(key: str, locale: str, **fmt: Any) -> str:
    """A phrase with everything filled in but its ``{name}`` slot (see ``Canvas.fit_name``)."""
    return tr(key, locale, TEXT, name="{name}", **fmt)


# vertical layout of the villages
Y_ACE = MARGIN + HEADER_H + 10
Y_CARD = Y_ACE + ACE_H + 12
Y_PILL = Y_CARD + CARD_H + 6  # the "+n covered" pill under a card
Y_TOKENS = Y_PILL + 34
BOARD_BOTTOM = Y_TOKENS + 2 * TOKEN + 6 + 12
Y_ROW1 = BOARD_BOTTOM + 12  # last turn / opening roll / game over
ROW1_H = 64
Y_ROW2 = Y_ROW1 + ROW1_H + 10  # the monster tiles
ROW2_H = 104
HEIGHT = Y_ROW2 + ROW2_H + MARGIN
