"""Running away, bad stuff, death and the corpse, and the helped kill's treasure picks: the
resolution steps of :mod:`.effects`' queue that belong to a fight.

Why each runner is a decision (a :class:`Choice` with "roll" as its default): before rolling a
runner may instead sacrifice a mook (G), discard the whole hand as a Ninja (R), play an
auto-escape one-shot, or (epic) vanish into the shadows; when several monsters chase, the
runner also picks the order (R: "nell'ordine che preferisci"; default: the order they came),
all at once up to 5 monsters, one monster at a time from 6.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import permutations

from rules.base import Event
from rules.munchkin_fu import character as ch
from rules.munchkin_fu.content import EFFECT_OPS
from rules.munchkin_fu.fight import close
from rules.munchkin_fu.model import Choice, Job, Player, State, put_player, with_player
from rules.munchkin_fu.strength import totals
from rules.munchkin_fu.table import (
    card,
    discard,
    epic_ops,
    gear,
    jobs_for,
    lose,
    richest,
    to_hand,
    trim,
)

ESCAPE_ROLL = 5
"""R: "Riesci a fuggire soltanto con un 5 o più"."""


def _fight(state: State) -> tuple[int, ...]:
    fight = state.fight
    assert fight is not None
    return tuple(range(len(fight.monsters)))


FULL_ORDERS_UP_TO = 5
"""Up to 5 monsters (120 orders) the runner picks a whole order at once; from 6 (720) one
monster at a time, so that the list stays short and every order can still be chosen (R8)."""


def _orders(count: int) -> tuple[str, ...]:
    """Every running order of ``count`` monsters (in the order they came first)."""
    return tuple(",".join(map(str, p)) for p in permutations(range(count)))


def _order_options(count: int, chosen: list[int]) -> tuple[str, ...]:
    """R8 "nell’ordine che preferisci": whole orders for a few monsters, else the order so
    far followed by each monster not yet placed (the answer is the longer order)."""
    if not chosen and count <= FULL_ORDERS_UP_TO:
        return _orders(count)
    return tuple(",".join(map(str, [*chosen, i])) for i in range(count) if i not in chosen)


def cornered(state: State) -> bool:
    """Whether a monster of the fight says it cannot be run from (``no_escape``): only a
    mook's sacrifice beats it (G5: "anche se la carta del mostro dice che la fuga è
    impossibile"), and an ``auto_escape`` card, card against card; the Ninja's flights are
    rules, and "Le indicazioni sulle carte hanno sempre la precedenza sulle regole generali"."""
    fight = state.fight
    assert fight is not None
    bases = ((m if m.of < 0 else fight.monsters[m.of]).base() for m in fight.monsters)
    return any(e.op == "no_escape" for c in bases for e in card(c).effects)


def run_options(state: State, seat: int) -> tuple[str, ...]:
    """What a runner may do instead of rolling (R, G, E): the options of the run choice."""
    p = state.players[seat]
    fight = state.fight
    assert fight is not None
    options = ["roll"]
    options += [f"mook:{m}" for m, _ in p.mooks]
    ninja = not cornered(state)  # R3, E3: a Ninja's flight is no escape from these (W1)
    minimum = [e.amount for e in ch.effects_in_play(gear(state, seat), "escape_discard_hand")]
    if ninja and minimum and len(p.hand) >= min(minimum):
        options.append("vanish")
    for c in dict.fromkeys((*p.hand, *p.items)):  # I37: from the hand or the table
        if card(c).kind == "one_shot" and any(e.op == "auto_escape" for e in card(c).effects):
            options.append(f"escape:{c}")
    if ninja and "shadow_escape" in epic_ops(state, seat) and len(fight.monsters) > 1:
        levels = sum(state.players[s].level for s in (fight.fighter, fight.helper) if s >= 0)
        if totals(state)[1] > 2 * levels:
            options.append("shadow")
    return tuple(options)


def run_job(state: State, job: Job) -> tuple[State, list[Event]]:
    """One runner's turn to run: first the order (several monsters; from 6, one ``run_order``
    choice per monster placed, the last one left going last), then the decision."""
    fight = state.fight
    assert fight is not None
    if job.seat in fight.escaped or job.seat in state.died:  # died meanwhile (I9): no run
        return state, []
    count = len(fight.monsters)
    chosen = [int(i) for i in job.target.split(",")] if job.target else []
    if len(chosen) == count - 1 and count > 1:  # the last one left goes last
        chosen += [i for i in range(count) if i not in chosen]
        job = replace(job, target=",".join(map(str, chosen)))
    if len(chosen) < count and count > 1:
        orders = _order_options(count, chosen)
        choice = Choice(job.seat, "run_order", orders, orders[0], job)
        return replace(state, choice=choice, opened=state.opened + 1), []
    ordered = replace(job, target=job.target or "0")
    choice = Choice(job.seat, "run", run_options(state, job.seat), "roll", ordered)
    return replace(state, choice=choice, opened=state.opened + 1), []


def answer_order(state: State, job: Job, option: str) -> tuple[State, list[Event]]:
    return replace(state, queue=(replace(job, target=option), *state.queue)), []


def _escaped(state: State, seat: int, how: str) -> tuple[State, list[Event]]:
    """``seat`` escapes every monster: only their escape stuff still applies (R)."""
    fight = state.fight
    assert fight is not None
    state = replace(state, fight=replace(fight, escaped=(*fight.escaped, seat)))
    jobs: tuple[Job, ...] = ()
    for m in fight.monsters:
        jobs += jobs_for(
            seat, card((m if m.of < 0 else fight.monsters[m.of]).base()).escape_stuff, m.card
        )
    state = replace(state, queue=jobs + state.queue)
    return state, [{"type": "ran", "seat": seat, "how": how}]


def answer_run(state: State, job: Job, option: str) -> tuple[State, list[Event]]:
    """The runner's decision: roll per monster, or escape them all another way."""
    seat = job.seat
    fight = state.fight
    assert fight is not None
    if option.startswith("mook:"):
        state = lose(state, seat, option[5:])
        state, events = _escaped(state, seat, "mook")
        if seat == fight.fighter:
            state, _ = ask_mook_helper(state, job)
        return state, events
    if option == "vanish":
        hand = state.players[seat].hand
        state = discard(with_player(state, seat, hand=(), shown=()), hand)
        return _escaped(state, seat, "vanish")
    if option.startswith("escape:"):
        cid = option[7:]
        state = lose(state, seat, cid)  # from the hand or the table (I37)
        return _escaped(state, seat, "card")
    if option == "shadow":
        return _escaped(state, seat, "shadow")
    return roll(state, seat, tuple(int(i) for i in job.target.split(",")))


def ask_mook_helper(state: State, job: Job) -> tuple[State, list[Event]]:
    """G6: the sacrificing fighter decides whether the helper escapes too."""
    fight = state.fight
    assert fight is not None
    if fight.helper < 0 or fight.helper in fight.escaped:
        return state, []
    choice = Choice(job.seat, "mook_helper", ("yes", "no"), "yes", job)
    return replace(state, choice=choice, opened=state.opened + 1), []


def answer_mook_helper(state: State, job: Job, option: str) -> tuple[State, list[Event]]:
    """G: the fighter decides whether the mook's sacrifice saves the helper too."""
    fight = state.fight
    assert fight is not None
    if option == "yes":
        return _escaped(state, fight.helper, "mook")
    return state, []


def roll(state: State, seat: int, order: tuple[int, ...]) -> tuple[State, list[Event]]:
    """R: a die per monster in the chosen order, 5 or more escapes (modifiers: the runner's
    gear, the monster's ``run``); ``no_escape`` catches whatever the die; ``ignore_below``
    lets a low-level character go without a roll. Bad stuff of every catcher, in order."""
    fight = state.fight
    assert fight is not None
    events: list[Event] = []
    jobs: tuple[Job, ...] = ()
    level = state.players[seat].level
    for i in order:
        m = fight.monsters[i]
        base = card((m if m.of < 0 else fight.monsters[m.of]).base())
        ops = {e.op: e for e in base.effects}
        if "ignore_below" in ops and level <= ops["ignore_below"].amount:
            events.append({"type": "ran", "seat": seat, "monster": i, "how": "ignored"})
            jobs += jobs_for(seat, base.escape_stuff, m.card)
            continue
        value, rng = state.rng.roll()
        state = replace(state, rng=rng)
        modifier = ch.run_modifier(gear(state, seat))
        modifier += sum(e.amount for e in base.effects if e.op == "run")
        free = value + modifier >= ESCAPE_ROLL and "no_escape" not in ops
        events.append(
            {"type": "ran" if free else "caught", "seat": seat, "monster": i, "roll": value,
             "modifier": modifier}
        )  # fmt: skip
        jobs += jobs_for(seat, base.escape_stuff if free else base.bad_stuff, m.card)
    return replace(state, queue=jobs + state.queue), events


def die(state: State, seat: int) -> tuple[State, list[Event]]:
    """D: the character keeps classes, styles (with Super Munchkin and Extra Style) and
    level; hand and everything else in play is the corpse, looted one card each from the
    highest level down (ties by a die), the rest discarded; the next turn draws again."""
    p = state.players[seat]
    corpse = [*p.hand, *p.items]  # I27: held curses are discarded, not looted
    corpse += [c for m, enhancers in p.mooks for c in (m, *enhancers)]
    fresh = Player(
        level=p.level,
        classes=p.classes,
        styles=p.styles,
        super_munchkin=p.super_munchkin,
        extra_styles=p.extra_styles,
        ready=True,
        reborn=True,
    )
    state = discard(put_player(state, seat, fresh), p.curses)
    # I30: a runner who dies stops: the rest of their bad and escape stuff is void
    queue = tuple(j for j in state.queue if not (j.seat == seat and j.op in EFFECT_OPS))
    state = replace(state, queue=queue, died=(*state.died, seat))
    state = trim(state, seat)  # I36: a style the tape allowed goes with it, after the looting
    state = replace(state, corpse=state.corpse + tuple(corpse))
    rolls: dict[int, int] = {}
    for other in range(state.num_players):
        if other != seat:
            rolls[other], rng = state.rng.roll()
            state = replace(state, rng=rng)
    order = sorted(rolls, key=lambda s: (-state.players[s].level, -rolls[s], s))
    jobs = (*tuple(Job(s, "loot") for s in order), Job(seat, "corpse_end"))
    state = replace(state, queue=jobs + state.queue)
    return state, [
        {"type": "died", "seat": seat, "corpse": corpse},
        {"type": "loot_order", "seats": order, "rolls": {str(s): r for s, r in rolls.items()}},
    ]


def loot_job(state: State, job: Job) -> tuple[State, list[Event]]:
    if not state.corpse:
        return state, []
    options = tuple(dict.fromkeys(state.corpse))
    choice = Choice(job.seat, "loot", options, richest(options), job)
    return replace(state, choice=choice, opened=state.opened + 1), []


def answer_loot(state: State, job: Job, option: str) -> tuple[State, list[Event]]:
    corpse = list(state.corpse)
    corpse.remove(option)
    state = to_hand(replace(state, corpse=tuple(corpse)), job.seat, (option,), shown=True)
    return state, [{"type": "looted", "seat": job.seat, "card": option}]


def corpse_end(state: State, job: Job) -> tuple[State, list[Event]]:
    return replace(discard(state, state.corpse), corpse=()), []


def split_job(state: State, job: Job) -> tuple[State, list[Event]]:
    fight = state.fight
    if fight is None or not fight.loot:
        return state, []
    options = tuple(dict.fromkeys(fight.loot))
    choice = Choice(job.seat, "split", options, richest(options), job)
    return replace(state, choice=choice, opened=state.opened + 1), []


def answer_split(state: State, job: Job, option: str) -> tuple[State, list[Event]]:
    fight = state.fight
    assert fight is not None
    loot = list(fight.loot)
    loot.remove(option)
    state = replace(state, fight=replace(fight, loot=tuple(loot)))
    state = to_hand(state, job.seat, (option,), shown=True)
    return state, [{"type": "treasure_taken", "seat": job.seat, "card": option}]


def end_fight(state: State, job: Job) -> tuple[State, list[Event]]:
    return close(state)


Step = Callable[[State, Job], tuple[State, list[Event]]]
Answer = Callable[[State, Job, str], tuple[State, list[Event]]]

STEPS: dict[str, Step] = {
    "run": run_job,
    "loot": loot_job,
    "corpse_end": corpse_end,
    "split": split_job,
    "end_fight": end_fight,
    "mook_helper": ask_mook_helper,
}
ANSWERS: dict[str, Answer] = {
    "run_order": answer_order,
    "run": answer_run,
    "mook_helper": answer_mook_helper,
    "loot": answer_loot,
    "split": answer_split,
}
