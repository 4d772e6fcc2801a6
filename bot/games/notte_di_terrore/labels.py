"""What a button or an autocomplete entry says: a card as it stands now
(:func:`card_label`, a Being on the Place with what killing it or leaving it is worth) and each
move (``_LABELS``: place, summon, swap, attack, flee, end, refill, split, arrange).

Both read the active player's Place and fight from the view, so the helpers for that (its
Beings, the Terror pile, the Weapons turned this fight) live here too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.games.notte_di_terrore.words import (
    EVENT_ICON,
    NECRONOMICON_ICON,
    TERROR,
    Info,
    View,
    _being_text,
    _card_name_in,
    _card_text,
    _event_text,
    _fit,
    _info,
    _local,
    _place_rules,
    _plural,
    _signed,
    _units,
    _weapon_text,
    type_emoji,
    type_name,
)
from bot.i18n import t
from rules.notte_di_terrore import engine

MAX_LABEL = 80
MAX_CARD_LABEL = 100


# --- the active Place --------------------------------------------------------------------------


def _active(view: View) -> dict[str, Any] | None:
    current = view.get("current")
    players = view.get("players", [])
    return players[current] if isinstance(current, int) and 0 <= current < len(players) else None


def _monsters(view: View) -> list[dict[str, Any]]:
    player = _active(view)
    return list(player.get("monsters", [])) if player else []


def _monster_names(view: View, locale: object) -> dict[str, str]:
    """``🐺 Werewolf``, numbered ``#2`` when two Beings on the Place share a name, so two
    buttons never read the same."""
    monsters = _monsters(view)
    named = [(m["card"], _card_name_in(view, m["card"], locale)) for m in monsters]
    counts = Counter(name for _, name in named)
    seen: Counter[str] = Counter()
    result: dict[str, str] = {}
    for card_id, name in named:
        seen[name] += 1
        shown = f"{name} #{seen[name]}" if counts[name] > 1 else name
        info = _info(view, card_id) or {}
        result[card_id] = f"{type_emoji(info.get('type'))} {shown}"
    return result


def _monster(view: View, card_id: str) -> dict[str, Any] | None:
    return next((m for m in _monsters(view) if m["card"] == card_id), None)


def _pile(view: View) -> tuple[engine.PileCard, ...]:
    """The active player's Terror pile as the engine's cards (the pile is public)."""
    active = _active(view) or {}
    return tuple(
        engine.PileCard(c["card"], int(c["score"]), bool(c["rotated"]))
        for c in active.get("pile", [])
    )


def _removed(pile: tuple[engine.PileCard, ...], *steps: int) -> int:
    """Terror actually removed by successive reductions: the engine removes whole pile Events,
    rounding down (L5), so a kill may remove less than the Being is worth."""
    total = 0
    for points in steps:
        pile, gone = engine.remove_terror(pile, points)
        total += sum(c.score for c in gone)
    return total


def _flee_cost(view: View) -> int:
    """Terror a Flight adds: every Event, plus twice each Being's value (F1), as the view
    says."""
    return sum(int(monster["if_fled"]) for monster in _monsters(view))


def _turned(view: View) -> set[str]:
    """Weapons used this fight; they stay turned until the turn ends, but that only matters
    while fighting."""
    return set(view.get("turned", [])) if view.get("phase") == "resolution" else set()


def card_label(view: View, card_id: str, locale: object) -> str:
    """One card described for autocomplete (≤ 100 chars), from the view only: a Being on the
    Place with its Events and what it is worth, a Being in hand with its type, an Event with
    what it favours, a Weapon with what it defeats and combines with, a Place with its limits.
    A card the view does not show is given by its id, which the caller already knows."""
    info = view.get("cards", {}).get(card_id)
    if info is None:
        return _fit(str(card_id), MAX_CARD_LABEL)
    deck = info["deck"]
    if deck == "beings":
        text = _being_card_label(view, card_id, info, locale)
    elif deck == "events":
        text = _event_card_label(info, locale)
    elif deck == "weapons":
        text = "🗡️ " + _weapon_text(view, card_id, locale)
        if card_id in _turned(view):
            text += " · " + t(locale, "used")
    else:
        text = f"🗺️ {_local(info['name'], locale)}: {_place_rules(info, locale)}"
    return _fit(text, MAX_CARD_LABEL)


def _being_card_label(view: View, card_id: str, info: Info, locale: object) -> str:
    monster = _monster(view, card_id)
    if monster is None:
        text = _being_text(info, locale)
        kind = type_name(info["type"], locale)
        return text if kind == _local(info["name"], locale) else f"{text} · {kind}"
    name = _monster_names(view, locale).get(card_id, _being_text(info, locale))
    if monster["events"]:
        name += f" +{len(monster['events'])}{EVENT_ICON}"
    if monster.get("summoned_by"):
        name += f" {NECRONOMICON_ICON}"
    return t(
        locale,
        "{being} ({value}): {stay} 😱 if it stays, {kill} if killed",
        being=name,
        value=info.get("value"),
        stay=_signed(monster["if_undefeated"]),
        kill=_signed(monster["if_killed"]),
    )


def _event_card_label(info: Info, locale: object) -> str:
    name = _local(info["name"], locale)
    if info.get("necronomicon"):
        return t(locale, "📕 {name}: summon a Being, or kill any one", name=name)
    favours = info.get("favours")
    if favours is None:
        return t(locale, "📜 {name}: +{value} on any Being", name=name, value=info["value"])
    return t(
        locale,
        "📜 {name}: +{value} on {kind}, +1 on the others",
        name=name,
        value=info["value"],
        kind=f"{type_emoji(favours)} {type_name(favours, locale)}",
    )


# --- action labels -----------------------------------------------------------------------------

Labeller = Callable[[View, dict[str, Any], str, Any], str]


def _label_place_being(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    being = _card_text(view, action["card"], locale)
    current = view.get("current")
    if current == view.get("seat"):
        where = t(locale, "your Place")
    elif names and isinstance(current, int) and current < len(names):
        where = t(locale, "{who}'s Place", who=names[current])
    else:
        active = _active(view) or {}
        revealed = active.get("revealed")
        where = _card_name_in(view, revealed, locale) if revealed else "?"
    return f"{being} → {where}"


def _label_place_event(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    target = _info(view, action["target"]) or {}
    event_info = _info(view, action["card"])
    event = _event_text(event_info, locale, target.get("type")) if event_info else action["card"]
    being = _monster_names(view, locale).get(action["target"], action["target"])
    return t(locale, "{event} on {being}", event=event, being=being)


def _label_summon(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    return t(locale, "📕 Summon {being}", being=_card_text(view, action["being"], locale))


def _label_swap(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    seat = view.get("seat")
    players = view.get("players", [])
    in_hand = players[seat].get("weapon_hand") if isinstance(seat, int) else None
    return t(
        locale,
        "🔄 {out} to hand, {into} to the table",
        out=_card_name_in(view, action["card"], locale),
        into=_card_name_in(view, in_hand, locale) if in_hand else "?",
    )


def _label_attack(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    weapons = [str(w) for w in action.get("weapons", [])]
    target = _monster_names(view, locale).get(action["target"], action["target"])
    used = " + ".join(_card_name_in(view, w, locale) for w in weapons)
    monster = _monster(view, action["target"])
    necro = len(weapons) == 1 and bool((_info(view, weapons[0]) or {}).get("necronomicon"))
    points = 0 if necro or monster is None else int(monster["if_killed"])
    stake = f" ({_signed(points)} {TERROR})"
    combo = engine.combination(*weapons) if len(weapons) == 2 else None
    if combo is not None:
        named = f"⚔️ {target} ← {used} = {_local(combo.name, locale)}{stake}"
        if _units(named) <= MAX_LABEL:
            return named
    return f"⚔️ {target} ← {used}{stake}"


def _label_end(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    monsters = _monsters(view)
    if not monsters:
        active = _active(view) or {}
        if active.get("face_down"):
            points = _signed(-_removed(_pile(view), engine.PLACE_PASSED_TERROR))
            return t(locale, "✅ End the fight: Place passed ({points} 😱)", points=points)
        points = _signed(-_removed(_pile(view), engine.PLACE_PASSED_TERROR, engine.HOME_TERROR))
        return t(locale, "✅ End the fight: home! ({points} 😱)", points=points)
    left = sum(int(m["if_undefeated"]) for m in monsters)
    if left:
        return t(locale, "✅ End the fight ({points} 😱)", points=_signed(left))
    return t(locale, "✅ End the fight")


def _label_refill(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    seat = view.get("seat")
    players = view.get("players", [])
    held = len(players[seat].get("hand", [])) if isinstance(seat, int) else 0
    missing = max(0, int(view.get("hand_size", 0)) - held)
    events = int(action["events"])
    beings = max(0, missing - events)
    if missing == 0:
        return t(locale, "🂠 Draw nothing")
    if events == 0 or beings == 0:
        what = _plural(locale, events, "events") if events else _plural(locale, beings, "beings")
        return t(locale, "🂠 Draw {cards}", cards=what)
    return t(
        locale,
        "🂠 Draw {events} + {beings}",
        events=_plural(locale, events, "events"),
        beings=_plural(locale, beings, "beings"),
    )


def _label_split(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    events = int(action["events"])
    beings = max(0, int(view.get("hand_size", 0)) - events)
    return t(
        locale,
        "🃏 Start with {events}, {beings}",
        events=_plural(locale, events, "events"),
        beings=_plural(locale, beings, "beings"),
    )


def _label_arrange(view: View, action: dict[str, Any], locale: str, names: Any) -> str:
    first, second = (_card_name_in(view, w, locale) for w in action["table"])
    return t(locale, "🗡️ Keep {first} + {second} on the table", first=first, second=second)


_LABELS: dict[str, Labeller] = {
    "place_being": _label_place_being,
    "place_event": _label_place_event,
    "summon": _label_summon,
    "pass": lambda view, action, locale, names: t(locale, "✋ Pass"),
    "swap_weapon": _label_swap,
    "attack": _label_attack,
    "flee": lambda view, action, locale, names: t(
        locale, "🏃 Flee ({points} 😱)", points=_signed(_flee_cost(view))
    ),
    "end_resolution": _label_end,
    "discard": lambda view, action, locale, names: t(
        locale, "🗑️ Discard {card}", card=_card_text(view, action["card"], locale)
    ),
    "refill": _label_refill,
    "choose_split": _label_split,
    "arrange_weapons": _label_arrange,
}
