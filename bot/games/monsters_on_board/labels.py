"""What a button or a ``/game move`` entry says for each Monsters on Board move (``LABELS``).

Why the labels name things the way they do: a seat may have hundreds of legal moves at once
(a flipped card's servant moves alone are six servants times thirty spaces), and ``/game
move`` plays the one move whose name was typed, so two different legal moves must never read
the same. Dice are named by colour mark and rank (``♥P5``) with their face's icons, and a
die of the Order by its place (``row 1·3``); two dice that still read the same get ``#1`` /
``#2`` in the order the view lists them. A town action names its source only when the open
decision has several (two stops offering +1 Evil). Each label is built from the seat's own
view: the view carries every die, place and market item a move refers to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.monsters_on_board.words import (
    View,
    arch_name,
    arch_text,
    colour_of_die,
    die_text,
    die_with_icons,
    ghost_name,
    ghost_text,
    glyph,
    mark,
    next_place,
    ordinal_suffix,
    place_text,
    rank_of,
    seat_of,
)
from bot.i18n import t
from rules.monsters_on_board import content as mob

Action = dict[str, Any]
Labeller = Callable[[View, Action, str], str]


# --- dice as a seat sees them --------------------------------------------------------------------


def _listed(dice: list[Any], die_id: str) -> str | None:
    """A die of a list (a car, an Avenue) with its icons, numbered if another reads alike."""
    looks = [die_with_icons(str(d[0]), d[1]) for d in dice]
    ids = [str(d[0]) for d in dice]
    if die_id not in ids:
        return None
    index = ids.index(die_id)
    return looks[index] + ordinal_suffix(looks, index)


def _car(view: View) -> list[Any]:
    """The car in front of the viewer this draft step (D1)."""
    viewer, car_of, cars = view.get("viewer"), view.get("car_of") or [], view.get("cars", [])
    if isinstance(viewer, int) and viewer < len(car_of) and car_of[viewer] < len(cars):
        return [d for d in cars[car_of[viewer]] if d]
    return [d for car in cars for d in car if d]


def _avenue(view: View) -> list[Any]:
    seat = seat_of(view)
    return list(seat.get("avenue", [])) if seat else []


def avenue_die(view: View, die_id: str) -> str:
    """``♥P5 [☠1 ✚]`` for a die of the viewer's Avenue."""
    return _listed(_avenue(view), die_id) or _loose_die(view, die_id)


def _loose_die(view: View, die_id: str) -> str:
    rank = rank_of(view, die_id)
    return die_text(die_id, rank if rank is not None else "?")


def order_spot(row: int, column: int, locale: str) -> str:
    return t(locale, "row {r}·{c}", r=row + 1, c=column + 1)


def own_die(view: View, die_id: str, locale: str) -> str:
    """``♥P5 (row 1·3)`` or ``♥P5 (Avenue)``: one of the viewer's Lord dice (K2, I20)."""
    seat = seat_of(view) or {}
    for r, row in enumerate(seat.get("order", [])):
        for c, (d, rank) in enumerate(row):
            if d == die_id:
                return f"{die_text(d, rank)} ({order_spot(r, c, locale)})"
    avenue = _avenue(view)
    looks = [die_text(str(d), rank) for d, rank in avenue]
    ids = [str(d) for d, _ in avenue]
    if die_id in ids:
        i = ids.index(die_id)
        avenue_word = t(locale, "Avenue")
        return f"{looks[i]} ({avenue_word}{ordinal_suffix(looks, i)})"
    return _loose_die(view, die_id)


# --- one icon with its parameters (K1-K9) --------------------------------------------------------


def _order_die(view: View, row: int, column: int, locale: str) -> str:
    seat = seat_of(view) or {}
    rows = seat.get("order", [])
    spot = order_spot(row, column, locale)
    if row < len(rows) and column < len(rows[row]):
        die_id, rank = rows[row][column]
        return f"{die_text(die_id, rank)} ({spot})"
    return spot


def _track_extra(row: int, position: int, seat: dict[str, Any], locale: str) -> str:
    """What a call reaches (K8a, K8b): a summoning and its Juice, or a track icon."""
    tracks = mob.content().normal.tracks
    if row >= len(tracks) or position >= len(tracks[row]):
        return ""
    spot = tracks[row][position]
    if spot.summon:
        rows = seat.get("order", [[], [], []])
        jack = seat.get("jack", [1, 1, 1])[row]
        juice = sum(rank for _, rank in rows[row][:jack])
        return ", " + t(locale, "summons +{n} Juice", n=juice)
    return ", " + t(locale, "then {icon}", icon=glyph(spot.icon)) if spot.icon else ""


def icon_action(view: View, icon: str, params: list[Any], locale: str) -> str:
    """One back-page action with its parameters, in words: the body of a use or flip label."""
    kind = mob.icon_kind(icon)
    seat = seat_of(view) or {}
    if kind == "juice":
        return t(locale, "⚗ +{n} Juice", n=mob.icon_amount(icon))
    if kind == "evil":
        return t(locale, "☠ +{n} Evil", n=mob.icon_amount(icon))
    if kind == "feed" and params:
        row = int(params[0])
        now = seat.get("jack", [1, 1, 1])[row]
        return t(locale, "✚ Feed Spider Jack, row {row}: {a}→{b}", row=row + 1, a=now, b=now + 1)
    if kind == "call" and params:
        row = int(params[0])
        now = seat.get("summon", [0, 0, 0])[row]
        text = t(locale, "☎ Call on track {row}: {a}→{b}", row=row + 1, a=now, b=now + 1)
        return text + _track_extra(row, now + 1, seat, locale)
    if kind == "promote" and len(params) == 2:
        die, delta = str(params[0]), int(params[1])
        rank = (rank_of(view, die) or 0) + delta
        named = own_die(view, die, locale)
        if delta > 0:
            return t(locale, "± Promote {die} to {rank}", die=named, rank=rank)
        return t(locale, "± Demote {die} to {rank}", die=named, rank=rank)
    if kind == "swap" and len(params) == 4:
        r1, c1, r2, c2 = (int(p) for p in params)
        a, b = _order_die(view, r1, c1, locale), _order_die(view, r2, c2, locale)
        return t(locale, "⇄ Swap {a} ↔ {b}", a=a, b=b)
    if kind == "move_creature" and params:
        colour = str(params[0])
        return t(locale, "➜ Move every {colour} creature", colour=mark(colour))
    if kind == "move_servant" and len(params) == 2:
        servants = seat.get("servants", [])
        index = int(params[0])
        here = servants[index] if index < len(servants) else ""
        return t(
            locale,
            "♟ Servant: {here} → {there}",
            here=place_text(here, locale),
            there=place_text(str(params[1]), locale),
        )
    return f"{glyph(icon)} {' '.join(str(p) for p in params)}".strip()


def source_text(view: View, source: str, locale: str) -> str:
    """Where an open action comes from: a placed die, a town space, a ghost, a track, a card."""
    kind, _, ref = source.partition(":")
    if kind == "die":
        return _loose_die(view, ref)
    if kind == "space":
        return place_text(ref, locale)
    if kind == "ghost":
        return ghost_name(ref, locale)
    if kind == "track":
        return t(locale, "track {n}", n=int(ref) + 1 if ref.isdigit() else ref)
    if kind == "card":
        return arch_name(ref, locale)
    if kind == "area":  # family mode's areas 4 and 8 (FM8-FM10)
        return t(locale, "area {n}", n=ref)
    return source


def _sources(view: View) -> set[str]:
    decision = (seat_of(view) or {}).get("decision") or {}
    return {str(item[0]) for item in decision.get("items", [])}


# --- each move -----------------------------------------------------------------------------------


def _pick(view: View, action: Action, locale: str) -> str:
    die = _listed(_car(view), str(action["die"])) or _loose_die(view, str(action["die"]))
    return t(locale, "Pick {die}", die=die)


def _activate(view: View, action: Action, locale: str) -> str:
    die = str(action["die"])
    colour = mark(colour_of_die(die))
    return t(locale, "Activate {die}: move {colour}", die=avenue_die(view, die), colour=colour)


def _move_next(view: View, action: Action, locale: str) -> str:
    seat = seat_of(view) or {}
    creature = int(action["creature"])
    found = next((c for c in seat.get("creatures", []) if c.get("id") == creature), None)
    if found is None:
        return t(locale, "Move creature {n}", n=creature + 1)
    return t(
        locale,
        "Move {colour}: {here} → {there}",
        colour=mark(found["colour"]),
        here=place_text(found["at"], locale, coloured=False),
        there=place_text(next_place(seat, creature), locale, coloured=False),
    )


def _place(view: View, action: Action, locale: str) -> str:
    die = avenue_die(view, str(action["die"]))
    return t(locale, "Place {die} in row {row}", die=die, row=int(action["row"]) + 1)


def _use(view: View, action: Action, locale: str) -> str:
    text = icon_action(view, str(action["icon"]), list(action.get("params", [])), locale)
    if len(_sources(view)) > 1:
        text += " · " + source_text(view, str(action["source"]), locale)
    return text


def _skip(view: View, action: Action, locale: str) -> str:
    return t(locale, "Skip the remaining actions")


def _flip(view: View, action: Action, locale: str) -> str:
    body = icon_action(view, str(action["icon"]), list(action.get("params", [])), locale)
    return t(
        locale, "Flip {card}: {action}", card=arch_name(str(action["card"]), locale), action=body
    )


def _market(view: View, row: str, slot: int) -> tuple[str | None, int]:
    market = view.get("market", {})
    items = market.get(row, [])
    prices = market.get("prices", [5, 4, 3, 2, 1])
    item = items[slot] if 0 <= slot < len(items) else None
    return item, prices[slot] if 0 <= slot < len(prices) else 0


def _buy_ghost(view: View, action: Action, locale: str) -> str:
    ghost, price = _market(view, "ghosts", int(action["slot"]))
    return t(
        locale,
        "Buy {ghost} ({price} ☠) → {place}",
        ghost=ghost_text(str(ghost), locale),
        price=price,
        place=place_text(str(action["target"]), locale),
    )


def _buy_arch(view: View, action: Action, locale: str) -> str:
    card, price = _market(view, "arch", int(action["slot"]))
    return t(
        locale,
        "Buy {card} ({price} ☠): {scores}",
        card=arch_name(str(card), locale),
        price=price,
        scores=arch_text(str(card), locale),
    )


def _family_pick(view: View, action: Action, locale: str) -> str:
    """FM6: a die of the car in front, straight into a row of the Order."""
    die = _listed(_car(view), str(action["die"])) or _loose_die(view, str(action["die"]))
    return t(locale, "Pick {die} for row {row}", die=die, row=int(action["row"]) + 1)


def _score_row(view: View, action: Action, locale: str) -> str:
    """FM14: a servant onto the row, which scores its ranks' total."""
    row = int(action["row"])
    rows = (seat_of(view) or {}).get("order", [])
    juice = sum(rank for _, rank in rows[row]) if row < len(rows) else 0
    return t(locale, "Score row {row}: +{n} Juice", row=row + 1, n=juice)


def _pass(view: View, action: Action, locale: str) -> str:
    return t(locale, "Pass")


def _done(view: View, action: Action, locale: str) -> str:
    return t(locale, "Done: on to the scoring")


LABELS: dict[str, Labeller] = {
    "pick": _pick,
    "activate": _activate,
    "move_next": _move_next,
    "place": _place,
    "use": _use,
    "skip": _skip,
    "flip": _flip,
    "buy_ghost": _buy_ghost,
    "buy_arch": _buy_arch,
    "pass": _pass,
    "done": _done,
    "family_pick": _family_pick,
    "score_row": _score_row,
}
