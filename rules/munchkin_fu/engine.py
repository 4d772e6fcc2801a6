"""Munchkin Fu: who is pending, what is legal, ``apply`` and the window — the module bound to
the engine contract (:class:`rules.base.ModuleEngine`).

The specification is ``docs/rules/munchkin_fu.md``. This module only routes: an open choice
is answered first (one seat, a window); otherwise the phase and the fight's stage name the
seats the table waits for; any seat may add the at-any-time plays of :mod:`.plays` and the
offers of :mod:`.offers`. Every action is checked against :func:`legal_actions` again when
applied, so a play made legal by a state that has since changed is refused ("the first
committed move wins").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.base import Event, IllegalAction
from rules.munchkin_fu import fight, forced, offers, plays, rounds, turn, views
from rules.munchkin_fu.determinize import determinize  # re-exported: ModuleEngine's hook
from rules.munchkin_fu.effects import choose, process
from rules.munchkin_fu.model import (
    GAME_ID,
    Accept,
    Action,
    Carry,
    Choose,
    Claim,
    Counter,
    Decline,
    Discard,
    EndTurn,
    Kick,
    LootRoom,
    OfferHelp,
    OfferTrade,
    Pass,
    PassFight,
    Play,
    Ready,
    Resolve,
    Run,
    Sell,
    Slay,
    State,
    Strike,
    Trouble,
    dump,
    dump_action,
    load,
    load_action,
    with_player,
)
from rules.munchkin_fu.seats import pending, window
from rules.munchkin_fu.table import card

DEFAULT_OPTIONS: dict[str, Any] = {"window": "2m", "fast": False, "epic": "no"}

__all__ = [
    "DEFAULT_OPTIONS",
    "GAME_ID",
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
    "setup",
    "skip_action",
    "view",
    "window",
]


def setup(num_players: int, options: dict[str, Any], seed: int) -> State:
    return turn.setup(num_players, options, seed)


def seat_range(options: dict[str, Any]) -> tuple[int, int]:
    return 3, 6


def step_actions(state: State, seat: int) -> list[Action]:
    """The pending step's own actions for ``seat`` (not the at-any-time plays)."""
    if state.choice is not None:
        choice = state.choice
        return [Choose(o) for o in choice.options] if choice.seat == seat else []
    if state.phase == "setup":
        return [Ready()] if not state.players[seat].ready else []
    f = state.fight
    if f is not None:
        if f.stage == "fight" and seat == f.fighter:
            run = [Run()] if f.monsters else []  # E4: every monster killed, none to run from
            return [Resolve(), *run, *offers.help_offers(state, seat)]
        if f.stage == "window" and seat in fight.waiting(state):
            return [Pass(), PassFight()]
        return []
    if seat != state.turn or state.queue:
        return []
    if state.phase == "door":
        return [Kick()]
    if state.phase == "trouble":
        monsters = [c for c in dict.fromkeys(state.players[seat].hand) if card(c).kind == "monster"]
        return [*(Trouble(c) for c in monsters), LootRoom()]
    if state.phase == "loot":
        return [EndTurn()]
    return []


def forced_action(state: State, seat: int) -> Action | None:
    """The seat's only legal move, when it may be forced at all (:mod:`.forced`)."""
    if not forced.may_be_forced(state, seat):
        return None
    return forced.only_action(legal_actions(state, seat))


def skip_action(state: State, seat: int) -> Action | None:
    """The pass of the turn step the table waits for ``seat`` in, if it has one (:mod:`.forced`)."""
    if not forced.may_skip(state, seat):
        return None
    return forced.skip_among(legal_actions(state, seat))


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees (None: a spectator), its legal moves included (:mod:`.views`)."""
    return views.view(state, seat, legal_actions(state, seat) if seat is not None else [])


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.phase == "over" or not 0 <= seat < state.num_players:
        return []
    found = step_actions(state, seat)
    if state.choice is None and state.phase != "setup":
        found += offers.answers(state, seat)
        found += offers.trades(state, seat)
        found += offers.sales(state, seat)
    found += plays.anytime(state, seat)
    return list(dict.fromkeys(found))


Handler = Callable[[State, int, Any], tuple[State, list[Event]]]

HANDLERS: dict[type, Handler] = {
    Ready: lambda s, seat, a: turn.ready(s, seat),
    Kick: lambda s, seat, a: turn.kick(s, seat),
    Trouble: lambda s, seat, a: turn.trouble(s, seat, a.card),
    LootRoom: lambda s, seat, a: turn.loot_room(s, seat),
    EndTurn: lambda s, seat, a: rounds.end_turn(s, seat),
    Resolve: lambda s, seat, a: fight.resolve(s),
    Run: lambda s, seat, a: fight.start_running(s),
    Pass: lambda s, seat, a: fight.pass_(s, seat, False),
    PassFight: lambda s, seat, a: fight.pass_(s, seat, True),
    Strike: lambda s, seat, a: fight.strike(s, seat, a.card),
    Slay: lambda s, seat, a: fight.slay(s, seat, a.monster),
    Choose: lambda s, seat, a: choose(s, seat, a.option),
    Play: plays.play,
    Discard: lambda s, seat, a: plays.discard_from_play(s, seat, a.card),
    Carry: lambda s, seat, a: plays.carry(s, seat, a.card),
    Claim: lambda s, seat, a: plays.claim(s, seat, a.card),
    OfferHelp: offers.offer_help,
    OfferTrade: offers.offer_trade,
    Counter: offers.counter,
    Accept: lambda s, seat, a: offers.accept(s, seat, a.offer),
    Decline: lambda s, seat, a: offers.decline(s, seat, a.offer),
    Sell: lambda s, seat, a: offers.sell(s, seat, a.card),
}


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over":
        raise IllegalAction("game_over")
    if action not in legal_actions(state, seat):
        raise IllegalAction("illegal_action", details=str(action))
    if state.players[seat].fresh and not (
        isinstance(action, Play) and action.card in state.players[seat].fresh
    ):
        state = with_player(state, seat, fresh=())  # I38: another move ends "at once"
    new, events = HANDLERS[type(action)](state, seat, action)
    new, more = process(new)  # whatever the action queued: run steps, bad stuff, death
    return new, events + more


def outcome(state: State) -> dict[str, Any] | None:
    """Levels are the scores; the winners reached the winning level by a kill. ``capped`` says
    whether the round cap stopped the game instead (I41): then ``ranking`` lists the seats
    best first and the winners are the first of it, if they ever went up a level."""
    if state.phase != "over":
        return None
    result: dict[str, Any] = {
        "scores": [p.level for p in state.players],
        "winners": list(state.winners),
        "capped": state.capped,
    }
    if state.capped:
        result["ranking"] = rounds.cap_ranking(state)
    return result
