"""Notte di Terrore in words: button labels, the narration of a night, hands and the table.

Everything is built from a view (self-describing: ``view["cards"]`` names every card it shows)
or from public events. Events carry card ids only, so :func:`card_name` names a card from its
id with the deck data; that never leaks anything, because whatever an event names is public.
Card names come from the deck data in the player's language; the words around them go
through :func:`bot.i18n.t`. Emoji that depend on a card (a Being's type) stay outside the
translated messages, so a translation never has to repeat them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from bot.i18n import N_, normalise, t
from rules.notte_di_terrore import cards, engine

TYPE_EMOJI: dict[str, str] = {
    "zombie": "🧟",
    "skeleton": "💀",
    "ghost": "👻",
    "witch": "🧙",
    "mummy": "🏺",
    "werewolf": "🐺",
    "vampire": "🧛",
    "demon": "😈",
}
TERROR = "😱"
EVENT_ICON = "📜"
NECRONOMICON_ICON = "📕"
MAX_LABEL = 80
MAX_CARD_LABEL = 100
MAX_BUTTONS = 25
MAX_FIELD = 1024
"""Discord's limit for an embed field: the summary is shown as one."""

PLACING = ("place_being", "place_event", "summon")
BUTTON_ORDER = (
    "choose_split",
    "place_being",
    "place_event",
    "summon",
    "pass",
    "swap_weapon",
    "attack",
    "flee",
    "end_resolution",
    "discard",
    "refill",
    "arrange_weapons",
)
"""The order buttons are shown in: the order a player does things within a phase."""
BUTTON_KEEP_FIRST = (
    "pass",
    "flee",
    "end_resolution",
    "choose_split",
    "refill",
    "arrange_weapons",
    "attack",
    "swap_weapon",
    "discard",
)
"""Which buttons survive when even the non-placing moves exceed 25: the ones that end a
phase first, since without them the player could not go on from the DM at all."""

Info = dict[str, Any]
View = dict[str, Any]


# --- cards -------------------------------------------------------------------------------------


@cache
def _deck_info(card_id: str) -> Info | None:
    """The engine's description of a card from its id (same shape as ``view["cards"]``)."""
    try:
        return engine.card_info(card_id)
    except KeyError:
        return None


def _info(view: View | None, card_id: str) -> Info | None:
    """A card's description: from the view when it has it, else from the deck data."""
    if view is not None:
        info = view.get("cards", {}).get(card_id)
        if info is not None:
            return info
    return _deck_info(str(card_id))


def _lang(locale: object) -> str:
    """``"en"`` or ``"it"``; cheap for a locale that already is one (names are looked up
    thousands of times per game)."""
    if locale in ("en", "it"):
        return str(locale)
    return normalise(locale)


def _local(names: dict[str, str], locale: object) -> str:
    return names.get(_lang(locale)) or names.get("en") or "?"


def card_name(card_id: str, locale: object) -> str:
    """A card's name in ``locale`` from its id alone, for events (which carry ids, not views);
    falls back to the id for anything that is not a card."""
    info = _deck_info(str(card_id))
    return _local(info["name"], locale) if info else str(card_id)


def type_name(type_id: str, locale: object) -> str:
    """A Being type's name (``"werewolf"`` -> ``"Lupo Mannaro"`` in Italian)."""
    kind = cards.decks().types.get(type_id)
    return _local(kind.name, locale) if kind else type_id


def type_emoji(type_id: str | None) -> str:
    return TYPE_EMOJI.get(type_id or "", "👹")


def _emojis(types: list[str]) -> str:
    return " ".join(type_emoji(kind) for kind in types)


def _signed(points: int) -> str:
    """``+3``, ``−2`` (a real minus sign) or ``0``: Terror changes read at a glance."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def _units(text: str) -> int:
    """Length in UTF-16 code units: never less than in code points, so a text within a limit
    by this count is within it however Discord counts (most emoji are two units)."""
    return len(text.encode("utf-16-le")) // 2


def _fit(text: str, limit: int) -> str:
    """``text`` cut with an ellipsis to at most ``limit`` (in UTF-16 code units)."""
    if _units(text) <= limit:
        return text
    while text and _units(text) > limit - 1:
        text = text[:-1]
    return text.rstrip() + "…"


def _being_text(info: Info, locale: object) -> str:
    """``🐺 Werewolf (3)``: type, name and Terror value."""
    return f"{type_emoji(info.get('type'))} {_being_body(info, locale)}"


def _being_body(info: Info, locale: object) -> str:
    return f"{_local(info['name'], locale)} ({info.get('value')})"


def _event_value_on(info: Info, on_type: str | None) -> int:
    """What an Event is worth on a Being of ``on_type``: +1 when it favours another type."""
    favours = info.get("favours")
    if on_type is None or favours is None or favours == on_type:
        return int(info.get("value", 0))
    return cards.IRRELEVANT_EVENT_VALUE


def _event_text(info: Info, locale: object, on_type: str | None = None) -> str:
    """``📜 Full Moon (+2 🐺)``, or ``📕 Necronomicon``."""
    icon = NECRONOMICON_ICON if info.get("necronomicon") else EVENT_ICON
    return f"{icon} {_event_body(info, locale, on_type)}"


def _event_body(info: Info, locale: object, on_type: str | None = None) -> str:
    """``Full Moon (+2 🐺)`` (the type only when the Event favours it, on a Being of that
    type or on none in particular); the Necronomicon is just its name."""
    name = _local(info["name"], locale)
    if info.get("necronomicon"):
        return name
    favours = info.get("favours")
    fits = favours is not None and on_type in (None, favours)
    mark = f" {type_emoji(favours)}" if fits else ""
    return f"{name} (+{_event_value_on(info, on_type)}{mark})"


def _card_text(view: View | None, card_id: str, locale: object) -> str:
    """The short form of any card: Beings with type and value, Events with value, others by
    name."""
    info = _info(view, card_id)
    if info is None:
        return str(card_id)
    if info["deck"] == "beings":
        return _being_text(info, locale)
    if info["deck"] == "events":
        return _event_text(info, locale)
    return _local(info["name"], locale)


def _place_rules(info: Info, locale: object) -> str:
    """``🚫 🐺 🧙 · max 2 per type``: what a Place forbids and its per-type maximum."""
    most = t(locale, "max {n} per type", n=info.get("max_per_type"))
    forbidden = info.get("forbidden") or []
    return f"🚫 {_emojis(forbidden)} · {most}" if forbidden else most


def _weapon_text(view: View | None, card_id: str, locale: object) -> str:
    """``Torch: 🏺 🧟 · + Petrol Can → Bonfire 🧟 🏺 🧙 🧛 🐺``."""
    info = _info(view, card_id)
    if info is None or info.get("deck") != "weapons":
        return _card_text(view, card_id, locale)
    text = f"{_local(info['name'], locale)}: {_emojis(info.get('defeats', []))}"
    for combo in info.get("combinations", []):
        partner = card_name(combo["with"] + ":1", locale)
        combo_name = _local(combo["name"], locale)
        text += f" · + {partner} → {combo_name} {_emojis(combo['defeats'])}"
    return text


def _who(names: list[str], seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return "?" if seat is None else str(seat + 1)


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


def _card_name_in(view: View | None, card_id: str, locale: object) -> str:
    info = _info(view, card_id)
    return _local(info["name"], locale) if info else str(card_id)


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
    """Terror actually removed by successive reductions: the engine removes whole pile cards,
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


def _plural(locale: object, n: int, what: str) -> str:
    """``1 Event`` / ``3 Events`` (and Beings, cards): one message per form, so each
    language writes its own."""
    forms: dict[str, tuple[str, str]] = {
        "events": (t(locale, "{n} Event", n=n), t(locale, "{n} Events", n=n)),
        "beings": (t(locale, "{n} Being", n=n), t(locale, "{n} Beings", n=n)),
        "cards": (t(locale, "{n} card", n=n), t(locale, "{n} cards", n=n)),
    }
    one, many = forms[what]
    return one if n == 1 else many


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
    points = sum(int(m["if_undefeated"]) for m in monsters)
    if points:
        return t(locale, "✅ End the fight ({points} 😱)", points=_signed(points))
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


# --- buttons -----------------------------------------------------------------------------------


def _design(card_id: Any) -> str:
    return cards.design_id(str(card_id))


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two moves different for the player: copies of one design from the hand are
    the same move (two Zombies in hand make one button), while Beings on the Place stay
    distinct (their Events differ)."""
    kind = action.get("type")
    if kind in ("place_being", "swap_weapon", "discard"):
        return (kind, _design(action["card"]))
    if kind == "place_event":
        return (kind, _design(action["card"]), action["target"])
    if kind == "summon":
        return (kind, _design(action["card"]), _design(action["being"]))
    if kind == "attack":
        return (kind, action["target"], tuple(sorted(_design(w) for w in action["weapons"])))
    if kind == "arrange_weapons":
        return (kind, tuple(sorted(_design(w) for w in action["table"])))
    return (kind, action.get("events"))


PRIVATE_SPLITS = ("choose_split",)


def button_actions(view: View, actions: list[dict[str, Any]]) -> list[int]:
    """The indices of ``actions`` worth a one-tap button (at most 25), in play order.

    Repeated moves (copies of one card) are shown once. Every move that ends or shapes a
    phase always gets a button; the Apparition's placements only when all of them fit, since
    a partial list would hide the rest without saying so (``/terror place`` offers them all).
    """
    unique: dict[tuple[Any, ...], int] = {}
    for index, action in enumerate(actions):
        unique.setdefault(action_key(action), index)
    indices = list(unique.values())
    chosen = indices
    if len(indices) > MAX_BUTTONS:
        chosen = [i for i in indices if actions[i].get("type") not in PLACING]
    if len(chosen) > MAX_BUTTONS:
        chosen = sorted(chosen, key=lambda i: (_rank(actions[i], BUTTON_KEEP_FIRST), i))
        chosen = chosen[:MAX_BUTTONS]
    return sorted(chosen, key=lambda i: (_rank(actions[i], BUTTON_ORDER), i))


def _rank(action: dict[str, Any], order: tuple[str, ...]) -> int:
    kind = action.get("type")
    return order.index(kind) if kind in order else len(order)


# --- events ------------------------------------------------------------------------------------

EventLine = Callable[[dict[str, Any], str, list[str]], str | None]


def _line_turn(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🌙 Turn {n}: **{who}**, still on the same Place.",
        n=event.get("number", "?"),
        who=_who(names, event.get("seat")),
    )


def _revealed_text(event: dict[str, Any], locale: str) -> tuple[str, str]:
    info = _deck_info(str(event.get("place"))) or {}
    place = _local(info["name"], locale) if info else str(event.get("place"))
    return place, _place_rules(info, locale) if info else ""


def _line_turn_revealed(
    turn: dict[str, Any], reveal: dict[str, Any], locale: str, names: list[str]
) -> str:
    place, rules = _revealed_text(reveal, locale)
    return t(
        locale,
        "🌙 Turn {n}: **{who}** reveals **{place}** ({rules}).",
        n=turn.get("number", "?"),
        who=_who(names, turn.get("seat")),
        place=place,
        rules=rules,
    )


def _line_revealed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    place, rules = _revealed_text(event, locale)
    return t(
        locale,
        "🗺️ **{who}** reveals **{place}** ({rules}).",
        who=_who(names, event.get("seat")),
        place=place,
        rules=rules,
    )


def _line_being_placed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    info = _deck_info(str(event.get("card"))) or {}
    being = _being_body(info, locale) if info else str(event.get("card"))
    line = t(locale, "**{who}** places {being}.", who=_who(names, event.get("seat")), being=being)
    return f"{type_emoji(info.get('type'))} {line}"


def _line_event_placed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    target = _deck_info(str(event.get("target"))) or {}
    info = _deck_info(str(event.get("card")))
    played = _event_body(info, locale, target.get("type")) if info else str(event.get("card"))
    line = t(
        locale,
        "**{who}** plays {event} on {being}.",
        who=_who(names, event.get("seat")),
        event=played,
        being=_card_text(None, str(event.get("target")), locale),
    )
    return f"{EVENT_ICON} {line}"


def _line_summoned(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "📕 **{who}** opens the Necronomicon and summons {being}!",
        who=_who(names, event.get("seat")),
        being=_card_text(None, event["being"], locale),
    )


def _line_killed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    weapons = [str(w) for w in event.get("weapons", [])]
    used = " + ".join(card_name(w, locale) for w in weapons)
    combo = engine.combination(*weapons) if len(weapons) == 2 else None
    if combo is not None:
        used += f" ({_local(combo.name, locale)})"
    removed = int(event.get("terror_removed", 0))
    params = {
        "who": _who(names, event.get("seat")),
        "being": _card_text(None, event["being"], locale),
        "weapons": used,
    }
    if removed:
        return t(
            locale,
            "⚔️ **{who}** kills {being} with {weapons}: {points} 😱.",
            points=_signed(-removed),
            **params,
        )
    return t(locale, "⚔️ **{who}** kills {being} with {weapons} (no Terror removed).", **params)


def _line_weapons_drawn(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    drawn = [card_name(c, locale) for c in event.get("cards", [])]
    if not drawn:
        return None  # nothing new: the Weapons drawn are shown only when there are some
    return t(
        locale,
        "🗡️ **{who}** draws and shows {weapons}.",
        who=_who(names, event.get("seat")),
        weapons=", ".join(drawn),
    )


def _split_text(locale: str, events: int, beings: int) -> str:
    """``6 Events and 2 Beings``, or only the kind there is: how a hand splits is public, since
    everyone sees the cards drawn from the two decks (S4, D4)."""
    if not events and not beings:
        return _plural(locale, 0, "cards")
    if events and beings:
        return t(
            locale,
            "{events} and {beings}",
            events=_plural(locale, events, "events"),
            beings=_plural(locale, beings, "beings"),
        )
    return _plural(locale, events, "events") if events else _plural(locale, beings, "beings")


def _line_refilled(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    count = int(event.get("count", 0))
    if count == 0:
        return None  # a full hand: nothing happened worth a line
    events = int(event.get("events", 0))
    return t(
        locale,
        "🂠 **{who}** draws {cards}.",
        who=_who(names, event.get("seat")),
        cards=_split_text(locale, events, int(event.get("beings", count - events))),
    )


def _line_hands_dealt(event: dict[str, Any], locale: str, names: list[str]) -> str:
    hands = [
        f"**{_who(names, seat)}** {_split_text(locale, int(split[0]), int(split[1]))}"
        for seat, split in enumerate(event.get("splits", []))
    ]
    return t(locale, "🃏 Hands dealt: {hands}.", hands="; ".join(hands))


def _line_game_over(event: dict[str, Any], locale: str, names: list[str]) -> str:
    home = event.get("home")
    if home is None:
        return t(locale, "🏁 The night is over: the turn limit is reached.")
    return t(locale, "🏁 **{who}** is home: the night is over!", who=_who(names, home))


def _seat_line(message: str) -> EventLine:
    """A line that only names the seat (the message has ``{who}``; mark it with ``N_`` where
    it is written so that it is extracted for translation)."""

    def line(event: dict[str, Any], locale: str, names: list[str]) -> str:
        return t(locale, message, who=_who(names, event.get("seat")))

    return line


def _line_fled(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🏃 **{who}** flees to the next Place: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(int(event.get("terror_added", 0))),
    )


def _line_terror_added(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "😱 The Beings left standing scare **{who}**: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(int(event.get("points", 0))),
    )


def _line_place_passed(event: dict[str, Any], locale: str, names: list[str]) -> str:
    if not event.get("terror_removed"):
        return t(
            locale,
            "🚪 **{who}** gets past the Place (no Terror to remove).",
            who=_who(names, event.get("seat")),
        )
    return t(
        locale,
        "🚪 **{who}** gets past the Place: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(-int(event.get("terror_removed", 0))),
    )


def _line_home(event: dict[str, Any], locale: str, names: list[str]) -> str:
    if not event.get("terror_removed"):
        return t(locale, "🏠 **{who}** is home!", who=_who(names, event.get("seat")))
    return t(
        locale,
        "🏠 **{who}** is home: {points} 😱.",
        who=_who(names, event.get("seat")),
        points=_signed(-int(event.get("terror_removed", 0))),
    )


def _line_swapped(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🔄 **{who}** swaps Weapons: {weapon} goes back to hand.",
        who=_who(names, event.get("seat")),
        weapon=card_name(str(event.get("to_hand")), locale),
    )


def _line_discarded(event: dict[str, Any], locale: str, names: list[str]) -> str:
    return t(
        locale,
        "🗑️ **{who}** discards {card}.",
        who=_who(names, event.get("seat")),
        card=_card_text(None, str(event.get("card")), locale),
    )


def _line_arranged(event: dict[str, Any], locale: str, names: list[str]) -> str:
    kept = [card_name(c, locale) for c in event.get("table", [])]
    return t(
        locale,
        "🗡️ **{who}** keeps {weapons} on the table.",
        who=_who(names, event.get("seat")),
        weapons=" + ".join(kept),
    )


_EVENT_LINES: dict[str, EventLine] = {
    "turn": _line_turn,
    "place_revealed": _line_revealed,
    "being_placed": _line_being_placed,
    "event_placed": _line_event_placed,
    "summoned": _line_summoned,
    "pass": _seat_line(N_("✋ **{who}** passes.")),
    "apparition_over": _seat_line(N_("🕯️ The Apparition on **{who}**'s Place is over.")),
    "weapon_swapped": _line_swapped,
    "killed": _line_killed,
    "fled": _line_fled,
    "terror_added": _line_terror_added,
    "place_passed": _line_place_passed,
    "home": _line_home,
    "discarded": _line_discarded,
    "refilled": _line_refilled,
    "weapons_drawn": _line_weapons_drawn,
    "weapons_arranged": _line_arranged,
    # The number of Events chosen is private: the line only says the choice is made.
    "split_chosen": _seat_line(N_("🃏 **{who}** has chosen a hand.")),
    "hands_dealt": _line_hands_dealt,
    "game_over": _line_game_over,
    "resigned": _seat_line(N_("🏳️ **{who}** resigned.")),
}
SKIPPED_WHEN_EMPTY = frozenset({"weapons_drawn", "refilled"})
"""Events that get no line when nothing was drawn (``cards == []`` / ``count == 0``)."""


def event_line(event: dict[str, Any], locale: str, names: list[str]) -> str | None:
    """One event's line, or None for an event deliberately left out (see
    :data:`SKIPPED_WHEN_EMPTY`) or one this presenter does not know."""
    line = _EVENT_LINES.get(str(event.get("type")))
    return line(event, locale, names) if line else None


def _fold(events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
    """Lines for a run of events, folding a turn with its Place reveal into one line and
    consecutive passes into one."""
    lines: list[str] = []
    index = 0
    while index < len(events):
        event = events[index]
        nxt = events[index + 1] if index + 1 < len(events) else {}
        if (
            event.get("type") == "turn"
            and nxt.get("type") == "place_revealed"
            and nxt.get("seat") == event.get("seat")
        ):
            lines.append(_line_turn_revealed(event, nxt, locale, names))
            index += 2
            continue
        if event.get("type") == "pass":
            run = [event]
            while index + len(run) < len(events) and events[index + len(run)].get("type") == "pass":
                run.append(events[index + len(run)])
            if len(run) > 1:
                who = ", ".join(f"**{_who(names, e.get('seat'))}**" for e in run)
                lines.append(t(locale, "✋ Passing: {who}.", who=who))
                index += len(run)
                continue
        line = event_line(event, locale, names)
        if line:
            lines.append(line)
        index += 1
    return lines


# --- hand --------------------------------------------------------------------------------------


def _grouped(view: View, card_ids: list[str], text: Callable[[str], str]) -> list[str]:
    """``• 2× 🧟 Zombie (1)``: copies of a design on one line."""
    counts = Counter(_design(c) for c in card_ids)
    lines: list[str] = []
    shown: set[str] = set()
    for card_id in card_ids:
        design = _design(card_id)
        if design in shown:
            continue
        shown.add(design)
        times = f"{counts[design]}× " if counts[design] > 1 else ""
        lines.append(f"• {times}{text(card_id)}")
    return lines


def _hand_order(view: View, card_id: str) -> tuple[int, int, str]:
    """Beings by type then value; the Necronomicon first, then Events by the type they favour,
    then Events for any Being: a hand reads like the legend under it."""
    info = _info(view, card_id) or {}
    kinds = list(TYPE_EMOJI)
    if info.get("deck") == "beings":
        kind = info.get("type")
        return (kinds.index(kind) if kind in kinds else len(kinds), int(info["value"]), card_id)
    if info.get("necronomicon"):
        return (-1, 0, card_id)
    favours = info.get("favours")
    return (kinds.index(favours) if favours in kinds else len(kinds), 0, card_id)


def _event_hand_text(view: View, card_id: str, locale: str) -> str:
    info = _info(view, card_id) or {}
    if info.get("necronomicon"):
        return t(
            locale,
            "📕 {name}: summon a Being from your hand, or kill any one Being",
            name=_local(info["name"], locale),
        )
    favours = info.get("favours")
    name = _local(info.get("name", {}), locale)
    if favours is None:
        return t(locale, "📜 {name}: +{value} on any Being", name=name, value=info.get("value"))
    return t(
        locale,
        "📜 {name}: +{value} on {kind}, +1 on the others",
        name=name,
        value=info.get("value"),
        kind=f"{type_emoji(favours)} {type_name(favours, locale)}",
    )


def _turned(view: View) -> set[str]:
    """Weapons used this fight; they stay turned until the turn ends, but that only matters
    while fighting."""
    return set(view.get("turned", [])) if view.get("phase") == "resolution" else set()


def _weapon_lines(view: View, me: dict[str, Any], locale: str) -> list[str]:
    turned = _turned(view)
    lines = []
    for card_id in me.get("table", []):
        used = " · " + t(locale, "used") if card_id in turned else ""
        lines.append(f"• 🗡️ {_weapon_text(view, card_id, locale)}{used}")
    if me.get("weapon_hand"):
        text = _weapon_text(view, me["weapon_hand"], locale)
        lines.append("• " + t(locale, "✋ In hand: {weapon}", weapon=text))
    return lines


def _path_line(view: View, me: dict[str, Any], locale: str) -> str:
    parts = [t(locale, "passed: {n}", n=len(me.get("path", [])))]
    revealed = me.get("revealed")
    if revealed:
        info = _info(view, revealed) or {}
        parts.append(
            t(
                locale,
                "now at **{place}** ({rules})",
                place=_card_name_in(view, revealed, locale),
                rules=_place_rules(info, locale),
            )
        )
    parts.append(t(locale, "face down: {n}", n=me.get("face_down", 0)))
    if me.get("home"):
        parts = [t(locale, "🏠 home")]
    return t(locale, "🗺️ **Your path**: {parts}", parts=" · ".join(parts))


def _hint(view: View, locale: str) -> str | None:
    """What the seat can do now, with the command for it; None when it need not act."""
    seat = view.get("seat")
    if seat is None or seat not in view.get("pending", []):
        return None
    phase = view.get("phase")
    if phase == "split":
        return t(
            locale,
            "👉 Choose how many of your {n} cards are Events, the rest Beings: "
            "`/terror split events`.",
            n=view.get("hand_size"),
        )
    if phase == "apparition" and seat == view.get("current"):
        return t(
            locale,
            "👉 You play last on your own Place: a Being you can kill lowers your Terror. "
            "Or pass: `/terror place card [target]`, `/terror pass`.",
        )
    if phase == "apparition":
        return t(
            locale,
            "👉 Haunt the Place in play with a Being, or an Event on a Being there, or pass: "
            "`/terror place card [target]`, `/terror pass`.",
        )
    if phase == "resolution":
        return t(
            locale,
            "👉 Kill Beings with your Weapons (each once; some pairs combine) or flee, then end "
            "the fight: `/terror attack`, `/terror swap`, `/terror flee`, `/terror end`.",
        )
    if phase == "discard":
        return t(
            locale,
            "👉 Discard Weapons or Beings a revealed Place forbids (`/terror discard`), then "
            "draw back to {n} cards, choosing how many are Events (`/terror refill`).",
            n=view.get("hand_size"),
        )
    if phase == "arrange":
        return t(
            locale,
            "👉 Two Weapons stay on the table, the third in your hand: `/terror arrange`.",
        )
    return None


def _legend(locale: str) -> str:
    return " · ".join(f"{emoji} {type_name(kind, locale)}" for kind, emoji in TYPE_EMOJI.items())


# --- summary -----------------------------------------------------------------------------------


def _progress(view: View, player: dict[str, Any], locale: str) -> str:
    if player.get("home"):
        return t(locale, "🏠 home")
    passed = len(player.get("path", []))
    revealed = player.get("revealed")
    total = passed + int(player.get("face_down", 0)) + (1 if revealed else 0)
    here = min(passed + 1, total)
    if revealed:
        return t(
            locale,
            "🗺️ Place {k}/{total}: {place}",
            k=here,
            total=total,
            place=_card_name_in(view, revealed, locale),
        )
    return t(locale, "🗺️ Place {k}/{total}", k=here, total=total)


def _player_line(view: View, seat: int, locale: str, names: list[str]) -> str:
    player = view["players"][seat]
    playing = view.get("phase") not in ("split", "over") and seat == view.get("current")
    marker = "▶️ " if playing else ""
    parts = [
        f"{marker}**{_who(names, seat)}**",
        f"{TERROR} {player.get('terror', 0)}",
        _progress(view, player, locale),
        "🃏 " + _split_text(locale, player.get("hand_events", 0), player.get("hand_beings", 0)),
    ]
    return " · ".join(parts)


def _names_list(names: list[str], seats: list[int]) -> str:
    return ", ".join(_who(names, s) for s in seats)


def _phase_line(view: View, locale: str, names: list[str]) -> str | None:
    phase = view.get("phase")
    owner = _who(names, view.get("current"))
    if phase == "split":
        return t(
            locale,
            "🃏 Choosing the hands — waiting for: {who}",
            who=_names_list(names, view.get("pending", [])),
        )
    if phase == "apparition":
        line = t(
            locale,
            "🕯️ Apparition on **{owner}**'s Place — {actor} to act",
            owner=owner,
            actor=_who(names, view.get("to_act")),
        )
        passed = view.get("passed", [])
        if passed:
            line += "; " + t(locale, "passed: {who}", who=_names_list(names, passed))
        return line
    if phase == "resolution":
        return t(locale, "⚔️ **{owner}** fights or flees", owner=owner)
    if phase == "discard":
        return t(locale, "🗑️ **{owner}** discards and draws", owner=owner)
    if phase == "arrange":
        return t(locale, "🗡️ **{owner}** chooses the Weapons for the table", owner=owner)
    if phase == "over":
        winners = (view.get("outcome") or {}).get("winners", [])
        who = _names_list(names, winners)
        if len(winners) == 1:
            return t(locale, "🏁 The night is over — winner: {who}", who=who)
        return t(locale, "🏁 The night is over — winners: {who}", who=who)
    return None


def _place_lines(view: View, locale: str) -> list[str]:
    """The Place in play and its Beings, with what each is worth if left or killed."""
    if view.get("phase") not in ("apparition", "resolution"):
        return []
    active = _active(view) or {}
    revealed = active.get("revealed")
    if not revealed:
        return []
    info = _info(view, revealed) or {}
    lines = [f"🗺️ **{_card_name_in(view, revealed, locale)}** ({_place_rules(info, locale)})"]
    names = _monster_names(view, locale)
    beings = []
    for monster in _monsters(view):
        value = (_info(view, monster["card"]) or {}).get("value")
        extra = f" +{len(monster['events'])}{EVENT_ICON}" if monster["events"] else ""
        summoned = f" {NECRONOMICON_ICON}" if monster.get("summoned_by") else ""
        stakes = f"{_signed(monster['if_undefeated'])}/{_signed(monster['if_killed'])}"
        beings.append(f"{names[monster['card']]} ({value}){extra}{summoned} [{stakes}]")
    if beings:
        lines.append(
            t(locale, "👹 Beings [😱 if left/if killed]: {beings}", beings=" · ".join(beings))
        )
    return lines


def _weapons_line(view: View, locale: str, names: list[str]) -> list[str]:
    """The active player's Weapons: what the others place Beings against."""
    if view.get("phase") not in ("apparition", "resolution"):
        return []
    active = _active(view) or {}
    turned = _turned(view)
    table = [
        f"~~{_card_name_in(view, w, locale)}~~" if w in turned else _card_name_in(view, w, locale)
        for w in active.get("table", [])
    ]
    line = t(
        locale,
        "🗡️ **{owner}**'s Weapons: {weapons}",
        owner=_who(names, view.get("current")),
        weapons=", ".join(table) or "—",
    )
    if active.get("weapon_hand"):
        in_hand = _card_name_in(view, active["weapon_hand"], locale)
        line += " · " + t(locale, "in hand: {weapon}", weapon=in_hand)
    return [line]


def _decks_line(view: View, locale: str) -> str:
    sizes = view.get("deck_sizes", {})
    return t(
        locale,
        "🂠 Turn {turn} · to draw: Beings {beings}, Events {events}, Weapons {weapons}",
        turn=view.get("turn_number", 0),
        beings=sizes.get("beings", 0),
        events=sizes.get("events", 0),
        weapons=sizes.get("weapons", 0),
    )


def _within(groups: list[list[str]], droppable: list[int], limit: int) -> list[str]:
    """The groups of lines in order, leaving out the ``droppable`` ones (first listed, first
    dropped) until the whole fits in ``limit`` characters."""
    kept = list(groups)
    for index in droppable:
        if len("\n".join(line for group in kept for line in group)) <= limit:
            break
        kept[index] = []
    return [line for group in kept for line in group]


# --- the presenter -----------------------------------------------------------------------------


class NotteDiTerrorePresenter:
    game = "notte_di_terrore"

    def action_label(
        self,
        view: View,
        action: dict[str, Any],
        locale: str,
        names: list[str] | None = None,
    ) -> str:
        """A button's text (≤ 80 chars). With ``names`` a Being's destination is the owner's
        Place; without (the protocol's call) it is the Place's own name."""
        labeller = _LABELS.get(str(action.get("type")))
        text = labeller(view, action, locale, names) if labeller else str(action.get("type"))
        return _fit(text, MAX_LABEL)

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """How a move reads in the log of a game still running. The starting split is chosen
        by every seat at once, so the log never shows it while the game runs (an entry cannot
        tell whether the others have chosen yet); once dealt it is on the table anyway (the
        narration and every view give each hand's Events and Beings). A refill is drawn in
        sight of all (D4): shown as played."""
        if action.get("type") in PRIVATE_SPLITS:
            return {"type": action["type"]}
        return action

    def button_actions(self, view: View, actions: list[dict[str, Any]]) -> list[int]:
        return button_actions(view, actions)

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        return _fold(events, locale, names)

    def hand_lines(self, view: View, locale: str) -> list[str]:
        """The seat's hand grouped by kind, its Weapons (public, but handy here), its path and
        a hint of what to do when it must act. Only the seat's own view is read."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            return []
        me = view["players"][seat]
        hand = list(me.get("hand", []))
        hand.sort(key=lambda c: _hand_order(view, c))
        beings = [c for c in hand if (_info(view, c) or {}).get("deck") == "beings"]
        events = [c for c in hand if (_info(view, c) or {}).get("deck") == "events"]
        lines = [t(locale, "**Beings** ({n})", n=len(beings))]
        lines += _grouped(view, beings, lambda c: _card_text(view, c, locale))
        lines.append(t(locale, "**Events** ({n})", n=len(events)))
        lines += _grouped(view, events, lambda c: _event_hand_text(view, c, locale))
        lines.append(t(locale, "**Weapons**"))
        lines += _weapon_lines(view, me, locale)
        lines.append(_path_line(view, me, locale))
        lines.append(_legend(locale))
        hint = _hint(view, locale)
        if hint:
            lines.append(hint)
        return lines

    def summary_lines(self, view: View, locale: str, names: list[str]) -> list[str]:
        """One line per player, the phase, the Place in play and the decks; within one embed
        field (the Place's details go first when space runs short)."""
        players = [_player_line(view, s, locale, names) for s in range(len(view["players"]))]
        phase = _phase_line(view, locale, names)
        groups = [
            [*players, *([phase] if phase else [])],
            _place_lines(view, locale),
            _weapons_line(view, locale, names),
            [_decks_line(view, locale)],
        ]
        lines = _within(groups, droppable=[2, 1, 3], limit=MAX_FIELD)
        return [_fit(line, MAX_FIELD) for line in lines]
