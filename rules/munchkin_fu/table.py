"""The table's plumbing every phase shares: cards by id, a player's gear and epic powers for
the card math, drawing with reshuffles, discarding to the right pile, levels and the win, and
the defaults of the choices.

Why here and not in each phase: "a deck that runs out reshuffles its discard pile, and with no
discards nobody draws from it" (S) and "never below level 1, never the winning level except by a
kill" (P) hold for every card that moves or level that changes, wherever it happens.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.munchkin_fu.character import Gear, max_big, max_classes, max_mooks, max_styles
from rules.munchkin_fu.content import DECK, DOOR, Card, Effect
from rules.munchkin_fu.model import Job, Player, State, put_player, with_player


def card(cid: str) -> Card:
    return DECK.cards[cid]


def kind(cid: str) -> str:
    return DECK.cards[cid].kind


def gear(state: State, seat: int) -> Gear:
    """What ``seat`` has in play, as :mod:`.character` reads it; in a fight, the fighter's
    and the helper's items not in use as they entered it count as sideways (P16, I39)."""
    p = state.players[seat]
    found = gear_of(p, state.epic_at(p.level))
    fight = state.fight
    if fight is not None and fight.benched and seat in (fight.fighter, fight.helper):
        found = replace(found, carried=found.carried | frozenset(fight.benched))
    return found


def gear_of(p: Player, epic: bool) -> Gear:
    return Gear(
        level=p.level,
        classes=p.classes,
        styles=p.styles,
        super_munchkin=bool(p.super_munchkin),
        extra_styles=len(p.extra_styles),
        items=p.items,
        carried=frozenset(p.carried),
        mooks=p.mooks,
        epic=epic,
    )


def discard(state: State, cards: tuple[str, ...] | list[str]) -> State:
    """Each card face up on its own deck's discard pile."""
    doors = tuple(c for c in cards if card(c).deck == DOOR)
    treasures = tuple(c for c in cards if card(c).deck != DOOR)
    return replace(
        state,
        door_discard=state.door_discard + doors,
        treasure_discard=state.treasure_discard + treasures,
    )


def draw(state: State, deck: str, count: int) -> tuple[State, tuple[str, ...]]:
    """Up to ``count`` cards from ``deck``; an empty deck reshuffles its discards first (S),
    and with neither the draw stops short."""
    drawn: list[str] = []
    for _ in range(count):
        pile = state.door if deck == DOOR else state.treasure
        if not pile:
            used = state.door_discard if deck == DOOR else state.treasure_discard
            if not used:
                break
            shuffled, rng = state.rng.shuffled(used)
            if deck == DOOR:
                state = replace(state, door=shuffled, door_discard=(), rng=rng)
            else:
                state = replace(state, treasure=shuffled, treasure_discard=(), rng=rng)
            pile = shuffled
        drawn.append(pile[0])
        state = replace(state, door=pile[1:]) if deck == DOOR else replace(state, treasure=pile[1:])
    return state, tuple(drawn)


NEXT_COMBAT = "next"
"""A ``combat_penalty`` job's ``target`` when its effect is for the victim's next fight."""


def jobs_for(seat: int, effects: tuple[Effect, ...], source: str) -> tuple[Job, ...]:
    """One job per effect for ``seat``; a "next combat" penalty says so in its target."""
    return tuple(
        Job(seat, e.op, e.amount, NEXT_COMBAT if e.next_combat else e.target, source)
        for e in effects
    )


def to_hand(state: State, seat: int, cards: tuple[str, ...], shown: bool = False) -> State:
    """``cards`` into the hand; ``shown`` when everyone saw them arrive (face up)."""
    p = state.players[seat]
    known = p.shown + cards if shown else p.shown
    fresh = p.fresh + cards if seat != state.turn and state.phase != "setup" else p.fresh
    return with_player(state, seat, hand=p.hand + cards, shown=known, fresh=fresh)


def from_hand(state: State, seat: int, cid: str) -> State:
    p = state.players[seat]
    hand = list(p.hand)
    hand.remove(cid)
    return with_player(
        state,
        seat,
        hand=tuple(hand),
        shown=tuple(c for c in p.shown if c != cid),
        fresh=tuple(c for c in p.fresh if c != cid),
    )


def remove_from_play(p: Player, cid: str) -> Player:
    """``p`` without ``cid`` wherever it lies in play (items, classes, styles, mooks...);
    losing a class also loses Super Munchkin (U: "nel momento in cui perdi una qualsiasi delle
    due carte classe") — the caller discards what :func:`lost_with` names."""
    mooks = tuple(m for m in p.mooks if m[0] != cid)
    return replace(
        p,
        hand=tuple(c for c in p.hand if c != cid),
        shown=tuple(c for c in p.shown if c != cid),
        fresh=tuple(c for c in p.fresh if c != cid),
        classes=tuple(c for c in p.classes if c != cid),
        styles=tuple(c for c in p.styles if c != cid),
        extra_styles=tuple(c for c in p.extra_styles if c != cid),
        super_munchkin=tuple(c for c in p.super_munchkin if c != cid),
        items=tuple(c for c in p.items if c != cid),
        carried=tuple(c for c in p.carried if c != cid),
        mooks=mooks,
        curses=tuple(c for c in p.curses if c != cid),
    )


def lose(state: State, seat: int, cid: str) -> State:
    """``seat`` loses ``cid`` from play or hand to the discard pile, with what goes with it: a
    mook's enhancers, and Super Munchkin when a class goes."""
    p = state.players[seat]
    gone = [cid]
    for mook, enhancers in p.mooks:
        if mook == cid:
            gone += list(enhancers)
    p = remove_from_play(p, cid)
    if card(cid).kind == "class" and p.super_munchkin:
        gone += list(p.super_munchkin)
        p = replace(p, super_munchkin=())
    state = discard(put_player(state, seat, p), gone)
    return trim(state, seat)


LIMIT = "limit"
"""A ``lose_class``, ``lose_mook`` or ``lose_big`` job's ``target`` when it trims cards over
a limit (not Bad Stuff)."""


def trim(state: State, seat: int) -> State:
    """The limits that may fall when a card goes or the level drops: classes, styles, mooks
    and big items."""
    state = trim_styles(trim_classes(state, seat), seat)
    return trim_bigs(trim_mooks(state, seat), seat)


def _queue_losses(state: State, seat: int, op: str, over: int) -> State:
    """``over`` cards past a limit: one ``op`` step each (the owner's choice, target
    :data:`LIMIT`) in front of the queue, less those already queued for it."""
    queued = sum(1 for j in state.queue if j.seat == seat and j.op == op and j.target)
    if over <= queued:
        return state
    jobs = tuple(Job(seat, op, 0, LIMIT) for _ in range(over - queued))
    return replace(state, queue=jobs + state.queue)


def trim_classes(state: State, seat: int) -> State:
    """P9: "Non puoi appartenere a più di una Classe contemporaneamente a meno che tu non
    giochi la carta Super Munchkin": Super Munchkin gone on its own (paid for an ability,
    P7), the owner discards a class at once (a ``lose_class`` step, the owner's choice)."""
    over = len(state.players[seat].classes) - max_classes(gear(state, seat))
    return _queue_losses(state, seat, "lose_class", over)


def trim_bigs(state: State, seat: int) -> State:
    """I23: "Personaggi normali possono portare solo un oggetto Grande": when the card that
    let the owner carry more goes (a class, a style, a mook, the backpack), the owner
    discards big items down to the limit, carried ones included: one ``lose_big`` step (the
    owner's choice) per big item over."""
    g = gear(state, seat)
    over = sum(card(c).big for c in g.items) - max_big(g)
    return _queue_losses(state, seat, "lose_big", over)


def trim_mooks(state: State, seat: int) -> State:
    """E5, G2: when the epic Yakuza's "qualunque numero di Monghi" ends (the class gone, or
    below level 10), the owner discards mooks down to the limit: one ``lose_mook`` step (the
    owner's choice) per mook over."""
    over = len(state.players[seat].mooks) - max_mooks(gear(state, seat))
    return _queue_losses(state, seat, "lose_mook", over)


def trim_styles(state: State, seat: int) -> State:
    """I36: when the style limit falls (a Monk class or an Extra Style gone), the owner
    discards styles down to it: one ``lose_style`` step (the owner's choice) per style over."""
    over = len(state.players[seat].styles) - max_styles(gear(state, seat))
    queued = sum(1 for j in state.queue if j.seat == seat and j.op == "lose_style" and j.amount)
    if over <= queued:
        return state
    jobs = tuple(Job(seat, "lose_style", 1) for _ in range(over - queued))
    return replace(state, queue=jobs + state.queue)


def change_level(
    state: State, seat: int, delta: int, kill: bool = False
) -> tuple[State, list[Event]]:
    """P: never below 1; the winning level only by a kill (W: "nessun giocatore può
    raggiungere il Livello 10 a meno che non uccida un mostro")."""
    old = state.players[seat].level
    top = state.win_level if kill else max(old, state.win_level - 1)
    new = max(1, min(top, old + delta))
    if new == old:
        return state, []
    state = with_player(state, seat, level=new)
    if state.epic_at(old) and not state.epic_at(new):  # I12: the race's extras go below 10
        state = trim(state, seat)
    return state, [{"type": "level_changed", "seat": seat, "from": old, "to": new}]


def check_win(state: State) -> tuple[State, list[Event]]:
    """Everyone at the winning level wins (two who kill together both win)."""
    winners = tuple(s for s, p in enumerate(state.players) if p.level >= state.win_level)
    if not winners:
        return state, []
    state = end_game(state, winners)
    return state, [{"type": "won", "seats": list(winners)}]


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % state.num_players


def bonus_of(cid: str) -> int:
    return card(cid).bonus


def clear_fight(state: State) -> State:
    """The fight's cards to the discard piles (monsters, enhancers, Hong Kong items, loot not
    yet picked) and no fight."""
    fight = state.fight
    if fight is None:
        return state
    gone = [c for m in fight.monsters for c in (m.card, *m.enhancers, *m.items)]
    return replace(discard(state, gone + list(fight.loot)), fight=None)


def end_game(state: State, winners: tuple[int, ...]) -> State:
    """The game is over: whatever is mid-resolution goes to the discards."""
    state = clear_fight(state)
    state = discard(state, state.corpse)
    return replace(
        state, phase="over", winners=winners, queue=(), choice=None, offers=(), corpse=()
    )


def epic_ops(state: State, seat: int) -> set[str]:
    """E: the epic powers of ``seat``'s classes (epic option; in the race, level 10 or more)."""
    p = state.players[seat]
    if not state.epic_at(p.level):
        return set()
    return {e.op for c in p.classes for e in card(c).epic}


# --- defaults: only what the chooser knows -------------------------------------------------------
# (here, below the queue of :mod:`.effects` and the steps of :mod:`.run` and :mod:`.rounds`
# that each open a choice with one of them as its default)


def cheapest_item(options: tuple[str, ...]) -> str:
    """K: the item a trap takes by default: the lowest bonus, then the first in play."""
    return min(options, key=lambda c: (card(c).bonus, options.index(c)))


def cheapest_card(options: tuple[str, ...]) -> str:
    """Hand cards by default: the lowest gold value, door cards before treasures."""
    return min(options, key=lambda c: (card(c).gold, card(c).deck != DOOR, options.index(c)))


def richest(options: tuple[str, ...]) -> str:
    """D/X picks by default: the highest gold value, then the first listed."""
    return min(options, key=lambda c: (-card(c).gold, options.index(c)))
