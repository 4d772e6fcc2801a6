"""Monster Day (P.D. Magnus, a Decktet game): the rules that change a table, and the one module
bound to the engine contract (:class:`rules.base.ModuleEngine`).

The rulebook (Italian) is the specification; ``docs/rules/monster_day.md`` lists every rule, the
code that implements it, the test that checks it and each interpretation made here.

Board: six spaces in a line, each marked by an Ace. Spaces 0-2 are seat 0's village (space 0 is
nearest seat 0), spaces 3-5 are seat 1's (space 5 nearest seat 1). The monsters start between
space 2 and space 3 (position ``None``). A turn is one :class:`Play`: the card goes on a space
whose Ace shares one of its suits, the engine rolls both dice, the monsters named by faces 1-4
move one space toward the village with the higher total, and the player draws if it can.

Everything is immutable: :class:`State` holds tuples and the seeded :class:`~rules.base.Rng`, so
``apply`` returns a new state and ``setup(seed)`` plus the same plays replays a game exactly.

The model (constants, cards' worth, state, action) is :mod:`.model`, the dice and the monsters'
walk and the score :mod:`.monsters`; their names are re-exported here, so callers need only
this module.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rules import decktet
from rules.base import Event, IllegalAction, Rng
from rules.monster_day.determinize import determinize  # re-exported: ModuleEngine's hook
from rules.monster_day.model import (
    CROWN_VALUE,
    DEFAULT_OPTIONS,
    DUMP_VERSION,
    EXCUSE_VALUE,
    EXTENDED_CARDS,
    EXTENDED_PARTS,
    EXTENDED_RANKS,
    GAME_ID,
    HAND_SIZE,
    MONSTER_NAMES,
    MONSTER_POINTS,
    MONSTERS,
    NUM_SPACES,
    ROLLED_RANKS,
    LastTurn,
    Play,
    State,
    Turn,
    fixed_value,
    is_rolled,
    matches,
    owner,
    spaces_for,
    starting_deck,
    top_card,
)
from rules.monster_day.monsters import (
    counts,
    leader,
    monsters_for_dice,
    move_monster,
    roll_for_monsters,
    score,
    step,
    value_matters,
    village_totals,
    winners,
)

__all__ = [
    "CROWN_VALUE",
    "DEFAULT_OPTIONS",
    "DUMP_VERSION",
    "EXCUSE_VALUE",
    "EXTENDED_PARTS",
    "EXTENDED_RANKS",
    "GAME_ID",
    "HAND_SIZE",
    "MAX_WIRE_INT",
    "MONSTERS",
    "MONSTER_NAMES",
    "MONSTER_POINTS",
    "NUM_SPACES",
    "ROLLED_RANKS",
    "LastTurn",
    "Play",
    "State",
    "Turn",
    "apply",
    "card_view",
    "check_action",
    "counts",
    "determinize",
    "dump",
    "dump_action",
    "fixed_value",
    "forced_action",
    "is_rolled",
    "leader",
    "legal_actions",
    "legal_spaces",
    "load",
    "load_action",
    "matches",
    "monsters_for_dice",
    "move_monster",
    "outcome",
    "owner",
    "pending",
    "roll_for_monsters",
    "score",
    "setup",
    "starting_deck",
    "step",
    "top_card",
    "value_matters",
    "view",
    "village_totals",
    "winners",
]

# --- setup -------------------------------------------------------------------------------------


def _checked_options(options: dict[str, Any] | None) -> tuple[str, ...]:
    """The extended ranks the deck gets (X1, I16): those ``extended_cards`` names, or, when it
    names none, all of them with ``extended_deck`` on and none with it off."""
    merged = {**DEFAULT_OPTIONS, **(options or {})}
    unknown = set(merged) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown Monster Day options: {sorted(unknown)}")
    if not isinstance(merged["extended_deck"], bool):
        raise ValueError("extended_deck must be a bool")
    parts = EXTENDED_CARDS.parts(str(EXTENDED_CARDS.check(merged["extended_cards"])))
    if parts:
        return tuple(EXTENDED_PARTS[part] for part in EXTENDED_PARTS if part in parts)
    return EXTENDED_RANKS if merged["extended_deck"] else ()


def _first_player(rng: Rng) -> tuple[tuple[tuple[int, int], ...], int, Rng]:
    """Each player rolls a die, seat 0 first; the higher starts; ties roll again."""
    rounds: list[tuple[int, int]] = []
    while True:
        (a, b), rng = rng.dice(2)
        rounds.append((a, b))
        if a != b:
            return tuple(rounds), (0 if a > b else 1), rng


def setup(num_players: int, options: dict[str, Any] | None, seed: int) -> State:
    """Shuffle the Aces into the line, shuffle and deal three cards each, roll for first player."""
    if num_players != 2:
        raise ValueError("Monster Day is for exactly 2 players")
    extended = _checked_options(options)
    rng = Rng(int(seed))
    aces, rng = rng.shuffled(decktet.ids_of_rank("ace"))
    deck, rng = rng.shuffled(starting_deck(extended))
    dealt = deck[: 2 * HAND_SIZE]
    hands = (dealt[0::2], dealt[1::2])  # one at a time, seat 0 first
    rolls, first, rng = _first_player(rng)
    return State(
        extended=extended,
        aces=aces,
        piles=((),) * NUM_SPACES,
        monsters=(None,) * len(MONSTERS),
        hands=hands,
        deck=deck[2 * HAND_SIZE :],
        current=first,
        turn_number=1,
        first_player_rolls=rolls,
        last_turn=None,
        rng=rng,
    )


# --- legality ----------------------------------------------------------------------------------


def pending(state: State) -> list[int]:
    return [] if state.current is None else [state.current]


def legal_spaces(state: State, card_id: str) -> list[int]:
    return list(spaces_for(card_id, state.aces))


def legal_actions(state: State, seat: int) -> list[Play]:
    """Every play open to ``seat`` now (empty when it is not their turn), hand order then space."""
    if state.current is None or seat != state.current:
        return []
    plays: list[Play] = []
    for card_id in dict.fromkeys(state.hands[seat]):
        plays.extend(Play(card_id, space) for space in legal_spaces(state, card_id))
    return plays


def forced_action(state: State, seat: int) -> Play | None:
    """The play the platform may make for ``seat`` (docs/rules/monster_day.md, I13): only
    when the hand is public, because the deck is empty and the other player holds nothing (then
    the hand is every card not yet played, and every card is played face up), and that hand
    allows one play only (a last Crown: one suit, one Ace). Otherwise hands are hidden, and a
    move made for a player would tell their opponent what they hold."""
    if seat not in pending(state) or state.deck or state.hands[1 - seat]:
        return None
    plays = legal_actions(state, seat)
    return plays[0] if len(plays) == 1 else None


def _is_play(action: Any) -> bool:
    return (
        isinstance(action, Play)
        and isinstance(action.card, str)
        and isinstance(action.space, int)
        and not isinstance(action.space, bool)
    )


def check_action(state: State, seat: int, action: Any) -> None:
    """Raise :class:`IllegalAction` with a stable code unless ``action`` is legal for ``seat``."""
    if state.current is None:
        raise IllegalAction("game_over", "the game ended with the last card played")
    if seat != state.current:
        raise IllegalAction("not_your_turn", "players alternate turns", current=state.current)
    if not _is_play(action):
        raise IllegalAction("malformed_action", "an action is Play(card, space)")
    if action.card not in state.hands[seat]:
        raise IllegalAction("card_not_in_hand", "play a card from your hand", card=action.card)
    if not 0 <= action.space < NUM_SPACES:
        raise IllegalAction("no_such_space", "the board has spaces 0..5", space=action.space)
    if not matches(action.card, state.aces[action.space]):
        raise IllegalAction(
            "suit_mismatch", "the card must share a suit with the space's Ace", card=action.card
        )


# --- a turn ------------------------------------------------------------------------------------


def _without(hand: tuple[str, ...], card_id: str) -> tuple[str, ...]:
    index = hand.index(card_id)
    return hand[:index] + hand[index + 1 :]


def _with_hand(
    hands: tuple[tuple[str, ...], ...], seat: int, hand: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return tuple(hand if i == seat else h for i, h in enumerate(hands))


def _next_seat(hands: tuple[tuple[str, ...], ...], deck: tuple[str, ...], seat: int) -> int | None:
    """The other player, unless only ``seat`` still holds cards; ``None`` once all are played."""
    other = 1 - seat
    if hands[other] or deck:
        return other
    return seat if hands[seat] else None


def _freeze(events: list[Event]) -> str:
    return json.dumps(events, sort_keys=True, separators=(",", ":"))


def apply(state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
    """Play the card, roll for the monsters, draw, pass the turn; the input is never changed."""
    check_action(state, seat, action)
    card_id, space = action.card, action.space
    piles = tuple((*p, card_id) if i == space else p for i, p in enumerate(state.piles))
    hand = _without(state.hands[seat], card_id)
    events: list[Event] = [{"type": "played", "seat": seat, "card": card_id, "space": space}]
    dice, monsters, rng, moved = roll_for_monsters(piles, state.monsters, state.rng)
    events.append({"type": "dice", "seat": seat, "dice": list(dice)})
    events.extend(moved)
    deck = state.deck
    if deck:
        hand, deck = (*hand, deck[0]), deck[1:]
        events.append({"type": "drew", "seat": seat})
    else:
        events.append({"type": "deck_empty", "seat": seat})
    hands = _with_hand(state.hands, seat, hand)
    current = _next_seat(hands, deck, seat)
    if current is None:
        final = score(monsters)
        events.append({"type": "game_over", "scores": final, "winners": winners(final)})
    last = LastTurn(seat, card_id, space, dice, _freeze(events))
    turn = Turn(seat, card_id, space, state.monsters, dice)
    new = replace(
        state,
        piles=piles,
        monsters=monsters,
        hands=hands,
        deck=deck,
        current=current,
        turn_number=state.turn_number + (current is not None),
        last_turn=last,
        rng=rng,
        history=(*state.history, turn),
    )
    return new, events


def outcome(state: State) -> dict[str, Any] | None:
    if state.current is not None:
        return None
    final = score(state.monsters)
    return {"scores": final, "winners": winners(final)}


# --- views -------------------------------------------------------------------------------------


def card_view(card_id: str) -> dict[str, Any]:
    """A card as the view's CARD: the Decktet data plus its Monster Day value."""
    card = decktet.card(card_id)
    return {**card.to_json(), "value": fixed_value(card)}


def _space_view(state: State, space: int) -> dict[str, Any]:
    pile = state.piles[space]
    return {
        "ace": card_view(state.aces[space]),
        "owner": owner(space),
        "top": card_view(pile[-1]) if pile else None,
        "covered": max(len(pile) - 1, 0),
    }


def _monster_view(index: int, position: int | None) -> dict[str, Any]:
    monster = MONSTERS[index]
    return {
        "id": monster,
        "space": position,
        "points": MONSTER_POINTS[monster],
        "name": dict(MONSTER_NAMES[monster]),
    }


def _last_turn_view(last: LastTurn | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "seat": last.seat,
        "card": card_view(last.card),
        "space": last.space,
        "dice": list(last.dice),
        "events": json.loads(last.events),
    }


def _turn_json(turn: Turn) -> dict[str, Any]:
    """A turn of the history as JSON (the card by id: the view stays small at 45 turns)."""
    return {
        "seat": turn.seat,
        "card": turn.card,
        "space": turn.space,
        "monsters": list(turn.monsters),
        "dice": list(turn.dice),
    }


def _load_turn(data: dict[str, Any]) -> Turn:
    a, b = data["dice"]
    return Turn(
        seat=int(data["seat"]),
        card=str(data["card"]),
        space=int(data["space"]),
        monsters=tuple(None if m is None else int(m) for m in data["monsters"]),
        dice=(int(a), int(b)),
    )


def _options_json(state: State) -> dict[str, Any]:
    """The deck options as :func:`setup` read them, ``extended_cards`` always spelled out."""
    parts = [part for part, rank in EXTENDED_PARTS.items() if rank in state.extended]
    return {"extended_deck": state.extended_deck, "extended_cards": EXTENDED_CARDS.join(parts)}


def _load_extended(options: dict[str, Any]) -> tuple[str, ...]:
    """A dump's extended ranks; a dump from before ``extended_cards`` had all or none."""
    if "extended_cards" in options:
        return _checked_options({"extended_cards": options["extended_cards"]})
    return EXTENDED_RANKS if options["extended_deck"] else ()


def view(state: State, seat: int | None) -> dict[str, Any]:
    """All that ``seat`` may know (``None``: the public view). Hands appear only as counts,
    except the viewer's own; the deck order and the rng never appear."""
    if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
        raise ValueError(f"no seat {seat!r} in Monster Day")
    data: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "options": _options_json(state),
        "spaces": [_space_view(state, i) for i in range(NUM_SPACES)],
        "monsters": [_monster_view(i, p) for i, p in enumerate(state.monsters)],
        "hand_counts": [len(h) for h in state.hands],
        "deck_count": len(state.deck),
        "current": state.current,
        "turn_number": state.turn_number,
        "first_player_rolls": [list(r) for r in state.first_player_rolls],
        "last_turn": _last_turn_view(state.last_turn),
        "history": [_turn_json(t) for t in state.history],
        "scores": score(state.monsters),
        "over": state.over,
        "outcome": outcome(state),
    }
    if seat is not None:
        data["hand"] = [card_view(c) for c in state.hands[seat]]
    return data


# --- persistence -------------------------------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    """Plain JSON, lossless (includes the hidden hands, deck and rng: storage only, never shown)."""
    last = state.last_turn
    return {
        "version": DUMP_VERSION,
        "options": _options_json(state),
        "aces": list(state.aces),
        "piles": [list(p) for p in state.piles],
        "monsters": list(state.monsters),
        "hands": [list(h) for h in state.hands],
        "deck": list(state.deck),
        "current": state.current,
        "turn_number": state.turn_number,
        "first_player_rolls": [list(r) for r in state.first_player_rolls],
        "last_turn": None
        if last is None
        else {
            "seat": last.seat,
            "card": last.card,
            "space": last.space,
            "dice": list(last.dice),
            "events": json.loads(last.events),
        },
        "rng": state.rng.dump(),
        "history": [_turn_json(t) for t in state.history],
    }


def _load_last_turn(data: dict[str, Any] | None) -> LastTurn | None:
    if data is None:
        return None
    a, b = data["dice"]
    return LastTurn(
        seat=int(data["seat"]),
        card=str(data["card"]),
        space=int(data["space"]),
        dice=(int(a), int(b)),
        events=_freeze(data["events"]),
    )


def load(data: dict[str, Any]) -> State:
    """Inverse of :func:`dump`; a dump from before the history loads with none."""
    if data.get("version") != DUMP_VERSION:
        raise ValueError(f"unsupported Monster Day dump version {data.get('version')!r}")
    return State(
        extended=_load_extended(data["options"]),
        aces=tuple(data["aces"]),
        piles=tuple(tuple(p) for p in data["piles"]),
        monsters=tuple(None if m is None else int(m) for m in data["monsters"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        deck=tuple(data["deck"]),
        current=None if data["current"] is None else int(data["current"]),
        turn_number=int(data["turn_number"]),
        first_player_rolls=tuple((int(a), int(b)) for a, b in data["first_player_rolls"]),
        last_turn=_load_last_turn(data["last_turn"]),
        rng=Rng.load(data["rng"]),
        history=tuple(_load_turn(t) for t in data.get("history", ())),
    )


def dump_action(action: Play) -> dict[str, Any]:
    return {"card": action.card, "space": action.space}


MAX_WIRE_INT = 2**31
"""Ints beyond this in an action are garbage, not a space number: reject them early."""


def load_action(data: Any) -> Play:
    """A :class:`Play` from ``{"card": id, "space": int}``; anything else is ``malformed_action``.
    The card must be a Decktet id (whether it is in the hand is ``apply``'s business)."""
    if not isinstance(data, dict) or set(data) != {"card", "space"}:
        raise IllegalAction("malformed_action", "an action is {card, space}")
    card_id, space = data["card"], data["space"]
    if not isinstance(card_id, str) or card_id not in decktet.cards():
        raise IllegalAction("malformed_action", "card must be a Decktet card id")
    if not isinstance(space, int) or isinstance(space, bool) or abs(space) >= MAX_WIRE_INT:
        raise IllegalAction("malformed_action", "space must be an integer")
    return Play(card_id, space)
