"""Monsters on Board (every mode: normal, family, solo 1 and 2): setup, who is pending, what is
legal and ``apply`` — the module bound to the engine contract (:class:`rules.base.ModuleEngine`).

The specification is ``docs/rules/monsters_on_board.md``; each function names the clauses it
implements. Phases live in their own modules (:mod:`.draft`, :mod:`.board`, :mod:`.spectral`,
family mode's in :mod:`.family`), the icons in :mod:`.effects`, the state in :mod:`.model`,
views in :mod:`.views`, forced and skip moves in :mod:`.forced`, what a mode changes in
:mod:`.modes` (:mod:`.solo1`, :mod:`.solo2`, :mod:`.family`).
This module only routes: a seat with an open decision answers it first, whatever the phase;
otherwise the phase decides (:data:`PHASES`).

Why a flip is legal whenever its owner is pending (I19): every back action touches only the
owner's board, so "at any time" matters only between the owner's own decisions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.base import Event, IllegalAction, Rng
from rules.monsters_on_board import board, draft, family, spectral
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.determinize import determinize  # re-exported: ModuleEngine's hook
from rules.monsters_on_board.effects import choices, perform
from rules.monsters_on_board.family import Family
from rules.monsters_on_board.forced import forced_action, skip_action
from rules.monsters_on_board.model import (
    DRAFTS,
    GAME_ID,
    ROWS,
    Action,
    Activate,
    BuyArch,
    BuyGhost,
    Done,
    FamilyPick,
    Flip,
    MoveNext,
    Pass,
    Pick,
    Place,
    ScoreRow,
    Seat,
    Skip,
    State,
    Use,
    dump,
    dump_action,
    load,
    load_action,
    put_seat,
)
from rules.monsters_on_board.modes import Mode, register
from rules.monsters_on_board.phases import PHASES, pending
from rules.monsters_on_board.prophecy import prophecy_cards
from rules.monsters_on_board.solo1 import Solo1
from rules.monsters_on_board.solo2 import PARTS, Solo2
from rules.monsters_on_board.spectral import outcome
from rules.monsters_on_board.views import view

DEFAULT_OPTIONS: dict[str, Any] = {"mode": "normal", "draft": "simultaneous", "difficulty": ""}

MODES = register(Mode(), Family(), Solo1(), Solo2())
"""Mode id -> mode, each handed to :mod:`.modes` for the phases' :func:`~.modes.mode_of`."""

MARKET_SLOTS = 5

# --- setup ---------------------------------------------------------------------------------------


def check_options(num_players: int, options: dict[str, Any]) -> tuple[str, str]:
    """I2/I42: a mode allows only its table sizes, a difficulty only in solo 2; anything else
    is a ValueError."""
    mode = options.get("mode", "normal")
    draft_kind = options.get("draft", "simultaneous")
    difficulty = options.get("difficulty", "")
    if mode not in MODES or draft_kind not in DRAFTS:
        raise ValueError(f"unknown Monsters on Board mode/draft {mode!r}/{draft_kind!r}")
    low, high = MODES[mode].seats
    if not low <= num_players <= high:
        raise ValueError(f"mode {mode} is for {low}-{high} players, not {num_players}")
    if not isinstance(difficulty, str) or not _parts_ok(difficulty):
        raise ValueError(f"difficulty must be parts joined by +, not {difficulty!r}")
    if difficulty and mode != "solo2":
        raise ValueError(f"a difficulty is for solo mode 2, not mode {mode}")
    if mode == "family" and draft_kind != "simultaneous":
        raise ValueError("family mode has its own draft (FM5), not the turn-order variant")
    return mode, draft_kind


def _parts_ok(difficulty: str) -> bool:
    """I41: known parts, each once, at most one step of each component."""
    parts = [p for p in difficulty.split("+") if p] if difficulty else []
    groups = [PARTS[p][0] for p in parts if p in PARTS and PARTS[p][0]]
    return (
        all(p in PARTS for p in parts)
        and len(set(parts)) == len(parts)
        and len(set(groups)) == len(groups)
    )


def seat_range(options: dict[str, Any]) -> tuple[int, int]:
    """I2: the table sizes ``options``' mode allows (normal and family 2-4, solo 1)."""
    mode = options.get("mode", "normal")
    return MODES[mode].seats if mode in MODES else (1, 4)


def new_seat(prophecy: str) -> Seat:
    """S10-S14: a board with six creatures on their starts, six servants in their lodges,
    three Spider Jack dice at 1 and three summoning markers at 0; Evil and Juice 0."""
    normal = mob.content().normal
    return Seat(
        creatures=tuple((c, normal.starts[c]) for c in mob.content().colours),
        servants=tuple(normal.lodges),
        prophecy=prophecy,
    )


def setup(num_players: int, options: dict[str, Any], seed: int) -> State:
    """S1-S14 (and O1, O2 in solo 1), then the first round's arrivals (A1)."""
    mode, draft_kind = check_options(num_players, options)
    rng = Rng(seed)
    ghosts, rng = rng.shuffled(sorted(mob.content().ghosts))
    arch, rng = rng.shuffled(sorted(arch_cards()))
    prophecies, rng = rng.shuffled(sorted(prophecy_cards()))
    first, rng = rng.roll(num_players)
    state = State(
        mode=mode,
        draft=draft_kind,
        seats=tuple(new_seat(prophecies[s]) for s in range(num_players)),
        round=1,
        phase="draft",
        first=first - 1,
        step=0,
        turn=0,
        passes=0,
        bag=tuple(sorted(mob.content().dice)),
        cars=(),
        ghost_market=tuple(ghosts[:MARKET_SLOTS]),
        arch_market=tuple(arch[:MARKET_SLOTS]),
        ghost_supply=tuple(ghosts[MARKET_SLOTS:]),
        arch_deck=tuple(arch[MARKET_SLOTS:]),
        ghost_discard=(),
        arch_discard=(),
        solo_deck=(),
        solo_revealed=(),
        ai_picks=(),
        rng=rng,
    )
    state, _ = draft.arrivals(MODES[mode].setup(state, options))
    return state


# --- who acts and what is legal ------------------------------------------------------------------


def flips(state: State, seat_i: int) -> list[Action]:
    """X1: each owned unflipped card, each of its two back actions with each legal target."""
    seat = state.seats[seat_i]
    found: list[Action] = []
    for card in seat.arch:
        for icon in dict.fromkeys(arch_cards()[card].back):
            found += [Flip(card, icon, p) for p in choices(state, seat_i, icon)]
    return found


def legal_actions(state: State, seat_i: int) -> list[Action]:
    if seat_i not in pending(state):
        return []
    return [*scheduled_actions(state, seat_i), *flips(state, seat_i)]


def scheduled_actions(state: State, seat_i: int) -> list[Action]:
    """The seat's legal moves but the flips (X1, "at any time"), in :func:`legal_actions`'
    order; a seat not pending has none. Why apart: a seat's cards may offer hundreds of
    flips (a swap back: every pair of Order dice), and listing them made each move of a
    board phase cost milliseconds where the bot (and a check of a move that is no flip)
    never needs them."""
    if seat_i not in pending(state):
        return []
    if state.seats[seat_i].stack:
        return board.stack_actions(state, seat_i)
    return PHASES[state.phase][1](state, seat_i)


# --- apply ---------------------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Check ``action`` against :func:`legal_actions` (the one source of legality), do it,
    then play what follows by itself: the fourth die (J4), the spectral phase once every
    seat is through its phase 4 (J9), final scoring once the window closes (X2)."""
    if state.over:
        raise IllegalAction("game_over", "E1")
    if seat not in pending(state):
        raise IllegalAction("not_your_turn", "")
    legal = flips(state, seat) if isinstance(action, Flip) else scheduled_actions(state, seat)
    if action not in legal:
        raise IllegalAction("illegal_action", "", action=dump_action(action))
    state, events = _dispatch(state, seat, action)
    if state.phase == "family_move":
        state, more = family.after_move(state)
        events += more
    elif state.phase == "board":
        state, more = board.fourth_die(state, seat)
        events += more
        if all(s.done for s in state.seats):
            state = spectral.start_spectral(state)
            events.append({"type": "spectral", "first": state.first})
    elif state.phase == "final_window" and all(s.done and not s.stack for s in state.seats):
        state, more = spectral.finish(state)
        events += more
    return state, events


def _dispatch(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if isinstance(action, Flip):
        return flip(state, seat, action)
    if isinstance(action, Use):
        return board.use(state, seat, action)
    if isinstance(action, Skip):
        return board.skip(state, seat, action)
    if isinstance(action, MoveNext):
        return board.move_next(state, seat, action)
    if isinstance(action, Pick):
        return draft.pick(state, seat, action)
    if isinstance(action, Activate):
        return board.activate(state, seat, action)
    if isinstance(action, Place):
        return board.place(state, seat, action)
    if isinstance(action, BuyGhost):
        return spectral.buy_ghost(state, seat, action)
    if isinstance(action, BuyArch):
        return spectral.buy_arch(state, seat, action)
    if isinstance(action, Pass):
        return spectral.pass_turn(state, seat)
    if isinstance(action, FamilyPick):
        return family.pick(state, seat, action)
    if isinstance(action, ScoreRow):
        return family.score_row(state, seat, action)
    assert isinstance(action, Done)
    state = put_seat(state, seat, replace(state.seats[seat], done=True))
    return state, [{"type": "done", "seat": seat}]


def flip(state: State, seat_i: int, action: Flip) -> tuple[State, list[Event]]:
    """X1/X3: the card leaves the seat's scoring cards; its back action is done at once (a
    creature move opens its frame above whatever was open, I19)."""
    seat = state.seats[seat_i]
    seat = replace(
        seat,
        arch=tuple(c for c in seat.arch if c != action.card),
        flipped=(*seat.flipped, action.card),
    )
    state = put_seat(state, seat_i, seat)
    source = f"card:{action.card}"
    state, events = perform(state, seat_i, action.icon, action.params, source)
    state, more = board.settle(state, seat_i)
    return state, [{"type": "flipped", "seat": seat_i, "card": action.card}, *events, *more]


__all__ = [
    "DEFAULT_OPTIONS",
    "GAME_ID",
    "ROWS",
    "Action",
    "State",
    "apply",
    "determinize",
    "dump",
    "dump_action",
    "forced_action",
    "legal_actions",
    "load",
    "load_action",
    "outcome",
    "pending",
    "scheduled_actions",
    "seat_range",
    "setup",
    "skip_action",
    "view",
]
