"""Monsters on Board in words: every state of seeded games, in English and Italian.

Seeded games of every mode (normal 2-4 players, the turn-order draft, solo mode 1, solo mode 2
at +0 and +7, family mode for 2 and 4), the engine's bot with a share of random legal moves so
that rare moves (flips, ghost purchases, servant moves) happen, are played to the end. For
every state the presenter must name each legal move briefly and distinctly, pick valid
buttons, narrate every event, and build hands and summaries that show a seat only what it may
see.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.games import PRESENTERS, solo_label
from bot.games.monsters_on_board import (
    MAX_BUTTONS,
    MAX_FIELD,
    MAX_LABEL,
    SILENT,
    MonstersOnBoardPresenter,
    button_actions,
    event_line,
    prophecy_text,
)
from bot.games.monsters_on_board.words import die_text, prophecy_name, units
from bot.games.texts import rules_text
from bot.limits import safe_name
from bot.narration import narrate
from rules.monsters_on_board.prophecy import evaluate
from tests.rules.test_monsters_on_board_scoring import grid

ENGINE = rules.GAMES["monsters_on_board"]
PRESENTER = MonstersOnBoardPresenter()
LOCALES = ("en", "it")
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
RANDOM_SHARE = 0.3
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 1, {}),
    (3, 2, {}),
    (4, 3, {}),
    (3, 4, {"draft": "turn_order"}),
    (1, 5, {"mode": "solo1"}),
    (1, 6, {"mode": "solo2", "difficulty": ""}),
    (1, 7, {"mode": "solo2", "difficulty": "creature+ghosts+summoning+spare_scored+prophecy"}),
    (2, 8, {"mode": "family"}),
    (4, 9, {"mode": "family"}),
]
ROOT = Path(__file__).resolve().parents[2]

Step = tuple[Any, int, Any, list[dict[str, Any]]]
"""(state before, seat, action, events)."""


@cache
def game(players: int, seed: int, options: tuple[tuple[str, Any], ...]) -> tuple[list[Step], Any]:
    """Every move of one game: the state it was made in, the seat, the action, its events;
    and the final state."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, {**ENGINE.options, **dict(options)}, seed)
    steps: list[Step] = []
    while ENGINE.outcome(state) is None:
        seat = rng.choice(ENGINE.pending(state))
        legal = ENGINE.legal_actions(state, seat)
        use_bot = rng.random() >= RANDOM_SHARE
        action = ENGINE.bot_action(state, seat) if use_bot else rng.choice(legal)
        after, events = ENGINE.apply(state, seat, action)
        steps.append((state, seat, action, events))
        state = after
        assert len(steps) < 5_000, "the game did not end"
    return steps, state


def all_games() -> list[tuple[int, dict[str, Any], list[Step], Any]]:
    found = []
    for players, seed, options in GAMES:
        steps, final = game(players, seed, tuple(sorted(options.items())))
        found.append((players, options, steps, final))
    return found


def dumped(state: Any, seat: int) -> list[dict[str, Any]]:
    return [ENGINE.dump_action(a) for a in ENGINE.legal_actions(state, seat)]


# --- registration and labels ---------------------------------------------------------------------


def test_registered() -> None:
    assert isinstance(PRESENTERS["monsters_on_board"], MonstersOnBoardPresenter)
    assert PRESENTERS["monsters_on_board"].game == "monsters_on_board"


def test_every_legal_move_has_a_short_distinct_label_in_both_languages() -> None:
    """Each legal move of the seat that acts: at most 80 UTF-16 units, no two alike (``/game
    move`` plays the move whose name was typed), and worded in Italian for an Italian player."""
    kinds: set[str] = set()
    for _, _, steps, _ in all_games():
        for state, seat, _, _ in steps:
            view = ENGINE.view(state, seat)
            actions = dumped(state, seat)
            labels = {
                locale: [PRESENTER.action_label(view, a, locale) for a in actions]
                for locale in LOCALES
            }
            for locale, named in labels.items():
                assert all(0 < units(label) <= MAX_LABEL for label in named), named
                twins = {label for label in named if named.count(label) > 1}
                assert not twins, (locale, twins, actions)
            for action, en, it in zip(actions, labels["en"], labels["it"], strict=True):
                assert en != it, (en, action)
            kinds |= {a["type"] for a in actions}
    assert kinds >= {"pick", "activate", "move_next", "place", "use", "skip", "buy_arch"}
    assert kinds >= {"buy_ghost", "pass", "flip", "done"}


def test_labels_name_dice_by_colour_symbol_letter_and_rank() -> None:
    steps, _ = game(2, 1, ())
    state, seat, _, _ = steps[0]
    view = ENGINE.view(state, seat)
    car = view["cars"][view["car_of"][seat]]
    for action in dumped(state, seat):
        die = next(d for d in car if d and d[0] == action["die"])
        label = PRESENTER.action_label(view, action, "en")
        assert label.startswith(f"Pick {die_text(die[0], die[1])}"), label


# --- buttons -------------------------------------------------------------------------------------


def test_buttons_are_at_most_25_and_keep_what_ends_a_decision() -> None:
    overflowed = False
    for _, _, steps, _ in all_games():
        for state, seat, _, _ in steps:
            view = ENGINE.view(state, seat)
            actions = dumped(state, seat)
            chosen = button_actions(view, actions)
            assert len(chosen) == len(set(chosen)) <= MAX_BUTTONS
            assert all(0 <= i < len(actions) for i in chosen)
            types = {actions[i]["type"] for i in chosen}
            for kind in ("skip", "pass", "done", "pick", "activate", "move_next", "place"):
                if any(a["type"] == kind for a in actions):
                    assert kind in types, (kind, actions)
            if len(actions) <= MAX_BUTTONS:
                assert sorted(chosen) == list(range(len(actions)))
            else:
                overflowed = True
                kinds = {(a["type"], a.get("icon")) for a in actions}
                shown = {(actions[i]["type"], actions[i].get("icon")) for i in chosen}
                assert len(shown) >= min(len(kinds), MAX_BUTTONS - 5), (kinds, shown)
    assert overflowed, "no decision had more moves than buttons"


# --- narration -----------------------------------------------------------------------------------


def test_every_event_has_a_line_or_is_deliberately_silent() -> None:
    seen: set[str] = set()
    for players, _, steps, _ in all_games():
        names = NAMES[:players]
        for _, _, _, events in steps:
            for event in events:
                seen.add(event["type"])
                for locale in LOCALES:
                    line = event_line(event, locale, names)
                    empty = event["type"] == "solo_discard" and not event["ghosts"] + event["arch"]
                    if event["type"] in SILENT or empty:
                        assert line is None
                    else:
                        assert line and "{" not in line, event
            for locale in LOCALES:
                lines = PRESENTER.event_lines(events, locale, names)
                assert all(line.strip() for line in lines)
    assert seen >= {"picked", "cars_passed", "activated", "creature_moved", "placed", "action"}
    assert seen >= {"fourth_die", "bought_arch", "bought_ghost", "passed", "round", "game_over"}
    assert seen >= {"arrivals", "draft_over", "spectral", "flipped", "summoning", "ai_picked"}
    assert seen >= {"family_placed", "row_scored", "jack_scored", "jack_bought"}
    assert seen >= {"jack_spare", "jack_summoning", "jack_prophecy", "solo_card"}


def test_a_run_of_moves_reads_as_few_lines() -> None:
    """A die and what followed from it make one line; consecutive passes one line."""
    steps, _ = game(3, 2, ())
    events = [e for _, _, _, evs in steps for e in evs]
    lines = PRESENTER.event_lines(events, "en", NAMES[:3])
    assert len(lines) < len([e for e in events if e["type"] not in SILENT]) * 0.8
    passes = [{"type": "passed", "seat": s} for s in range(3)]
    assert PRESENTER.event_lines(passes, "en", NAMES) == [
        "✋ Passing: **Anna**, **Bruno**, **Carla**."
    ]


def test_a_creature_stepping_along_a_lane_reads_as_one_move() -> None:
    """Family mode moves a creature one space per icon (FM7) and area 12 sends it back with
    12 Juice (FM11): the line says where it went, once."""
    steps = [("start-pink", "f01-pink"), ("f01-pink", "f02-pink"), ("f11-pink", "f12-pink")]
    events: list[dict[str, Any]] = [
        {"type": "family_placed", "seat": 1, "die": "pink-02", "rank": 4, "row": 0, "steps": 3}
    ]
    events += [
        {"type": "creature_moved", "seat": 1, "creature": 0, "colour": "pink", "from": a, "to": b}
        for a, b in steps
    ]
    events.append({"type": "lane_end", "seat": 1, "colour": "pink", "juice": 12})
    (line,) = PRESENTER.event_lines(events, "en", NAMES)
    assert line == (
        "🎲 **Bruno** puts ♥P4 in row 1: ♥P start→area 2 · ♥P area 11→area 12 · "
        "♥P reaches area 12: +12 Juice, back to the start"
    )


def test_D1_I8_a_simultaneous_pick_is_named_only_when_the_cars_pass() -> None:
    steps, _ = game(3, 2, ())
    checked = 0
    for state, seat, action, events in steps:
        picked = ENGINE.dump_action(action)
        if picked["type"] != "pick":
            continue
        if any(e["type"] == "cars_passed" for e in events):
            (passed,) = [e for e in events if e["type"] == "cars_passed"]
            text = "\n".join(PRESENTER.event_lines(events, "en", NAMES))
            for s, die in enumerate(passed["picks"]):
                assert f"**{NAMES[s]}** {die_text(die[0], die[1])}" in text
            continue
        checked += 1
        text = "\n".join(PRESENTER.event_lines(events, "en", NAMES))
        shown = die_text(
            picked["die"], next(d[1] for c in state.cars for d in c if d and d[0] == picked["die"])
        )
        assert picked["die"] not in text and shown not in text and "Picked: **" in text
        after, _ = ENGINE.apply(state, seat, action)
        for other in range(3):  # nobody else's DM or summary changes by what was picked
            if other != seat:
                before_lines = PRESENTER.hand_lines(ENGINE.view(state, other), "en")
                assert before_lines == PRESENTER.hand_lines(ENGINE.view(after, other), "en")
        public = ENGINE.view(after, None)
        summary = PRESENTER.summary_lines(public, "en", NAMES[:3])
        assert picked["die"] not in json.dumps(summary)
    assert checked > 20


def table_lines(steps: list[Step], final: Any, locale: str = "en") -> str:
    """Each move's lines as the table post tells them (the publisher gives the presenter the
    table's public view), one move at a time as the posts come."""
    view = ENGINE.view(final, None)
    return "\n".join(
        line
        for _, _, _, events in steps
        for line in narrate(PRESENTER, events, locale, NAMES[:1], view)
    )


def test_O5_T5_solo_1_draws_against_the_AI_and_solo_2_against_Spider_Jack() -> None:
    """Both modes tell the drafting opponent's pick and card with the same events; the
    rulebook calls it "l'IA" in solo 1 and "Spider Jack" in solo 2, and every post says so,
    also a pick whose own move shows nothing else of solo 2 (steps 1-3 of a draft)."""
    steps, final = game(1, 5, (("mode", "solo1"),))
    solo1 = table_lines(steps, final)
    assert "🤖 The AI takes " in solo1 and "The AI's card this round: " in solo1
    assert "Spider Jack takes" not in solo1 and "Spider Jack's card" not in solo1
    words = {"en": ("Spider Jack takes ", "The AI"), "it": ("Spider Jack prende ", "IA ")}
    for seed, difficulty in ((6, ""), (7, "creature+ghosts+summoning+spare_scored+prophecy")):
        steps, final = game(1, seed, (("difficulty", difficulty), ("mode", "solo2")))
        for locale, (jack, ai) in words.items():
            text = table_lines(steps, final, locale)
            assert f"🕷️ {jack}" in text and "🃏 " in text and ai not in text
            picked = re.findall(rf"^🕷️ {jack}\S+\.$", text, re.MULTILINE)
            assert len(picked) == 4 * 6  # T9: four picks a round, six rounds
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        you, jack_juice = outcome["scores"][0], outcome["rivals"][0]["score"]
        assert text.endswith(f"🏁 Punteggi finali: **Anna** {you} · **Spider Jack** {jack_juice}")
        summaries = "\n".join(
            line
            for state, *_ in steps
            for line in PRESENTER.summary_lines(ENGINE.view(state, None), "en", NAMES[:1])
        )
        assert "Spider Jack's card: " in summaries and "AI" not in summaries
    picks = [e for _, _, _, events in steps for e in events if e["type"] == "ai_picked"]
    alone = PRESENTER.event_lines(picks[:1], "en", NAMES[:1])  # no view: the AI, as in solo 1
    assert alone[0].startswith("🤖 The AI takes ")
    scored = [e for _, _, _, events in steps for e in events if e["type"] == "jack_scored"]
    shown = PRESENTER.event_lines([picks[-1], *scored[-3:]], "en", NAMES[:1])
    assert shown[0].startswith("🕷️ Spider Jack takes "), shown  # its own events say solo 2


def test_public_action_hides_a_pick_until_the_end() -> None:
    assert PRESENTER.public_action({"type": "pick", "die": "pink-03"}) == {"type": "pick"}
    family = {"type": "family_pick", "die": "pink-03", "row": 2}
    assert PRESENTER.public_action(family) == {"type": "family_pick"}
    move = {"type": "place", "die": "pink-03", "row": 1}
    assert PRESENTER.public_action(move) == move
    assert PRESENTER.public_action({"type": "pass"}) == {"type": "pass"}


# --- hands and summaries -------------------------------------------------------------------------


def test_hand_lines_come_from_the_own_view_only() -> None:
    for players, _, steps, final in all_games():
        prophecies = [seat.prophecy for seat in final.seats]
        for index, (state, _, _, _) in enumerate(steps):
            if index % 7:
                continue
            assert PRESENTER.hand_lines(ENGINE.view(state, None), "en") == []
            for seat in range(players):
                for locale in LOCALES:
                    text = "\n".join(PRESENTER.hand_lines(ENGINE.view(state, seat), locale))
                    own = prophecy_name(prophecies[seat], locale)
                    assert own in text
                    for other, number in enumerate(prophecies):
                        if other != seat:
                            assert prophecy_name(number, locale) not in text


def test_a_seat_is_not_sent_a_new_hand_for_what_others_do_in_phases_3_and_4() -> None:
    """M1: every seat plays its own board at once; the DMs of the others must not change
    (a hand DM is sent again whenever its lines change)."""
    steps, _ = game(4, 3, ())
    checked = 0
    for state, seat, action, _ in steps:
        if state.phase != "board":
            continue
        after, _ = ENGINE.apply(state, seat, action)
        if after.phase != "board":
            continue
        for other in range(4):
            if other != seat:
                before = PRESENTER.hand_lines(ENGINE.view(state, other), "en")
                assert before == PRESENTER.hand_lines(ENGINE.view(after, other), "en")
                checked += 1
    assert checked > 100


def test_the_hand_says_what_to_decide_and_where_the_other_moves_are() -> None:
    for _, _, steps, _ in all_games():
        for state, seat, _, _ in steps[::5]:
            view = ENGINE.view(state, seat)
            lines = PRESENTER.hand_lines(view, "en")
            assert any(line.startswith("👉") for line in lines), lines
            if len(dumped(state, seat)) > MAX_BUTTONS:
                assert any("`/game move`" in line for line in lines), lines
                it = "\n".join(PRESENTER.hand_lines(view, "it"))
                assert "`/partita mossa`" in it


def test_prophecy_text_names_every_printed_number() -> None:
    assert "6-5-4-3 → 20" in prophecy_text("01", "en")
    assert "3/6/9/12/15/18" in prophecy_text("04", "en")
    assert "10/25/45" in prophecy_text("02", "en")
    assert "(at most 50)" in prophecy_text("06", "en")
    assert "(al massimo 45)" in prophecy_text("10", "it")


def test_PR5_cards_01_and_03_say_their_ranks_start_the_row() -> None:
    """PR5 / card 01: "se i valori mostrati sono negli spazi esatti" — 6-5-4-3 scores only in
    spaces 1-4 (a row 2 6 5 4 3 1 scores nothing), so the hand's words say the row starts with
    them; "a row reading 6-5-4-3" promised it anywhere in the row."""
    assert evaluate("01", grid("b2 b6 g5 p4 o3 k1")).raw == 0
    assert evaluate("01", grid("b6 g5 p4 o3 k1 v2")).raw == 20
    for number, ranks in (("01", "6-5-4-3"), ("03", "1-2-3-4")):
        assert f"a row starting with {ranks} → 20" in prophecy_text(number, "en")
        assert f"una riga che inizia con {ranks} → 20" in prophecy_text(number, "it")


def test_summary_fits_one_embed_field_with_four_long_names() -> None:
    names = [safe_name(f"{'_*' * 15}{n}{n}") for n in range(4)]
    assert all(len(n) >= 32 for n in names)
    _, _, steps, final = all_games()[2]
    states = [s for s, _, _, _ in steps[::3]] + [final]
    for state in states:
        for viewer in (None, 0):
            view = ENGINE.view(state, viewer)
            for locale in LOCALES:
                lines = PRESENTER.summary_lines(view, locale, names)
                assert len("\n".join(lines)) <= MAX_FIELD
                assert sum(names[s] in "\n".join(lines) for s in range(4)) == 4


def test_summary_says_round_phase_and_who_acts() -> None:
    steps, final = game(2, 1, ())
    state, *_ = steps[0]
    lines = PRESENTER.summary_lines(ENGINE.view(state, None), "en", NAMES[:2])
    assert lines[0].startswith("🎲 Round 1/6 · draft, step 1/4 — to pick: Anna, Bruno")
    assert any(line.startswith("🏪 Market: 5 ghosts") for line in lines)
    end = PRESENTER.summary_lines(ENGINE.view(final, None), "it", NAMES[:2])
    outcome = ENGINE.outcome(final)
    assert outcome is not None
    for seat, score in enumerate(outcome["scores"]):
        assert any(line.startswith(f"**{NAMES[seat]}**: {score} (") for line in end)


# --- solo boards, table messages, the rules summary ----------------------------------------------


def test_solo_label_names_both_solo_boards() -> None:
    assert PRESENTER.solo_label("beat_yourself", "en") == "Beat yourself"
    assert PRESENTER.solo_label("beat_yourself", "it") == "Batti te stesso"
    assert solo_label("monsters_on_board", "against_jack+3", "en") == "Against Spider Jack +3"
    assert solo_label("monsters_on_board", "against_jack+0", "it") == "Contro Spider Jack +0"
    assert PRESENTER.solo_label("something_else", "en") == "something_else"


def test_turn_key_keeps_one_message_per_draft_step_and_per_phase() -> None:
    """Picks of one step (and the moves of phases 3-4, everyone at once) edit one table
    message; the cars passing or a new spectral turn post a new one."""
    steps, _ = game(3, 2, ())
    keys = [PRESENTER.turn_key(ENGINE.view(s, None)) for s, _, _, _ in steps]
    draft = [
        k for (s, *_), k in zip(steps, keys, strict=True) if s.phase == "draft" and s.round == 1
    ]
    assert len(set(draft)) == 4  # four steps, each one message
    board = {
        k for (s, *_), k in zip(steps, keys, strict=True) if s.phase == "board" and s.round == 1
    }
    assert len(board) == 1
    turn_order, _ = game(3, 4, (("draft", "turn_order"),))
    picks = [PRESENTER.turn_key(ENGINE.view(s, None)) for s, *_ in turn_order if s.phase == "draft"]
    assert len(set(picks[:12])) == 12  # D5: each seat's pick is its own turn


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["/game move", "/game hand", "/game stats", "variant:solo1", "variant:family"]),
        ("it", ["/partita mossa", "/partita mano", "/partita statistiche", "variante:solo2_0"]),
    ],
)
def test_rules_summary(lang: str, words: list[str]) -> None:
    path = ROOT / "bot" / "games" / "rules" / f"monsters_on_board.{lang}.md"
    text = path.read_text(encoding="utf-8")
    assert len(text) <= 4000  # the brief's limit; rules_text would cut a longer one
    assert rules_text("monsters_on_board", lang) == text
    for word in [*words, "♥P", "●K", "Aleksandar Mikic"]:
        assert word in text, f"{path.name} does not mention {word!r}"


def test_I41_a_set_of_parts_names_its_own_high_score_board() -> None:
    """Issue 26 item 2: a difficulty that is no ladder level has a board of its own, named
    with its parts in the player's language."""
    presenter = PRESENTERS["monsters_on_board"]
    assert presenter.solo_label("against_jack+3", "en") == "Against Spider Jack +3"
    assert presenter.solo_label("against_jack+3:ghosts4", "en") == (
        "Against Spider Jack +3 (ghosts4)"
    )
    assert presenter.solo_label("against_jack+3:ghosts+prophecy", "it") == (
        "Contro Spider Jack +3 (fantasmi + profezia)"
    )
