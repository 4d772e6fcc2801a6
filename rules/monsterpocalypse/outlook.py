"""What the next activations hold for a seat, read off a Monsterpocalypse position: the
features of the ``hard`` search's judgement past the activation (:mod:`.levels`).

Why features of the next activations and not only the health left: the search judges each
plan at the end of its activation, where power held, the hyper form and a monster brought
into (or kept out of) the other's reach have not paid yet; judged by health alone they are
worth nothing, so the search traded them for poor blows (issue 28, docs/simulator.md).
Each feature is a number from ``seat``'s side; :func:`features` lists them in the order of
:data:`FEATURES`.
"""

from __future__ import annotations

from rules.monsterpocalypse import board, content, geometry
from rules.monsterpocalypse.attacks import defense
from rules.monsterpocalypse.model import Figure, State, monster_of
from rules.monsterpocalypse.odds import p_hit, p_super

FEATURES = ("lead", "power", "hyper", "pool", "strike", "struck", "near", "secured", "late")
"""lead: the health shares' difference (the committed judgement); power: ``seat``'s power
dice less the enemy's; hyper: 1 in the hyper form (less 1 if the enemy is in it); pool: the
dice in its monster pool; strike / struck: the expected damage of its monster's best blow at
the enemy monster next activation, and of the enemy's at it (dice of the striker's monster
pool, the reach a move and a run give); near: its units within 2 squares of the enemy
monster; secured: buildings its units secure (power at every power-up); late: the share of
the rounds played."""


def full_health(monster: Figure) -> int:
    """Both forms' health, the denominator of a health share."""
    beast = content.monster(monster.type)
    return beast.alpha.health + beast.hyper.health


def health_left(monster: Figure) -> float:
    """The share of its full health (both forms) a monster has left."""
    return sum(monster.health) / full_health(monster)


def features(state: State, seat: int) -> tuple[float, ...]:
    """:data:`FEATURES` of ``seat`` at ``state`` (a battle under way, both monsters placed or
    destroyed)."""
    mine, theirs = monster_of(state, seat), monster_of(state, 1 - seat)
    player = state.players[seat]
    lead = health_left(mine) - health_left(theirs)
    strike = struck = 0.0
    if mine.at and theirs.at:
        gap = geometry.attack_distance(mine.squares(), theirs.squares())
        strike = blow_damage(state, mine, theirs, player.monster, gap)
        struck = blow_damage(state, theirs, mine, state.players[1 - seat].monster, gap)
    near = 0
    if theirs.at:
        there = theirs.squares()
        for fig in state.figures:
            if fig.owner == seat and fig.kind == "unit" and fig.at:
                near += geometry.attack_distance(fig.squares(), there) <= 2
    secured = sum(1 for who in board.securers(state).values() if who == seat)
    late = state.round / state.rounds if state.rounds else 1.0
    return (
        lead,
        float(player.power - state.players[1 - seat].power),
        float(mine.form == "hyper") - float(theirs.form == "hyper"),
        float(player.monster),
        strike,
        struck,
        float(near),
        float(secured),
        late,
    )


def blow_damage(state: State, striker: Figure, target: Figure, dice: int, gap: int) -> float:
    """The expected damage of ``striker``'s best brawl or blast at ``target`` next activation
    with ``dice`` from its monster pool, where ``gap`` (the attack distance) lets it: a brawl
    where a move and a run of the dice left after the blow close the gap, a blast where they
    bring it within range. A hit deals 1, a super damage 1 more (as ``plans._brawl_damage``)."""
    if dice <= 0:
        return 0.0
    speed = board.speed(state, striker)
    best = 0.0
    for kind in ("brawl", "blast"):
        most, boost = board.attack_stat(state, striker, kind)
        if most <= 0:
            continue
        if kind == "brawl":
            closes = gap - 1 <= speed + dice - 2
        else:
            closes = gap - board.blast_range(striker)[1] <= speed + dice - 2
        if not closes:
            continue
        rolled = min(most, dice)
        need = defense(state, target, striker, kind)
        best = max(best, p_hit(rolled, boost, need) + p_super(rolled, boost, need))
    return best


WEIGHTS: dict[str, float] = {
    "lead": 1.0,
    "power*early": 0.0209,
    "hyper*early": 0.0445,
}
"""The judgement's terms and their weights, in shares of full health (the lead's weight 1):
a feature of :data:`FEATURES`, or one times ``early`` (the share of the rounds still to
play, power unspent at the limit buying nothing). Fitted on the difference the plan makes
(issue 28, docs/simulator.md, "a judgement past the activation"): pairs of activation ends
from the same position of normal battles (seeds 3000..), each played on by the normal bots
for five more activations a side; the lead there regressed on the features at the end of
the activation, the lead's weight scaled to 1."""


def judged_lead(state: State, seat: int, weights: dict[str, float] | None = None) -> float:
    """The lead in health shares ``seat`` may expect some activations on: the weighted sum of
    :data:`WEIGHTS`' terms at ``state`` (the end of ``seat``'s activation)."""
    found = dict(zip(FEATURES, features(state, seat), strict=True))
    early = 1.0 - found["late"]
    total = 0.0
    for term, weight in (WEIGHTS if weights is None else weights).items():
        name, _, fade = term.partition("*")
        total += weight * found[name] * (early if fade else 1.0)
    return total
