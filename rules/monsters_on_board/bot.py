"""A quick Monsters on Board bot: it scores each legal action with a cheap evaluation of its
immediate effect and plays the best, ties to the first listed.

Why no search: phases 3-4 alone are dozens of decisions a round; a greedy eye on Juice, Evil,
creatures advanced, dice that match its own creatures and the Order's shape plays far better
than random at well under a few milliseconds a move. What it weighs:

- picks: icons worth having, and a high rank (the fourth die gives Evil, J4);
- activations: the actions the move will stop on;
- placements: keep the highest die for Evil, fill rows up to their Spider Jack die (F2);
- icons: Juice now, Evil, summoning, feeding the Spider Jack die of a full row, moving;
- spectral: Arch cards and ghosts when Evil allows, cheap ones first; passing otherwise;
- flips: only in the final window, when a card's Juice back is worth more than the card
  scores (X3); a kept card may still score at F8, so it never flips earlier;
- family picks: how far the die's icons take its creature (area 12 pays 12, FM11) and its
  rank times the scorings its row has left (FM14); family rows: the highest total now.

Solo 2's seat plays as a normal seat: Spider Jack's moves are the engine's.
"""

from __future__ import annotations

from dataclasses import replace

from rules.monsters_on_board import content as mob
from rules.monsters_on_board.draft import car_of
from rules.monsters_on_board.effects import next_location, stop_items, summoning
from rules.monsters_on_board.engine import legal_actions, scheduled_actions
from rules.monsters_on_board.family import servants_in
from rules.monsters_on_board.lanes import lane_area
from rules.monsters_on_board.model import (
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
    die_colour,
)
from rules.monsters_on_board.scoring import score_board
from rules.monsters_on_board.sheets import board_for_scoring, sheets_of

ICON_VALUE = {
    "juice": 1.0,
    "evil": 1.5,
    "call": 2.5,
    "feed": 2.0,
    "move_creature": 2.0,
    "promote": 0.6,
    "swap": 0.3,
    "move_servant": 0.2,
    "add_creature": 3.0,
}


NO_FLIP = -100.0
"""A flip's score outside the final window (or for a back with no Juice): below every other
move's, so the bot never flips a card that may still score (X3)."""


def icon_value(icon: str) -> float:
    kind = mob.icon_kind(icon)
    value = ICON_VALUE.get(kind, 0.0)
    if kind == "juice":
        return value * mob.icon_amount(icon)
    return value * mob.icon_amount(icon) if kind == "evil" else value


def bot_action(state: State, seat: int) -> Action:
    """The best-scored legal move, ties to the first listed. Flips are listed only in the
    final window: before it every flip scores :data:`NO_FLIP`, below any other move, so
    leaving them out plays the same move at a fraction of the cost (a swap back alone
    offers every pair of Order dice)."""
    legal = [] if state.phase == "final_window" else scheduled_actions(state, seat)
    if not legal:  # the final window, or only flips to make: list them too
        legal = legal_actions(state, seat)
    best, best_score = legal[0], float("-inf")
    for action in legal:
        score = _score(state, seat, action)
        if score > best_score:
            best, best_score = action, score
    return best


def _score(state: State, seat_i: int, action: Action) -> float:
    seat = state.seats[seat_i]
    if isinstance(action, Flip):
        return _flip(state, seat_i, action)
    if isinstance(action, (Done, Skip, Pass)):
        return 0.0
    if isinstance(action, Pick):
        return _pick(state, seat_i, action)
    if isinstance(action, Activate):
        return _activate(seat, action)
    if isinstance(action, MoveNext):
        return -float(action.creature)
    if isinstance(action, Place):
        return _place(seat, action)
    if isinstance(action, Use):
        return _use(seat, action)
    if isinstance(action, BuyArch):
        return _arch(state, seat, action)
    if isinstance(action, FamilyPick):
        return _family_pick(state, seat_i, action)
    if isinstance(action, ScoreRow):
        return float(sum(rank for _, rank in seat.order[action.row]))
    return _ghost(state, seat, action)


def _pick(state: State, seat_i: int, action: Pick) -> float:
    seat = state.seats[seat_i]
    car = state.cars[car_of(state, seat_i)]
    rank = next(r for d in car if d and d[0] == action.die for r in [d[1]])
    icons = mob.content().dice[action.die].faces[rank]
    colour = die_colour(action.die)
    moving = sum(c == colour and loc != "final" for c, loc in seat.creatures)
    return sum(icon_value(i) for i in icons) + 0.4 * rank + 1.5 * moving


def _activate(seat: Seat, action: Activate) -> float:
    colour = die_colour(action.die)
    total = 0.0
    for i, (c, _) in enumerate(seat.creatures):
        if c == colour:
            there = next_location(seat, i)
            total += 1.0 if there == "final" else 0.5
            if there != "final":
                total += sum(icon_value(icon) for _, icon in stop_items(seat, there))
    return total


def _place(seat: Seat, action: Place) -> float:
    rank = next(r for d, r in seat.avenue if d == action.die)
    highest = max(r for _, r in seat.avenue)
    row = seat.order[action.row]
    room = seat.jack[action.row] - len(row)
    score = sum(icon_value(i) for i in mob.content().dice[action.die].faces[rank])
    score -= 2.0 if rank == highest else 0.0
    score += 1.0 if room > 0 else -0.5
    return score + rank * 0.2 - len(row) * 0.1


def _use(seat: Seat, action: Use) -> float:
    kind = mob.icon_kind(action.icon)
    value = icon_value(action.icon)
    if kind == "call":
        row = int(action.params[0])
        position = seat.summon[row] + 1
        track = mob.content().normal.tracks[row][position]
        if track.summon:
            value += summoning(seat.order[row], seat.jack[row])
    elif kind == "feed":
        row = int(action.params[0])
        value += 1.0 if len(seat.order[row]) > seat.jack[row] else 0.0
    elif kind == "promote":
        value = 0.1 if action.params[1] == 1 else -0.1
    elif kind == "swap":
        value = -0.1
    elif kind == "move_servant":
        value = -0.2
    return value


def _arch(state: State, seat: Seat, action: BuyArch) -> float:
    """A card is worth buying (self-play: cards beat ghosts), more so what it would score on
    the board as it is now; cheap ones first, since Evil buys more than one thing a phase."""
    card = state.arch_market[action.slot]
    if card is None:
        return -1.0
    sheet = score_board(board_for_scoring(replace(seat, arch=(card,))))
    now = sum(line.juice for line in sheet.lines if line.item == card)
    return 3.0 + now + action.slot * 0.5


def _ghost(state: State, seat: Seat, action: BuyGhost) -> float:
    """A ghost's icon, a little more where creatures of the space's colour are still behind
    it (they may stop on it), and early on their path."""
    ghost = state.ghost_market[action.slot]
    if ghost is None:
        return -1.0
    icon = mob.content().ghosts[ghost].icon
    value = 1.0 + icon_value(icon) + action.slot * 0.3
    space = mob.content().normal.spaces.get(action.target)
    if space is not None:
        path = mob.content().normal.path[space.colour]
        behind = set(path[: path.index(space.id)]) | {mob.content().normal.starts[space.colour]}
        coming = sum(c == space.colour and loc in behind for c, loc in seat.creatures)
        value += 0.3 * min(coming, 2) - 0.05 * path.index(space.id)
    return value


def _flip(state: State, seat_i: int, action: Flip) -> float:
    """Worth it only in the final window and only for Juice above what the card scores."""
    if state.phase != "final_window" or mob.icon_kind(action.icon) != "juice":
        return NO_FLIP
    sheet = sheets_of(state)[seat_i]
    kept = sum(line.juice for line in sheet.lines if line.item == action.card)
    return mob.icon_amount(action.icon) - kept - 0.5


def _family_pick(state: State, seat_i: int, action: FamilyPick) -> float:
    """Family: the lane move (12 Juice at area 12, about one a space before it, a little for
    crossing area 4's promotion) plus the rank times the row's servant spaces still empty
    (each is one more scoring of the row, FM14)."""
    seat = state.seats[seat_i]
    car = state.cars[car_of(state, seat_i)]
    rank = next(r for d in car if d and d[0] == action.die for r in [d[1]])
    steps = len(mob.content().dice[action.die].faces[rank])
    colour = die_colour(action.die)
    area = next(lane_area(loc) for c, loc in seat.creatures if c == colour)
    reach = area + steps
    lane = 12.0 + (reach - mob.AREAS) if reach >= mob.AREAS else float(steps)
    lane += 0.8 if area < 4 <= reach else 0.0
    room = mob.content().family.servant_spaces_per_row - servants_in(seat.servants, action.row)
    return lane + 0.5 * rank * room - 0.05 * len(seat.order[action.row])
