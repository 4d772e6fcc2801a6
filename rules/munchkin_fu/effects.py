"""The effect vocabulary's "when played" ops, the resolution queue and the open choice.

Why a queue: a monster's bad stuff, a trap with several effects, death's corpse picks and a
helped kill's treasure split each touch players one after the other, and any step may need its
victim's decision (K: "la vittima sceglie quale oggetto è perduto"). Each step is a
:class:`Job`; :func:`process` runs jobs until one needs a decision, which becomes the one
:class:`Choice` (a window with a documented default), answered by :func:`choose`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, IllegalAction
from rules.munchkin_fu import run
from rules.munchkin_fu.character import max_big, max_classes, max_mooks
from rules.munchkin_fu.fight import reopen
from rules.munchkin_fu.model import Choice, Job, State, with_player
from rules.munchkin_fu.rounds import charity_answer, resume_charity
from rules.munchkin_fu.table import (
    LIMIT,
    NEXT_COMBAT,
    card,
    change_level,
    cheapest_card,
    cheapest_item,
    discard,
    draw,
    gear,
    jobs_for,
    lose,
    to_hand,
)

# --- ops -----------------------------------------------------------------------------------------


def _victim_choice(state: State, job: Job, options: tuple[str, ...], items: bool) -> State:
    default = cheapest_item(options) if items else cheapest_card(options)
    choice = Choice(job.seat, "lose", options, default, job)
    return replace(state, choice=choice, opened=state.opened + 1)


def _lose_one_of(
    state: State, job: Job, options: tuple[str, ...], items: bool = True
) -> tuple[State, list[Event]]:
    """Lose one of ``options``: nothing when empty (K: "se una trappola affligge qualcosa
    che non possiedi, ignorala"), at once when one, else the victim chooses."""
    if not options:
        return state, []
    if len(options) == 1:
        return lost(state, job, options[0])
    return _victim_choice(state, job, options, items), []


def lost(state: State, job: Job, cid: str) -> tuple[State, list[Event]]:
    """``job.seat`` loses ``cid``; a multi-card loss (``lose_items``/``lose_cards``) goes on."""
    state = lose(state, job.seat, cid)
    event: Event = {"type": "bad_stuff", "seat": job.seat, "op": job.op, "card": cid}
    if job.op in ("lose_items", "lose_cards") and job.amount > 1:
        state = replace(state, queue=(replace(job, amount=job.amount - 1), *state.queue))
    return state, [event]


def apply_job(state: State, job: Job) -> tuple[State, list[Event]]:
    """One effect on its victim (the vocabulary's "when played" ops), or a resolution step."""
    p = state.players[job.seat]
    op = job.op
    if op in run.STEPS:
        return run.STEPS[op](state, job)
    if op == "charity":
        return resume_charity(state)
    if op == "gain_levels":
        return change_level(state, job.seat, job.amount)
    if op == "lose_levels":
        return change_level(state, job.seat, -job.amount)
    if op == "lose_slot":
        return _lose_one_of(state, job, tuple(c for c in p.items if card(c).slot == job.target))
    if op == "lose_items":
        if len(p.items) <= job.amount:
            return _lose_all(state, job, p.items)
        return _lose_one_of(state, job, p.items)
    if op == "lose_big":
        bigs = tuple(c for c in p.items if card(c).big)
        if job.target == LIMIT and len(bigs) <= max_big(gear(state, job.seat)):
            return state, []  # I23: the limit came back meanwhile, or a big item went
        return _lose_one_of(state, job, bigs)
    if op == "lose_hand":
        return _lose_all(state, job, p.hand)
    if op == "lose_cards":
        if len(p.hand) <= job.amount:
            return _lose_all(state, job, p.hand)
        return _lose_one_of(state, job, tuple(dict.fromkeys(p.hand)), items=False)
    if op == "lose_class":
        if job.target == LIMIT and len(p.classes) <= max_classes(gear(state, job.seat)):
            return state, []  # P9: Super Munchkin came back meanwhile, or a class went
        return _lose_one_of(state, job, p.classes)
    if op == "lose_style" and job.amount and len(p.styles) > 1:  # I36: over the limit
        choice = Choice(job.seat, "lose", p.styles, p.styles[-1], job)
        return replace(state, choice=choice, opened=state.opened + 1), []
    if op == "lose_style":
        return _lose_one_of(state, job, p.styles)
    if op == "lose_mook" and job.target == LIMIT:
        return _trim_mook(state, job)
    if op == "lose_mook":
        return _lose_one_of(state, job, tuple(m for m, _ in p.mooks))
    if op == "combat_penalty":
        return penalty(state, job)
    if op == "draw":
        state, drawn = draw_past(state, job)
        state = to_hand(state, job.seat, drawn)
        return state, [{"type": "drew", "seat": job.seat, "deck": job.target, "count": len(drawn)}]
    if op == "death":
        return run.die(state, job.seat)
    return state, []  # passive ops do nothing when played


def draw_past(state: State, job: Job) -> tuple[State, tuple[str, ...]]:
    """I18: a ``draw`` card is discarded as it is played, but it never draws itself back: it
    stays out of the reshuffle its own draw may cause, and lies on the discard pile after."""
    src = job.source
    if src not in (*state.door_discard, *state.treasure_discard):
        return draw(state, job.target, job.amount)
    state = replace(
        state,
        door_discard=tuple(c for c in state.door_discard if c != src),
        treasure_discard=tuple(c for c in state.treasure_discard if c != src),
    )
    state, drawn = draw(state, job.target, job.amount)
    return discard(state, [src]), drawn


def _trim_mook(state: State, job: Job) -> tuple[State, list[Event]]:
    """E5: one mook over the limit goes, the owner's choice; by default the weakest (its
    bonus with its enhancer's), the most recently played of equals. Nothing when the limit
    came back meanwhile (level 10 again) or the mooks went another way."""
    mooks = state.players[job.seat].mooks
    if len(mooks) <= max_mooks(gear(state, job.seat)):
        return state, []
    power = {m: card(m).bonus + sum(card(e).bonus for e in es) for m, es in mooks}
    options = tuple(m for m, _ in mooks)
    default = min(reversed(options), key=lambda m: power[m])
    choice = Choice(job.seat, "lose", options, default, job)
    return replace(state, choice=choice, opened=state.opened + 1), []


def _lose_all(state: State, job: Job, cards: tuple[str, ...]) -> tuple[State, list[Event]]:
    for cid in cards:
        state = lose(state, job.seat, cid)
    # discarded face up: public from now on
    return state, [{"type": "bad_stuff", "seat": job.seat, "op": job.op, "cards": list(cards)}]


def penalty(state: State, job: Job) -> tuple[State, list[Event]]:
    """``combat_penalty``: on the fighter's side now when the victim fights or helps in a
    fight still being fought; a "next combat" one met otherwise (a monster's escape stuff, R5:
    "anche se scappi, -2 al prossimo combattimento") is owed to the victim's next fight (a
    trap's own card was held already when played, :func:`trap`); otherwise nothing."""
    fight = state.fight
    fighting = fight is not None and job.seat in (fight.fighter, fight.helper)
    if fighting and fight is not None and fight.stage in ("run", "done"):
        fighting = False  # the fight being escaped is over for the penalty
    if not fighting and job.target == NEXT_COMBAT:
        owed = (*state.players[job.seat].owed, (job.source, job.amount))
        state = with_player(state, job.seat, owed=owed)
        return state, [{"type": "penalty", "seat": job.seat, "amount": job.amount, "next": True}]
    if not fighting or fight is None:
        return state, []
    added = ((job.source, job.seat, job.amount),)
    state = replace(state, fight=replace(fight, penalties=fight.penalties + added))
    return reopen(state), [{"type": "penalty", "seat": job.seat, "amount": job.amount}]


def trap(state: State, seat: int, cid: str, victim: int) -> tuple[State, list[Event]]:
    """K: a trap strikes its victim at once and is discarded; a "next combat" penalty met
    outside a fight is held by the victim as a reminder until their next fight."""
    k = card(cid)
    fight = state.fight
    fighting = fight is not None and victim in (fight.fighter, fight.helper)
    held = any(e.op == "combat_penalty" and e.next_combat for e in k.effects) and not fighting
    event: Event = {"type": "card_played", "seat": seat, "card": cid, "target": victim}
    if held:
        curses = (*state.players[victim].curses, cid)
        state = with_player(state, victim, curses=curses)
        jobs = jobs_for(victim, tuple(e for e in k.effects if e.op != "combat_penalty"), cid)
    else:
        state = discard(state, [cid])
        jobs = jobs_for(victim, k.effects, cid)
    state = replace(state, queue=jobs + state.queue)
    state, more = process(state)
    return state, [event, *more]


# --- the queue and the choice --------------------------------------------------------------------


def process(state: State) -> tuple[State, list[Event]]:
    """Run queued jobs until the queue is empty, a choice is open or the game is over."""
    events: list[Event] = []
    while state.queue and state.choice is None and state.phase != "over":
        job, rest = state.queue[0], state.queue[1:]
        state, more = apply_job(replace(state, queue=rest), job)
        events += more
    return state, events


def suspend(state: State) -> State:
    """I9: a play made while a choice is open strikes first; the choice goes back to the
    head of the queue, to be asked again from the new state (its options and default
    recomputed: a card played, a level changed, a mook added). The first committed move
    wins; an answer computed on the old options is refused if no longer one of them."""
    choice = state.choice
    if choice is None:
        return state
    job = choice.job
    if choice.kind in ("charity", "mook_helper") or job is None:
        job = Job(choice.seat, choice.kind)  # steps that open these two again
    return replace(state, choice=None, queue=(job, *state.queue))


def choose(state: State, seat: int, option: str) -> tuple[State, list[Event]]:
    """The open choice answered with ``option`` (one of its options), then the queue goes on."""
    choice = state.choice
    if choice is None or choice.seat != seat or option not in choice.options:
        raise IllegalAction("not_an_option", "choice")
    state = replace(state, choice=None)
    if choice.kind == "charity":
        return charity_answer(state, seat, option)
    if choice.kind == "lose":
        assert choice.job is not None
        state, events = lost(state, choice.job, option)
    else:
        assert choice.job is not None
        state, events = run.ANSWERS[choice.kind](state, choice.job, option)
    state, more = process(state)
    return state, events + more
