"""The Munchkin Fu bot: plays every part with simple, deterministic greed.

Why these rules of thumb: equip everything that counts, fight what it beats, ask the strongest
player for help with half the treasure when it is close, accept offers that pay, make the
fight harder for a leader near the winning level, pass otherwise; every choice falls back to
the choice's documented default. Always one of ``legal_actions``.
"""

from __future__ import annotations

from rules.munchkin_fu import character as ch
from rules.munchkin_fu import rewards, strength
from rules.munchkin_fu.engine import legal_actions, step_actions
from rules.munchkin_fu.model import (
    HEROES,
    MONSTERS,
    Accept,
    Action,
    Choose,
    Decline,
    EndTurn,
    Kick,
    LootRoom,
    OfferHelp,
    Pass,
    Play,
    Ready,
    Resolve,
    Run,
    Slay,
    State,
    Trouble,
)
from rules.munchkin_fu.table import card, gear


def _leader(state: State) -> int:
    return max(range(state.num_players), key=lambda s: (state.players[s].level, -s))


def _equip(state: State, legal: list[Action]) -> Action | None:
    """A class, style, item or mook from the hand (no card given away, no trap)."""
    for action in legal:
        if isinstance(action, Play) and action.target < 0 and action.monster < 0:
            kind = card(action.card).kind
            if kind in ("class", "style", "item", "mook", "extra_style", "super_munchkin"):
                return action
    return None


def _choice(state: State, seat: int, legal: list[Action]) -> Action:
    choice = state.choice
    assert choice is not None
    if choice.kind == "run":
        for option in choice.options:
            if option.startswith("escape:") or option == "shadow":
                return Choose(option)
    return Choose(choice.default)


def _wins_by_helping(state: State, seat: int) -> bool:
    """I40, T4: a card gives ``seat`` levels for helping kill, one gain per monster killed:
    enough to reach the winning level, so helping is worth it unpaid (and both may win)."""
    gain = sum(e.amount for e in ch.effects_in_play(gear(state, seat), "helper_levels"))
    kills = len(rewards.killed_cards(state.fight)) if state.fight is not None else 1
    return gain > 0 and state.players[seat].level + gain * kills >= state.win_level


def _answer(state: State, seat: int, legal: list[Action]) -> Action | None:
    """Accept a help offer that pays (treasure or an item) or any counter and any gift;
    decline the rest."""
    for offer in state.offers:
        if offer.answerer != seat:
            continue
        pays = offer.treasures > 0 or bool(offer.items) or _wins_by_helping(state, seat)
        if offer.kind == "trade":
            pays = not offer.want
        if offer.counter:
            pays = offer.treasures <= max(1, strength.treasures_won(state) // 2 + 1)
        action: Action = Accept(offer.id) if pays else Decline(offer.id)
        if action in legal:
            return action
    return None


def _interfere(state: State, seat: int, legal: list[Action]) -> Action:
    """In a window: hurt a fighter who is the leader and near the winning level."""
    fight = state.fight
    assert fight is not None
    fighter = state.players[fight.fighter].level
    if fight.fighter == _leader(state) and fighter >= state.win_level - 2 and seat != fight.helper:
        for action in legal:
            if isinstance(action, Play) and (
                action.side == MONSTERS or card(action.card).kind == "enhancer"
            ):
                return action
    return Pass()


def _fighter(state: State, seat: int, legal: list[Action]) -> Action:
    fight = state.fight
    assert fight is not None
    if strength.winning(state) or not fight.monsters:  # E4: every monster killed
        return Resolve()
    equip = _equip(state, legal)
    if equip is not None:
        return equip
    for action in legal:
        if isinstance(action, Play) and action.side == HEROES:
            return action
    heroes, monsters = strength.totals(state)
    slays = [a for a in legal if isinstance(a, Slay)]
    if slays:  # E4: losing, the epic Samurai spends the hand on the strongest monster
        return max(slays, key=lambda a: strength.monster_level(state, a.monster))
    wanted = strength.treasures_won(state) // 2 + (strength.treasures_won(state) % 2)
    offers = [a for a in legal if isinstance(a, OfferHelp) and not a.items]
    offers = [a for a in offers if a.treasures == wanted and not a.helper_first]
    if offers and monsters - heroes < 10:
        found = strength.tags(state)
        return max(
            offers,
            key=lambda a: (
                _wins_by_helping(state, a.target),  # T4: a shared win beats no win
                ch.strength(gear(state, a.target), found, True),
            ),
        )
    return Run()


def _trouble(state: State, seat: int) -> Action:
    strength = ch.strength(gear(state, seat))
    for cid in state.players[seat].hand:
        if card(cid).kind == "monster" and card(cid).level < strength - 1:
            return Trouble(cid)
    return LootRoom()


def bot_action(state: State, seat: int) -> Action:
    legal = legal_actions(state, seat)
    steps = step_actions(state, seat)
    if state.choice is not None and state.choice.seat == seat:
        return _choice(state, seat, legal)
    answer = _answer(state, seat, legal)
    if answer is not None:
        return answer
    if Ready() in steps:
        return _equip(state, legal) or Ready()
    fight = state.fight
    if fight is not None and Pass() in steps:
        return _interfere(state, seat, legal)
    if fight is not None and Resolve() in steps:
        return _fighter(state, seat, legal)
    if Kick() in steps or EndTurn() in steps:
        equip = _equip(state, legal)
        if equip is not None:
            return equip
        return Kick() if Kick() in steps else EndTurn()
    if LootRoom() in steps:
        return _trouble(state, seat)
    return steps[0] if steps else legal[0]
