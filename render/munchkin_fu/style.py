"""Munchkin Fu's drawing vocabulary, shared by the table, the fight and the hand: the page
geometry, one colour per card kind (the band across a card face, the dot on a chip), the
drawn words in both languages (:data:`TEXT`) and small helpers (signed numbers, readable ink).

Kept in one place so every other module of the package reads its colours and words from
here, and a new kind of card needs one line, not a hunt through the drawing code."""

from __future__ import annotations

from typing import Any

from render.colours import ink_on
from render.common import RGB, hex_rgb, tr

WIDTH = 1120
MARGIN = 16
TOP_H = 70
GAP = 10

KIND_COLORS: dict[str, RGB] = {
    "monster": hex_rgb("#d04354"),
    "enhancer": hex_rgb("#ff8a3d"),
    "wandering": hex_rgb("#c2417a"),
    "double": hex_rgb("#b0567f"),
    "trap": hex_rgb("#875dde"),
    "class": hex_rgb("#3fa7e0"),
    "style": hex_rgb("#33c4a8"),
    "super_munchkin": hex_rgb("#ffd24a"),
    "extra_style": hex_rgb("#8fe3c9"),
    "mook": hex_rgb("#a7c957"),
    "item": hex_rgb("#d9b36a"),
    "one_shot": hex_rgb("#f2e18c"),
    "level_up": hex_rgb("#7fdc7a"),
}
UNKNOWN_KIND = hex_rgb("#a39a8c")
KIND_MARKS: dict[str, str] = {
    "monster": "☠",
    "enhancer": "▲",
    "wandering": "↝",
    "double": "❖",
    "trap": "⚠",
    "class": "♜",
    "style": "✦",
    "super_munchkin": "★",
    "extra_style": "✧",
    "mook": "♟",
    "item": "⚔",
    "one_shot": "⚗",
    "level_up": "⇑",
}
"""A symbol per card kind, drawn on a chip beside its colour: the colour alone told the kind
only to those who see it (issue 29)."""
HEROES = hex_rgb("#52c7e0")
MONSTERS = hex_rgb("#ff6b5a")
AHEAD = hex_rgb("#7fdc7a")
CARRIED = hex_rgb("#6f6355")
DOOR_BACK = hex_rgb("#6e2330")
TREASURE_BACK = hex_rgb("#7a5a1c")
SLOTS = ("head", "armour", "feet", "hands")

TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "Munchkin Fu", "it": "Munchkin Fu"},
    "kind_monster": {"en": "Monster", "it": "Mostro"},
    "kind_enhancer": {"en": "Enhancer", "it": "Potenziamento"},
    "kind_wandering": {"en": "Wandering", "it": "Errante"},
    "kind_double": {"en": "Double", "it": "Controfigura"},
    "kind_trap": {"en": "Trap", "it": "Trappola"},
    "kind_class": {"en": "Class", "it": "Classe"},
    "kind_style": {"en": "Style", "it": "Stile"},
    "kind_super_munchkin": {"en": "Super Munchkin", "it": "Super Munchkin"},
    "kind_extra_style": {"en": "Extra Style", "it": "Stile Extra"},
    "kind_mook": {"en": "Mook", "it": "Mongo"},
    "kind_item": {"en": "Item", "it": "Oggetto"},
    "kind_one_shot": {"en": "One-shot", "it": "Uso singolo"},
    "kind_level_up": {"en": "Go Up a Level", "it": "Avanzi di Livello"},
    "slot_head": {"en": "Head", "it": "Testa"},
    "slot_armour": {"en": "Armour", "it": "Armatura"},
    "slot_feet": {"en": "Feet", "it": "Piedi"},
    "slot_hand": {"en": "1 hand", "it": "1 mano"},
    "slot_two_hands": {"en": "2 hands", "it": "2 mani"},
    "slot_hands": {"en": "Hands", "it": "Mani"},
    "slot_other": {"en": "Other", "it": "Altro"},
    "carried": {"en": "Carried", "it": "Portati"},
    "mooks": {"en": "Mooks", "it": "Monghi"},
    "big": {"en": "BIG", "it": "GRANDE"},
    "hk": {"en": "HK", "it": "HK"},
    "gold": {"en": "{n} cr", "it": "{n} cr"},
    "treasure": {"en": "{n} treasure", "it": "{n} tesoro"},
    "treasures": {"en": "{n} treasure", "it": "{n} tesori"},
    "phase_setup": {"en": "Setup: first plays", "it": "Preparazione: prime giocate"},
    "phase_door": {"en": "Kick open the door", "it": "Apri la porta"},
    "phase_trouble": {"en": "Look for trouble", "it": "Cerca guai"},
    "phase_loot": {"en": "Loot the room", "it": "Svuota la stanza"},
    "phase_charity": {"en": "Charity", "it": "Carità"},
    "phase_fight": {"en": "Fight", "it": "Combattimento"},
    "phase_over": {"en": "Game over", "it": "Partita finita"},
    "turn_of": {"en": "{name}'s turn", "it": "Turno di {name}"},
    "round": {"en": "Round {n}", "it": "Giro {n}"},
    "race_to": {"en": "race to level {n}", "it": "corsa al livello {n}"},
    "fast": {"en": "fast", "it": "veloce"},
    "epic": {"en": "epic", "it": "epico"},
    "level": {"en": "Level", "it": "Livello"},
    "strength": {"en": "Strength {n}", "it": "Forza {n}"},
    "hand": {"en": "Hand {n}", "it": "Mano {n}"},
    "curses": {"en": "Next fight:", "it": "Prossimo scontro:"},
    "turn_pill": {"en": "▶ turn", "it": "▶ turno"},
    "acting": {"en": "to act", "it": "deve agire"},
    "winner": {"en": "★ winner", "it": "★ vince"},
    "no_class": {"en": "no class, no style", "it": "nessuna classe né stile"},
    "deck_door": {"en": "Doors", "it": "Porte"},
    "deck_treasure": {"en": "Treasure", "it": "Tesori"},
    "discard": {"en": "discard {n}", "it": "scarti {n}"},
    "wins": {"en": "{name} wins!", "it": "Vince {name}!"},
    "shared": {"en": "Shared win: {name}", "it": "Vittoria condivisa: {name}"},
    "fighter": {"en": "Fighter", "it": "Combattente"},
    "helper": {"en": "Helper", "it": "Aiutante"},
    "heroes": {"en": "Heroes", "it": "Eroi"},
    "monsters": {"en": "Monsters", "it": "Mostri"},
    "level_line": {"en": "Level", "it": "Livello"},
    "powers": {"en": "Class, style, mooks", "it": "Classe, stile, monghi"},
    "vs": {"en": "vs", "it": "contro"},
    "heroes_ahead": {"en": "Heroes ahead", "it": "Eroi in vantaggio"},
    "monsters_ahead": {
        "en": "Monsters ahead (a tie is theirs)",
        "it": "Mostri in vantaggio (il pareggio è loro)",
    },
    "one_shots": {"en": "Cards played for them", "it": "Carte giocate per loro"},
    "double_of": {"en": "double of {name}", "it": "doppio di {name}"},
    "stage_fight": {"en": "{name} plays or says resolve", "it": "{name} gioca o dice risolvi"},
    "stage_window": {"en": "Interference window", "it": "Finestra di interferenza"},
    "stage_run": {"en": "Running away", "it": "Fuga"},
    "stage_done": {"en": "Fight over: the spoils", "it": "Scontro finito: il bottino"},
    "passed": {"en": "Passed:", "it": "Hanno passato:"},
    "waiting": {"en": "Waiting for:", "it": "In attesa di:"},
    "nobody": {"en": "nobody", "it": "nessuno"},
    "offers": {"en": "Offers", "it": "Offerte"},
    "offer_help": {"en": "{a} asks {b} for help", "it": "{a} chiede aiuto a {b}"},
    "offer_trade": {"en": "{a} offers {b} a trade", "it": "{a} propone uno scambio a {b}"},
    "offer_counter": {"en": "(counter)", "it": "(controfferta)"},
    "offer_gives": {"en": "gives", "it": "dà"},
    "offer_wants": {"en": "wants", "it": "vuole"},
    "offer_first": {"en": "helper picks first", "it": "l'aiutante sceglie per primo"},
    "choice": {"en": "{name} chooses", "it": "{name} sceglie"},
    "you_choose": {"en": "You choose", "it": "Scegli"},
    "choice_hidden": {"en": "(options hidden)", "it": "(opzioni nascoste)"},
    "default": {"en": "default", "it": "predefinita"},
    "choice_charity": {"en": "what to give away (charity)", "it": "cosa regalare (carità)"},
    "choice_loot": {"en": "a card from the corpse", "it": "una carta dal cadavere"},
    "choice_split": {"en": "a treasure of the spoils", "it": "un tesoro del bottino"},
    "choice_run_order": {"en": "the running order", "it": "l'ordine di fuga"},
    "choice_run": {"en": "how to run", "it": "come fuggire"},
    "choice_mook_helper": {"en": "whether a mook helps", "it": "se un mongo aiuta"},
    "choice_lose": {"en": "what to lose", "it": "cosa perdere"},
    "choice_vanish": {"en": "what vanishes", "it": "cosa sparisce"},
    "loot": {"en": "Spoils", "it": "Bottino"},
    "escaped": {"en": "Escaped:", "it": "Fuggiti:"},
    "your_hand": {"en": "Your hand ({n})", "it": "La tua mano ({n})"},
    "no_cards": {"en": "No cards in hand", "it": "Nessuna carta in mano"},
    "in_play": {"en": "In play", "it": "In gioco"},
    "neighbours": {"en": "Clairvoyance: {name}'s hand", "it": "Chiaroveggenza: mano di {name}"},
    "seat": {"en": "Player {n}", "it": "Giocatore {n}"},
    "more": {"en": "+{n} more", "it": "+{n} altre"},
}


def t(key: str, locale: str, **fmt: Any) -> str:
    """A drawn word of :data:`TEXT` in ``locale``."""
    return tr(key, locale, TEXT, **fmt)


def treasures(n: int, locale: str) -> str:
    """A count of treasures (a monster's number, a helper's share, an offer's): Italian agrees
    the noun with the number («1 tesoro», «2 tesori»); English keeps the cards' «2 treasure»."""
    return t("treasure" if n == 1 else "treasures", locale, n=n)


def tmpl(key: str, locale: str) -> str:
    """A phrase with its ``{name}`` slot left open (see ``Canvas.fit_name``)."""
    return tr(key, locale, TEXT, name="{name}")


def kind_color(kind: Any) -> RGB:
    return KIND_COLORS.get(str(kind), UNKNOWN_KIND)


def kind_mark(kind: Any) -> str:
    """The kind's symbol (:data:`KIND_MARKS`); "?" for a kind the view does not name."""
    return KIND_MARKS.get(str(kind), "?")


def on(color: RGB) -> RGB:
    """Readable ink on a ``color`` background (:func:`render.colours.ink_on`)."""
    return ink_on(color)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def ints(values: Any) -> list[int]:
    """The integers of a view list (anything else dropped), so a trimmed view still draws."""
    return [v for v in values or [] if isinstance(v, int) and not isinstance(v, bool)]
