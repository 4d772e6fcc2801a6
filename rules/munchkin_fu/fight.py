"""The fight: its steps, the cards anyone may play into it, and the interference window (its
totals are :mod:`.strength`'s, re-exported here for the modules that read them as ``fight``'s).

Why the window is a stage of the fight: the rulebook's "2.6 secondi" (C) is the moment after
the fighter says *resolve* when everyone else may still play; a play gives the fight back to
the fighter, who says resolve again (I: the lead's decision). When every other player has
passed, the totals decide: strictly greater wins ("è maggiore di quello del mostro"); else
everyone on the fighter's side runs (:mod:`.run`).
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.munchkin_fu import character as ch
from rules.munchkin_fu import rewards
from rules.munchkin_fu.content import TREASURE
from rules.munchkin_fu.handover import pay_bribe
from rules.munchkin_fu.model import (
    HEROES,
    MONSTERS,
    Action,
    Fight,
    Job,
    Monster,
    Offer,
    Play,
    Slay,
    State,
    Strike,
    put_player,
)
from rules.munchkin_fu.strength import (
    enhancers_of,
    items_of,
    monster_card,
    monster_treasures,
    strike_bonuses,
    totals,
    treasures_won,
    winning,
)
from rules.munchkin_fu.table import (
    card,
    change_level,
    check_win,
    clear_fight,
    discard,
    draw,
    epic_ops,
    from_hand,
    gear,
    lose,
    remove_from_play,
    to_hand,
)

# --- starting, plays -----------------------------------------------------------------------------


def start(state: State, seat: int, monster: str) -> tuple[State, list[Event]]:
    """A fight of ``seat`` against ``monster``; the seat's held curses strike now (K)."""
    fight = Fight(fighter=seat, monsters=(Monster(monster),))
    # I25: no trading while in a fight: the fighter's open trade offers lapse
    offers = tuple(o for o in state.offers if seat not in (o.source, o.target))
    state = replace(state, phase="fight", fight=fight, offers=offers)
    events: list[Event] = [{"type": "fight_started", "seat": seat, "card": monster}]
    return join_curses(bench(state, seat), seat), events


def bench(state: State, seat: int) -> State:
    """P16, I39: "NON puoi cambiare copricapo, per esempio, durante un combattimento o un
    tentativo di fuga". The items ``seat`` has in play as it enters the fight (fighter or
    helper) that its class and style allow but that are not in use (a second hat, the slot
    taken) stay unused until the fight ends, even if the slot frees up: losing the hat in use
    does not bring the other into it; so too an item the fighter plays in the fight that does
    not count there (I39), benched as it is played. An item barred by ``requires`` is not
    benched: it counts the moment its owner qualifies (P14, "in quel momento")."""
    fight = state.fight
    if fight is None or seat not in (fight.fighter, fight.helper):
        return state
    g = gear(state, seat)
    active = ch.active_items(g)
    benched = tuple(c for c in ch.allowed_items(g) if c not in g.carried and c not in active)
    benched = tuple(dict.fromkeys((*fight.benched, *benched)))
    return replace(state, fight=replace(fight, benched=benched))


def join_curses(state: State, seat: int) -> State:
    """K: a "next combat" curse held as a reminder applies when its holder enters a fight."""
    p = state.players[seat]
    fight = state.fight
    if not (p.curses or p.owed) or fight is None:
        return state
    added = tuple(
        (c, seat, e.amount) for c in p.curses for e in card(c).effects if e.op == "combat_penalty"
    )
    added += tuple((c, seat, amount) for c, amount in p.owed)  # R5: owed by a monster
    state = discard(state, p.curses)
    players = list(state.players)
    players[seat] = replace(p, curses=(), owed=())
    fight = replace(fight, penalties=fight.penalties + added)
    return replace(state, players=tuple(players), fight=fight)


def reopen(state: State) -> State:
    """I: any play into the fight clears the passes and gives it back to the fighter (a new
    window opening when the fighter resolves again)."""
    fight = state.fight
    if fight is None or fight.stage not in ("fight", "window"):
        return state
    return replace(state, fight=replace(fight, stage="fight", passed=()))


def fight_open(state: State) -> bool:
    fight = state.fight
    return fight is not None and fight.stage in ("fight", "window") and not state.queue


def fight_plays(state: State, seat: int) -> list[Action]:
    """M, W, HK, I: what ``seat`` may play into the open fight from its hand (any seat, at any
    time): enhancers on a monster, a Wandering Monster with a monster, a double, one-shots for
    either side or to remove a monster (from the table too, I37), Hong Kong monsters and
    items; the fighter's side may discard for a bonus."""
    fight = state.fight
    if fight is None or not fight_open(state) or state.choice is not None:
        return []
    p = state.players[seat]
    n = len(fight.monsters)
    hk = [i for i in range(n) if monster_card(fight, i).hk and fight.monsters[i].of < 0]
    monsters_in_hand = [c for c in p.hand if card(c).kind == "monster" and not card(c).friendly]
    found: list[Action] = []
    for c in dict.fromkeys(p.hand):
        k = card(c)
        if k.kind == "enhancer":
            found += [Play(c, monster=i) for i in range(n)]
        elif k.kind == "wandering":
            found += [Play(c, extra=m) for m in dict.fromkeys(monsters_in_hand)]
        elif k.kind == "double":
            found += [Play(c, monster=i) for i in range(n) if fight.monsters[i].of < 0]
        elif k.kind == "one_shot":
            found += one_shot_uses(c, n)
        elif k.kind == "monster" and k.hk and hk:
            found.append(Play(c))
        if k.hk and k.kind in ("item", "one_shot"):
            found += [Play(c, monster=i) for i in hk]
    found += [Play(c, monster=i) for c in p.items if card(c).hk for i in hk]
    found += [a for c in p.items if card(c).kind == "one_shot" for a in one_shot_uses(c, n)]
    if seat == fight.fighter:
        found += slays(state, seat)
    if seat in (fight.fighter, fight.helper):
        used = sum(1 for s, _ in fight.discards if s == seat)
        if used < len(strike_bonuses(state, seat)):
            found += [Strike(c) for c in strike_costs(state, seat)]
    return found


def strike_costs(state: State, seat: int) -> list[str]:
    """P7: the cards ``seat`` may discard for a ``discard_for_bonus`` ability: "qualunque
    carta, in mano o in gioco" — the hand, then its own cards in play (items, carried ones,
    classes, styles, Super Munchkin, Extra Style, mooks). The cards that give the ability are
    not offered: discarding one would pay for a power it takes away."""
    p = state.players[seat]
    in_play = (
        *p.items,
        *p.classes,
        *p.styles,
        *p.extra_styles,
        *p.super_munchkin,
        *(m for m, _ in p.mooks),
    )
    givers = {
        c
        for c in in_play
        if any(e.op == "discard_for_bonus" for e in (*card(c).effects, *card(c).epic))
    }
    return [c for c in dict.fromkeys((*p.hand, *in_play)) if c not in givers]


def one_shot_uses(cid: str, count: int) -> list[Action]:
    """C3, IF3, I37: a one-shot's uses in a fight of ``count`` monsters, from the hand or the
    table alike: a bonus for either side, or a monster removed."""
    ops = {e.op for e in card(cid).effects}
    found: list[Action] = []
    if "combat_bonus" in ops:
        found += [Play(cid, side=HEROES), Play(cid, side=MONSTERS)]
    if "remove_monster" in ops:
        found += [Play(cid, monster=i) for i in range(count)]
    return found


def play_into_fight(state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
    """Apply one of :func:`fight_plays` (already checked legal)."""
    fight = state.fight
    assert fight is not None
    k = card(action.card)
    event: Event = {"type": "card_played", "seat": seat, "card": action.card}
    from_table = action.card in state.players[seat].items
    if from_table:
        state = put_player(state, seat, remove_from_play(state.players[seat], action.card))
    else:
        state = from_hand(state, seat, action.card)
    monsters = list(fight.monsters)
    if k.kind == "enhancer":
        m = monsters[action.monster]
        monsters[action.monster] = replace(m, enhancers=(*m.enhancers, action.card))
        event["monster"] = action.monster
    elif k.kind == "wandering":
        state = from_hand(state, seat, action.extra)
        state = discard(state, [action.card])
        monsters.append(Monster(action.extra))
        event["monster_card"] = action.extra
    elif k.kind == "double":
        monsters.append(Monster(action.card, of=action.monster))
        event["monster"] = action.monster
    elif k.kind == "monster":
        monsters.append(Monster(action.card))
    elif action.monster >= 0 and k.hk and k.kind in ("item", "one_shot"):
        m = monsters[action.monster]
        monsters[action.monster] = replace(m, items=(*m.items, action.card))
        event["monster"] = action.monster
    elif action.side:
        state = discard(state, [action.card])
        fight = replace(fight, one_shots=(*fight.one_shots, (action.card, action.side)))
        event["side"] = action.side
    else:  # remove_monster
        state = discard(state, [action.card])
        monsters = without(fight, action.monster)
        gone = fight.monsters[action.monster]
        state = discard(state, [gone.card, *gone.enhancers, *gone.items])
        event["removed"] = gone.card
    state = replace(state, fight=replace(fight, monsters=tuple(monsters)))
    state = reopen(state)
    if not monsters and not fight.killed:  # E4: with a kill the fight is won (settle_fight)
        return end_without_fight(state, [event])
    return state, [event]


def without(fight: Fight, index: int) -> list[Monster]:
    """C7: the monsters once ``index`` is removed. Its Doubles stay, each a monster of its own
    (M4: the Double "porta in campo un altro mostro"), keeping the original's card and what
    raised it (M5) as copies; the others' indexes close up."""
    gone = fight.monsters[index]
    kept = enhancers_of(fight, index) + tuple(
        x for x in items_of(fight, index) if card(x).bonus > 0
    )
    monsters: list[Monster] = []
    for i, m in enumerate(fight.monsters):
        if m.of == index:
            m = replace(m, of=-1, copy=gone.base(), copied=m.copied + kept)
        if i != index:
            monsters.append(replace(m, of=m.of - (m.of > index)))
    return monsters


def slays(state: State, seat: int) -> list[Action]:
    """E4: the epic Samurai discards a hand of at least 3 cards to kill one monster."""
    if "draw_and_strike" not in epic_ops(state, seat):
        return []
    fight = state.fight
    assert fight is not None
    minimum = max(
        e.amount
        for c in state.players[seat].classes
        for e in card(c).epic
        if e.op == "draw_and_strike"
    )
    if len(state.players[seat].hand) < minimum:
        return []
    return [Slay(i) for i in range(len(fight.monsters))]  # a Double too: a monster (C7)


def slay(state: State, seat: int, index: int) -> tuple[State, list[Event]]:
    """One monster leaves the fight killed ("per rimuovere un Mostro dal combattimento"): like
    C7's removal, its Doubles stay, each a monster of its own (:func:`without`), and a Double
    may be struck on its own (it dies as the monster it copies). Its levels and treasures,
    its enhancers' included (IF4), count at the end (only 1 level, no treasure, if the
    others are run from: I12). Killing the last one wins
    the fight as any other way does: through the fighter's *resolve* and the window (C13),
    where the others may still bring a monster in or play a trap."""
    fight = state.fight
    assert fight is not None
    hand = state.players[seat].hand
    state = discard(put_player(state, seat, replace(state.players[seat], hand=(), shown=())), hand)
    gone = fight.monsters[index]
    state = discard(state, [gone.card, *gone.enhancers, *gone.items])
    as_card = (fight.monsters[gone.of] if gone.of >= 0 else gone).base()
    killed = (*fight.killed, as_card)  # a Double counts as the monster it copies (C7)
    extra = fight.killed_treasures + monster_treasures(fight, index) - card(as_card).treasures
    fight = replace(
        fight, monsters=tuple(without(fight, index)), killed=killed, killed_treasures=extra
    )
    state = replace(state, fight=fight)
    event: Event = {"type": "slain", "seat": seat, "card": gone.card, "discarded": list(hand)}
    return reopen(state), [event]


def strike(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """P7: ``cid`` discarded from the hand or from play for the ability's bonus."""
    if cid in state.players[seat].hand:
        state = discard(from_hand(state, seat, cid), [cid])
    else:  # P7: a card in play, with what goes with it (a mook's enhancers, Super Munchkin)
        state = lose(state, seat, cid)
    fight = state.fight
    assert fight is not None
    state = replace(state, fight=replace(fight, discards=(*fight.discards, (seat, cid))))
    return reopen(state), [{"type": "card_played", "seat": seat, "card": cid, "side": HEROES}]


def end_without_fight(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Every monster removed: the fight ends, no level, no treasure (C: "se sconfiggi un
    mostro senza ucciderlo, non avanzi MAI di livello")."""
    state, more = pay_bribe(state)
    return replace(clear_fight(state), phase="loot", offers=trades_only(state)), events + more


# --- the window and the resolution -------------------------------------------------------------


def trades_only(state: State) -> tuple[Offer, ...]:
    """The open offers once a fight is over: the help offers end with it."""
    return tuple(o for o in state.offers if o.kind == "trade")


def in_fight(state: State, seat: int) -> bool:
    """Whether ``seat`` fights or helps in the open fight (I25: no trading then)."""
    fight = state.fight
    return fight is not None and seat in (fight.fighter, fight.helper)


def others(state: State) -> list[int]:
    fight = state.fight
    assert fight is not None
    return [s for s in range(state.num_players) if s != fight.fighter]


def waiting(state: State) -> list[int]:
    """The seats the interference window waits for: every other player who has not passed
    (nor passed for the whole fight) — whatever they hold."""
    fight = state.fight
    if fight is None or fight.stage != "window":
        return []
    gone = set(fight.passed) | set(fight.passed_fight)
    return [s for s in others(state) if s not in gone]


def resolve(state: State) -> tuple[State, list[Event]]:
    """The fighter says *resolve*: the window opens (C/I), or the fight resolves at once when
    nobody is left to ask."""
    fight = state.fight
    assert fight is not None
    state = replace(
        state,
        fight=replace(fight, stage="window", passed=()),
        opened=state.opened + 1,
        offers=trades_only(state),
    )
    events: list[Event] = [{"type": "window_opened", "opened": state.opened}]
    if not waiting(state):
        state, more = settle_fight(state)
        events += more
    return state, events


def pass_(state: State, seat: int, whole: bool) -> tuple[State, list[Event]]:
    fight = state.fight
    assert fight is not None
    if whole:
        fight = replace(fight, passed_fight=(*fight.passed_fight, seat))
    fight = replace(fight, passed=(*fight.passed, seat))
    state = replace(state, fight=fight)
    events: list[Event] = [{"type": "passed", "seat": seat, "fight": whole}]
    if not waiting(state):
        state, more = settle_fight(state)
        events += more
    return state, events


def settle_fight(state: State) -> tuple[State, list[Event]]:
    """Everyone passed: strictly greater kills, else the fighter's side runs; with every
    monster killed by the epic Samurai (E4) there is nothing left to beat."""
    fight = state.fight
    assert fight is not None
    if winning(state) or not fight.monsters:
        return win(state)
    return start_running(state)


def start_running(state: State) -> tuple[State, list[Event]]:
    """The fighter's side runs from every monster left (C7). An epic Samurai's earlier strike
    still killed (E4: "Lo hai ucciso"): its one level is a kill's, so it may reach the goal
    (T3), and then the game ends there, before anyone rolls."""
    fight = state.fight
    assert fight is not None
    state, events = pay_bribe(state)
    if fight.killed:  # E4: a strike then a run: one level, no treasure
        state, more = change_level(state, fight.fighter, 1, kill=True)
        events += more
    heroes, monsters = totals(state)
    events = [{"type": "fight_lost", "heroes": heroes, "monsters": monsters}, *events]
    if fight.killed:  # T3: the kill's level may have reached the goal
        state, won = check_win(state)
        if won:
            return state, events + won
    runners = [fight.fighter] + ([fight.helper] if fight.helper >= 0 else [])
    jobs = (*tuple(Job(s, "run") for s in runners), Job(fight.fighter, "end_fight"))
    # a limit that fell with the bribe (I36) is trimmed before anyone runs
    running = replace(state.fight or fight, stage="run")  # the bribe paid, its items benched
    state = replace(state, fight=running, queue=state.queue + jobs)
    return state, events


def win(state: State) -> tuple[State, list[Event]]:
    """C/X: a level per monster killed (2 for the big ones), the fighter only; the treasure
    face down alone, face up when helped, then split as agreed."""
    fight = state.fight
    assert fight is not None
    heroes, monsters = totals(state)
    events: list[Event] = [{"type": "fight_won", "heroes": heroes, "monsters": monsters}]
    state, more = pay_bribe(state)
    events += more
    levels = sum(monster_card(fight, i).levels for i in range(len(fight.monsters)))
    levels += sum(card(k).levels for k in fight.killed)
    count = treasures_won(state)
    state, more = change_level(state, fight.fighter, levels, kill=True)
    events += more
    state, more = rewards.helper_levels(state, fight)
    events += more
    state, drawn = draw(state, TREASURE, count)
    if fight.helper < 0:
        state = to_hand(state, fight.fighter, drawn)
        face_down = {"deck": "treasure", "count": len(drawn)}
        events.append({"type": "treasure_drawn", "seat": fight.fighter, **face_down})
        jobs: tuple[Job, ...] = ()
    else:
        events.append({"type": "treasure_drawn", "seat": fight.fighter, "cards": list(drawn)})
        share = min(fight.treasures, len(drawn))
        jobs = split_jobs(fight, share, len(drawn))
    fight = replace(state.fight or fight, stage="done", loot=drawn if fight.helper >= 0 else ())
    jobs += rewards.on_kill_jobs(fight)
    # a limit that fell with the bribe (I36) is trimmed first, then the picks
    state = replace(
        state, fight=fight, queue=(*state.queue, *jobs, Job(fight.fighter, "end_fight"))
    )
    state, won = check_win(state)
    return state, events + won


def split_jobs(fight: Fight, share: int, total: int) -> tuple[Job, ...]:
    """H: the helper takes ``share`` of the face-up treasure; picks alternate from whoever
    picks first until the helper has its share, the fighter keeps the rest."""
    jobs: list[Job] = []
    helper_left, fighter_left = share, total - share
    turn_helper = fight.helper_first
    while helper_left or fighter_left:
        if (turn_helper and helper_left) or not fighter_left:
            jobs.append(Job(fight.helper, "split"))
            helper_left -= 1
        else:
            jobs.append(Job(fight.fighter, "split"))
            fighter_left -= 1
        turn_helper = not turn_helper
    return tuple(jobs)


def close(state: State) -> tuple[State, list[Event]]:
    """The fight is over: its cards to the discards, the turn goes on (loot phase)."""
    if state.phase == "over":
        return state, []
    return replace(clear_fight(state), phase="loot", offers=trades_only(state)), [
        {"type": "fight_ended"}
    ]
