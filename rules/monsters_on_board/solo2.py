"""Solo mode 2, against Spider Jack (T1-T19, read by I37-I42): the normal game for one seat,
plus an automa that drafts, scores and buys ghosts.

Why Spider Jack is no seat: every move it makes is fixed by the rulebook (its card's symbols,
its scoring steps, the market position its spare die names), so it never has a choice to wait
for; its moves happen inside ``apply`` and are told as events (``ai_picked``, ``jack_scored``,
``jack_bought``, ``jack_spare``, ``jack_summoning``, ``jack_prophecy``). It drafts exactly as
solo 1's AI does (solo 1 points to this mode's rules for it), so :class:`Solo2` extends
:class:`~.solo1.Solo1` and changes the rest: its deck and area (T3-T3c), its car's random slots
(T4), its scoring when the draft ends (T9-T12), its purchase after the player's first spectral
move (T14-T18), the difficulty's extra Juice (T13, T19) and the outcome (T1, I37).

The difficulty is a set of the printed "+" parts (I41: ``difficulty=ghosts+prophecy``, at most
one step of each component); the fixed ladder (I40: the printed components add up to 9, not "un
totale di 7") names the parts of each level +0 … +7, offered as variants.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.base import Event
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.model import Die, JackArea, State, die_colour
from rules.monsters_on_board.prophecy import prophecy_max
from rules.monsters_on_board.sheets import sheets_of
from rules.monsters_on_board.solo1 import Solo1
from rules.monsters_on_board.spectral import take

SCORED_DICE = 3
"""T9: "Dopo che Spider Jack ha scelto 4 dadi riceve punti per 3 di essi"."""

DIE_POINTS, GHOST_POINTS, CREATURE_POINTS = 1, 2, 3
"""T12: "Dado Signore: 1 ... Fantasma: 2 ... Creatura: 3"."""

SPARE_COST = {"bag": 0, "area": 1, "scored": 2}
"""T18: the spare die back to the bag (+0), into the area (+1), scored then kept (+2)."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """One difficulty level's components (T3c, T13, T18, T19; I40)."""

    creatures: int
    """Extra creatures of other colours in Spider Jack's area (+1: one, +2: two)."""
    ghosts: int
    """Ghosts from the supply in its area (+2: two, +3: four)."""
    summoning: bool
    """T13: it gains the summoning you missed."""
    spare: str
    """T18: ``bag``, ``area`` or ``scored``."""
    prophecy: bool
    """T19: it gains the prophecy Juice you missed."""

    @property
    def plus(self) -> int:
        """The level's "+" count: what its components cost as printed."""
        ghosts = {0: 0, 2: 2, 4: 3}[self.ghosts]
        return self.creatures + ghosts + self.summoning + SPARE_COST[self.spare] + self.prophecy

    @property
    def parts(self) -> tuple[str, ...]:
        """The difficulty parts (:data:`PARTS` ids, in their order) this level is made of."""
        have = {
            "creature": self.creatures == 1,
            "creatures": self.creatures == 2,
            "ghosts": self.ghosts == 2,
            "ghosts4": self.ghosts == 4,
            "summoning": self.summoning,
            "spare": self.spare == "area",
            "spare_scored": self.spare == "scored",
            "prophecy": self.prophecy,
        }
        return tuple(part for part in PARTS if have[part])

    @classmethod
    def of(cls, parts: tuple[str, ...]) -> Ladder:
        """The components a set of parts names (I41); each part's step replaces none."""
        return cls(
            creatures=2 if "creatures" in parts else int("creature" in parts),
            ghosts=4 if "ghosts4" in parts else 2 * ("ghosts" in parts),
            summoning="summoning" in parts,
            spare="scored" if "spare_scored" in parts else "area" if "spare" in parts else "bag",
            prophecy="prophecy" in parts,
        )


PARTS: dict[str, tuple[str, dict[str, str]]] = {
    "creature": ("creatures", {"en": "creature", "it": "mostro"}),
    "creatures": ("creatures", {"en": "creatures", "it": "mostri"}),
    "ghosts": ("ghosts", {"en": "ghosts", "it": "fantasmi"}),
    "ghosts4": ("ghosts", {"en": "ghosts4", "it": "fantasmi4"}),
    "summoning": ("", {"en": "summoning", "it": "evocazione"}),
    "spare": ("spare", {"en": "spare", "it": "dado"}),
    "spare_scored": ("spare", {"en": "spare scored", "it": "dado a punti"}),
    "prophecy": ("", {"en": "prophecy", "it": "profezia"}),
}
"""The printed "+" parts (T3c, T13, T18, T19), id -> (the component it is a step of, names):
one creature (+1) or two (+2), two ghosts (+2) or four (+3), the summoning you missed (+1), the
spare die into the area (+1) or scored (+2), the prophecy you missed (+1). Parts of one
component exclude each other (I41)."""

LADDER: tuple[Ladder, ...] = (
    Ladder(0, 0, False, "bag", False),
    Ladder(1, 0, False, "bag", False),
    Ladder(1, 0, True, "bag", False),
    Ladder(1, 0, True, "area", False),
    Ladder(1, 0, True, "area", True),
    Ladder(1, 0, True, "scored", True),
    Ladder(2, 0, True, "scored", True),
    Ladder(1, 2, True, "scored", True),
)
"""I40: level n's components add up to n; at +7 the second creature is traded for two ghosts."""

LEVELS = ("easy", "easy", "easy", "normal", "normal", "hard", "hard", "monstrous")
"""T2: "Facile: +0 ... +2; Normale: +3 ... +4 / Difficile: +5 ... +6; Mostruoso: +7"."""

MAX_DIFFICULTY = len(LADDER) - 1


def parts_of(options: dict[str, Any]) -> tuple[str, ...]:
    """The difficulty parts a table's options name (``"ghosts+prophecy"``; ``""`` none)."""
    value = str(options.get("difficulty", "") or "")
    return tuple(part for part in value.split("+") if part)


def ladder(state: State) -> Ladder:
    """The components in force: the table's parts (I41), or, for a game stored before the
    parts (``parts`` None), its ladder level (I40)."""
    jack = jack_of(state)
    return LADDER[jack.difficulty] if jack.parts is None else Ladder.of(jack.parts)


def board_name(jack: JackArea) -> str:
    """The solo high-score board (I36): ``against_jack+N`` for ladder level N's parts, else
    ``against_jack+N:parts`` (a set of its own: the same "+" made of other parts)."""
    level = LADDER[jack.difficulty] if jack.parts is None else Ladder.of(jack.parts)
    if level == LADDER[min(level.plus, MAX_DIFFICULTY)]:
        return f"against_jack+{level.plus}"
    return f"against_jack+{level.plus}:{'+'.join(level.parts)}"


def jack_of(state: State) -> JackArea:
    assert state.jack is not None, "solo 2 only"
    return state.jack


def ghost_matches(ghost_id: str, colour: str) -> bool:
    """I39: a multicolour ghost matches every colour, any other ghost its own."""
    ghost = mob.content().ghosts[ghost_id]
    return ghost.colour in (mob.MULTI, colour)


def area_points(jack: JackArea, colour: str) -> int:
    """T12: 1 per die, 2 per ghost and 3 per creature of ``colour`` in the area."""
    dice = sum(die_colour(d) == colour for d, _ in jack.dice)
    ghosts = sum(ghost_matches(g, colour) for g in jack.ghosts)
    creatures = sum(c == colour for c in jack.creatures)
    return DIE_POINTS * dice + GHOST_POINTS * ghosts + CREATURE_POINTS * creatures


def with_die(jack: JackArea, die: Die) -> JackArea:
    return replace(jack, dice=(*jack.dice, die))


def choose_scored(jack: JackArea, picks: tuple[Die, ...]) -> int:
    """T10: the highest rank; a tie, the die whose area points (T12, the die added) are
    most; a further tie, the earlier pick (I38)."""

    def key(index: int) -> tuple[int, int, int]:
        die = picks[index]
        return die[1], area_points(with_die(jack, die), die_colour(die[0])), -index

    return max(range(len(picks)), key=key)


def score_picks(jack: JackArea, picks: tuple[Die, ...]) -> tuple[JackArea, list[Event]]:
    """T9-T12: three of the four picks score their rank, join the area and score its points;
    the fourth is the spare die (T15, T18)."""
    left, events = picks, []
    for _ in range(SCORED_DICE):
        index = choose_scored(jack, left)
        die, left = left[index], (*left[:index], *left[index + 1 :])
        jack = with_die(jack, die)
        area = area_points(jack, die_colour(die[0]))
        jack = replace(jack, juice=jack.juice + die[1] + area)
        events.append(
            {
                "type": "jack_scored",
                "die": die[0],
                "rank": die[1],
                "area": area,
                "juice": die[1] + area,
            }
        )
    (spare,) = left
    return replace(jack, spare=spare, picks=picks), events


def market_slots(rank: int) -> tuple[int, ...]:
    """T15/T16: positions 1-5 count from the right; rank 6 takes positions 1 and 5. Returns
    market slot indices (0 = leftmost), ascending."""
    positions = (1, 5) if rank == 6 else (rank,)
    return tuple(sorted(mob.content().market_prices.index(p) for p in positions))


class Solo2(Solo1):
    """Solo mode 2 (T1-T19): one seat against Spider Jack."""

    id = "solo2"
    seats = (1, 1)

    def setup(self, state: State, options: dict[str, Any]) -> State:
        """T3-T3c: a random die's colour picks the 10 solo cards of that colour, a creature of
        it goes to Spider Jack's area and the die back to the bag (it never leaves: only its
        colour is read); the difficulty adds creatures of other colours and ghosts (I39)."""
        parts = parts_of(options)
        level = Ladder.of(parts)
        rng = state.rng
        index, rng = rng.roll(len(state.bag))
        colour = die_colour(state.bag[index - 1])
        cards = sorted(c.id for c in mob.content().solo_cards.values() if colour in c.deck_colours)
        deck, rng = rng.shuffled(cards)
        others, rng = rng.shuffled([c for c in mob.COLOURS if c != colour])
        ghosts = state.ghost_supply[: level.ghosts]
        jack = JackArea(
            colour=colour,
            difficulty=level.plus,
            parts=level.parts,
            ghosts=ghosts,
            creatures=(colour, *others[: level.creatures]),
        )
        supply = state.ghost_supply[level.ghosts :]
        return replace(state, rng=rng, solo_deck=deck, ghost_supply=supply, jack=jack)

    def arrange_cars(self, state: State) -> State:
        """T4: Spider Jack's four dice go into random slots of its car (slots matter to its
        picks, T7)."""
        ai_car = 1 - self.car_of(state, 0)
        dice, rng = state.rng.shuffled(state.cars[ai_car])
        cars = tuple(dice if i == ai_car else car for i, car in enumerate(state.cars))
        return replace(state, cars=cars, rng=rng)

    def end_draft(self, state: State) -> tuple[State, list[Event]]:
        """T9-T12: Spider Jack scores three of its four picks; the fourth waits as the spare."""
        jack, events = score_picks(jack_of(state), state.ai_picks)
        return replace(state, jack=jack, ai_picks=()), events

    def after_spectral_turn(self, state: State) -> tuple[State, list[Event]]:
        """T14 (I38): after the player's first purchase or pass, Spider Jack buys once (T15-T17)
        and its spare die goes where the difficulty says (T18); the player then buys freely
        until a pass ends the phase (the first pass does not)."""
        jack = jack_of(state)
        if jack.spare is None:
            return state, []
        state, events = jack_buys(state, jack.spare[1])
        state, more = spare_die(state)
        return replace(state, passes=0), events + more

    def end_spectral(self, state: State) -> tuple[State, list[Event]]:
        """O7/O8 are solo 1's (I38): nothing is discarded at the end of the phase."""
        return state, []

    def missed_summoning(self, state: State, missed: int) -> tuple[State, list[Event]]:
        """T13 (I39): the ranks beyond the Spider Jack die of a summoned row are Spider Jack's."""
        if not ladder(state).summoning or missed <= 0:
            return state, []
        jack = jack_of(state)
        state = replace(state, jack=replace(jack, juice=jack.juice + missed))
        return state, [{"type": "jack_summoning", "juice": missed}]

    def creatures_elsewhere(self, state: State, colour: str) -> int:
        return jack_of(state).creatures.count(colour)

    def at_finish(self, state: State) -> tuple[State, list[Event]]:
        """T19 (I39): what your prophecy card could have given (its best, at most 50) and did
        not is Spider Jack's."""
        if not ladder(state).prophecy or state.seats[0].prophecy is None:
            return state, []
        missed = missed_prophecy(state)
        jack = jack_of(state)
        state = replace(state, jack=replace(jack, juice=jack.juice + missed))
        return state, [{"type": "jack_prophecy", "juice": missed}]

    def outcome(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        """T1/I37: you win only with strictly more Juice than Spider Jack, who is no seat: a
        rival (the contract's ``rivals``), so ``scores`` stays one per seat."""
        you, jack = result["scores"][0], jack_of(state).juice
        won = you > jack
        return {
            **result,
            "scores": [you],
            "winners": [0] if won else [],
            "rivals": [{"name": "Spider Jack", "score": jack, "won": not won}],
            "jack_won": not won,
            "solo": board_name(jack_of(state)),
        }

    def view(self, state: State) -> dict[str, Any]:
        """The solo card and Spider Jack's picks (``solo``, as in solo 1: during the draft the
        picks so far, afterwards this round's four), and its area (``jack``)."""
        data = super().view(state)
        jack = jack_of(state)
        if state.phase != "draft":
            data["solo"]["ai_picks"] = [list(d) for d in jack.picks]
        level = ladder(state)
        data["jack"] = {
            "colour": jack.colour,
            "difficulty": jack.difficulty,
            "level": LEVELS[min(jack.difficulty, MAX_DIFFICULTY)],
            "parts": list(level.parts),
            "modifiers": {
                "creatures": level.creatures,
                "ghosts": level.ghosts,
                "summoning": level.summoning,
                "spare": level.spare,
                "prophecy": level.prophecy,
            },
            "dice": [list(d) for d in jack.dice],
            "ghosts": list(jack.ghosts),
            "creatures": list(jack.creatures),
            "juice": jack.juice,
            "spare": list(jack.spare) if jack.spare else None,
        }
        return data


def missed_prophecy(state: State) -> int:
    """T19 (I39): what the seat's prophecy card could give (its best, at most 50) and its
    board does not give now, which Spider Jack gains at the end with the ``prophecy`` part
    (0 without it). Read mid-game too: the hard bot's judgement (:mod:`.value`) counts it."""
    seat = state.seats[0]
    if not ladder(state).prophecy or seat.prophecy is None:
        return 0
    (sheet,) = sheets_of(state)
    scored = sum(line.juice for line in sheet.lines if line.source == "prophecy")
    return max(0, prophecy_max(seat.prophecy) - scored)


def jack_buys(state: State, rank: int) -> tuple[State, list[Event]]:
    """T15-T17: the ghosts at the positions the spare die's rank names join Spider Jack's
    area, the Arch cards at those positions are discarded, both rows refill. Taken together
    (I38): slots are taken left to right, so each take leaves the others where they were; an
    empty position buys nothing."""
    slots = market_slots(rank)
    ghosts, supply = state.ghost_market, state.ghost_supply
    cards, deck = state.arch_market, state.arch_deck
    bought = [g for g in (ghosts[s] for s in slots) if g is not None]
    discarded = [c for c in (cards[s] for s in slots) if c is not None]
    for slot in slots:
        if ghosts[slot] is not None:
            ghosts, supply = take(ghosts, slot, supply)
        if cards[slot] is not None:
            cards, deck = take(cards, slot, deck)
    jack = jack_of(state)
    state = replace(
        state,
        ghost_market=ghosts,
        ghost_supply=supply,
        arch_market=cards,
        arch_deck=deck,
        arch_discard=(*state.arch_discard, *discarded),
        jack=replace(jack, ghosts=(*jack.ghosts, *bought)),
    )
    positions = [mob.content().market_prices[s] for s in slots]
    event: Event = {"type": "jack_bought", "positions": positions, "ghosts": bought}
    event["arch_discarded"] = discarded
    return state, [event]


def spare_die(state: State) -> tuple[State, list[Event]]:
    """T18 by difficulty: the spare die back to the bag, into the area, or scored at its rank
    (no area points, I39) and then into the area."""
    jack = jack_of(state)
    assert jack.spare is not None
    die, where = jack.spare, ladder(state).spare
    jack = replace(jack, spare=None)
    gained = die[1] if where == "scored" else 0
    if where == "bag":
        state = replace(state, bag=tuple(sorted((*state.bag, die[0]))), jack=jack)
    else:
        jack = replace(with_die(jack, die), juice=jack.juice + gained)
        state = replace(state, jack=jack)
    to = "bag" if where == "bag" else "area"
    return state, [{"type": "jack_spare", "die": die[0], "rank": die[1], "to": to, "juice": gained}]
