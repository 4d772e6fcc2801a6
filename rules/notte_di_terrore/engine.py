"""Notte di Terrore (DaRgon): the rules that change a table (setup and ``apply``), and the one
module bound to the engine contract (:class:`rules.base.ModuleEngine`).

The Italian rulebook is the specification; ``docs/rules/notte_di_terrore.md`` lists every rule,
the code implementing it, its test and each interpretation (I1..I22) followed here. The model
(state, actions, JSON) is :mod:`.model`, the setup :mod:`.setup`, the small state changes
(draws, discards, Terror piles) :mod:`.piles`, what is legal :mod:`.legality`, the views
:mod:`.views` and the forced moves :mod:`.forced`; their names are re-exported here, so
callers need only this module.

Everything is immutable: :class:`State` holds tuples and the seeded :class:`~rules.base.Rng`,
so ``apply`` returns a new state and ``setup(seed)`` plus the same actions replays a game.
Card ids are physical copies (``"zombie:3"``); ids are unique across the four decks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Event
from rules.notte_di_terrore import cards
from rules.notte_di_terrore.determinize import determinize  # re-exported: ModuleEngine's hook
from rules.notte_di_terrore.forced import forced_action, skip_action
from rules.notte_di_terrore.legality import (
    being_placement_error,
    check_action,
    discardable,
    held_weapons,
    legal_actions,
    missing_cards,
    pending,
    revealed_forbidden,
)
from rules.notte_di_terrore.model import (
    ACTION_NAMES,
    ACTION_TYPES,
    DECK_NAMES,
    DEFAULT_OPTIONS,
    DUMP_VERSION,
    FIRST_PLAYERS,
    GAME_ID,
    HOME_TERROR,
    PHASE_ACTIONS,
    PLACE_PASSED_TERROR,
    TURN_LIMIT_PER_PLAYER,
    VICTORIES,
    WEAPONS_HELD,
    Action,
    ArrangeWeapons,
    Attack,
    ChooseSplit,
    Discard,
    EndResolution,
    Flee,
    Monster,
    Pass,
    PileCard,
    PlaceBeing,
    PlaceEvent,
    Player,
    Refill,
    State,
    Summon,
    SwapWeapon,
    being,
    can_defeat,
    combination,
    deck_of,
    dump,
    dump_action,
    event,
    hand_kinds,
    hand_size,
    is_being,
    is_event,
    is_necronomicon,
    left_of,
    load,
    load_action,
    outcome,
    place,
    remove_terror,
    scores,
    terror_score,
    weapon,
    winners,
)
from rules.notte_di_terrore.piles import (
    add_to_pile,
    draw,
    draw_hand_cards,
    event_entries,
    reduce_terror,
    set_player,
    to_discard,
)
from rules.notte_di_terrore.setup import checked_options, setup
from rules.notte_di_terrore.views import (
    card_info,
    view,
)

__all__ = [
    "ACTION_NAMES",
    "ACTION_TYPES",
    "DECK_NAMES",
    "DEFAULT_OPTIONS",
    "DUMP_VERSION",
    "FIRST_PLAYERS",
    "GAME_ID",
    "HOME_TERROR",
    "PHASE_ACTIONS",
    "PLACE_PASSED_TERROR",
    "TURN_LIMIT_PER_PLAYER",
    "VICTORIES",
    "WEAPONS_HELD",
    "Action",
    "ArrangeWeapons",
    "Attack",
    "ChooseSplit",
    "Discard",
    "EndResolution",
    "Flee",
    "Monster",
    "Pass",
    "PileCard",
    "PlaceBeing",
    "PlaceEvent",
    "Player",
    "Refill",
    "State",
    "Summon",
    "SwapWeapon",
    "apply",
    "being",
    "being_placement_error",
    "can_defeat",
    "card_info",
    "check_action",
    "checked_options",
    "combination",
    "deck_of",
    "determinize",
    "discardable",
    "dump",
    "dump_action",
    "event",
    "forced_action",
    "hand_kinds",
    "hand_size",
    "held_weapons",
    "is_being",
    "is_event",
    "is_necronomicon",
    "left_of",
    "legal_actions",
    "load",
    "load_action",
    "missing_cards",
    "outcome",
    "pending",
    "place",
    "remove_terror",
    "revealed_forbidden",
    "scores",
    "setup",
    "skip_action",
    "terror_score",
    "view",
    "weapon",
    "winners",
]


# --- applying ----------------------------------------------------------------------------------


def _same_pair_in_listed_order(state: State, seat: int, action: Any) -> Any:
    """C1, D5: two Weapons used together, or kept together on the table, are the same move
    whichever is named first; ``legal_actions`` lists each pair once, in table order."""
    if isinstance(action, Attack) and len(action.weapons) == 2:
        swapped: Any = Attack(action.target, (action.weapons[1], action.weapons[0]))
    elif isinstance(action, ArrangeWeapons) and len(action.table) == 2:
        swapped = ArrangeWeapons((action.table[1], action.table[0]))
    else:
        return action
    legal = legal_actions(state, seat)
    return swapped if action not in legal and swapped in legal else action


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    action = _same_pair_in_listed_order(state, seat, action)
    check_action(state, seat, action)
    events: list[Event] = []
    if isinstance(action, ChooseSplit):
        state = _choose_split(state, seat, action, events)
    elif state.phase == "apparition":
        state = _apparition(state, seat, action, events)
    elif state.phase == "resolution":
        state = _resolution(state, action, events)
    elif isinstance(action, Discard):
        state = _discard(state, action, events)
    elif isinstance(action, Refill):
        state = _refill(state, action, events)
    else:
        assert isinstance(action, ArrangeWeapons)  # check_action let nothing else through
        state = _arrange(state, action, events)
    return state, events


def _choose_split(state: State, seat: int, action: ChooseSplit, events: list[Event]) -> State:
    state = set_player(state, seat, replace(state.players[seat], split=action.events))
    events.append({"type": "split_chosen", "seat": seat})
    if any(p.split is None for p in state.players):
        return state
    size = hand_size(state.num_players)
    for s in range(state.num_players):
        k = state.players[s].split
        assert k is not None
        state, hand = draw_hand_cards(state, k, size - k)
        state = set_player(state, s, replace(state.players[s], hand=hand))
    events.append(
        {
            "type": "hands_dealt",
            "sizes": [len(p.hand) for p in state.players],
            "splits": [list(hand_kinds(p.hand)) for p in state.players],
        }
    )
    return _start_turn(state, state.first, events)


def _start_turn(state: State, seat: int, events: list[Event]) -> State:
    """T1: reveal the next Place unless one is revealed; Apparition starts on the left (A1)."""
    player = state.players[seat]
    state = replace(
        state,
        current=seat,
        phase="apparition",
        passed=(),
        turned=(),
        swapped=False,
        attacked=False,
        turn_number=state.turn_number + 1,
        to_act=left_of(seat, state.num_players),
    )
    events.append({"type": "turn", "seat": seat, "number": state.turn_number})
    if player.revealed is None:
        revealed, rest = player.face_down[0], player.face_down[1:]
        player = replace(player, revealed=revealed, face_down=rest, infested=False, monsters=())
        state = set_player(state, seat, player)
        events.append({"type": "place_revealed", "seat": seat, "place": revealed})
    return state


def _without(hand: tuple[str, ...], *card_ids: str) -> tuple[str, ...]:
    return tuple(c for c in hand if c not in card_ids)


def _apparition(state: State, seat: int, action: Action, events: list[Event]) -> State:
    player = state.players[seat]
    if isinstance(action, Pass):
        state = replace(state, passed=(*state.passed, seat))
        events.append({"type": "pass", "seat": seat})
    elif isinstance(action, PlaceBeing):
        state = set_player(state, seat, replace(player, hand=_without(player.hand, action.card)))
        active = state.players[state.current]
        monsters = (*active.monsters, Monster(action.card))
        state = set_player(state, state.current, replace(active, monsters=monsters))
        events.append({"type": "being_placed", "seat": seat, "card": action.card})
    elif isinstance(action, Summon):
        hand = _without(player.hand, action.card, action.being)
        state = set_player(state, seat, replace(player, hand=hand))
        active = state.players[state.current]
        monsters = (*active.monsters, Monster(action.being, (), action.card))
        state = set_player(state, state.current, replace(active, monsters=monsters))
        events.append(
            {"type": "summoned", "seat": seat, "card": action.card, "being": action.being}
        )
    else:
        assert isinstance(action, PlaceEvent)
        state = set_player(state, seat, replace(player, hand=_without(player.hand, action.card)))
        active = state.players[state.current]
        monsters = tuple(
            replace(m, events=(*m.events, action.card)) if m.card == action.target else m
            for m in active.monsters
        )
        state = set_player(state, state.current, replace(active, monsters=monsters))
        events.append(
            {"type": "event_placed", "seat": seat, "card": action.card, "target": action.target}
        )
    n = state.num_players
    if len(state.passed) == n:
        return _end_apparition(state, events)
    nxt = left_of(seat, n)
    while nxt in state.passed:
        nxt = left_of(nxt, n)
    return replace(state, to_act=nxt)


def _end_apparition(state: State, events: list[Event]) -> State:
    """A4, L3: the Place is infested; a Place with no Being is passed at once (I7)."""
    player = replace(state.players[state.current], infested=True)
    state = replace(set_player(state, state.current, player), to_act=None)
    events.append({"type": "apparition_over", "seat": state.current})
    if not player.monsters:
        return _end_resolution(state, events)
    return replace(state, phase="resolution")


def _resolution(state: State, action: Action, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    if isinstance(action, SwapWeapon):
        assert player.weapon_hand is not None
        table = tuple(player.weapon_hand if w == action.card else w for w in player.table)
        state = set_player(state, seat, replace(player, table=table, weapon_hand=action.card))
        events.append({"type": "weapon_swapped", "seat": seat, "to_hand": action.card})
        return replace(state, swapped=True)
    if isinstance(action, Attack):
        return _attack(state, action, events)
    if isinstance(action, Flee):
        return _flee(state, events)
    return _end_resolution(state, events)


def _attack(state: State, action: Attack, events: list[Event]) -> State:
    """R2, R5, C1, N4: kill the target; turn the Weapons or spend the Necronomicon."""
    seat = state.current
    player = state.players[seat]
    monster = next(m for m in player.monsters if m.card == action.target)
    monsters = tuple(m for m in player.monsters if m.card != action.target)
    necro = is_necronomicon(action.weapons[0])
    hand = _without(player.hand, action.weapons[0]) if necro else player.hand
    state = set_player(state, seat, replace(player, monsters=monsters, hand=hand))
    gone = [monster.card, *monster.events, *([monster.summoned_by] if monster.summoned_by else [])]
    state = to_discard(state, gone)
    if necro:
        if state.necronomicon_removed:
            state = replace(state, removed=(*state.removed, action.weapons[0]))
        else:
            state = to_discard(state, [action.weapons[0]])
        removed = 0
    else:
        state = replace(state, turned=(*state.turned, *action.weapons))
        b = being(monster.card)
        points = -cards.terror_of(b, [event(e) for e in monster.events], killed=True)
        state, removed = reduce_terror(state, seat, points)
    events.append(
        {
            "type": "killed",
            "seat": seat,
            "being": monster.card,
            "weapons": list(action.weapons),
            "terror_removed": removed,
        }
    )
    return replace(state, attacked=True)


def _flee(state: State, events: list[Event]) -> State:
    """F1, I7: Events and Beings (twice their value, rotated) to the pile; leave the Place."""
    seat = state.current
    player = state.players[seat]
    entries: list[PileCard] = []
    necros: list[str] = []
    for monster in player.monsters:
        entries.extend(event_entries(monster))
        entries.append(PileCard(monster.card, 2 * being(monster.card).value, True))
        if monster.summoned_by:
            necros.append(monster.summoned_by)
    assert player.revealed is not None
    player = replace(
        player, monsters=(), revealed=None, path=(*player.path, player.revealed), infested=False
    )
    state = add_to_pile(set_player(state, seat, player), seat, entries)
    state = to_discard(state, necros)
    events.append({"type": "fled", "seat": seat, "terror_added": sum(e.score for e in entries)})
    return replace(state, phase="discard")


def _end_resolution(state: State, events: list[Event]) -> State:
    """R4, N3, L6, L7: survivors' Events (and summoned survivors) to the pile; a Place with no
    survivor is passed (-2), the last one brings the player home (-5) and ends the game."""
    seat = state.current
    player = state.players[seat]
    entries: list[PileCard] = []
    necros: list[str] = []
    staying: list[Monster] = []
    for monster in player.monsters:
        entries.extend(event_entries(monster))
        if monster.summoned_by:
            entries.append(PileCard(monster.card, being(monster.card).value))
            necros.append(monster.summoned_by)
        else:
            staying.append(Monster(monster.card))
    state = set_player(state, seat, replace(player, monsters=tuple(staying)))
    state = add_to_pile(state, seat, entries)
    state = to_discard(state, necros)
    if entries:
        events.append(
            {"type": "terror_added", "seat": seat, "points": sum(e.score for e in entries)}
        )
    # I7, I19: a summoned survivor leaves for the pile "alla fine del Turno", so it still stands
    # on the Place when the fight ends: the Place is passed only if nothing survived at all.
    if player.monsters:
        return replace(state, phase="discard")
    return _pass_place(state, seat, events)


def _pass_place(state: State, seat: int, events: list[Event]) -> State:
    """L6, L7: the Place joins the path (-2); the last one brings the player home (-5)."""
    player = state.players[seat]
    assert player.revealed is not None
    player = replace(player, revealed=None, path=(*player.path, player.revealed), infested=False)
    state = set_player(state, seat, player)
    state, removed = reduce_terror(state, seat, PLACE_PASSED_TERROR)
    events.append({"type": "place_passed", "seat": seat, "terror_removed": removed})
    if player.face_down:
        return replace(state, phase="discard")
    state, removed = reduce_terror(state, seat, HOME_TERROR)
    state = set_player(state, seat, replace(state.players[seat], home=True))
    events.append({"type": "home", "seat": seat, "terror_removed": removed})
    return _game_over(state, events, seat)


def _discard(state: State, action: Discard, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    card = action.card
    if card == player.weapon_hand:
        player = replace(player, weapon_hand=None)
    elif card in player.table:
        player = replace(player, table=_without(player.table, card))
    else:
        player = replace(player, hand=_without(player.hand, card))
    state = to_discard(set_player(state, seat, player), [card])
    state = replace(state, turned=_without(state.turned, card))
    events.append({"type": "discarded", "seat": seat, "card": card})
    return state


def _refill(state: State, action: Refill, events: list[Event]) -> State:
    """D4-D5: draw to hand size with the chosen split, then Weapons up to three, shown."""
    seat = state.current
    need = missing_cards(state)
    state, drawn = draw_hand_cards(state, action.events, need - action.events)
    player = state.players[seat]
    player = replace(player, hand=(*player.hand, *drawn))
    state = set_player(state, seat, player)
    got_events, got_beings = hand_kinds(drawn)
    events.append(
        {
            "type": "refilled",
            "seat": seat,
            "count": len(drawn),
            "events": got_events,
            "beings": got_beings,
        }
    )
    held = held_weapons(player)
    state, new_weapons = draw(state, "weapons", max(0, WEAPONS_HELD - len(held)))
    held = [*held, *new_weapons]
    events.append({"type": "weapons_drawn", "seat": seat, "cards": list(new_weapons)})
    if len(held) == WEAPONS_HELD:
        player = replace(state.players[seat], table=tuple(held), weapon_hand=None)
        return replace(set_player(state, seat, player), phase="arrange")
    player = replace(state.players[seat], table=tuple(held), weapon_hand=None)
    return _end_turn(set_player(state, seat, player), events)


def _arrange(state: State, action: ArrangeWeapons, events: list[Event]) -> State:
    seat = state.current
    player = state.players[seat]
    held = held_weapons(player)
    kept = next(w for w in held if w not in action.table)
    player = replace(player, table=action.table, weapon_hand=kept)
    events.append({"type": "weapons_arranged", "seat": seat, "table": list(action.table)})
    return _end_turn(set_player(state, seat, player), events)


def _end_turn(state: State, events: list[Event]) -> State:
    """T3, I15: the turn passes to the left, unless the turn limit ends the game."""
    if state.turn_number >= TURN_LIMIT_PER_PLAYER * state.num_players:
        return _game_over(state, events, None)
    state = replace(state, turned=(), swapped=False, attacked=False)
    return _start_turn(state, left_of(state.current, state.num_players), events)


def _game_over(state: State, events: list[Event], home: int | None) -> State:
    """T3, I1, I15: the first player home ends the game at once (step 9 could change no
    score, so nobody waits for it); so does the turn limit, with nobody home."""
    events.append({"type": "game_over", "home": home})
    return replace(
        state, phase="over", home_seat=home, to_act=None, turned=(), swapped=False, attacked=False
    )
