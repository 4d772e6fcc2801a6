"""Random playouts of every engine in ``rules.GAMES``, every declared variant and every option's
extreme values.

Why generic: a new game registered in ``rules.GAMES`` gets these checks for free. Each playout
alternates a random legal action (from a seeded ``random.Random``) with ``bot_action`` and checks
the engine contract at every step: no mutation, lossless JSON dump/load, JSON-able views with no
rng/seed and no hidden card, ``pending`` empty exactly when there is an outcome, legal bot moves,
termination, and a replay from ``setup(seed)`` plus the action log equal to the final snapshot.

Game-specific knowledge (what is secret, what is conserved) lives in :data:`HOOKS`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from rules import GAMES, Engine, validate
from rules.monster_day import engine as md
from rules.monsterpocalypse import model as mp
from rules.monsters_on_board import model as mob
from rules.munchkin_fu import engine as mf
from rules.munchkin_fu import model as mf_model
from rules.munchkin_fu.content import DECK as MF_DECK
from rules.munchkin_fu.table import epic_ops as mf_epic_ops
from rules.notte_di_terrore import cards as nt_cards
from rules.notte_di_terrore import engine as nt
from rules.options import WINDOW_OPTION

SEEDS_PER_VARIANT = 200
DEFAULT_MAX_STEPS = 5_000
FORBIDDEN_VIEW_KEYS = {"rng", "seed"}
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


@dataclass(frozen=True)
class Hooks:
    """Per-game knowledge: ``secrets(state, viewer)`` are strings ``viewer`` (``None`` = public)
    must never see; ``invariant(initial, state)`` asserts what the game conserves; ``at_end``
    checks the finished game given the number of actions it took."""

    secrets: Callable[[Any, int | None], set[str]] = lambda state, viewer: set()
    invariant: Callable[[Any, Any], None] = lambda initial, state: None
    max_steps: int = DEFAULT_MAX_STEPS
    at_end: Callable[[Any, int], None] = lambda state, steps: None
    seeds: int = SEEDS_PER_VARIANT
    """Games per variant; seed ``n`` plays with the ``n % k``-th of the ``k`` seat counts the
    variant sets up for."""


def _md_cards(state: md.State) -> Counter[str]:
    piles = [card for pile in state.piles for card in pile]
    return Counter([*state.hands[0], *state.hands[1], *state.deck, *piles])


def _md_secrets(state: md.State, viewer: int | None) -> set[str]:
    """Cards in hands other than the viewer's, and the deck: never named in that view."""
    hidden = {c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand}
    return hidden | set(state.deck)


def _md_invariant(initial: md.State, state: md.State) -> None:
    cards = _md_cards(state)
    assert cards == Counter(md.starting_deck(state.extended)) == _md_cards(initial)
    assert sorted(state.aces) == sorted(initial.aces) and len(state.aces) == 6
    assert len(state.hands[0]) <= 3 and len(state.hands[1]) <= 3
    assert all(p is None or 0 <= p < 6 for p in state.monsters)


def _md_at_end(state: md.State, steps: int) -> None:
    assert steps == len(md.starting_deck(state.extended))
    assert not state.deck and not any(state.hands)


def _nt_all_cards() -> Counter[str]:
    decks = nt_cards.decks()
    return Counter(c for name in nt.DECK_NAMES for c in nt_cards.instance_ids(getattr(decks, name)))


def _nt_zones(state: nt.State) -> Counter[str]:
    """Every card wherever it lies: decks, discards, removed, paths, hands, tables, piles."""
    found = [c for deck in state.decks for c in deck]
    found += [c for deck in state.discards for c in deck] + list(state.removed)
    for p in state.players:
        found += [*p.face_down, *p.path, *p.hand, *p.table, *[c.card for c in p.pile]]
        found += [x for x in (p.revealed, p.weapon_hand) if x]
        for m in p.monsters:
            found += [m.card, *m.events, *([m.summoned_by] if m.summoned_by else [])]
    return Counter(found)


def _nt_secrets(state: nt.State, viewer: int | None) -> set[str]:
    """Others' hands, every face-down Place (its owner's too) and the draw piles."""
    hidden = {c for s, p in enumerate(state.players) if s != viewer for c in p.hand}
    hidden |= {c for p in state.players for c in p.face_down}
    return hidden | {c for deck in state.decks for c in deck}


def _nt_invariant(initial: nt.State, state: nt.State) -> None:
    assert _nt_zones(state) == _nt_all_cards()
    size = nt.hand_size(state.num_players)
    for p in state.players:
        assert len(p.table) + (p.weapon_hand is not None) <= nt.WEAPONS_HELD
        assert state.phase == "split" or len(p.hand) <= size
        assert len([m for m in p.monsters if m.summoned_by is None]) <= 3


def _mob_dice(state: mob.State) -> Counter[str]:
    """Every Lord die wherever it lies: bag, cars, Avenues, Orders, removed (F2), the solo
    AI's picks, Spider Jack's area and spare die (solo 2)."""
    found = list(state.bag) + [d for car in state.cars for d, _ in filter(None, car)]
    for seat in state.seats:
        found += [d for d, _ in seat.avenue] + [d for row in seat.order for d, _ in row]
        found += [d for _, (d, _) in seat.removed]
    found += [d for d, _ in state.ai_picks]
    if state.jack is not None:
        found += [d for d, _ in state.jack.dice] + [d for d, _ in filter(None, [state.jack.spare])]
    return Counter(found)


def _mob_secrets(state: mob.State, viewer: int | None) -> set[str]:
    """Other seats' prophecy cards, the Arch deck, the ghost supply and the solo deck (their
    order and ids); a pick is hidden by not naming it (``picked: true``), its die stays in the
    public car until the pass."""
    hidden = {s.prophecy for i, s in enumerate(state.seats) if i != viewer and s.prophecy}
    if state.over:
        hidden = set()
    return hidden | set(state.arch_deck) | set(state.ghost_supply) | set(state.solo_deck)


def _mob_invariant(initial: mob.State, state: mob.State) -> None:
    assert _mob_dice(state) == _mob_dice(initial) and sum(_mob_dice(state).values()) == 78
    ghosts = [*state.ghost_supply, *filter(None, state.ghost_market), *state.ghost_discard]
    ghosts += [g for seat in state.seats for _, g in seat.ghosts]
    ghosts += list(state.jack.ghosts) if state.jack is not None else []
    cards = [*state.arch_deck, *filter(None, state.arch_market), *state.arch_discard]
    cards += [c for seat in state.seats for c in (*seat.arch, *seat.flipped)]
    family = state.mode == "family"  # FM2: no ghosts or Arch cards at all
    assert sorted(ghosts) == sorted(set(ghosts)) and len(ghosts) == (0 if family else 42)
    assert sorted(cards) == sorted(set(cards)) and len(cards) == (0 if family else 72)
    for seat in state.seats:
        assert 0 <= seat.evil <= mob.MAX_EVIL and seat.juice >= 0
        assert all(len(row) <= mob.COLUMNS for row in seat.order)
        assert all(1 <= v <= 6 for v in seat.jack) and all(0 <= v <= 6 for v in seat.summon)
        places = [loc for _, loc in seat.creatures if loc != "final"]
        places += [] if family else list(seat.servants)  # family servants: reserve or a row
        assert len(places) == len(set(places)), "a creature or servant shares a space"
        if family:
            rows = Counter(s for s in seat.servants if s != "reserve")
            assert all(n <= 2 for n in rows.values()) and len(seat.servants) == 6


def _mob_at_end(state: mob.State, steps: int) -> None:
    """E1: after six rounds every Order was full (18 dice, some removed by F2); family mode:
    every servant space too (FM15); solo 2: the outcome is you against Spider Jack (T1)."""
    assert state.round == mob.ROUNDS
    for seat in state.seats:
        assert sum(len(row) for row in seat.order) + len(seat.removed) == 18
        assert all(len(row) <= jack for row, jack in zip(seat.order, seat.jack, strict=True))
        assert state.mode != "family" or "reserve" not in seat.servants
    outcome = GAMES["monsters_on_board"].outcome(state)
    assert outcome is not None
    if state.jack is not None:
        (rival,) = outcome["rivals"]
        assert rival["score"] == state.jack.juice and state.jack.spare is None
        assert len(outcome["scores"]) == 1 and rival["won"] == outcome["jack_won"]
        assert outcome["jack_won"] == (outcome["winners"] == [])


def _mf_secrets(state: mf_model.State, viewer: int | None) -> set[str]:
    """Other seats' hands but the cards everyone saw arrive (and the neighbours' for an epic
    Monk's clairvoyance), and the next cards of each deck (not whole decks: a reshuffled
    discard pile holds cards everyone saw played, which events named then)."""
    seen = {viewer} if viewer is not None else set()
    if viewer is not None and "clairvoyance" in mf_epic_ops(state, viewer):
        seen |= {(viewer - 1) % state.num_players, (viewer + 1) % state.num_players}
    hidden = {c for s, p in enumerate(state.players) if s not in seen for c in p.hand}
    hidden -= {c for p in state.players for c in p.shown}
    mine = set(state.players[viewer].hand) if viewer is not None else set()
    return (hidden - mine) | set(state.door[:3]) | set(state.treasure[:3])


def _mf_invariant(initial: mf_model.State, state: mf_model.State) -> None:
    """Cards conserved; levels 1..win; at most one helper; in every window, the pending seats
    are exactly the seats the rule names whatever they hold (the interference window: every
    other player who has not passed; a choice: its one chooser)."""
    assert Counter(mf_model.all_cards(state)) == Counter([*MF_DECK.door, *MF_DECK.treasure])
    assert all(1 <= p.level <= state.win_level for p in state.players)
    window = mf.window(state)
    fight = state.fight
    if state.choice is not None:
        assert mf.pending(state) == [state.choice.seat]
        assert window is not None and set(window.defaults) == {state.choice.seat}
    elif fight is not None and fight.stage == "window":
        named = {s for s in range(state.num_players) if s != fight.fighter}
        named -= set(fight.passed) | set(fight.passed_fight)
        traders = {o.answerer for o in state.offers if o.kind == "trade"}
        assert named <= set(mf.pending(state)) <= named | traders
        assert window is not None and named <= set(window.defaults)
    if window is not None:
        for seat, default in window.defaults.items():
            assert seat in mf.pending(state) and default in mf.legal_actions(state, seat)


def _mp_invariant(initial: mp.State, state: mp.State) -> None:
    """Dice conserved between pools and supply (D3, D5); figures conserved between map,
    reserve and destroyed: every army's unit is one figure, a monster off the map has no
    health; no two figures or buildings on one square; buildings and their tokens conserved."""
    for p in state.players:
        assert p.unit + p.monster == mp.ACTION_DICE and min(p.unit, p.monster) >= 0
        assert 0 <= p.power <= mp.POWER_DICE
    if state.figures:
        armies = sum(len(p.army) for p in state.players)
        assert [f.id for f in state.figures] == ["m0", "m1", *(f"u{n}" for n in range(armies))]
        placed = state.phase in ("play", "over")
        assert all(f.at or sum(f.health) == 0 or not placed for f in state.figures[:2])
    squares = [s for f in state.figures for s in f.squares()]
    squares += [s for b in state.buildings for s in b.squares()]
    assert len(squares) == len(set(squares)), "two figures share a square"
    ids = sorted([b.id for b in state.buildings] + [h.id for h in state.hazards])
    assert len(ids) == len(set(ids))
    assert state.round <= state.rounds


HOOKS: dict[str, Hooks] = {
    "monster_day": Hooks(
        secrets=_md_secrets, invariant=_md_invariant, max_steps=40, at_end=_md_at_end
    ),
    # A Monsters on Board game is ~300-600 actions (family ~60-120, solo ~150): a few seeds
    # per variant keep it quick; seeds 0-2 play family mode with 2, 3 and 4 seats.
    "monsters_on_board": Hooks(
        secrets=_mob_secrets,
        invariant=_mob_invariant,
        max_steps=20_000,
        at_end=_mob_at_end,
        seeds=3,
    ),
    # A Munchkin Fu game is ~300-500 actions between bots, up to the round cap (~1,000-2,500;
    # epic ~3,000) with random play: four seeds per variant, for 3, 4, 5 and 6 seats.
    # A Monsterpocalypse game is ~100-250 actions (a fixed number of rounds unless a monster
    # falls, ~3 s checked): two seeds per variant keep all of them under a minute.
    "monsterpocalypse": Hooks(invariant=_mp_invariant, max_steps=3_000, seeds=2),
    "munchkin_fu": Hooks(secrets=_mf_secrets, invariant=_mf_invariant, max_steps=20_000, seeds=4),
    # A Notte di Terrore game is ~500 actions, each checked for every viewer: a few seeds per
    # variant (3, 4 and 5 players each) keep this under a minute.
    "notte_di_terrore": Hooks(
        secrets=_nt_secrets,
        invariant=_nt_invariant,
        max_steps=20_000,
        seeds=3,
    ),
}


def _variants() -> list[tuple[str, str, dict[str, Any]]]:
    """``(game, label, options)``: every game's declared variants (``engine.variants``), then
    each option's extreme values (``OptionSpec.extremes``) that no variant already plays.
    Nothing here is per game: a new game's schema is fuzzed as declared. The platform's window
    option (how long the table waits for an answer) is no rule: options that differ only in it
    play the same game, so they are played once."""
    played: list[tuple[str, str, dict[str, Any]]] = []
    for game_id, engine in sorted(GAMES.items()):
        mine: list[dict[str, Any]] = []
        candidates = [(key, dict(v.options)) for key, v in engine.variants.items()]
        candidates += [
            (f"{spec.name}={json.dumps(value)}", {spec.name: value})
            for spec in engine.option_specs
            for value in spec.extremes()
        ]
        for label, overrides in candidates:
            options = validate(engine.option_specs, overrides)
            rules_options = {k: v for k, v in options.items() if k != WINDOW_OPTION}
            if rules_options not in mine and _table_sizes(engine, options):
                mine.append(rules_options)
                played.append((game_id, label, options))
    return played


def _named_in(text: str, words: set[str]) -> set[str]:
    """The ``words`` that occur in JSON ``text`` as a whole string (a key or a value): a JSON
    string token is exactly ``json.dumps(word)``. Conservative: it may only over-report."""
    tokens = set(JSON_STRING.findall(text))
    return {word for word in words if json.dumps(word) in tokens}


FULL_CHECK_STEPS = 30
"""Every viewer's view is checked for the first steps of a game and at its end; in between,
one viewer per step, in turn (nobody, seat 0, seat 1…). A leak shows in every state from the
one that made it until the card moves on, so a viewer checked every few steps finds it, and a
long game (Munchkin Fu's epic race: thousands of steps, six seats) is checked in a sixth of
the time. Everything else (round trip, the game's invariants, events) is checked every step."""


def _viewers(players: int, step: int, *, everyone: bool) -> list[int | None]:
    viewers: list[int | None] = [None, *range(players)]
    if everyone or step < FULL_CHECK_STEPS:
        return viewers
    return [viewers[step % len(viewers)]]


def _check_state(
    engine: Engine,
    hooks: Hooks,
    initial: Any,
    state: Any,
    players: int,
    step: int = 0,
) -> str:
    """Check ``state``; return its dump as sorted JSON (the next step checks that ``apply``
    left it unchanged)."""
    dumped = engine.dump(state)
    text = json.dumps(dumped, sort_keys=True)
    assert engine.load(json.loads(text)) == state
    over = engine.pending(state) == []
    assert over == (engine.outcome(state) is not None)
    for viewer in _viewers(players, step, everyone=over):
        view = engine.view(state, viewer)
        shown = json.dumps(view)
        assert json.loads(shown) == view
        named = _named_in(shown, FORBIDDEN_VIEW_KEYS | hooks.secrets(state, viewer))
        assert not named, (viewer, named, shown)
    hooks.invariant(initial, state)
    return text


def _choose(engine: Engine, state: Any, step: int, chooser: random.Random) -> tuple[int, Any]:
    """A random legal action on even steps, the bot's on odd ones (checked legal)."""
    seat = chooser.choice(engine.pending(state))
    legal = engine.legal_actions(state, seat)
    assert legal, f"seat {seat} is pending but has no legal action"
    if step % 2 == 0:
        return seat, chooser.choice(legal)
    action = engine.bot_action(state, seat)
    assert action in legal
    return seat, action


def _table_sizes(engine: Engine, options: dict[str, Any]) -> list[int]:
    """The table sizes these options set up for: an option may fit only some (Notte di
    Terrore's first player "seat 5" needs five seats), or none alone: an option that means
    something only with another (Monsters on Board's difficulty, solo 2 only) is refused
    alone and played by the variants that set both. Every declared variant fits some
    (tests/rules/test_options.py)."""
    counts = []
    for players in range(engine.min_players, engine.max_players + 1):
        try:
            engine.setup(players, dict(options), 0)
        except ValueError:
            continue
        counts.append(players)
    return counts


def _player_counts(engine: Engine, options: dict[str, Any]) -> list[int]:
    counts = _table_sizes(engine, options)
    assert counts, f"{options} set up for no number of players"
    return counts


def _play(engine: Engine, hooks: Hooks, options: dict[str, Any], seed: int) -> None:
    counts = _player_counts(engine, options)
    players = counts[seed % len(counts)]
    initial = state = engine.setup(players, dict(options), seed)
    chooser, log, steps = random.Random(seed), [], 0
    before = _check_state(engine, hooks, initial, state, players)
    while engine.pending(state):
        assert steps < hooks.max_steps, "the game did not terminate"
        seat, action = _choose(engine, state, steps, chooser)
        old = state
        state, events = engine.apply(old, seat, action)
        assert json.dumps(engine.dump(old), sort_keys=True) == before, "apply mutated its input"
        text = json.dumps(events)
        assert json.loads(text) == events
        assert not _named_in(text, hooks.secrets(state, None)), ("events", text)
        log.append((seat, json.dumps(engine.dump_action(action))))
        steps += 1
        before = _check_state(engine, hooks, initial, state, players, steps)
    hooks.at_end(state, steps)
    _check_replay(engine, options, players, seed, log, state)


def _check_replay(
    engine: Engine, options: dict, players: int, seed: int, log: list, end: Any
) -> None:
    """``setup(seed)`` plus the logged actions, through their JSON form, rebuild ``end``."""
    state = engine.setup(players, dict(options), seed)
    for seat, action in log:
        state, _ = engine.apply(state, seat, engine.load_action(json.loads(action)))
    assert engine.dump(state) == engine.dump(end)
    assert state == end


CHUNKS = 4
"""Each variant's seeds are played as this many tests (seeds ``c, c + 4, c + 8…``), so the
parallel workers share a long variant (Munchkin Fu's epic race) instead of one waiting on it."""


@pytest.mark.parametrize(
    ("game_id", "options", "chunk"),
    [(game, options, chunk) for game, _, options in _variants() for chunk in range(CHUNKS)],
    ids=[f"{game}-{label}-{chunk}" for game, label, _ in _variants() for chunk in range(CHUNKS)],
)
def test_random_playouts_keep_the_engine_contract(
    game_id: str, options: dict[str, Any], chunk: int
) -> None:
    engine, hooks = GAMES[game_id], HOOKS.get(game_id, Hooks())
    for seed in range(chunk, hooks.seeds, CHUNKS):
        _play(engine, hooks, options, seed)
    assert isinstance(engine, Engine)
