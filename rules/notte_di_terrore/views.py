"""Notte di Terrore's views: all that one seat (or the public, ``None``) may know, described
well enough that renderers and presenters need nothing else (I14, I20, I21).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.notte_di_terrore import cards
from rules.notte_di_terrore.legality import legal_actions, pending
from rules.notte_di_terrore.model import (
    DECK_NAMES,
    GAME_ID,
    Monster,
    PileCard,
    Player,
    State,
    being,
    deck_of,
    dump_action,
    event,
    hand_kinds,
    hand_size,
    outcome,
    remove_terror,
    terror_score,
)

# --- view --------------------------------------------------------------------------------------


def _monster_view(monster: Monster, pile: tuple[PileCard, ...]) -> dict[str, Any]:
    """A Being on a Place with what it would change now, in the Terror of the player whose
    Place it is: ``if_undefeated`` if it is left standing (R4, N3), ``if_fled`` if they flee
    (F1), ``if_killed`` if they kill it with a Weapon: what the pile actually loses, whole
    cards rounding down (R5, L5), so 0 when the pile is empty. The board, the buttons and the
    narration all show these numbers, so they never disagree."""
    b = being(monster.card)
    on_it = [event(e) for e in monster.events]
    worth = -cards.terror_of(b, on_it, killed=True)
    return {
        "card": monster.card,
        "events": list(monster.events),
        "summoned_by": monster.summoned_by,
        "if_undefeated": cards.terror_of(
            b, on_it, killed=False, summoned=monster.summoned_by is not None
        ),
        "if_fled": cards.terror_of(b, on_it, killed=False, fled=True),
        "if_killed": -sum(c.score for c in remove_terror(pile, worth)[1]),
    }


@cache
def card_info(card_id: str) -> dict[str, Any]:
    """What a visible card is, so views are self-describing: renderers and presenters draw and
    name cards from the view alone, without the deck data. Cached and shared between views:
    read it, never change it."""
    design = cards.design_id(card_id)
    deck = deck_of(card_id)
    d = cards.decks()
    info: dict[str, Any] = {"deck": deck, "design": design}
    if deck == "beings":
        b = d.beings[design]
        info.update(name=b.name, type=b.type, value=b.value)
    elif deck == "weapons":
        w = d.weapons[design]
        combos = [
            {
                "with": next(x for x in c.weapons if x != design),
                "name": c.name,
                "defeats": list(c.defeats),
            }
            for c in d.combinations.values()
            if design in c.weapons
        ]
        info.update(name=w.name, defeats=list(w.defeats), combinations=combos)
    elif deck == "events":
        ev = d.events[design]
        info.update(
            name=ev.name, value=ev.value, favours=ev.favours, necronomicon=ev.is_necronomicon
        )
    else:
        pl = d.places[design]
        info.update(name=pl.name, forbidden=list(pl.forbidden), max_per_type=pl.max_per_type)
    return info


def _visible_cards(view: dict[str, Any]) -> list[str]:
    ids: list[str] = [*view["turned"], *view["removed"]]
    for p in view["players"]:
        ids += [*p["path"], *p["table"], *p.get("hand", []), *[c["card"] for c in p["pile"]]]
        ids += [x for x in (p["revealed"], p["weapon_hand"]) if x]
        for m in p["monsters"]:
            ids += [m["card"], *m["events"], *([m["summoned_by"]] if m["summoned_by"] else [])]
    return ids


def _player_view(player: Player, mine: bool) -> dict[str, Any]:
    hand_events, hand_beings = hand_kinds(player.hand)
    view: dict[str, Any] = {
        "face_down": len(player.face_down),
        "revealed": player.revealed,
        "path": list(player.path),
        "monsters": [_monster_view(m, player.pile) for m in player.monsters],
        "infested": player.infested,
        "hand_size": len(player.hand),
        "hand_events": hand_events,
        "hand_beings": hand_beings,
        "table": list(player.table),
        "weapon_hand": player.weapon_hand,
        "pile": [{"card": c.card, "score": c.score, "rotated": c.rotated} for c in player.pile],
        "terror": terror_score(player.pile),
        "split_chosen": player.split is not None,
        "home": player.home,
    }
    if mine:
        view["hand"] = list(player.hand)
    return view


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own hand; never a face-down Place or deck order (I14).
    ``cards`` describes every card the view names; a seat's view lists its legal actions."""
    result: dict[str, Any] = {
        "game": GAME_ID,
        "options": {
            "places": state.places_option,
            "victory": state.victory,
            "necronomicon_removed": state.necronomicon_removed,
            "first_player": state.first_player_option,
        },
        "phase": state.phase,
        "current": state.current,
        "to_act": state.to_act,
        "passed": list(state.passed),
        "turned": list(state.turned),
        "swapped": state.swapped,
        "attacked": state.attacked,
        "turn_number": state.turn_number,
        "hand_size": hand_size(state.num_players),
        "players": [_player_view(p, s == seat) for s, p in enumerate(state.players)],
        "deck_sizes": {n: len(d) for n, d in zip(DECK_NAMES, state.decks, strict=True)},
        "discard_sizes": {n: len(d) for n, d in zip(DECK_NAMES, state.discards, strict=True)},
        "removed": list(state.removed),
        "pending": pending(state),
        "outcome": outcome(state),
    }
    result["seat"] = seat
    result["cards"] = {c: card_info(c) for c in sorted(set(_visible_cards(result)))}
    result["types"] = {t.id: dict(t.name) for t in cards.decks().types.values()}
    if seat is not None:
        result["legal"] = [dump_action(a) for a in legal_actions(state, seat)]
    return result
