"""What each seat may see: the public table (levels, what is in play, hand counts, the fight
with both totals and their lines, the window, open offers, the open choice) and, for a seat,
its own hand and legal actions.

Why views carry ``cards``: the renderer and the presenter never read :mod:`.content`; every
card a view names comes with its public data. A choice's options are shown to everyone only
when they hold no hidden card (a corpse pick, a face-up treasure pick, the running order);
options naming hand cards (charity, a running escape card, a hand loss) only to the chooser.
The Monk's epic clairvoyance adds the neighbours' hands to the Monk's own view (E).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from rules.munchkin_fu import character as ch
from rules.munchkin_fu import fight as fights
from rules.munchkin_fu import strength
from rules.munchkin_fu.content import DECK
from rules.munchkin_fu.model import Action, State, dump_action
from rules.munchkin_fu.offers import public_offers
from rules.munchkin_fu.seats import pending
from rules.munchkin_fu.table import card, epic_ops, gear

PUBLIC_CHOICES = ("loot", "split", "run_order", "mook_helper")


@cache
def card_data(cid: str) -> dict[str, Any]:
    """A card's public data; built once per card and shared by every view (views are read,
    never changed: ``bot.snapshots``), since a view names a hundred cards or more."""
    k = card(cid)
    data: dict[str, Any] = {
        "id": k.id,
        "deck": k.deck,
        "kind": k.kind,
        "names": dict(k.names),
        "texts": dict(k.texts),
    }
    for name in ("class_id", "style_id", "level", "treasures", "bonus", "gold"):
        value = getattr(k, name)
        if value:
            data[name] = value
    if k.kind == "monster":
        data["levels"] = k.levels
    for name in ("slot", "big", "hk", "friendly"):
        if getattr(k, name):
            data[name] = getattr(k, name)
    if k.tags:
        data["tags"] = list(k.tags)
    return data


def _player(state: State, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    g = gear(state, seat)
    active = set(ch.active_items(g))
    return {
        "seat": seat,
        "level": p.level,
        "classes": list(p.classes),
        "styles": list(p.styles),
        "super_munchkin": list(p.super_munchkin),
        "extra_styles": list(p.extra_styles),
        "items": [{"id": c, "active": c in active, "carried": c in p.carried} for c in p.items],
        "mooks": [{"id": m, "enhancers": list(e)} for m, e in p.mooks],
        "hand": len(p.hand),
        "shown": list(p.shown),
        "curses": [*p.curses, *(c for c, _ in p.owed)],
        "strength": ch.strength(g),
        "ready": p.ready,
        "reborn": p.reborn,
    }


def _fight(state: State) -> dict[str, Any] | None:
    f = state.fight
    if f is None:
        return None
    data: dict[str, Any] = {
        "fighter": f.fighter,
        "helper": f.helper,
        "stage": f.stage,
        "monsters": [
            {
                "card": m.card,
                "enhancers": list(m.enhancers),
                "double_of": m.of,
                "copy_of": m.copy,  # C7: a Double whose original was removed
                "hk_items": list(m.items),
                "level": strength.monster_level(state, i) if f.monsters else 0,
            }
            for i, m in enumerate(f.monsters)
        ],
        "one_shots": [{"card": c, "side": s} for c, s in f.one_shots],
        "penalties": [{"card": c, "seat": s, "amount": a} for c, s, a in f.penalties],
        "treasures": f.treasures,
        "helper_first": f.helper_first,
        "loot": list(f.loot),
        "escaped": list(f.escaped),
        "window": {
            "opened": state.opened,
            "passed": list(f.passed),
            "passed_fight": list(f.passed_fight),
            "waiting": fights.waiting(state),
        },
    }
    if f.monsters:
        heroes, monsters = strength.heroes_lines(state), strength.monsters_lines(state)
        data["heroes"] = {"total": sum(a for _, a in heroes), "lines": [list(x) for x in heroes]}
        data["monsters_total"] = {
            "total": sum(a for _, a in monsters),
            "lines": [list(x) for x in monsters],
        }
    return data


def _choice(state: State, seat: int | None) -> dict[str, Any] | None:
    c = state.choice
    if c is None:
        return None
    data: dict[str, Any] = {"seat": c.seat, "kind": c.kind, "opened": state.opened}
    hidden = c.kind not in PUBLIC_CHOICES and not (
        c.kind == "lose" and c.job is not None and c.job.op != "lose_cards"
    )
    if seat == c.seat or not hidden:
        data["options"] = list(c.options)
        data["default"] = c.default
    if c.job is not None:
        data["op"] = c.job.op
        data["source"] = c.job.source
    return data


def _names(value: Any, found: set[str]) -> None:
    """Collect every card id ``value`` names (in strings like ``"give:d001:2"`` too)."""
    cards = DECK.cards
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is str:
            if ":" in item:
                found.update(part for part in item.split(":") if part in cards)
            elif item in cards:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


@lru_cache(maxsize=8_192)
def _legal_entry(action: Action) -> tuple[dict[str, Any], frozenset[str]]:
    """A legal action as the view lists it, and the card ids it names: shared between views
    (read, never changed). Why: a Munchkin Fu seat has up to a few hundred legal actions
    (offers of every set of items), mostly the same from one move to the next, and dumping
    and scanning them was most of a view's cost."""
    data = dump_action(action)
    found: set[str] = set()
    _names(data, found)
    return data, frozenset(found)


def view(state: State, seat: int | None, legal: list[Action]) -> dict[str, Any]:
    """What ``seat`` sees (None: a spectator), with its ``legal`` moves as the engine lists
    them (:func:`rules.munchkin_fu.engine.view`: this module stays below the engine)."""
    entries = [_legal_entry(a) for a in legal]
    data: dict[str, Any] = {
        "game": "munchkin_fu",
        "phase": state.phase,
        "turn": state.turn,
        "round": state.round,
        "win_level": state.win_level,
        "fast": state.fast,
        "epic": state.epic,
        "epic_race": state.race,
        "capped": state.capped,
        "players": [_player(state, s) for s in range(state.num_players)],
        "decks": {"door": len(state.door), "treasure": len(state.treasure)},
        "discards": {
            "door": {"count": len(state.door_discard), "top": list(state.door_discard[-1:])},
            "treasure": {
                "count": len(state.treasure_discard),
                "top": list(state.treasure_discard[-1:]),
            },
        },
        "fight": _fight(state),
        "offers": public_offers(state),
        "choice": _choice(state, seat),
        "corpse": list(state.corpse),
        "pending": pending(state),
        "opened": state.opened,
        "winners": list(state.winners),
    }
    if seat is not None:
        data["seat"] = seat
        data["hand"] = list(state.players[seat].hand)
        data["legal"] = [entry for entry, _ in entries]
        if "clairvoyance" in epic_ops(state, seat):
            n = state.num_players
            data["neighbours"] = {
                str(s): list(state.players[s].hand) for s in ((seat - 1) % n, (seat + 1) % n)
            }
    found: set[str] = set()
    _names({k: v for k, v in data.items() if k != "legal"}, found)
    found.update(*(names for _, names in entries))
    data["cards"] = {cid: card_data(cid) for cid in sorted(found)}
    return data
