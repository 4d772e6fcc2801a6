"""Munchkin Fu's census (issue 26 item 10): over seeded playouts, every effect op of the deck
and every rule path the engine reports happens at least once.

Why a census: the deck is what makes a rule arise in play; a rule no card can trigger (two
winners, a friendly monster, a theft, a monster's instruction on its kill) is a rule the
players never meet. The playouts are the bot with a share of random legal moves and of
"at any time" plays by seats the table is not waiting for, over the standard, fast and epic
games and 3 to 6 seats; every move goes through ``engine.apply``. What counts as an op firing
is read from the events and from the fight being resolved (the module's helpers say how).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import rules
from rules.munchkin_fu import character as ch
from rules.munchkin_fu.content import EFFECT_OPS
from rules.munchkin_fu.model import Play, State, Strike
from rules.munchkin_fu.table import card, epic_ops, gear

ENGINE = rules.GAMES["munchkin_fu"]
GAMES = [(3, 1, "standard"), (4, 2, "fast"), (5, 3, "epic"), (6, 4, "fast"), (4, 5, "epic")]
GAMES += [(3, 6, "fast"), (5, 7, "standard"), (6, 8, "epic"), (4, 9, "fast"), (3, 10, "epic")]
GAMES += [(n, seed, "epic") for seed, n in zip(range(11, 21), (3, 4, 5, 6) * 3, strict=False)]
RANDOM_SHARE = 0.25
ANYTIME_SHARE = 0.15
MAX_STEPS = 4_000
EVENTS = {
    "ready", "turn_started", "door_kicked", "fight_started", "window_opened", "passed",
    "fight_won", "fight_lost", "fight_ended", "treasure_drawn", "level_changed", "won",
    "card_played", "ran", "caught", "bad_stuff", "penalty", "died", "loot_order", "looted",
    "help_offered", "help_answered", "bribe_paid", "treasure_taken", "trade_offered",
    "trade_answered", "traded", "sold", "discarded", "carried", "claimed", "slain", "drew",
    "looted_room", "charity", "friendly_met", "stolen",
}  # fmt: skip
"""Every event the engine emits but ``capped`` (the round cap is a guard, not a rule, I41)."""
PATHS = {
    "two winners", "helped kill", "helper levels", "on-kill instruction", "friendly met",
    "theft", "curse held", "charity given", "charity discarded", "hk monster joins",
    "hk item given", "double", "wandering monster", "super munchkin", "mook enhanced",
    "escape by vanishing", "escape by mook", "escape by one-shot", "reshuffle",
}  # fmt: skip
"""Rule paths beyond the event types (the doc's clauses that only a combination shows)."""
RARE = {"two winners": "test_T4_a_helper_with_a_level_card_wins_with_the_fighter"}
"""Paths the deck makes possible but bounded playouts seldom reach, each with the engine test
that plays it: two winners needs a fighter and a helper both one level from the goal, the
helper holding a card that gives it levels (the census does see "helper levels")."""


def _fight_ops(before: State, won: bool) -> set[str]:
    """The passive and monster ops that counted in the fight being resolved."""
    fight = before.fight
    assert fight is not None
    found: set[str] = set()
    monsters = [card(m.card) for m in fight.monsters]
    tags = frozenset(t for m in monsters for t in m.tags)
    sides = [s for s in (fight.fighter, fight.helper) if s >= 0]
    for seat in sides:
        g = gear(before, seat)
        held = {e.op for op in EFFECT_OPS for e in ch.effects_in_play(g, op)}
        if any(e.target in tags for e in ch.effects_in_play(g, "bonus_vs")):
            found.add("bonus_vs")
        found |= held & {"style_slots", "hand_slots", "big_items", "crime_lord"}
        if seat == fight.helper:
            found |= held & {"helper_bonus", "helper_levels" if won else ""}
        elif won:
            found |= held & {"extra_treasure"}
        else:
            found |= held & {"run"}
    kinds = {c for s in sides for c in (*before.players[s].classes, *before.players[s].styles)}
    ids = {card(c).class_id or card(c).style_id for c in kinds}
    for m in monsters:
        ops = {e.op for e in m.effects}
        if any(e.op == "vs" and e.target in ids for e in m.effects):
            found.add("vs")
        if not won:
            found |= ops & {"run", "no_escape", "ignore_below"}
    return found


def _observe(before: State, action: Any, events: list[dict[str, Any]], after: State) -> set[str]:
    """The ops and paths one move fired."""
    fired = {str(e["type"]) for e in events}
    for e in events:
        kind = e["type"]
        if kind == "card_played":
            k = card(e["card"])
            table = after.players[e["seat"]].items
            if k.kind in ("one_shot", "level_up", "trap") and e["card"] not in table:
                fired |= {x.op for x in k.effects}
            fired |= {"double"} if k.kind == "double" else set()
            fired |= {"wandering monster"} if k.kind == "wandering" else set()
            fired |= {"super munchkin"} if k.kind == "super_munchkin" else set()
            fired |= {"mook enhanced"} if k.kind == "enhancer" and "mook" in e else set()
            fired |= (
                {"hk monster joins"} if k.kind == "monster" and k.hk and before.fight else set()
            )
            if k.hk and k.kind in ("item", "one_shot") and "monster" in e:
                fired.add("hk item given")
            if k.kind == "trap" and e["card"] in after.players[e.get("target", 0)].curses:
                fired.add("curse held")
        elif kind == "bad_stuff":
            fired.add(str(e["op"]))
        elif kind == "won" and len(e["seats"]) > 1:
            fired.add("two winners")
        elif kind == "ran":
            how = {
                "vanish": "escape_discard_hand",
                "shadow": "shadow_escape",
                "ignored": "ignore_below",
            }
            how |= {"card": "auto_escape", "mook": "escape by mook"}
            fired.add(how.get(str(e.get("how")), "roll"))
            fired |= {"escape by vanishing"} if e.get("how") == "vanish" else set()
            fired |= {"escape by one-shot"} if e.get("how") == "card" else set()
        elif kind == "slain":
            fired.add("draw_and_strike")
        elif kind == "stolen":
            fired |= {"steal_item", "theft"}
        elif kind == "friendly_met":
            fired.add("friendly met")
        elif kind == "died":
            fired.add("death")
        elif kind == "penalty":
            fired.add("combat_penalty")
        elif kind == "charity":
            fired.add("charity given" if "to" in e else "charity discarded")
        elif kind in ("fight_won", "fight_lost") and before.fight is not None:
            won = kind == "fight_won"
            fired |= _fight_ops(before, won)
            if won and before.fight.helper >= 0:
                fired.add("helped kill")
                helper = before.fight.helper
                if after.players[helper].level > before.players[helper].level:
                    fired.add("helper levels")
            if won and any(card(m.card).on_kill for m in before.fight.monsters):
                fired.add("on-kill instruction")
    if isinstance(action, Strike):
        fired.add("discard_for_bonus")
    if len(after.door) > len(before.door) or len(after.treasure) > len(before.treasure):
        fired.add("reshuffle")
    fired |= {op for s in range(after.num_players) for op in epic_ops(after, s)} & {
        "clairvoyance",
        "crime_lord",
    }
    if any(len(p.mooks) > 1 for p in after.players):
        fired.add("crime_lord")
    return fired


def _move(state: State, rng: random.Random) -> tuple[int, Any]:
    pending = ENGINE.pending(state)
    seat = rng.choice(pending)
    if rng.random() < ANYTIME_SHARE:
        other = rng.randrange(state.num_players)
        legal = ENGINE.legal_actions(state, other)
        if legal and other not in pending:
            return other, rng.choice(legal)
    if rng.random() < RANDOM_SHARE:
        return seat, rng.choice(ENGINE.legal_actions(state, seat))
    return seat, ENGINE.bot_action(state, seat)


@cache
def census() -> Counter[str]:
    """How often each op and path fired over the seeded playouts."""
    seen: Counter[str] = Counter()
    for players, seed, variant in GAMES:
        rng = random.Random(seed)
        options = {**ENGINE.options, **ENGINE.variants[variant].options}
        state = ENGINE.setup(players, options, seed)
        for _ in range(MAX_STEPS):
            if ENGINE.outcome(state) is not None:
                break
            seat, action = _move(state, rng)
            after, events = ENGINE.apply(state, seat, action)
            seen.update(_observe(state, action, events, after))
            state = after
    return seen


def test_census_every_effect_op_fires_in_play() -> None:
    fired = census()
    assert sorted(op for op in EFFECT_OPS if not fired[op]) == []


def test_census_every_event_the_engine_emits_happens_in_play() -> None:
    fired = census()
    assert sorted(kind for kind in EVENTS if not fired[kind]) == []


def test_census_every_rule_path_happens_in_play() -> None:
    fired = census()
    assert sorted(path for path in PATHS - set(RARE) if not fired[path]) == []
    assert set(RARE) <= PATHS and fired["helper levels"] > 0


def test_census_plays_every_card_kind() -> None:
    """Not an op: the kinds themselves (a Double, a Wandering Monster...) get played."""
    assert census()["card_played"] > 0 and isinstance(Play("x"), Play)
