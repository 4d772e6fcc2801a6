"""What each side of a fight is worth: the monsters' levels (their enhancers, Hong Kong items
and Doubles), the heroes' strength with one-shots, penalties and discards for a bonus, and the
treasure a win draws.

Why a module of its own: the fight's flow (:mod:`.fight`), the offers of help (:mod:`.offers`),
the views and the bots all read these sums; kept apart from the flow, they are pure reads of a
state that import nothing of the fight's steps.
"""

from __future__ import annotations

from rules.munchkin_fu import character as ch
from rules.munchkin_fu import rewards
from rules.munchkin_fu.content import Card
from rules.munchkin_fu.model import HEROES, MONSTERS, Fight, Monster, State
from rules.munchkin_fu.table import card, gear

# --- the monsters ---------------------------------------------------------------------------------


def base_of(fight: Fight, i: int) -> Monster:
    """The monster whose card counts for ``i``: a double counts as its original (M)."""
    m = fight.monsters[i]
    return fight.monsters[m.of] if m.of >= 0 else m


def monster_card(fight: Fight, i: int) -> Card:
    return card(base_of(fight, i).base())


def enhancers_of(fight: Fight, i: int) -> tuple[str, ...]:
    """M: "tutto quello che innalza il livello di un mostro ha effetto sul suo doppio": its
    own, those it copied from an original gone (C7), and its original's."""
    m = fight.monsters[i]
    own = m.enhancers + tuple(c for c in m.copied if card(c).kind == "enhancer")
    return own + (enhancers_of(fight, m.of) if m.of >= 0 else ())


def items_of(fight: Fight, i: int) -> tuple[str, ...]:
    """HK, M5: the Hong Kong items given to monster ``i``, and for a Double also those given
    to its original that raise it ("tutto quello che innalza il livello di un mostro ha
    effetto sul suo doppio"); a bonus-less item (a run item) raises nothing and stays put."""
    m = fight.monsters[i]
    own = m.items + tuple(c for c in m.copied if card(c).kind != "enhancer")
    inherited = items_of(fight, m.of) if m.of >= 0 else ()
    return own + tuple(x for x in inherited if card(x).bonus > 0)


def sides_ids(state: State) -> frozenset[str]:
    """Every class and style id on the fighter's side (fighter and helper)."""
    fight = state.fight
    assert fight is not None
    found: set[str] = set()
    for seat in (fight.fighter, fight.helper):
        if seat >= 0:
            g = gear(state, seat)
            found |= ch.class_ids(g) | ch.style_ids(g)
    return frozenset(found)


def monster_level(state: State, i: int) -> int:
    """One monster's level in this fight: card level, enhancers and Hong Kong items' main
    bonus (its original's too, M5), and its ``vs`` effects once ("non si aumenta due volte"); never
    below 1 (W: "nessuna carta può portare ... un mostro al Livello 0 o inferiore")."""
    fight = state.fight
    assert fight is not None
    base = monster_card(fight, i)
    total = base.level + sum(card(e).bonus for e in enhancers_of(fight, i))
    total += sum(card(x).bonus for x in items_of(fight, i))
    ids = sides_ids(state)
    total += sum(e.amount for e in base.effects if e.op == "vs" and e.target in ids)
    return max(1, total)


def tags(state: State) -> frozenset[str]:
    fight = state.fight
    assert fight is not None
    return frozenset(t for i in range(len(fight.monsters)) for t in monster_card(fight, i).tags)


def one_shot_bonus(cid: str) -> int:
    return sum(e.amount for e in card(cid).effects if e.op == "combat_bonus")


def strike_bonuses(state: State, seat: int) -> tuple[int, ...]:
    """P7, ``discard_for_bonus``: the bonus of each card ``seat`` may discard in a fight, best
    first. Each ability keeps its own count and bonus (d067 "fino a 3 carte: +1 ciascuna" and
    d087 "fino a 2 carte: +2 ciascuna" held together: +2, +2, +1, +1, +1), so the best bonus
    never stretches to another card's larger count; the seat's discards take them in order."""
    found = ch.effects_in_play(gear(state, seat), "discard_for_bonus")
    each = [e.amount for e in found for _ in range(int(e.target.split(":")[1]))]
    return tuple(sorted(each, reverse=True))


def strike_lines(state: State) -> list[tuple[str, int]]:
    """Each discard for a bonus as a line: a seat's n-th discard is worth its n-th bonus."""
    fight = state.fight
    assert fight is not None
    bonuses = {s: strike_bonuses(state, s) for s, _ in fight.discards}
    lines: list[tuple[str, int]] = []
    used: dict[int, int] = {}
    for s, c in fight.discards:
        n = used.get(s, 0)
        used[s] = n + 1
        lines.append((c, bonuses[s][n] if n < len(bonuses[s]) else 0))
    return lines


def heroes_lines(state: State) -> list[tuple[str, int]]:
    """The fighter's side as (what, amount) lines: each character's strength, one-shots for
    the heroes, penalties and discards for a bonus."""
    fight = state.fight
    assert fight is not None
    found = tags(state)
    lines = [("fighter", ch.strength(gear(state, fight.fighter), found))]
    if fight.helper >= 0:
        lines.append(("helper", ch.strength(gear(state, fight.helper), found, helping=True)))
    lines += [(c, one_shot_bonus(c)) for c, side in fight.one_shots if side == HEROES]
    lines += [(c, -amount) for c, _, amount in fight.penalties]
    lines += strike_lines(state)
    return lines


def monsters_lines(state: State) -> list[tuple[str, int]]:
    fight = state.fight
    assert fight is not None
    lines = [(m.card, monster_level(state, i)) for i, m in enumerate(fight.monsters)]
    lines += [(c, one_shot_bonus(c)) for c, side in fight.one_shots if side == MONSTERS]
    return lines


def totals(state: State) -> tuple[int, int]:
    return sum(a for _, a in heroes_lines(state)), sum(a for _, a in monsters_lines(state))


def winning(state: State) -> bool:
    """C: "è maggiore di quello del mostro": strictly greater."""
    heroes, monsters = totals(state)
    return heroes > monsters


# --- the treasure ---------------------------------------------------------------------------------


def monster_treasures(fight: Fight, i: int) -> int:
    """I53: monster ``i``'s treasures with its enhancers' (IF4 "danno più tesori"), never
    below 0: an enhancer takes from its own monster only."""
    enhanced = sum(card(e).treasures for e in enhancers_of(fight, i))
    return max(0, monster_card(fight, i).treasures + enhanced)


def treasures_won(state: State) -> int:
    """X1, I53: each monster's treasures with its enhancers', and the killer's
    ``extra_treasure`` once per monster killed ("+1 Tesoro per ogni uccisione"; C9 counts a
    kill per monster, slain ones included)."""
    fight = state.fight
    assert fight is not None
    count = sum(monster_treasures(fight, i) for i in range(len(fight.monsters)))
    count += sum(card(k).treasures for k in fight.killed) + fight.killed_treasures
    extra = ch.effects_in_play(gear(state, fight.fighter), "extra_treasure")
    kills = len(rewards.killed_cards(fight))
    return max(0, count + kills * sum(e.amount for e in extra))
