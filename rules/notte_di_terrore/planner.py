"""Notte di Terrore's Resolution planner: what will the active player do in Resolution?

:func:`best_plan` tries every way to use the two Weapons on the table (after the optional
swap), the Necronomicons and Flight, and scores each outcome with :class:`Tuning`'s weights
(Terror now, a Place passed, Beings left standing). Why a module of its own: every decision of
the bot (:mod:`rules.notte_di_terrore.bot`) comes back to this question, and the planner knows
nothing of phases or legal moves, only foes, arms and stakes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from rules.notte_di_terrore import cards
from rules.notte_di_terrore.engine import (
    HOME_TERROR,
    PLACE_PASSED_TERROR,
    Monster,
    State,
    being,
    combination,
    event,
    is_necronomicon,
    weapon,
)

# --- tuning ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tuning:
    """The bot's weights, in Terror points. Chosen by playing the bot against variants of itself
    in the simulator; kept together so an experiment can pass another set."""

    events_share: float = 0.8
    """Share of Events in the hand: Events hurt every turn, Beings only on a fresh Place."""
    progress: float = 3.0
    """Worth of leaving a Place behind (passed or fled): home ends the game and gives -5."""
    stuck_base: float = 2.0
    stuck_per_value: float = 0.5
    """Cost of a Being left standing on one's Place: next turn everyone adds Events to it."""
    last_place_stuck: float = 2.0
    """Multiplier on that cost on the last Place, where Flight is not allowed (F2)."""
    home_win: float = 40.0
    home_loss: float = 0.0
    """Worth of getting home while ahead or behind in Terror (least_terror victory)."""
    necro_keep: float = 5.0
    """Worth of a Necronomicon kept in hand: the only sure way off the last Place."""
    min_harm: float = 0.4
    """Smallest weighted harm worth a card in someone else's Apparition."""
    threat_scale: float = 3.0
    """How fast interest in hurting a player fades as they fall behind the leader."""
    terror_per_place: float = 1.0
    """Places still ahead, counted as Terror when ranking players (the nearer home, the more
    dangerous)."""
    discard_margin: float = 0.05
    """A Weapon is swapped for a random draw when that is expected to be this much better."""
    being_keep: float = 1.0
    """Discardable Beings worth less than this (value x chance of surviving) are replaced."""
    rival_home_loss: float = 0.0
    """``home_loss`` as the rivals are assumed to weigh it when predicting their Resolution."""
    endgame: bool = False
    """Haunting a rival on their last Place: let them go home when that ends the game with our
    win, and hurt them at full weight when it would end it with our loss."""
    necro_seek_share: float | None = None
    """The share of Events a refill aims at while the hand holds no Necronomicon (None:
    ``events_share``): more Events, more chances to draw one."""
    place_early: bool = False
    """In its own Apparition, place a Being it gains by (one it surely kills) while others may
    still play, rather than pass at once and wait: a pass is final for the turn (A3)."""
    own_summons: bool = False
    """In its own Apparition, weigh a Being of its own summoned with a Necronomicon (N2) as it
    weighs one placed: on an infested, empty last Place a Summon is the only card left, and
    passing there passes the Place at once (I7), home even to lose."""


DEFAULT = Tuning()

HOME_FIRST_WEIGHTS = {"terror": 0.02, "progress": 10.0, "stuck": 10.0, "home": 100.0}
"""With ``victory: home_first`` only the race home counts; Terror only breaks near-ties."""


# --- card facts (cached: the bot asks the same questions thousands of times a game) ------------


@cache
def being_facts(card: str) -> tuple[str, int]:
    b = being(card)
    return b.type, b.value


@cache
def event_points(event_card: str, being_card: str) -> int:
    return cards.event_value(event(event_card), being(being_card))


@cache
def defeats(weapons: tuple[str, ...]) -> frozenset[str]:
    """Being types one Weapon, or a listed Combination of two, defeats (I4)."""
    if len(weapons) == 1:
        return frozenset(weapon(weapons[0]).defeats)
    combo = combination(*weapons)
    return frozenset(combo.defeats) if combo else frozenset()


@cache
def type_weights() -> dict[str, float]:
    """How much each Being type threatens: copies x value over the Being deck, summing to 1."""
    weights: dict[str, float] = {}
    for b in cards.decks().beings.values():
        weights[b.type] = weights.get(b.type, 0.0) + b.copies * b.value
    total = sum(weights.values())
    return {t: w / total for t, w in weights.items()}


@cache
def weapon_draws() -> tuple[tuple[str, float], ...]:
    """One card id per Weapon design and its chance of being drawn (by copies)."""
    designs = cards.decks().weapons.values()
    total = sum(w.copies for w in designs)
    return tuple((w.id, w.copies / total) for w in designs)


@cache
def survival(kind: str) -> float:
    """Share of Weapon cards that cannot defeat ``kind`` alone: a rough chance it survives."""
    return sum(p for w, p in weapon_draws() if kind not in defeats((w,)))


# --- the Resolution planner --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Foe:
    """A Being on a Place as the planner sees it."""

    card: str
    kind: str
    value: int
    events: int
    summoned: bool

    @property
    def reduction(self) -> int:
        """Terror removed if killed with a Weapon (R5)."""
        return max(0, self.value - self.events)

    @property
    def standing_cost(self) -> int:
        """Terror added if it survives the turn (R4, N3)."""
        return self.events + (self.value if self.summoned else 0)

    @property
    def flight_cost(self) -> int:
        return self.events + 2 * self.value


def foe(monster: Monster) -> Foe:
    kind, value = being_facts(monster.card)
    points = sum(event_points(e, monster.card) for e in monster.events)
    return Foe(monster.card, kind, value, points, monster.summoned_by is not None)


@dataclass(frozen=True, slots=True)
class Stakes:
    """What a Resolution outcome is measured against, from the active player's side."""

    terror: int
    fixed: int
    """The part of ``terror`` in pile Beings, which no reduction removes (I6)."""
    last_place: bool
    can_flee: bool
    rivals_best: int | None
    """Fewest Terror among the other players, for the home check; None: home always wins."""
    weights: dict[str, float]


@dataclass(frozen=True, slots=True)
class Arms:
    """Ways to arm the two table slots: (ready Weapons, table Weapon swapped out or None)."""

    configs: tuple[tuple[tuple[str, ...], str | None], ...]
    necros: tuple[str, ...]


Attacks = tuple[tuple[str, tuple[str, ...]], ...]
"""(target Being, the Weapons or Necronomicon used on it) for each attack of a plan."""


@dataclass(frozen=True, slots=True)
class Plan:
    value: float
    swap: str | None = None
    attacks: Attacks = ()
    flee: bool = False


def plan_weights(state: State, tuning: Tuning) -> dict[str, float]:
    if state.victory == "home_first":
        return HOME_FIRST_WEIGHTS
    return {
        "terror": 1.0,
        "progress": tuning.progress,
        "stuck": 1.0,
        "home": tuning.home_win,
    }


def _stuck_cost(f: Foe, stakes: Stakes, tuning: Tuning) -> float:
    base = tuning.stuck_base + tuning.stuck_per_value * f.value
    base *= stakes.weights["stuck"]
    return base * tuning.last_place_stuck if stakes.last_place else base


def _home_value(terror: int, stakes: Stakes, tuning: Tuning) -> float:
    if stakes.rivals_best is None or terror <= stakes.rivals_best:
        return stakes.weights["home"]
    return -tuning.home_loss


class _Board:
    """Per-foe numbers computed once per plan: the planner scores hundreds of outcomes."""

    def __init__(self, foes: list[Foe], stakes: Stakes, tuning: Tuning) -> None:
        self.foes = foes
        self.stakes = stakes
        self.tuning = tuning
        self.standing = [f.standing_cost for f in foes]
        self.stuck = [0.0 if f.summoned else _stuck_cost(f, stakes, tuning) for f in foes]
        worst_first = sorted(range(len(foes)), key=lambda i: -(self.standing[i] + self.stuck[i]))
        self.necro_order = worst_first

    def score(self, killed: int, reduction: int, necro_used: int) -> float:
        """The worth of killing the foes in bitmask ``killed`` (``reduction`` from Weapons)."""
        stakes, weights = self.stakes, self.stakes.weights
        start = stakes.terror
        events = start - stakes.fixed  # only Events leave the pile (I6)
        events -= min(events, reduction)
        blocked, stuck = False, 0.0
        for i in range(len(self.foes)):
            if not killed >> i & 1:
                events += self.standing[i]
                stuck += self.stuck[i]
                blocked = True  # a summoned survivor too: it leaves at the turn's end (I19)
        value = -stuck - self.tuning.necro_keep * necro_used
        if not blocked:
            events -= min(events, PLACE_PASSED_TERROR)
            value += weights["progress"]
            if stakes.last_place:
                events -= min(events, HOME_TERROR)
                value += _home_value(stakes.fixed + events, stakes, self.tuning)
        return value - weights["terror"] * (stakes.fixed + events - start)

    def necro_options(self, killed: int, necros: tuple[str, ...]) -> list[tuple[int, Attacks]]:
        """Kill 0..n of the worst survivors (most Terror if left) with the Necronomicons."""
        options: list[tuple[int, Attacks]] = [(killed, ())]
        if not necros:
            return options
        survivors = [i for i in self.necro_order if not killed >> i & 1]
        for k, i in enumerate(survivors[: len(necros)]):
            killed |= 1 << i
            options.append((killed, (*options[-1][1], (self.foes[i].card, (necros[k],)))))
        return options


def _assignments(foes: list[Foe], ready: tuple[str, ...]) -> Iterable[tuple[int, int, Attacks]]:
    """Every way to spend ``ready`` Weapons: (killed bitmask, Terror reduction, attacks)."""
    yield 0, 0, ()
    masks = [[i for i, f in enumerate(foes) if f.kind in defeats((w,))] for w in ready]
    for w, targets in zip(ready, masks, strict=True):
        for i in targets:
            yield 1 << i, foes[i].reduction, ((foes[i].card, (w,)),)
    if len(ready) == 2:
        a, b = ready
        for i in masks[0]:
            for j in masks[1]:
                if i != j:
                    attacks = ((foes[i].card, (a,)), (foes[j].card, (b,)))
                    yield (1 << i) | (1 << j), foes[i].reduction + foes[j].reduction, attacks
        combo = defeats(ready)
        for i, f in enumerate(foes):
            if f.kind in combo:
                yield 1 << i, f.reduction, ((f.card, ready),)


def best_plan(foes: list[Foe], arms: Arms, stakes: Stakes, tuning: Tuning) -> Plan:
    """The best Resolution: a swap, attacks (Weapons first, then Necronomicons) or Flight."""
    board = _Board(foes, stakes, tuning)
    best = Plan(-math.inf)
    for ready, swap in arms.configs:
        for killed, reduction, attacks in _assignments(foes, ready):
            for mask, necro_attacks in board.necro_options(killed, arms.necros):
                value = board.score(mask, reduction, len(necro_attacks))
                if value > best.value:
                    best = Plan(value, swap, (*attacks, *necro_attacks))
    if stakes.can_flee and foes:
        added = sum(f.flight_cost for f in foes)
        value = stakes.weights["progress"] - stakes.weights["terror"] * added
        if value > best.value:
            best = Plan(value, flee=True)
    return best


def home_terror(foes: list[Foe], plan: Plan, stakes: Stakes) -> int | None:
    """The active player's Terror once home if ``plan`` kills every foe on their last Place
    (which ends the game, L7, T3), else None; reductions as :meth:`_Board.score` counts them."""
    if not stakes.last_place or plan.flee or len(plan.attacks) < len(foes):
        return None
    by_card = {f.card: f for f in foes}
    reduction = sum(
        by_card[target].reduction
        for target, weapons in plan.attacks
        if not is_necronomicon(weapons[0])
    )
    events = stakes.terror - stakes.fixed
    events -= min(events, reduction)
    events -= min(events, PLACE_PASSED_TERROR)
    events -= min(events, HOME_TERROR)
    return stakes.fixed + events
