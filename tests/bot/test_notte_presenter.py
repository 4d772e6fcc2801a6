"""Notte di Terrore in words: every state of seeded games, in English and Italian.

Seeded games (3, 4 and 5 players, the bot with a share of random legal moves so that rare
moves such as summons and Weapon swaps happen) are played to the end; for every state the
presenter must label each legal move briefly, pick valid buttons, narrate every event and
render hands and summaries without naming a card the reader may not see.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.games import PRESENTERS
from bot.games.notte_di_terrore import (
    MAX_BUTTONS,
    PLACING,
    SKIPPED_WHEN_EMPTY,
    NotteDiTerrorePresenter,
    action_key,
    button_actions,
    card_label,
    card_name,
    event_line,
    type_name,
)
from bot.games.texts import rules_text
from rules.notte_di_terrore import bot, cards, engine
from rules.notte_di_terrore.engine import State

LOCALES = ("en", "it")
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
PRESENTER = NotteDiTerrorePresenter()
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (3, 1, {}),
    (4, 2, {}),
    (5, 3, {}),
    (4, 4, {"places": 3, "victory": "home_first", "necronomicon_removed": True}),
]
RANDOM_SHARE = 0.3
ROOT = Path(__file__).resolve().parents[2]
CARD_ID = re.compile(r"[a-z_]+:\d+")


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@cache
def game(players: int, seed: int, options: tuple[tuple[str, Any], ...]) -> list[tuple[State, list]]:
    """Every state of one game with the events that led to it (setup first, no events)."""
    rng = random.Random(seed)
    state = engine.setup(players, dict(options), seed)
    history: list[tuple[State, list]] = [(state, [])]
    while not state.over:
        seat = engine.pending(state)[0]
        legal = engine.legal_actions(state, seat)
        action = rng.choice(legal) if rng.random() < RANDOM_SHARE else bot.bot_action(state, seat)
        state, events = engine.apply(state, seat, action)
        history.append((state, events))
    return history


def all_games() -> list[tuple[int, list[tuple[State, list]]]]:
    return [(n, game(n, seed, tuple(sorted(opts.items())))) for n, seed, opts in GAMES]


def hidden_from(state: State, seat: int | None) -> set[str]:
    """Cards ``seat`` may not see: face-down Places and the other players' hands."""
    ids: set[str] = set()
    for other, player in enumerate(state.players):
        ids |= set(player.face_down)
        if other != seat:
            ids |= set(player.hand)
    return ids


@cache
def design_name(design: str, locale: str) -> str:
    return card_name(f"{design}:1", locale)


@cache
def fixed_names(locale: str) -> tuple[str, ...]:
    """Names any text may use: Being types and Weapon combinations."""
    decks = cards.decks()
    types = [type_name(kind, locale) for kind in decks.types]
    return (*types, *(c.name[locale] for c in decks.combinations.values()))


def leaks(text: str, view: dict[str, Any], hidden: set[str], locale: str) -> list[str]:
    """Hidden card ids in ``text``, and names of hidden designs that nothing visible shares
    (copies repeat names, and a few Beings are named like their type)."""
    found = [card for card in hidden if card in text]
    visible = {cards.design_id(c) for c in view["cards"]}
    allowed = [*fixed_names(locale), *(design_name(d, locale) for d in visible)]
    for design in {cards.design_id(c) for c in hidden} - visible:
        name = design_name(design, locale)
        if name in text and not any(name in other for other in allowed):
            found.append(name)
    return found


# --- labels and buttons ------------------------------------------------------------------------


def test_registered() -> None:
    assert isinstance(PRESENTERS["notte_di_terrore"], NotteDiTerrorePresenter)
    assert PRESENTERS["notte_di_terrore"].game == "notte_di_terrore"


def test_every_legal_move_has_a_short_label_and_every_named_card_a_choice() -> None:
    for players, history in all_games():
        names = NAMES[:players]
        for state, _ in history:
            for seat in engine.pending(state):
                view = engine.view(state, seat)
                for action in view["legal"]:
                    for locale in LOCALES:
                        for label in (
                            PRESENTER.action_label(view, action, locale),
                            PRESENTER.action_label(view, action, locale, names),
                        ):
                            assert label.strip(), action
                            assert utf16(label) <= 80, label
                            assert not CARD_ID.search(label), label
                    for card in _cards_of(action):
                        text = card_label(view, card, "it")
                        assert text.strip() and utf16(text) <= 100, text
                        assert not CARD_ID.search(text), text


def _cards_of(action: dict[str, Any]) -> list[str]:
    single = [action[k] for k in ("card", "target", "being") if k in action]
    return [*single, *action.get("weapons", []), *action.get("table", [])]


def test_buttons_are_valid_unique_at_most_25_and_keep_every_way_on() -> None:
    for _, history in all_games():
        for state, _ in history:
            for seat in engine.pending(state):
                view = engine.view(state, seat)
                actions = view["legal"]
                picked = button_actions(view, actions)
                assert picked, "a seat that must act always gets a button"
                assert len(picked) == len(set(picked)) <= MAX_BUTTONS
                assert all(0 <= i < len(actions) for i in picked)
                kinds = {a["type"] for a in actions}
                shown = {actions[i]["type"] for i in picked}
                for needed in ("pass", "flee", "end_resolution", "arrange_weapons"):
                    assert needed not in kinds or needed in shown
                keys = {action_key(a) for a in actions}
                if len(keys) <= MAX_BUTTONS:
                    assert len(picked) == len(keys), "all distinct moves fit: all are shown"


def test_placements_are_shown_all_or_none() -> None:
    view = engine.view(engine.setup(3, {}, 1), 0)
    designs = [e for e in cards.decks().events if e != "necronomicon"][:8]
    events = [{"type": "place_event", "card": f"{d}:1", "target": f"zombie:{j}"}
              for d in designs for j in range(1, 5)]  # fmt: skip
    actions = [{"type": "place_being", "card": "witch:1"}, *events, {"type": "pass"}]
    assert [actions[i]["type"] for i in button_actions(view, actions)] == ["pass"]
    few = [actions[0], {"type": "place_event", "card": "killing:1", "target": "zombie:1"}]
    few.append({"type": "pass"})
    assert button_actions(view, few) == [0, 1, 2]


def test_copies_of_a_card_make_one_button_and_a_long_discard_keeps_every_draw() -> None:
    view = engine.view(engine.setup(5, {}, 1), 0)
    same = [{"type": "place_being", "card": f"zombie:{i}"} for i in range(1, 4)]
    assert button_actions(view, [*same, {"type": "pass"}]) == [0, 3]
    discards = [{"type": "discard", "card": f"{d}:1"} for d in list(cards.decks().beings)[:15]]
    refills = [{"type": "refill", "events": k} for k in range(13)]
    actions = [*discards, *refills]
    picked = button_actions(view, actions)
    assert len(picked) == MAX_BUTTONS
    assert {actions[i]["events"] for i in picked if actions[i]["type"] == "refill"} == set(
        range(13)
    )
    assert picked == sorted(picked), "discards first, then the draws"


# --- events ------------------------------------------------------------------------------------


def test_every_event_has_a_line_unless_deliberately_skipped() -> None:
    seen: set[str] = set()
    for players, history in all_games():
        names = NAMES[:players]
        for _, events in history:
            for event in events:
                seen.add(event["type"])
                for locale in LOCALES:
                    line = event_line(event, locale, names)
                    empty = not event.get("cards") and not event.get("count")
                    if event["type"] in SKIPPED_WHEN_EMPTY and empty:
                        assert line is None
                        continue
                    assert line and line.strip(), event
                    assert not CARD_ID.search(line), line
            lines = PRESENTER.event_lines(events, "en", names)
            assert len(lines) <= len(events)
    assert seen >= {
        "split_chosen", "hands_dealt", "turn", "place_revealed", "being_placed",
        "event_placed", "summoned", "pass", "apparition_over", "weapon_swapped", "killed",
        "fled", "terror_added", "place_passed", "home", "discarded", "refilled",
        "weapons_drawn", "weapons_arranged", "game_over",
    }  # fmt: skip


def test_the_split_is_secret_while_chosen_then_drawn_in_sight_of_all() -> None:
    # S4/D4: chosen at once by everyone (nobody sees another's choice first), then drawn from
    # the two decks on the table, which everyone sees.
    for locale in LOCALES:
        line = event_line({"type": "split_chosen", "seat": 1}, locale, NAMES)
        assert line and "Bruno" in line and not re.search(r"\d", line)
        refill = {"type": "refilled", "seat": 0, "count": 8, "events": 6, "beings": 2}
        drawn = event_line(refill, locale, NAMES) or ""
        assert "Anna" in drawn and re.findall(r"\d+", drawn) == ["6", "2"]
        dealt = {"type": "hands_dealt", "sizes": [8, 8, 8], "splits": [[4, 4], [8, 0], [3, 5]]}
        text = event_line(dealt, locale, NAMES) or ""
        assert re.findall(r"\d+", text) == ["4", "4", "8", "3", "5"] and "Carla" in text
    english = event_line(refill, "en", NAMES)
    assert english == "🂠 **Anna** draws 6 Events and 2 Beings."
    refill_move = {"type": "refill", "events": 6}
    assert PRESENTER.public_action(refill_move) == refill_move
    chosen = PRESENTER.public_action({"type": "choose_split", "events": 6})
    assert chosen == {"type": "choose_split"}
    view = engine.view(_after_dealing(), None)
    summary = "\n".join(PRESENTER.summary_lines(view, "en", NAMES[:3]))
    assert [(p["hand_events"], p["hand_beings"]) for p in view["players"]] == [
        (4, 4),
        (8, 0),
        (3, 5),
    ]
    for split in ("🃏 4 Events and 4 Beings", "🃏 8 Events\n", "🃏 3 Events and 5 Beings"):
        assert split in summary, summary


def _after_dealing() -> State:
    state = engine.setup(3, {}, 5)
    for seat, k in enumerate((4, 8, 3)):
        state, _ = engine.apply(state, seat, engine.ChooseSplit(k))
    return state


def test_a_turn_folds_with_its_reveal_and_passes_fold_together() -> None:
    events = [
        {"type": "turn", "seat": 0, "number": 3},
        {"type": "place_revealed", "seat": 0, "place": "museum:1"},
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},
        {"type": "apparition_over", "seat": 0},
    ]
    lines = PRESENTER.event_lines(events, "en", NAMES)
    assert len(lines) == 3
    assert "Anna" in lines[0] and "Natural History Museum" in lines[0] and "🐺" in lines[0]
    assert "Bruno" in lines[1] and "Carla" in lines[1]
    italian = PRESENTER.event_lines(events[:2], "it", NAMES)
    assert "Museo di Storia Naturale" in italian[0]


def test_resigned_and_unknown_events() -> None:
    assert "Carla" in (event_line({"type": "resigned", "seat": 2}, "en", NAMES) or "")
    assert event_line({"type": "no_such_event"}, "en", NAMES) is None
    killed = {"type": "killed", "seat": 0, "being": "werewolf:1",
              "weapons": ["silver_bullet:1", "shotgun:2"], "terror_removed": 3}  # fmt: skip
    line = event_line(killed, "en", NAMES) or ""
    assert "Silver Buckshot" in line and "−3" in line and "🐺" in line


def test_a_kill_says_one_true_thing_on_the_board_the_button_and_in_the_narration() -> None:
    # L5: "nel caso non vi siano Eventi nel mazzo, l'uccisione dell'Essere non ha effetto".
    checked = 0
    for _, history in all_games():
        for state, _ in history:
            if state.phase != "resolution":
                continue
            view = engine.view(state, state.current)
            stakes = {m["card"]: m["if_killed"] for m in view["players"][state.current]["monsters"]}
            for action in view["legal"]:
                if action["type"] != "attack" or engine.is_necronomicon(action["weapons"][0]):
                    continue
                _, events = engine.apply(state, state.current, engine.load_action(action))
                removed = events[-1]["terror_removed"]
                assert stakes[action["target"]] == -removed
                label = PRESENTER.action_label(view, action, "en")
                assert label.endswith(f"({_signed(-removed)} 😱)"), label
                line = event_line(events[-1], "en", NAMES) or ""
                assert (f"{_signed(-removed)} 😱" in line) if removed else "no Terror" in line
                checked += 1
    assert checked > 20


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


# --- hands and summaries -----------------------------------------------------------------------


def test_hands_and_summaries_render_and_hide_what_is_hidden() -> None:
    for players, history in all_games():
        names = NAMES[:players]
        for index, (state, _) in enumerate(history):
            seats: list[int | None] = [None, *engine.pending(state)] if index % 2 else []
            if index % 9 == 0:
                seats = [None, *range(players)]
            for seat in seats:
                view = engine.view(state, seat)
                hidden = hidden_from(state, seat)
                for locale in LOCALES:
                    summary = PRESENTER.summary_lines(view, locale, names)
                    assert len(summary) > players
                    hand = PRESENTER.hand_lines(view, locale) if seat is not None else []
                    assert seat is None or hand
                    text = "\n".join([*summary, *hand])
                    assert not leaks(text, view, hidden, locale), (seat, text)


def test_summary_fits_an_embed_field_with_long_names() -> None:
    long_names = [f"{'W' * 28} #{i}" for i in range(5)]
    for players, history in all_games():
        for state, _ in history[::5]:
            view = engine.view(state, None)
            for locale in LOCALES:
                text = "\n".join(PRESENTER.summary_lines(view, locale, long_names[:players]))
                assert len(text) <= 1024


def test_hand_lines_group_and_hint() -> None:
    _, history = all_games()[1]
    state = next(s for s, _ in history if s.phase == "resolution")
    view = engine.view(state, state.current)
    lines = PRESENTER.hand_lines(view, "en")
    assert lines[0].startswith("**Beings**")
    assert any(line.startswith("**Events**") for line in lines)
    assert any("face down" in line for line in lines)
    assert "`/terror attack`" in lines[-1]
    waiting = engine.view(state, (state.current + 1) % state.num_players)
    assert not any(line.startswith("👉") for line in PRESENTER.hand_lines(waiting, "en"))


def test_placings_are_the_apparition_moves() -> None:
    assert set(PLACING) == {"place_being", "place_event", "summon"}


# --- rules summaries ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["/terror place", "/terror attack", "/terror arrange", "/game new", "Necronomicon"]),
        ("it", ["/terrore piazza", "/terrore attacca", "/terrore disponi", "/partita nuova"]),
    ],
)
def test_rules_summary(lang: str, words: list[str]) -> None:
    path = ROOT / "bot" / "games" / "rules" / f"notte_di_terrore.{lang}.md"
    text = path.read_text(encoding="utf-8")
    assert len(text) <= 3900
    assert rules_text("notte_di_terrore", lang) == text
    for word in [*words, "DaRgon", "😱"]:
        assert word in text, f"{path.name} does not mention {word!r}"
