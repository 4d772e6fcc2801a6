"""Monsterpocalypse in words: every sampled state of seeded games, in English and Italian.

Seeded games (preset and drafted armies) are played by the engine's bot with a share of
random legal moves, so that every kind of move and event comes up. For the states sampled the
presenter must name each legal move briefly and distinctly (the contract of the buttons,
``/game move`` and ``/mp``), pick at most 25 valid buttons with the taps first, narrate every
event the engine emits, and build hands and summaries that fit Discord with long names.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.games import PRESENTERS
from bot.games.monsterpocalypse import (
    AFTERMATH,
    LINES,
    MAX_BUTTONS,
    MAX_FIELD,
    MAX_LABEL,
    SILENT,
    TAPS,
    MonsterpocalypsePresenter,
)
from bot.games.monsterpocalypse.text import legend
from bot.games.monsterpocalypse.words import units
from bot.games.texts import rules_text

ENGINE = rules.GAMES["monsterpocalypse"]
PRESENTER = MonsterpocalypsePresenter()
LOCALES = ("en", "it")
NAMES = ["Anna", "Bruno"]
LONG_NAMES = [f"{n}{'x' * 28}"[:32] for n in NAMES]
RANDOM_SHARE = 0.35
MAX_STEPS = 900
SAMPLED = 60
ROOT = Path(__file__).resolve().parents[2]
GAMES = [(1, {}), (2, {"army": "custom"}), (3, {"rounds": 6}), (4, {"army": "custom"})]
Step = tuple[Any, int, Any, list[dict[str, Any]], Any]
"""(state before, seat, action, events, state after)."""


@cache
def game(seed: int, options_json: str) -> list[Step]:
    """The moves of one seeded game (up to :data:`MAX_STEPS`): the bot's, and now and then a
    random legal one."""
    rng = random.Random(seed)
    options = {**ENGINE.options, **json.loads(options_json)}
    state = ENGINE.setup(2, options, seed)
    steps: list[Step] = []
    while ENGINE.outcome(state) is None and len(steps) < MAX_STEPS:
        seat = ENGINE.pending(state)[0]
        if rng.random() < RANDOM_SHARE:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        else:
            action = ENGINE.bot_action(state, seat)
        after, events = ENGINE.apply(state, seat, action)
        steps.append((state, seat, action, events, after))
        state = after
    return steps


def games() -> list[list[Step]]:
    return [game(seed, json.dumps(options)) for seed, options in GAMES]


def sampled(steps: list[Step]) -> list[Step]:
    every = max(1, len(steps) // SAMPLED)
    return steps[::every]


def legal_dumped(state: Any, seat: int) -> list[dict[str, Any]]:
    return [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]


def test_registered() -> None:
    assert isinstance(PRESENTERS["monsterpocalypse"], MonsterpocalypsePresenter)


@pytest.mark.parametrize("locale", LOCALES)
def test_labels_short_and_unique_among_a_seats_moves(locale: str) -> None:
    """Every legal move of the seat to act, at every sampled moment, has its own label of at
    most 80 characters (a button, a ``/game move`` suggestion)."""
    kinds: set[str] = set()
    for steps in games():
        for state, seat, _action, _events, _after in sampled(steps):
            view = ENGINE.view(state, seat)
            actions = legal_dumped(state, seat)
            labels = [PRESENTER.action_label(view, a, locale) for a in actions]
            assert all(0 < units(label) <= MAX_LABEL for label in labels), labels
            twins = {label for label in labels if labels.count(label) > 1}
            clashing = [a for a, b in zip(actions, labels, strict=True) if b in twins]
            assert not twins, (twins, clashing[:4])
            kinds |= {a["type"] for a in actions}
    assert {"activate_monster", "activate_units", "move", "attack", "end_activation"} <= kinds


def test_every_action_type_has_a_label() -> None:
    from bot.games.monsterpocalypse.labels import LABELS
    from rules.monsterpocalypse.model import ACTION_TYPES

    assert set(ACTION_TYPES) <= set(LABELS)


def test_attack_labels_carry_the_odds() -> None:
    """An attack's label names its dice, the target's DEF and the chance to hit."""
    seen = 0
    for steps in games():
        for state, seat, _action, _events, _after in sampled(steps):
            view = ENGINE.view(state, seat)
            for action in legal_dumped(state, seat):
                if action["type"] != "attack" or action["manoeuvre"] == "stomp":
                    continue
                label = PRESENTER.action_label(view, action, "en")
                assert "DEF" in label and "%" in label, label
                seen += 1
    assert seen


def test_buttons_at_most_25_taps_first() -> None:
    for steps in games():
        for state, seat, _action, _events, _after in sampled(steps):
            view = ENGINE.view(state, seat)
            actions = legal_dumped(state, seat)
            picked = PRESENTER.button_actions(view, actions)
            assert len(picked) <= MAX_BUTTONS and len(set(picked)) == len(picked)
            assert all(0 <= i < len(actions) for i in picked)
            kinds = [actions[i]["type"] for i in picked]
            taps = [k for k in kinds if k in TAPS]
            assert kinds[: len(taps)] == taps, kinds  # the taps come first
            legal_taps = {a["type"] for a in actions if a["type"] in TAPS}
            assert legal_taps <= set(kinds), (legal_taps, kinds)
            if actions:
                assert picked, "a seat with moves gets at least one button"


def test_every_event_type_is_narrated() -> None:
    """Each event type the engine emits reads as a line (or is folded on purpose), in both
    languages, and every line is Markdown text within a message."""
    kinds: set[str] = set()
    for steps in games():
        for _state, _seat, _action, events, _after in steps:
            for locale in LOCALES:
                lines = PRESENTER.event_lines(events, locale, NAMES)
                assert all(isinstance(x, str) and 0 < len(x) <= 300 for x in lines), lines
            kinds |= {str(e["type"]) for e in events}
    told = set(LINES) | set(AFTERMATH) | SILENT
    assert kinds <= told, kinds - told


def test_an_attack_reads_as_one_line_with_dice_hits_and_def() -> None:
    for steps in games():
        for _state, _seat, action, events, _after in steps:
            if ENGINE.dump_action(action)["type"] != "attack":
                continue
            lines = PRESENTER.event_lines(events, "en", NAMES)
            attack = [x for x in lines if "DEF" in x]
            assert len(attack) == 1, lines
            return
    pytest.fail("no attack in the sampled games")


@pytest.mark.parametrize("names", [NAMES, LONG_NAMES])
def test_summaries_and_hands_fit(names: list[str]) -> None:
    for steps in games():
        for state, seat, _action, _events, _after in sampled(steps):
            public = ENGINE.view(state, None)
            for locale in LOCALES:
                lines = PRESENTER.summary_lines(public, locale, names)
                assert lines and len("\n".join(lines)) <= MAX_FIELD
                hand = PRESENTER.hand_lines(ENGINE.view(state, seat), locale)
                assert hand and len("\n".join(hand)) <= 4000


def test_summary_says_round_turn_pools_and_health() -> None:
    steps = games()[0]
    state = next(after for *_, after in steps if ENGINE.view(after, None)["phase"] == "play")
    text = "\n".join(PRESENTER.summary_lines(ENGINE.view(state, None), "en", NAMES))
    assert "Round 1/" in text and "Anna" in text and "Bruno" in text
    assert "alpha" in text and "hyper" in text and "monster" in text


def test_one_table_message_per_activation() -> None:
    """The turn key stays while one seat's activation goes on and changes with the turn."""
    steps = games()[0]
    keys = []
    for state, _seat, _action, _events, after in steps:
        before_view, after_view = ENGINE.view(state, None), ENGINE.view(after, None)
        if before_view["phase"] == "play" and after_view["phase"] == "play":
            same_turn = (before_view["round"], before_view["turn"]) == (
                after_view["round"],
                after_view["turn"],
            )
            same_key = PRESENTER.turn_key(before_view) == PRESENTER.turn_key(after_view)
            assert same_turn == same_key
            keys.append(PRESENTER.turn_key(after_view))
    assert len(set(keys)) > 2


def test_public_action_hides_nothing() -> None:
    action = {"type": "move", "figure": "u3", "to": "C4"}
    assert PRESENTER.public_action(action) == action


@pytest.mark.parametrize(("locale", "command"), [("en", "/game new"), ("it", "/partita nuova")])
def test_rules_summary_names_the_commands(locale: str, command: str) -> None:
    text = rules_text("monsterpocalypse", locale)
    path = ROOT / "bot" / "games" / "rules" / f"monsterpocalypse.{locale}.md"
    assert len(path.read_text(encoding="utf-8")) <= 4000
    assert "/mp " in text and command in text


def test_the_map_is_drawn_from_the_active_seats_view_during_an_activation() -> None:
    """While a seat activates, the table's map is its own view (its reachable squares and
    targets highlighted); between activations, the public view."""
    seen = set()
    for state, _seat, _action, _events, _after in games()[0]:
        public = ENGINE.view(state, None)
        activation = public["activation"]
        seat = PRESENTER.board_seat(public)
        if activation is None or activation["phase"] == "reorder":
            assert seat is None
        else:
            assert seat == activation["seat"]
            assert "moves" in ENGINE.view(state, seat)
        seen.add(seat)
    assert {None, 0, 1} <= seen


def test_rare_events_read_as_the_engine_sends_them() -> None:
    """A slam that pushes a monster into a building, a stomp, a monster's last form falling
    and a drawn battle, shaped as the engine emits them: each attack is one line."""
    slam = {
        "type": "attack", "seat": 0, "figure": "m0", "kind": "power", "manoeuvre": "slam",
        "target": "m1", "rolled": {"action": [1, 2], "boost": [1], "power": [2]}, "hits": 6,
        "defense": 3, "result": "hit", "super": True,
        "pushed": [
            {"type": "pushed", "figure": "m1", "to": "E5"},
            {"type": "building_destroyed", "building": "b2", "hazard": "fire", "power": 1},
        ],
    }  # fmt: skip
    fallen = [
        {"type": "damaged", "figure": "m1", "amount": 2},
        {"type": "form_destroyed", "figure": "m1", "form": "hyper"},
        {"type": "monster_destroyed", "figure": "m1"},
        {"type": "game_over", "winners": [0, 1]},
    ]
    lines = PRESENTER.event_lines([slam, *fallen], "en", NAMES)
    assert len(lines) == 2, lines
    assert "slam" in lines[0] and "6 hits vs DEF 3" in lines[0] and "super damage" in lines[0]
    assert "pushed to E5" in lines[0] and "🔥" in lines[0] and "−2 ❤️" in lines[0]
    assert "(+1⚡)" in lines[0] and "💀" in lines[0]
    assert "draw" in lines[1]
    stomp = {
        "type": "attack", "seat": 1, "figure": "m1", "kind": "power", "manoeuvre": "stomp",
        "target": "", "rolled": {"action": [1], "boost": [], "power": []}, "hits": 1,
        "crushed": ["u3", "u4"],
    }  # fmt: skip
    (line,) = PRESENTER.event_lines([stomp], "it", NAMES)
    assert "pestone" in line and "1 colpo" in line and "u3, u4" in line and "(+2⚡)" in line


def test_the_end_of_a_battle_names_its_reason() -> None:
    """Issue 26 item 6: a monster destroyed, the round limit's tie-break, a draw at the limit;
    in both languages."""
    ends = {
        "destroyed": {"type": "game_over", "winners": [0], "reason": "destroyed"},
        "tie_break": {"type": "game_over", "winners": [1], "reason": "tie_break"},
        "draw": {"type": "game_over", "winners": [0, 1], "reason": "draw"},
    }
    en = {k: PRESENTER.event_lines([e], "en", NAMES)[0] for k, e in ends.items()}
    assert "destroys the enemy monster" in en["destroyed"]
    assert "Round limit" in en["tie_break"] and "smaller share" in en["tie_break"]
    assert "Round limit" in en["draw"] and "draw" in en["draw"]
    it = {k: PRESENTER.event_lines([e], "it", NAMES)[0] for k, e in ends.items()}
    assert "distrugge" in it["destroyed"]
    assert "round" in it["tie_break"].lower() and "parità" in it["draw"]


def test_T2_T3_the_italian_map_key_names_the_terrain_as_the_rulebook_does() -> None:
    """The rulebook's terrain is «Terreni rocciosi» and «Terreni impassabili» (T2, T3), as the
    Italian rules page and the abilities' cards say too: the text map's key uses those words."""
    key = legend("it", NAMES)
    assert "#: impassabile" in key
    assert "~: roccioso" in key
