"""What the cards say, in words: an Arch Monster card's scoring in one line (I26), a prophecy
condition in a few words (I29), a solo card's three symbols (I34), and each line of the final
scoring sheet.

Why words and not only numbers: a player deciding what to buy or where to put a die needs to
read what a card rewards; the content has the rule's parameters and names, not a sentence.
The sentences are this project's own summaries of its own original cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.style import colour_name, mark, name_of

_ARCH: dict[str, dict[str, str]] = {
    "pairs": {"en": "2 per adjacent {a}–{b} pair", "it": "2 per coppia adiacente {a}–{b}"},
    "scared": {
        "en": "area no. of each {a} creature",
        "it": "n° area di ogni creatura di colore {a}",
    },
    "ghosts_all": {"en": "3 per ghost in neighbourhoods", "it": "3 per fantasma nei Vicinati"},
    "ghosts_one": {"en": "8 if 2+ ghosts in one hood", "it": "8 se 2+ fantasmi in un Vicinato"},
    "columns30": {"en": "12 if 2 adjacent columns ≥ 30", "it": "12 se 2 colonne adiacenti ≥ 30"},
    "servants": {
        "en": "10 if 3+ servants in one hood",
        "it": "10 se 3+ servitori in un Vicinato",
    },
    "champion": {
        "en": "one {a} in final area: 5/die",
        "it": "una creatura di colore {a} in area finale: 5/dado",
    },
    "three_colour": {"en": "10 if 3+ {a} dice in a row", "it": "10 se 3+ dadi {a} in una riga"},
    "three_rank": {
        "en": "10 if 3+ dice of rank {a} in a row",
        "it": "10 se 3+ dadi di rango {a} in una riga",
    },
    "three_even": {"en": "10 if 3+ even dice in a row", "it": "10 se 3+ dadi pari in una riga"},
    "three_odd": {"en": "10 if 3+ odd dice in a row", "it": "10 se 3+ dadi dispari in una riga"},
}

_CONDITION: dict[str, dict[str, str]] = {
    "ranks_at": {"en": "a row starting with {a}", "it": "una riga che inizia con {a}"},
    "same_rank": {"en": "same rank in a row: {a}", "it": "stesso rango in una riga: {a}"},
    "leftmost_one_colour": {
        "en": "{a} leftmost dice of a row one colour",
        "it": "{a} dadi più a sinistra di una riga di un colore",
    },
    "at_least": {"en": "{w} totals {a} or more", "it": "{w} somma {a} o più"},
    "exactly": {"en": "{w} totals exactly {a}", "it": "{w} somma esattamente {a}"},
    "at_most": {"en": "{w} totals {a} or less", "it": "{w} somma {a} o meno"},
    "alternating_parity": {
        "en": "{w}: odd and even alternate",
        "it": "{w}: pari e dispari alterni",
    },
    "all_rank": {"en": "{w}: every die rank {a}", "it": "{w}: ogni dado di rango {a}"},
    "all_colour": {"en": "{w}: all one colour", "it": "{w}: tutti di un colore"},
    "all_both": {"en": "{w}: one colour, all rank {a}", "it": "{w}: un colore, tutti rango {a}"},
    "sum_row": {"en": "a row: {a}", "it": "una riga: {a}"},
    "sum_column": {"en": "{w}: top + middle = bottom", "it": "{w}: alto + medio = basso"},
    "colours_exactly": {
        "en": "a row with exactly {a} colours",
        "it": "una riga di esattamente {a} colori",
    },
    "groups_distinct_ranks": {
        "en": "column pairs with {r}+ different ranks: {a}",
        "it": "coppie di colonne con {r}+ ranghi diversi: {a}",
    },
    "a_row": {"en": "a row", "it": "una riga"},
    "column": {"en": "column {n}", "it": "colonna {n}"},
    "space": {"en": "s{n}", "it": "s{n}"},
    "groups": {"en": "{n} → {j}", "it": "{n} → {j}"},
}


def _w(table: dict[str, dict[str, str]], key: str, locale: str, **fmt: Any) -> str:
    entry = table[key]
    return (entry.get(locale) or entry["en"]).format(**fmt)


def arch_summary(card: cat.ArchCard, locale: str) -> str:
    """What an Arch Monster card scores, in one short line (AM3–AM10)."""
    params: Mapping[str, Any] = card.params
    if card.kind == "pairs":
        a, b = (mark(c) for c in params["colours"])
        return _w(_ARCH, "pairs", locale, a=a, b=b)
    if card.kind in ("scared", "champion"):
        return _w(_ARCH, card.kind, locale, a=colour_name(params["colour"], locale))
    if card.kind == "three_in_row":
        if "colour" in params:
            return _w(_ARCH, "three_colour", locale, a=mark(params["colour"]))
        if "rank" in params:
            return _w(_ARCH, "three_rank", locale, a=params["rank"])
        return _w(_ARCH, f"three_{params.get('parity', 'even')}", locale)
    return _w(_ARCH, card.kind, locale) if card.kind in _ARCH else card.kind


def condition_words(card: cat.ProphecyCard, cond: cat.Condition, locale: str) -> str:
    """A prophecy condition in words (I29): ``"column 3 totals exactly 10"``."""
    p: Mapping[str, Any] = cond.params
    where = (
        _w(_CONDITION, "column", locale, n=p["column"])
        if "column" in p
        else _w(_CONDITION, "a_row", locale)
    )
    test = cond.test
    if test == "ranks_at":
        return _w(_CONDITION, test, locale, a=" ".join(str(r) for r in p["ranks"]))
    if test == "same_rank":
        table = ", ".join(f"{n}→{j}" for n, j in sorted(p["juice_by_count"].items()))
        return _w(_CONDITION, test, locale, a=table)
    if test in ("leftmost_one_colour", "colours_exactly"):
        return _w(_CONDITION, test, locale, a=p["count"])
    if test == "total":
        return _w(_CONDITION, p["compare"], locale, w=where, a=p["total"])
    if test == "alternating_parity":
        return _w(_CONDITION, test, locale, w=where)
    if test == "all_match":
        key = "all_both" if "rank" in p and p.get("one_colour") else "all_rank"
        key = key if "rank" in p else "all_colour"
        return _w(_CONDITION, key, locale, w=where, a=p.get("rank", ""))
    if test == "sum_spaces" and "column" in p:
        return _w(_CONDITION, "sum_column", locale, w=where)
    if test == "sum_spaces":
        spaces = [_w(_CONDITION, "space", locale, n=s) for s in p["addends"]]
        result = _w(_CONDITION, "space", locale, n=p["result"])
        return _w(_CONDITION, "sum_row", locale, a=f"{' + '.join(spaces)} = {result}")
    if test == "groups_distinct_ranks":
        table = ", ".join(f"{n}→{j}" for n, j in sorted(p["juice_by_groups"].items()))
        return _w(_CONDITION, test, locale, a=table, r=p["ranks"])
    return cond.id


def condition_by_id(number: str, condition: str) -> cat.Condition | None:
    card = cat.prophecy_card(number)
    return next((c for c in card.conditions if c.id == condition), None) if card else None


def prophecy_title(number: str, locale: str) -> str:
    card = cat.prophecy_card(number)
    return f"{number} {name_of(card, locale)}" if card else number


def solo_symbols(card: cat.SoloCard, any_colour: str) -> list[str]:
    """A solo card's three symbols left to right: ``"♥P ▲"``, ``"any ▼"`` (T7: a colour or
    white = ``any_colour``, and the highest or lowest rank)."""
    out = []
    for symbol in card.symbols:
        arrow = "▲" if symbol.pick == "high" else "▼"
        who = any_colour if symbol.colour == "white" else mark(symbol.colour)
        out.append(f"{who} {arrow}")
    return out
