"""Cards played from the hand (or discarded from play) outside a seat's step actions: the "at
any time" plays any seat may make, the own-turn plays, and the first plays of setup.

Why one list per seat: the platform accepts a move from a seat that is not pending whenever
``legal_actions`` offers it one (U: "Legal actions of a non-pending seat must therefore be
exactly the at-any-time plays the rules allow at that moment"), so this module *is* the rule
of when each kind of card may be played (W, K, P, U, G, F).
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.munchkin_fu import character as ch
from rules.munchkin_fu.effects import process, suspend, trap
from rules.munchkin_fu.fight import bench, fight_plays, play_into_fight, reopen
from rules.munchkin_fu.model import (
    Action,
    Carry,
    Claim,
    Discard,
    Play,
    State,
    with_player,
)
from rules.munchkin_fu.offers import steal, steals
from rules.munchkin_fu.table import card, discard, from_hand, gear, jobs_for, lose, to_hand, trim

FREE_OPS = frozenset({"gain_levels", "draw"})
"""One-shot and level-up ops usable outside a fight ("Avanzi di Livello" at any time)."""

SETUP_KINDS = ("class", "style", "item", "mook", "super_munchkin", "extra_style")
"""S: what the first plays may put in play."""


def _quiet(state: State) -> bool:
    """No resolution in progress: the plays beyond :func:`meanwhile` wait for it."""
    return state.choice is None and not state.queue and state.phase != "over"


def meanwhile(state: State, seat: int) -> list[Action]:
    """I9: what ``seat`` may still play while a choice is open (charity, running away, a
    corpse or treasure pick, a victim's choice): the cards the rulebook lets anyone play "in
    QUALUNQUE momento" — traps (K2), Go Up a Level and the other free one-shots (W4), mooks
    (G2). The choice is then asked again from the new state (:func:`effects.suspend`)."""
    if state.choice is None or state.phase in ("over", "setup"):
        return []
    return [*free_plays(state, seat), *equip_plays(state, seat, ("mook",))]


def free_plays(state: State, seat: int) -> list[Action]:
    """Traps on any seat, and the cards usable at any time (a Go Up a Level below the level
    before the winning one)."""
    p = state.players[seat]
    found: list[Action] = []
    for c in dict.fromkeys(p.hand):
        k = card(c)
        if k.kind == "trap":
            found += [Play(c, target=s) for s in range(state.num_players)]
        elif k.kind in ("level_up", "one_shot") and {e.op for e in k.effects} <= FREE_OPS:
            gains = any(e.op == "gain_levels" for e in k.effects)
            if not gains or p.level < state.win_level - 1:
                found.append(Play(c))
    return found


def equip_plays(state: State, seat: int, kinds: tuple[str, ...]) -> list[Action]:
    """Cards of ``kinds`` from the hand that :func:`character.can_equip` allows now."""
    p = state.players[seat]
    g = gear(state, seat)
    found: list[Action] = []
    for c in dict.fromkeys(p.hand):
        k = card(c)
        if k.kind not in kinds:
            continue
        if k.kind == "super_munchkin":
            found += super_munchkin(state, seat, c)
        elif k.kind == "extra_style" or ch.can_equip(g, c) is None:
            found.append(Play(c))
    return found


def super_munchkin(state: State, seat: int, cid: str) -> list[Action]:
    """U: with one class in play and a second class card to add (from the hand)."""
    p = state.players[seat]
    if len(p.classes) != 1 or p.super_munchkin:
        return []
    have = card(p.classes[0]).class_id
    return [
        Play(cid, extra=c)
        for c in dict.fromkeys(p.hand)
        if card(c).kind == "class" and card(c).class_id != have
    ]


def setup_plays(state: State, seat: int) -> list[Action]:
    if state.players[seat].ready:
        return []
    return equip_plays(state, seat, SETUP_KINDS)


def anytime(state: State, seat: int) -> list[Action]:
    """Every play ``seat`` may make now whether or not the table waits for it; at setup, the
    first plays of a seat not yet ready too (I3: a ready seat keeps its at-any-time plays)."""
    if not _quiet(state):
        return meanwhile(state, seat)
    p = state.players[seat]
    setup = state.phase == "setup"
    found: list[Action] = setup_plays(state, seat) if setup else []
    found += free_plays(state, seat)
    found += equip_plays(state, seat, ("mook", "super_munchkin"))
    found += steals(state, seat)
    found += mook_enhancers(state, seat)
    found += [Discard(c) for c in (*p.classes, *p.styles, *p.extra_styles)]
    found += [Discard(m) for m, _ in p.mooks]
    fight = state.fight
    if fight is None or seat not in (fight.fighter, fight.helper):
        found += [Discard(c) for c in p.items]  # I54: not mid-fight for its two sides
        found += [Carry(c) for c in p.items if card(c).kind == "item"]  # I39: nor sideways
    if not setup:
        found += own_turn(state, seat) if seat == state.turn else received(state, seat)
    found += fight_plays(state, seat)
    found += claims(state, seat)
    return list(dict.fromkeys(found))


def mook_enhancers(state: State, seat: int) -> list[Action]:
    """G4/I34: an enhancer that raises a level may go on one's own mook, one per mook."""
    p = state.players[seat]
    bare = [m for m, enhancers in p.mooks if not enhancers]
    return [
        Play(c, extra=m)
        for c in dict.fromkeys(p.hand)
        if card(c).kind == "enhancer" and card(c).bonus > 0
        for m in bare
    ]


def received(state: State, seat: int) -> list[Action]:
    """I38: classes, styles and items received out of turn may be played at once; a helper
    never plays an item into the fight they help in (W6)."""
    p = state.players[seat]
    helping = state.fight is not None and seat == state.fight.helper
    kinds: tuple[str, ...] = ("class", "style", "extra_style")
    kinds += () if helping else ("item",)
    return [a for a in equip_plays(state, seat, kinds) if isinstance(a, Play) and a.card in p.fresh]


def own_turn(state: State, seat: int) -> list[Action]:
    """P, W, I35: classes, styles, Extra Styles and items from the hand on your own turn
    (Extra Style "in qualunque momento lo ottieni": when received, or in your turn); I37:
    one-shots onto the table too, outside a fight."""
    found = equip_plays(state, seat, ("class", "style", "extra_style", "item"))
    if state.fight is None:
        hand = dict.fromkeys(state.players[seat].hand)
        found += [Play(c) for c in hand if tableable(c)]
    return found


def tableable(cid: str) -> bool:
    """I37: a one-shot that is used in a fight may wait on the table; one whose every effect
    works at any time (draw, gain a level) is simply used, so its ``Play`` means *use it*."""
    k = card(cid)
    ops = {e.op for e in k.effects}
    return k.kind == "one_shot" and not ops <= FREE_OPS and "steal_item" not in ops


def claims(state: State, seat: int) -> list[Action]:
    """F: a Class, Super Munchkin, Style or Extra Style on top of the door discards may be
    claimed by discarding a go-up-a-level card (first come, first served)."""
    if not state.fast or not state.door_discard:
        return []
    if card(state.door_discard[-1]).kind not in ("class", "super_munchkin", "style", "extra_style"):
        return []
    hand = state.players[seat].hand
    return [Claim(c) for c in dict.fromkeys(hand) if card(c).kind == "level_up"]


def play(state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
    """Apply a legal :class:`Play` (routing by the card's kind); one made while a choice is
    open puts the choice back in the queue, asked again once the play has struck (I9)."""
    state = suspend(state)
    k = card(action.card)
    if k.kind == "enhancer" and action.extra:
        state = from_hand(state, seat, action.card)
        mooks = tuple(
            (m, (*e, action.card)) if m == action.extra else (m, e)
            for m, e in state.players[seat].mooks
        )
        state = with_player(state, seat, mooks=mooks)
        event: Event = {"type": "card_played", "seat": seat, "card": action.card}
        return reopen(state), [{**event, "mook": action.extra}]
    if state.fight is not None and action in fight_plays(state, seat):
        return play_into_fight(state, seat, action)
    if action.extra and any(e.op == "steal_item" for e in k.effects):
        return steal(state, seat, action)
    if k.kind == "trap":  # a play: it reopens an open fight (I4) whoever its victim
        state, events = trap(from_hand(state, seat, action.card), seat, action.card, action.target)
        return reopen(state), events
    event = {"type": "card_played", "seat": seat, "card": action.card}
    state = from_hand(state, seat, action.card)
    p = state.players[seat]
    if k.kind == "level_up" or (k.kind == "one_shot" and not tableable(action.card)):
        state = discard(state, [action.card])
        state = replace(state, queue=jobs_for(seat, k.effects, action.card) + state.queue)
        state, more = process(state)
        return reopen(state), [event, *more]
    if k.kind == "super_munchkin":
        state = from_hand(state, seat, action.extra)
        p = state.players[seat]
        state = with_player(
            state,
            seat,
            super_munchkin=(*p.super_munchkin, action.card),
            classes=(*p.classes, action.extra),
        )
        event["extra"] = action.extra
    elif k.kind == "mook":
        state = with_player(state, seat, mooks=(*p.mooks, (action.card, ())))
    elif k.kind == "extra_style":
        state = with_player(state, seat, extra_styles=(*p.extra_styles, action.card))
    elif k.kind == "class":
        state = with_player(state, seat, classes=(*p.classes, action.card))
    elif k.kind == "style":
        state = with_player(state, seat, styles=(*p.styles, action.card))
    else:  # an item, or a one-shot put on the table (I37)
        state = with_player(state, seat, items=(*p.items, action.card))
        if state.fight is not None:  # I39: one that does not count there stays unused
            state = bench(state, seat)
    return reopen(state), [event]


def discard_from_play(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """P, G, I54: a class, style or mook may be discarded at any time, even in a fight; an
    item too, but not by the fighter or the helper while their fight is open."""
    state = lose(state, seat, cid)
    return reopen(state), [{"type": "discarded", "seat": seat, "card": cid}]


def carry(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """P16: an item turned sideways (or back); sideways it counts for nothing, so a limit it
    raised falls (I36: the tape's second style goes at once)."""
    p = state.players[seat]
    carried = tuple(c for c in p.carried if c != cid)
    if cid not in p.carried:
        carried += (cid,)
    state = trim(with_player(state, seat, carried=carried), seat)
    return state, [{"type": "carried", "seat": seat, "card": cid, "on": cid in carried}]


def claim(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    top = state.door_discard[-1]
    state = replace(state, door_discard=state.door_discard[:-1])
    state = discard(from_hand(state, seat, cid), [cid])
    state = to_hand(state, seat, (top,), shown=True)
    return state, [{"type": "claimed", "seat": seat, "card": top, "paid": cid}]
