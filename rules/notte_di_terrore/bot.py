"""Notte di Terrore's bot player: a one-turn planner that hurts the leader and runs from losses.

Used for bot seats at a table and by the balance simulator (``python -m simulator``), so it
must be legal, never raise for a pending seat, and cost well under a millisecond per action.

Why this shape: every decision in the game comes back to one question, *what will the active
player do in Resolution?* :mod:`.planner`'s ``best_plan`` answers it by trying every way to
use the two Weapons on the table (after the optional swap), the Necronomicons and Flight, and
scoring each outcome with ``Tuning``'s weights (Terror now, a Place passed, Beings left
standing). Then:

* in the active player's Resolution the bot follows its own best plan, one action at a time;
* in someone else's Apparition it plays the card that lowers *their* best plan the most (an
  unkillable Being blocks the Place, an Event on a Being that will survive is pure Terror),
  weighted by how dangerous that player is (:func:`threat`);
* in its own Apparition it passes, unless everyone else has passed and a Being it can surely kill
  would lower its own Terror;
* when discarding it keeps the Weapons that cover the most Being types (and the Beings still on
  its Place) and refills towards a fixed Event/Being mix.

Information: it reads only what its seat may know (:data:`rules.notte_di_terrore.engine.view`):
its own hand, every public zone (Places revealed, Beings and Events on them, Weapons on the table
and the Weapon in hand, which are shown when drawn (I12), Terror piles, how many Places each
player has left). Never other hands, face-down Places or deck order; opponents are assumed to
hold no Necronomicon. ``tests/rules/test_notte_di_terrore_bot.py`` checks this by shuffling the
hidden zones and asking again.

``simple_bot_action`` is the first, simple bot, kept as the yardstick the tests measure against.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache

from rules.base import IllegalAction
from rules.notte_di_terrore import cards
from rules.notte_di_terrore.engine import (
    Action,
    ArrangeWeapons,
    Attack,
    ChooseSplit,
    Discard,
    EndResolution,
    Flee,
    Monster,
    Pass,
    PlaceBeing,
    PlaceEvent,
    Player,
    Refill,
    State,
    Summon,
    SwapWeapon,
    discardable,
    event,
    hand_size,
    is_being,
    is_event,
    is_necronomicon,
    legal_actions,
    missing_cards,
    terror_score,
)
from rules.notte_di_terrore.planner import (
    DEFAULT,
    Arms,
    Foe,
    Plan,
    Stakes,
    Tuning,
    being_facts,
    best_plan,
    defeats,
    event_points,
    foe,
    home_terror,
    plan_weights,
    survival,
    type_weights,
    weapon_draws,
)

# --- reading the table -------------------------------------------------------------------------


def _places_left(player: Player) -> int:
    return len(player.face_down) + (player.revealed is not None)


def _rivals_best(state: State, seat: int) -> int | None:
    if state.victory == "home_first":
        return None
    return min(terror_score(p.pile) for s, p in enumerate(state.players) if s != seat)


def _arms(state: State, seat: int, *, own_hand: bool) -> Arms:
    """The active ``seat``'s public Weapons; its Necronomicons only if it is the bot's own hand."""
    player = state.players[seat]
    ready = tuple(w for w in player.table if w not in state.turned)
    configs: list[tuple[tuple[str, ...], str | None]] = [(ready, None)]
    hand_weapon = player.weapon_hand
    if hand_weapon is not None and not state.swapped and not state.attacked:
        for out in player.table:
            swapped = tuple(hand_weapon if w == out else w for w in player.table)
            configs.append((swapped, out))
    necros = tuple(c for c in player.hand if is_necronomicon(c)) if own_hand else ()
    return Arms(tuple(configs), necros)


def _stakes(state: State, seat: int, tuning: Tuning) -> Stakes:
    player = state.players[seat]
    last = not player.face_down
    return Stakes(
        terror=terror_score(player.pile),
        fixed=sum(c.score for c in player.pile if not is_event(c.card)),
        last_place=last,
        can_flee=not last and not state.attacked,
        rivals_best=_rivals_best(state, seat),
        weights=plan_weights(state, tuning),
    )


def _standing(state: State, seat: int, tuning: Tuning) -> float:
    """Lower is more dangerous: Terror plus Places still to cross (or only those, home_first)."""
    player = state.players[seat]
    if state.victory == "home_first":
        return float(_places_left(player))
    return terror_score(player.pile) + tuning.terror_per_place * _places_left(player)


def threat(state: State, me: int, target: int, tuning: Tuning = DEFAULT) -> float:
    """1 for the most dangerous opponent, fading for those behind: where hurting pays."""
    best = min(_standing(state, s, tuning) for s in range(state.num_players) if s != me)
    gap = _standing(state, target, tuning) - best
    scale = 1.0 if state.victory == "home_first" else tuning.threat_scale
    return math.exp(-max(0.0, gap) / scale)


# --- phases ------------------------------------------------------------------------------------


def _split(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    return ChooseSplit(round(hand_size(state.num_players) * tuning.events_share))


def _apparition(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    if seat == state.current:
        return _own_apparition(state, seat, legal, tuning)
    return _haunt(state, seat, legal, tuning)


def _own_apparition(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    """Pass, unless nobody else can still play (or ``tuning.place_early``) and a Being we
    surely kill lowers our Terror (with ``tuning.own_summons``, a summoned one too, at the
    Necronomicon's worth in hand)."""
    others = [s for s in range(state.num_players) if s != seat]
    candidates: list[PlaceBeing | Summon] = [
        a
        for a in legal
        if isinstance(a, PlaceBeing) or (tuning.own_summons and isinstance(a, Summon))
    ]
    waiting = not tuning.place_early and any(s not in state.passed for s in others)
    if not candidates or waiting:
        return Pass()
    foes = [foe(m) for m in state.players[seat].monsters]
    arms, stakes = _arms(state, seat, own_hand=True), _stakes(state, seat, tuning)
    before = best_plan(foes, arms, stakes, tuning).value
    seen: dict[tuple[str, int, bool], float] = {}
    gains: dict[Action, float] = {}
    for a in candidates:
        key, being = _arrival(a)
        if key not in seen:  # copies of a kind score alike
            seen[key] = _own_gain(foes, being, arms, stakes, tuning) - before
        gains[a] = seen[key]
    choice = max(candidates, key=lambda a: gains[a])
    return choice if gains[choice] > tuning.min_harm else Pass()


def _own_gain(foes: list[Foe], being: Monster, arms: Arms, stakes: Stakes, tuning: Tuning) -> float:
    """Our best Resolution's worth with ``being`` added to our Place; a summoned one spends its
    Necronomicon, which then can neither kill in Resolution nor be kept."""
    if being.summoned_by is None:
        return best_plan([*foes, foe(being)], arms, stakes, tuning).value
    rest = replace(arms, necros=tuple(n for n in arms.necros if n != being.summoned_by))
    return best_plan([*foes, foe(being)], rest, stakes, tuning).value - tuning.necro_keep


def _arrival(action: PlaceBeing | Summon) -> tuple[tuple[str, int, bool], Monster]:
    """The Being ``action`` brings onto a Place, and its kind (type, value, summoned or not):
    copies of a kind score alike, so a bot weighs one card of each kind."""
    if isinstance(action, Summon):
        return (*being_facts(action.being), True), Monster(action.being, (), action.card)
    return (*being_facts(action.card), False), Monster(action.card)


def _haunt(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    """Play the card that worsens the active player's best Resolution the most."""
    active = state.current
    weight = threat(state, seat, active, tuning)
    tuning = replace(tuning, home_loss=tuning.rival_home_loss)  # as the rival weighs it
    foes = [foe(m) for m in state.players[active].monsters]
    arms, stakes = _arms(state, active, own_hand=False), _stakes(state, active, tuning)
    base = best_plan(foes, arms, stakes, tuning)
    if tuning.endgame:
        ending = _ending(state, seat, home_terror(foes, base, stakes))
        if ending is not None:
            if ending:
                return Pass()
            weight = 1.0
    best: tuple[float, Action] = (tuning.min_harm, Pass())
    for action, harm in _harms(legal, foes, base, arms, stakes, tuning):
        score = weight * harm - (tuning.necro_keep if isinstance(action, Summon) else 0.0)
        if score > best[0]:
            best = (score, action)
    return best[1]


def _ending(state: State, seat: int, home: int | None) -> bool | None:
    """Whether ``seat`` wins when the active player goes home with ``home`` Terror (None: the
    game goes on). The one going home wins ties (I1), a tie with another seat is shared."""
    if home is None:
        return None
    mine = terror_score(state.players[seat].pile)
    others = (
        terror_score(p.pile) for s, p in enumerate(state.players) if s not in (seat, state.current)
    )
    return mine < home and all(mine <= t for t in others)


def _harms(
    legal: list[Action], foes: list[Foe], base: Plan, arms: Arms, stakes: Stakes, tuning: Tuning
) -> Iterable[tuple[Action, float]]:
    """Each worthwhile card with how much it lowers the active player's plan; one candidate per
    kind of Being (same type, value, summoned or not), since copies score alike."""
    yield from _event_harms(legal, foes, base, stakes)
    seen: dict[tuple[str, int, bool], float] = {}
    for action in legal:
        if isinstance(action, PlaceBeing | Summon):
            key, being = _arrival(action)
            if key not in seen:
                worth = best_plan([*foes, foe(being)], arms, stakes, tuning).value
                seen[key] = base.value - worth
            yield action, seen[key]


def _event_harms(
    legal: list[Action], foes: list[Foe], base: Plan, stakes: Stakes
) -> Iterable[tuple[Action, float]]:
    """An Event on a Being the plan leaves standing (or flees from) is all Terror; on a Being
    killed with a Weapon it only lowers the reduction. A favoured Event is preferred on its own
    type and spared elsewhere (ties go to the card worth least elsewhere)."""
    killed = {target for target, weapons in base.attacks if not is_necronomicon(weapons[0])}
    by_card = {f.card: f for f in foes}
    for action in legal:
        if isinstance(action, PlaceEvent):
            target = by_card[action.target]
            points = event_points(action.card, action.target)
            lost = min(points, target.reduction) if target.card in killed else points
            spare = 0.01 * event(action.card).value
            yield action, stakes.weights["terror"] * lost - spare


def _resolution(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    foes = [foe(m) for m in state.players[seat].monsters]
    plan = best_plan(foes, _arms(state, seat, own_hand=True), _stakes(state, seat, tuning), tuning)
    if plan.flee:
        return Flee()
    if plan.swap is not None:
        return SwapWeapon(plan.swap)
    if plan.attacks:
        target, weapons = plan.attacks[0]
        for action in legal:
            if not isinstance(action, Attack) or action.target != target:
                continue
            if set(action.weapons) == set(weapons):
                return action
    return EndResolution()


@cache
def _breadth(designs: tuple[str, ...]) -> tuple[float, frozenset[str]]:
    """Type-weighted share of Beings a set of Weapon designs defeats, and the types it covers."""
    singles: dict[str, int] = {}
    for w in designs:
        for t in defeats((w,)):
            singles[t] = singles.get(t, 0) + 1
    combos = {t for i, a in enumerate(designs) for b in designs[i + 1 :] for t in defeats((a, b))}
    covered = frozenset(singles) | combos
    value = sum(
        weight * (1.25 if singles.get(t, 0) > 1 else 1.0)
        for t, weight in type_weights().items()
        if t in covered
    )
    return value, covered


def coverage(weapons: Iterable[str], stuck: list[Foe]) -> float:
    """How well a set of Weapons (any two usable together after a swap) answers the Beings to
    come, by type weight, and the Beings already standing on the Place, by what they cost."""
    value, covered = _breadth(tuple(sorted(cards.design_id(w) for w in weapons)))
    return value + sum(0.2 * (f.value + f.events + 2) for f in stuck if f.kind in covered)


def _discard(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    player = state.players[seat]
    choices = set(discardable(state))
    for card in player.hand:
        if card in choices and is_being(card):
            kind, value = being_facts(card)
            if value * survival(kind) < tuning.being_keep:
                return Discard(card)
    weapon_discard = _weapon_to_discard(player, choices, tuning)
    if weapon_discard is not None:
        return Discard(weapon_discard)
    return Refill(_refill_events(state, seat, tuning))


def _weapon_to_discard(player: Player, choices: set[str], tuning: Tuning) -> str | None:
    """The held Weapon most worth swapping for a random draw, if any is."""
    held = [*player.table, *([player.weapon_hand] if player.weapon_hand else [])]
    stuck = [foe(m) for m in player.monsters]
    now = coverage(held, stuck)
    best: tuple[float, str | None] = (tuning.discard_margin, None)
    for w in held:
        if w not in choices:
            continue
        rest = [x for x in held if x != w]
        expected = sum(p * coverage([*rest, d], stuck) for d, p in weapon_draws())
        if expected - now > best[0]:
            best = (expected - now, w)
    return best[1]


def _refill_events(state: State, seat: int, tuning: Tuning) -> int:
    need = missing_cards(state)
    hand = state.players[seat].hand
    events_now = sum(1 for c in hand if is_event(c))
    share = tuning.events_share
    if tuning.necro_seek_share is not None and not any(is_necronomicon(c) for c in hand):
        share = tuning.necro_seek_share
    target = round(hand_size(state.num_players) * share)
    return max(0, min(need, target - events_now))


def _arrange(state: State, seat: int, legal: list[Action], tuning: Tuning) -> Action:
    """Any pair can be brought to the table by the swap, so lay out the widest pair."""
    stuck = [foe(m) for m in state.players[seat].monsters]
    return max(
        (a for a in legal if isinstance(a, ArrangeWeapons)),
        key=lambda a: coverage(a.table, stuck),
    )


PHASES: dict[str, Callable[[State, int, list[Action], Tuning], Action]] = {
    "split": _split,
    "apparition": _apparition,
    "resolution": _resolution,
    "discard": _discard,
    "arrange": _arrange,
}


def _fallback(legal: list[Action]) -> Action:
    """The safest legal action: pass, stop, refill, or the first offered."""
    for safe in (Pass(), EndResolution()):
        if safe in legal:
            return safe
    return next((a for a in legal if isinstance(a, Refill)), legal[0])


def choose(state: State, seat: int, tuning: Tuning = DEFAULT) -> Action:
    """:func:`bot_action` with explicit weights (for tuning experiments)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction("not_your_turn", "the bot was asked out of turn")
    action = PHASES[state.phase](state, seat, legal, tuning)
    return action if action in legal else _fallback(legal)


def bot_action(state: State, seat: int) -> Action:
    """The planner bot's action for ``seat``; raises only if ``seat`` is not pending."""
    return choose(state, seat, DEFAULT)


# --- the first bot, kept as a yardstick --------------------------------------------------------


def simple_bot_action(state: State, seat: int) -> Action:
    """A simple, legal player: halves the hand, haunts others' Places, kills what it can."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction("not_your_turn", "the bot was asked out of turn")
    if state.phase == "split":
        return ChooseSplit(hand_size(state.num_players) // 2)
    if state.phase == "apparition":
        if seat != state.current:
            for kind in (PlaceEvent, PlaceBeing):
                choice = next((a for a in legal if isinstance(a, kind)), None)
                if choice is not None:
                    return choice
        return Pass()
    if state.phase == "resolution":
        weapon_attacks = [
            a for a in legal if isinstance(a, Attack) and not is_necronomicon(a.weapons[0])
        ]
        if weapon_attacks:
            return weapon_attacks[0]
        necro = [a for a in legal if isinstance(a, Attack)]
        if necro and Flee() not in legal:
            return necro[0]
        if Flee() in legal and not state.attacked:
            return Flee()
        return EndResolution()
    if state.phase == "discard":
        player = state.players[seat]
        if player.weapon_hand is not None and Discard(player.weapon_hand) in legal:
            return Discard(player.weapon_hand)
        return Refill(missing_cards(state) // 2)
    return legal[0]
