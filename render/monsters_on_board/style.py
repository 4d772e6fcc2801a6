"""Monsters on Board's drawing vocabulary, shared by every image of the package: the page
width, the players' colours, the drawn words in both languages (:data:`TEXT`), and small
helpers for icons and colours.

Kept in one place so the main board, the seat boards, the hand and the scoring table say the
same thing the same way (an icon is always its glyph plus its amount, a colour always its
symbol plus its letter).
"""

from __future__ import annotations

from typing import Any

from render.colours import ink_on as readable_ink
from render.common import RGB, Palette, hex_rgb, mix, tr
from render.monsters_on_board import catalogue as cat

WIDTH = 1100
"""Every image is this wide: a phone shows it at about a third, and the type below is sized
for that (nothing under 12 layout pixels)."""
MARGIN = 16

SEAT_COLOURS: tuple[RGB, ...] = (
    hex_rgb("#5fd068"),  # green
    hex_rgb("#ff6b6b"),  # red
    hex_rgb("#ffd84a"),  # yellow
    hex_rgb("#5aa9ff"),  # blue
)
"""The players' marker colours by seat (I3: green, red, yellow, blue)."""

JACK = hex_rgb("#8e1b2c")  # Spider Jack's dice
JACK_INK = hex_rgb("#ff7a8a")  # Spider Jack's name and Juice, readable on the dark panels
JUICE = hex_rgb("#7ee0c3")  # Spectral Juice
EVIL = hex_rgb("#d65cff")  # Evil
NEIGHBOURHOOD = hex_rgb("#35283d")  # neighbourhood areas' ground
SERVANT = hex_rgb("#e7dcc6")
MULTI_RGB = hex_rgb("#cfc6ff")

PHASES = (
    "draft",
    "board",
    "spectral",
    "final_window",
    "over",
    "family_pick",
    "family_move",
    "family_row",
)
"""The phases the view names (each has its ``phase_<id>`` word in :data:`TEXT`)."""
DRAFTS = ("draft", "family_pick")
"""The phases in which a car stands in front of each seat (the view's ``car_of``)."""

TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "Monsters on Board", "it": "Monsters on Board"},
    "round": {"en": "Round {n}/6", "it": "Round {n}/6"},
    "phase_draft": {"en": "Draft", "it": "Scelta dadi"},
    "phase_board": {"en": "Creatures & Spider Jack", "it": "Creature e Spider Jack"},
    "phase_spectral": {"en": "Spectral phase", "it": "Fase spettrale"},
    "phase_final_window": {"en": "Last flips", "it": "Ultime carte"},
    "phase_over": {"en": "Final scoring", "it": "Punteggio finale"},
    "phase_family_pick": {"en": "Pick & place", "it": "Scegli e piazza"},
    "phase_family_move": {"en": "Creatures move", "it": "Movimento creature"},
    "phase_family_row": {"en": "Row scoring", "it": "Punteggio righe"},
    "step": {"en": "pick {n}/4", "it": "scelta {n}/4"},
    "step_family": {"en": "pick {n}/3", "it": "scelta {n}/3"},
    "passes": {"en": "{n} of {of} passed in a row", "it": "{n} su {of} passano di fila"},
    "first": {"en": "1st player", "it": "1° giocatore"},
    "first_short": {"en": "1st", "it": "1°"},
    "waiting": {"en": "Waiting for {name}", "it": "In attesa di {name}"},
    "turn_of": {"en": "{name} to buy or pass", "it": "{name} compra o passa"},
    "nobody": {"en": "Nobody to act", "it": "Nessuno deve agire"},
    "everyone": {"en": "Everyone is playing", "it": "Tutti stanno giocando"},
    "waiting_n": {"en": "Waiting for {n} players", "it": "In attesa di {n} giocatori"},
    "juice": {"en": "Juice", "it": "Succo"},
    "evil": {"en": "Evil", "it": "Malvagità"},
    "picked": {"en": "✓ picked", "it": "✓ scelto"},
    "picking": {"en": "picking…", "it": "sceglie…"},
    "playing": {"en": "playing…", "it": "gioca…"},
    "done": {"en": "✓ done", "it": "✓ fatto"},
    "to_buy": {"en": "▶ buying", "it": "▶ compra"},
    "market": {"en": "Spectral market", "it": "Mercato spettrale"},
    "price": {"en": "Evil", "it": "Malv."},
    "ghost_supply": {"en": "Ghosts left: {n}", "it": "Fantasmi rimasti: {n}"},
    "arch_deck": {"en": "Arch deck: {n}", "it": "Mazzo Arci: {n}"},
    "discarded": {"en": "discarded: {n}", "it": "scartati: {n}"},
    "empty": {"en": "empty", "it": "vuoto"},
    "cars": {"en": "Fearmobiles (hood → back)", "it": "Spaventomobili (cofano → retro)"},
    "car_of": {"en": "in front of {name}", "it": "davanti a {name}"},
    "cars_right": {
        "en": "Fearmobiles (hood → back) · passing right",
        "it": "Spaventomobili (cofano → retro) · passano a destra",
    },
    "ai_car": {"en": "AI's car", "it": "Auto dell'IA"},
    "jack": {"en": "Spider Jack", "it": "Spider Jack"},
    "jack_car": {"en": "Spider Jack's car", "it": "Auto di Spider Jack"},
    "jack_area": {"en": "Spider Jack's area", "it": "Area di Spider Jack"},
    "level_easy": {"en": "Easy", "it": "Facile"},
    "level_normal": {"en": "Normal", "it": "Normale"},
    "level_hard": {"en": "Hard", "it": "Difficile"},
    "level_monstrous": {"en": "Monstrous", "it": "Mostruoso"},
    "difficulty": {"en": "+{n} {level}", "it": "+{n} {level}"},
    "jack_deck": {"en": "{mark} deck: {n}", "it": "mazzo {mark}: {n}"},
    "jack_picks": {"en": "Its picks this round", "it": "Le sue scelte del round"},
    "last_die": {"en": "the last", "it": "l'ultimo"},
    "spare": {"en": "spare", "it": "avanzato"},
    "spare_bag": {"en": "Spare die → bag", "it": "Dado avanzato → sacchetto"},
    "spare_area": {"en": "Spare die → its area", "it": "Dado avanzato → la sua area"},
    "spare_scored": {
        "en": "Spare die scores its rank",
        "it": "Il dado avanzato dà il suo rango",
    },
    "jack_summoning": {
        "en": "takes the summoning you miss",
        "it": "prende le evocazioni che perdi",
    },
    "jack_prophecy": {
        "en": "takes the prophecy points you miss",
        "it": "prende i punti profezia che perdi",
    },
    "jack_counts": {
        "en": "Its area: dice {d} · ghosts {g} · creatures {c}",
        "it": "La sua area: dadi {d} · fantasmi {g} · creature {c}",
    },
    "jack_wins": {"en": "Spider Jack wins", "it": "Vince Spider Jack"},
    "jack_juice": {"en": "all its Juice", "it": "tutto il suo Succo"},
    "jack_tie": {
        "en": "A tie is Spider Jack's: beat it by 1 Juice or more (I37)",
        "it": "In parità vince Spider Jack: superalo di almeno 1 Succo (I37)",
    },
    "family_tie": {
        "en": "Most Juice wins; a tie is shared (FM17)",
        "it": "Vince chi ha più Succo; in parità si vince insieme (FM17)",
    },
    "bag": {"en": "Bag", "it": "Sacchetto"},
    "solo_card": {"en": "Solo card", "it": "Carta solitario"},
    "solo_deck": {"en": "deck: {n}", "it": "mazzo: {n}"},
    "ai_picks": {"en": "AI's dice", "it": "Dadi dell'IA"},
    "any": {"en": "any", "it": "ogni"},
    "high": {"en": "high", "it": "alto"},
    "low": {"en": "low", "it": "basso"},
    "none_yet": {"en": "none yet", "it": "nessuno"},
    "multi": {"en": "any colour", "it": "ogni colore"},
    "town": {"en": "Town", "it": "Città"},
    "area": {"en": "Area {n}", "it": "Area {n}"},
    "start": {"en": "Start", "it": "Partenza"},
    "final": {"en": "Final area", "it": "Area finale"},
    "lodges": {"en": "Servant lodges", "it": "Portinerie"},
    "order": {"en": "Spider Jack's Order", "it": "Ordine di Spider Jack"},
    "keeps": {"en": "keeps {n}", "it": "tiene {n}"},
    "summon": {"en": "summon", "it": "evoca"},
    "avenue": {"en": "Avenue", "it": "Viale"},
    "moved": {"en": "moved", "it": "mosso"},
    "arch_cards": {"en": "Arch Monsters", "it": "Arci Mostri"},
    "arch_counts": {
        "en": "Arch Monsters: {n} held, {f} flipped",
        "it": "Arci Mostri: {n} in mano, {f} girati",
    },
    "held": {"en": "Arch Monsters you hold: {n}", "it": "Arci Mostri in tuo possesso: {n}"},
    "slot_hood": {"en": "1 · hood", "it": "1 · cofano"},
    "slot_back": {"en": "4 · back", "it": "4 · retro"},
    "flipped": {"en": "flipped", "it": "girata"},
    "no_cards": {"en": "no cards", "it": "nessuna carta"},
    "more": {"en": "+{n} more", "it": "altre {n}"},
    "deciding_move": {"en": "moving creatures", "it": "muove creature"},
    "deciding_actions": {"en": "choosing actions", "it": "sceglie azioni"},
    "stage_move": {"en": "activating dice", "it": "attiva dadi"},
    "stage_place": {"en": "placing dice", "it": "piazza dadi"},
    "choosing_row": {"en": "choosing a row", "it": "sceglie una riga"},
    "lanes": {"en": "Lanes: areas 1–12", "it": "Corsie: aree 1–12"},
    "row": {"en": "Row {n}", "it": "Riga {n}"},
    "row_sum": {"en": "Σ {n}", "it": "Σ {n}"},
    "servants": {"en": "Servants", "it": "Servitori"},
    "reserve": {"en": "Reserve: {n}", "it": "Riserva: {n}"},
    "in_reserve": {"en": "in reserve", "it": "in riserva"},
    "area_key": {"en": "Area actions", "it": "Azioni delle aree"},
    "area_n": {"en": "Area {n}: {what}", "it": "Area {n}: {what}"},
    "back_start": {"en": "{what}, back to start", "it": "{what}, torna alla partenza"},
    "do_family_pick": {
        "en": "Pick a die from the car in front of you and a row of your Order for it.",
        "it": "Scegli un dado dall'auto davanti a te e la riga del tuo Ordine dove va.",
    },
    "did_family_pick": {
        "en": "Picked: waiting for the others before the creatures move.",
        "it": "Scelto: aspetta gli altri prima che le creature si muovano.",
    },
    "do_family_row": {
        "en": "Choose a row: a servant takes a space there and you score its dice.",
        "it": "Scegli una riga: un servitore vi prende posto e guadagni la somma dei suoi ranghi.",
    },
    "family_steps": {"en": "{mark} creature ➜ {n}", "it": "creatura {mark} ➜ {n}"},
    "your_pick_row": {"en": "your pick → row {n}", "it": "tua scelta → riga {n}"},
    "your_hand": {"en": "Your board", "it": "La tua plancia"},
    "prophecy": {"en": "Prophecy {n}", "it": "Profezia {n}"},
    "prophecy_hidden": {"en": "Prophecy", "it": "Profezia"},
    "max": {"en": "max {n}", "it": "max {n}"},
    "your_car": {"en": "The car in front of you", "it": "L'auto davanti a te"},
    "your_pick": {"en": "your pick", "it": "la tua scelta"},
    "slot": {"en": "slot {n}", "it": "posto {n}"},
    "do_draft": {
        "en": "Pick one die from the car in front of you.",
        "it": "Scegli un dado dall'auto davanti a te.",
    },
    "did_draft": {
        "en": "Picked: waiting for the others before the cars pass.",
        "it": "Scelto: aspetta gli altri prima che le auto passino.",
    },
    "do_move": {
        "en": "Choose which {colour} creature moves next.",
        "it": "Scegli quale creatura di colore {colour} muove ora.",
    },
    "do_actions": {"en": "Use or skip: {items}", "it": "Usa o salta: {items}"},
    "do_activate": {
        "en": "Activate an Avenue die to move its creatures.",
        "it": "Attiva un dado del Viale per muovere le sue creature.",
    },
    "do_place": {
        "en": "Place a die in a row of your Order.",
        "it": "Piazza un dado in una riga del tuo Ordine.",
    },
    "do_spectral": {
        "en": "Your turn: buy an Arch Monster or a ghost, or pass.",
        "it": "Tocca a te: compra un Arci Mostro o un fantasma, o passa.",
    },
    "do_final": {
        "en": "Last chance to flip your Arch Monsters, then done.",
        "it": "Ultima occasione per girare i tuoi Arci Mostri, poi fatto.",
    },
    "do_wait": {"en": "Nothing to do now.", "it": "Per ora nulla da fare."},
    "scoring": {"en": "Final scoring", "it": "Punteggio finale"},
    "wins": {"en": "{name} wins!", "it": "Vince {name}!"},
    "shared": {"en": "Shared win: {name}", "it": "Vittoria condivisa: {name}"},
    "solo_score": {"en": "{name}: {n} Juice", "it": "{name}: {n} Succo"},
    "solo_note": {
        "en": "Solo: beat your best score (O9)",
        "it": "Solitario: batti il tuo record (O9)",
    },
    "winner": {"en": "★ winner", "it": "★ vince"},
    "before": {"en": "Juice in play", "it": "Succo in partita"},
    "final_row": {"en": "{colour} final area", "it": "area finale ({colour})"},
    "final_cell": {"en": "{c} × {d} dice × {e}", "it": "{c} × {d} dadi × {e}"},
    "prophecy_row": {"en": "Prophecy", "it": "Profezia"},
    "cap": {"en": "cap 50", "it": "tetto 50"},
    "arch_row": {"en": "Arch Monsters", "it": "Arci Mostri"},
    "total": {"en": "Total", "it": "Totale"},
    "removed": {"en": "Dice removed", "it": "Dadi rimossi"},
    "tie_break": {
        "en": "Ties: most final creatures, then most Evil",
        "it": "Pareggi: più creature nell'area finale, poi più Malvagità",
    },
    "nothing": {"en": "—", "it": "—"},
}

ICON_SHORT: dict[str, dict[str, str]] = {
    "swap": {"en": "swap 2", "it": "scambia 2"},
    "promote": {"en": "±1 rank", "it": "±1 rango"},
    "move_creature": {"en": "move creature", "it": "muovi creatura"},
    "move_servant": {"en": "move servant", "it": "muovi servitore"},
    "juice": {"en": "Juice", "it": "Succo"},
    "feed": {"en": "feed Jack", "it": "nutri Jack"},
    "evil": {"en": "Evil", "it": "Malvagità"},
    "call": {"en": "call Jack", "it": "chiama Jack"},
    "add_creature": {"en": "add creature", "it": "aggiungi creatura"},
}
"""Short icon names for the legend, the market and the hand (the glyph says the rest)."""


def t(key: str, locale: str, **fmt: Any) -> str:
    """A drawn word of :data:`TEXT` in ``locale``."""
    return tr(key, locale, TEXT, **fmt)


def template(key: str, locale: str, **fmt: Any) -> str:
    """A phrase with its ``{name}`` slot left open (for ``Canvas.fit_name``), the rest filled."""
    return tr(key, locale, TEXT, name="{name}", **fmt)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def ink_on(colour: RGB) -> RGB:
    """Readable ink on a ``colour`` background (:func:`render.colours.ink_on`)."""
    return readable_ink(colour)


def colour_rgb(colour_id: str) -> RGB:
    """A component colour's rgb; the multicolour ghosts' pale lilac; grey when unknown."""
    if colour_id == cat.MULTI:
        return MULTI_RGB
    found = cat.colour(colour_id)
    return found.rgb if found else Palette.faint


def edge_of(colour: RGB) -> RGB:
    """An outline that shows a token on the dark table whatever its colour (black dice too)."""
    return mix(colour, (255, 255, 255), 0.55)


def mark(colour_id: str) -> str:
    """A colour's symbol and letter, ``"♥P"``: what a colour-blind player reads (I5)."""
    found = cat.colour(colour_id)
    if found:
        return f"{found.symbol}{found.letter}"
    return "✱" if colour_id == cat.MULTI else "?"


def colour_name(colour_id: str, locale: str) -> str:
    """A colour's name with its mark: ``"♥P pink"``."""
    found = cat.colour(colour_id)
    if not found:
        return t("multi", locale) if colour_id == cat.MULTI else colour_id
    return f"{mark(colour_id)} {found.it if locale == 'it' else found.en}"


def glyph(icon: str) -> str:
    """An icon as drawn: its glyph and, where it has one, its amount (``"⚗5"``)."""
    info = cat.content().icons.get(cat.icon_kind(icon))
    sign = info.glyph if info else "?"
    return f"{sign}{cat.icon_amount(icon)}" if ":" in icon else sign


def icon_short(icon: str, locale: str) -> str:
    """The glyph and a short name: ``"⚗5 Juice"``."""
    words = ICON_SHORT.get(cat.icon_kind(icon))
    name = (words.get(locale) or words["en"]) if words else cat.icon_kind(icon)
    return f"{glyph(icon)} {name}"


def icon_name(icon: str, locale: str) -> str:
    """The content's full name of an icon's action, with its amount (``"Gain Evil 2"``)."""
    info = cat.content().icons.get(cat.icon_kind(icon))
    if not info:
        return icon
    name = info.it if locale == "it" else info.en
    return f"{name} {cat.icon_amount(icon)}" if ":" in icon else name


def name_of(item: Any, locale: str) -> str:
    """The it/en name of a content item (card, ghost, colour) with ``it`` and ``en`` fields."""
    return str(getattr(item, "it" if locale == "it" else "en", "") or "")


def ints(values: Any) -> list[int]:
    """The integers of a view's list (anything else dropped), for trimmed or odd views."""
    return [v for v in values or [] if isinstance(v, int) and not isinstance(v, bool)]
