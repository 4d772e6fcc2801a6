"""Munchkin Fu in words: every sampled state of seeded games, in English and Italian.

Seeded games of 3 to 6 players and every variant (standard, fast, epic, slow) are played to
the end by the engine's bot with a share of random legal moves, some of them "at any time"
plays by seats the table is not waiting for, so that offers, counters, trades, traps and
choices happen. For the states sampled the presenter must name each legal move briefly and
distinctly, pick valid buttons that keep the issue's taps, narrate every event without naming
a card drawn face down, and build hands and summaries that show a seat only what it may see.
"""

from __future__ import annotations

import itertools
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.games import PRESENTERS
from bot.games.munchkin_fu import (
    MAX_BUTTONS,
    MAX_FIELD,
    MAX_LABEL,
    SILENT,
    TAPS,
    MunchkinFuPresenter,
    event_line,
)
from bot.games.munchkin_fu.labels import LABELS
from bot.games.munchkin_fu.narration import LINES
from bot.games.munchkin_fu.words import units
from bot.games.texts import rules_text
from rules.munchkin_fu.model import ACTION_TYPES, State

ENGINE = rules.GAMES["munchkin_fu"]
PRESENTER = MunchkinFuPresenter()
LOCALES = ("en", "it")
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
LONG_NAMES = [f"{n}{'x' * 28}"[:32] for n in NAMES]
RANDOM_SHARE = 0.3
ANYTIME_SHARE = 0.1
SAMPLED = 80
"""States checked in full per game (labels of every seat with moves, hands, buttons), evenly
spread: the engine's views are the slow part, and eighty per game keep the run short while
every kind of state still comes up many times over the eight games."""
LABELLED = 160
"""States whose every seat's moves are labelled, per game (the labels are the contract of
``/game move``, so they get twice the sample)."""
GAMES = [
    (3, 1, "standard"),
    (4, 2, "fast"),
    (5, 3, "epic"),
    (6, 4, "slow"),
    (3, 5, "fast"),
    (6, 6, "standard"),
    (4, 7, "epic"),
    (5, 8, "slow"),
]
ROOT = Path(__file__).resolve().parents[2]
Step = tuple[State, int, Any, list[dict[str, Any]], State]
"""(state before, seat, action, events, state after)."""


@cache
def game(players: int, seed: int, variant: str) -> list[Step]:
    """Every move of one game; mostly the table's pending seats, now and then an at-any-time
    play of another seat."""
    rng = random.Random(seed)
    options = {**ENGINE.options, **ENGINE.variants[variant].options}
    state = ENGINE.setup(players, options, seed)
    steps: list[Step] = []
    while ENGINE.outcome(state) is None:
        pending = ENGINE.pending(state)
        seat = rng.choice(pending)
        if rng.random() < ANYTIME_SHARE:
            seat = rng.randrange(players)
        legal = ENGINE.legal_actions(state, seat)
        if not legal:
            continue
        use_bot = seat in pending and rng.random() >= RANDOM_SHARE
        action = ENGINE.bot_action(state, seat) if use_bot else rng.choice(legal)
        after, events = ENGINE.apply(state, seat, action)
        steps.append((state, seat, action, events, after))
        state = after
        assert len(steps) < 6_000, "the game did not end"
    return steps


def spread(steps: list[Step], count: int = SAMPLED) -> list[Step]:
    """About ``count`` of a game's steps, evenly spread."""
    stride = max(1, len(steps) // count)
    return steps[::stride]


def sampled() -> list[tuple[int, str, Step]]:
    return [
        (players, variant, step)
        for players, seed, variant in GAMES
        for step in spread(game(players, seed, variant))
    ]


def hidden_cards(state: State) -> set[str]:
    """Cards nobody but their holder may know: every hand card not shown (a card in a deck
    may have been public a moment ago: a played one-shot reshuffled with its discards)."""
    found: set[str] = set()
    for p in state.players:
        found |= set(p.hand) - set(p.shown)
    return found


def card_ids(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        found |= {part for part in value.split(":") if re.fullmatch(r"[dt]\d{3}", part)}
    elif isinstance(value, dict):
        for v in value.values():
            found |= card_ids(v)
    elif isinstance(value, list):
        for v in value:
            found |= card_ids(v)
    return found


def card_names(view: dict[str, Any], ids: set[str], locale: str) -> set[str]:
    return {view["cards"][c]["names"][locale] for c in ids if c in view["cards"]}


# --- labels --------------------------------------------------------------------------------------


def test_every_action_type_has_a_label() -> None:
    assert set(ACTION_TYPES) <= set(LABELS)


@pytest.mark.parametrize(("players", "seed", "variant"), GAMES)
def test_labels_are_short_and_unique_per_seat_and_moment(
    players: int, seed: int, variant: str
) -> None:
    """Every legal move of every seat with moves, in both languages: ≤ 80 characters (as
    Discord counts) and never two alike, so ``/game move`` plays the one that was named."""
    seen: set[str] = set()
    for state, *_rest in spread(game(players, seed, variant), LABELLED):
        for seat in range(players):
            view = ENGINE.view(state, seat)
            actions = view["legal"]
            if not actions:
                continue
            for locale in LOCALES:
                labels = [PRESENTER.action_label(view, a, locale) for a in actions]
                assert all(units(label) <= MAX_LABEL for label in labels)
                twins = {label for label in labels if labels.count(label) > 1}
                assert not twins, (locale, sorted(twins)[:3])
                assert all(label != a["type"] for label, a in zip(labels, actions, strict=True))
            seen |= {a["type"] for a in actions}
    assert {"play", "choose", "kick", "end_turn"} <= seen


def test_every_kind_of_move_is_labelled_in_the_walks() -> None:
    """The walks reach every action type except the rare ones, each named in words."""
    seen = {step[2].__class__.__name__ for p, s, v in GAMES for step in game(p, s, v)}
    assert {"Play", "Choose", "OfferHelp", "Accept", "Decline", "Resolve", "Pass"} <= seen


def test_a_help_offer_reads_in_full() -> None:
    """Issue 10: the target, the item, the number of treasures and who picks first."""
    for players, seed, variant in GAMES:
        for state, seat, _action, _events, _after in game(players, seed, variant):
            view = ENGINE.view(state, seat)
            for action in view["legal"]:
                if action["type"] == "offer_help" and action["items"] and action["treasures"] > 1:
                    if not action["helper_first"]:
                        continue
                    label = PRESENTER.action_label(view, action, "en")
                    item = view["cards"][action["items"][0]]["names"]["en"]
                    target = f"P{action['target'] + 1}"
                    assert label.startswith(f"🤝 Ask {target} for help: your ")
                    assert item[:8] in label
                    assert f"+ {action['treasures']} treasures, {target} picks first" in label
                    return
    pytest.fail("no help offer with an item and treasures in the walks")


def test_labels_name_seats_by_the_view_names_when_it_has_them() -> None:
    for state, seat, _action, _events, _after in game(4, 2, "fast"):
        view = ENGINE.view(state, seat)
        traps = [a for a in view["legal"] if a["type"] == "play" and a.get("target", -1) >= 0]
        others = [a for a in traps if a["target"] != seat]
        if others:
            named = {**view, "names": NAMES[:4]}
            label = PRESENTER.action_label(named, others[0], "en")
            assert NAMES[others[0]["target"]] in label
            assert f"P{others[0]['target'] + 1}" in PRESENTER.action_label(view, others[0], "en")
            return
    pytest.fail("no trap on another seat in the walk")


# --- buttons -------------------------------------------------------------------------------------


def test_buttons_are_at_most_25_and_keep_the_taps() -> None:
    """Kick, resolve, run, pass, pass for the fight, accept, decline, a counter per offer,
    ready and end turn are always kept when legal; at most 25 buttons, each a legal move."""
    for _players, _variant, (state, *_rest) in sampled():
        for seat in ENGINE.pending(state):
            view = ENGINE.view(state, seat)
            actions = view["legal"]
            picked = PRESENTER.button_actions(view, actions)
            assert len(picked) <= MAX_BUTTONS
            assert len(set(picked)) == len(picked)
            assert all(0 <= i < len(actions) for i in picked)
            taps = {i for i, a in enumerate(actions) if a["type"] in TAPS}
            assert taps <= set(picked)
            offers = {a["offer"] for a in actions if a["type"] == "counter"}
            assert offers <= {
                actions[i]["offer"] for i in picked if actions[i]["type"] == "counter"
            }
            if actions:
                assert picked


# --- narration -----------------------------------------------------------------------------------


def test_every_engine_event_has_a_line_or_is_deliberately_silent() -> None:
    """The engine's event types (read from its source, so a new one fails here until it is
    worded) each have a line, except :data:`SILENT`: ``fight_ended``."""
    source = "\n".join(p.read_text() for p in (ROOT / "rules" / "munchkin_fu").glob("*.py"))
    types = set(re.findall(r'"type":\s*"([a-z_]+)"', source))
    types |= set(re.findall(r'"type": "ran" if free else "([a-z_]+)"', source))
    assert {"door_kicked", "fight_won", "ran", "caught"} <= types
    assert types <= set(LINES) | SILENT | set(PRESENTER_RUNS)
    assert {"fight_ended"} == SILENT


PRESENTER_RUNS = ("passed", "ready")
"""Folded into one line per run (``👌 Pass: Anna, Bruno``)."""


def test_every_event_of_the_walks_reads_in_both_languages() -> None:
    for players, seed, variant in GAMES:
        for _state, _seat, _action, events, after in game(players, seed, variant):
            view = ENGINE.view(after, None)
            for locale in LOCALES:
                lines = PRESENTER.table_event_lines(view, events, locale, NAMES[:players])
                assert all(line and "{" not in line for line in lines)
                for event in events:
                    kind = event["type"]
                    if kind in SILENT or kind in PRESENTER_RUNS:
                        continue
                    line = event_line(event, locale, NAMES[:players])
                    closed = kind == "help_answered" and event.get("answer") == "closed"
                    assert line or closed, event


def test_a_card_drawn_face_down_is_never_named() -> None:
    """Looting the room, a kill's treasure alone, a card's draw: the lines say how many, not
    which (the cards the seat's hand gained are checked against every line of the move)."""
    checked = 0
    for players, seed, variant in GAMES:
        for state, _seat, _action, events, after in game(players, seed, variant):
            kinds = {e["type"] for e in events}
            face_down = kinds & {"looted_room", "drew"} or any(
                e["type"] == "treasure_drawn" and "count" in e for e in events
            )
            if not face_down:
                continue
            named = card_ids(events)
            gained: set[str] = set()
            for before_p, after_p in zip(state.players, after.players, strict=True):
                gained |= set(after_p.hand) - set(before_p.hand) - set(after_p.shown)
            view = ENGINE.view(after, None)
            for locale in LOCALES:
                text = "\n".join(PRESENTER.table_event_lines(view, events, locale, NAMES))
                secret = {ENGINE.view(after, 0)["cards"].get(c, {}).get("names", {}).get(locale)
                          for c in gained - named} - {None}  # fmt: skip
                public = {
                    n for c in named for n in card_names(ENGINE.view(after, None), {c}, locale)
                }
                assert not any(f"**{name}**" in text for name in secret - public)
            checked += 1
    assert checked


def test_dice_rolls_are_shown_with_what_they_decided() -> None:
    for players, seed, variant in GAMES:
        for _state, _seat, _action, events, _after in game(players, seed, variant):
            for event in events:
                if event["type"] in ("ran", "caught") and "roll" in event:
                    line = event_line(event, "en", NAMES)
                    assert line is not None and line.startswith(f"🎲 {event['roll']}")
                    assert ("caught" in line or "catches" in line) == (event["type"] == "caught")
                    return
    pytest.fail("no roll to run away in the walks")


def test_passes_in_a_row_read_as_one_line() -> None:
    events = [{"type": "passed", "seat": s, "fight": False} for s in (1, 2, 3)]
    assert PRESENTER.event_lines(events, "en", NAMES) == ["👌 Pass: Bruno, Carla, Dario"]
    assert PRESENTER.event_lines(events, "it", NAMES) == ["👌 Passano: Bruno, Carla, Dario"]


# --- hands, summary, the log ---------------------------------------------------------------------


def test_hand_lines_come_only_from_the_own_view() -> None:
    """A seat's DM names every card of its hand and no card only another hand holds."""
    checked = 0
    for players, _variant, (state, *_rest) in sampled():
        views = [ENGINE.view(state, seat) for seat in range(players)]
        for seat, view in enumerate(views):
            for locale in LOCALES:
                text = "\n".join(PRESENTER.hand_lines(view, locale))
                own = card_names(view, set(view["hand"]), locale)
                assert all(name in text for name in own)
                visible = card_names(view, set(view["cards"]), locale)
                for other, theirs_view in enumerate(views):
                    if other == seat:
                        continue
                    theirs = card_names(theirs_view, set(theirs_view["hand"]), locale)
                    assert not any(f"**{n}**" in text for n in theirs - visible)
                if view["legal"]:
                    assert text.endswith("`/game move`" if locale == "en" else "`/partita mossa`")
            checked += 1
    assert checked


def test_summary_fits_one_embed_field_with_six_long_names() -> None:
    for players, _variant, (state, *_rest) in sampled():
        view = ENGINE.view(state, None)
        for locale in LOCALES:
            lines = PRESENTER.summary_lines(view, locale, LONG_NAMES[:players])
            text = "\n".join(lines)
            assert units(text) <= MAX_FIELD
            assert sum(1 for line in lines if line.startswith(("P", "G"))) >= players


def test_public_action_hides_what_the_log_must_not_show() -> None:
    """No move in the public log names a card that is hidden once it is made (a charity gift
    goes from one hand to another); the rest reads as played."""
    hid = 0
    for players, seed, variant in GAMES:
        for _state, _seat, action, _events, after in game(players, seed, variant):
            dumped = ENGINE.dump_action(action)
            shown = PRESENTER.public_action(dumped)
            assert not card_ids(shown) & hidden_cards(after), (dumped, shown)
            if shown != dumped:
                hid += 1
                assert dumped["type"] == "choose" and dumped["option"].startswith("give:")
    assert hid, "no charity gift in the walks"


def test_one_table_message_per_turn() -> None:
    """The fight, its windows, offers and choices edit the turn's message: the key changes
    exactly when a turn starts, and once more when the game ends."""
    for players, seed, variant in GAMES[:4]:
        steps = game(players, seed, variant)
        keys = [PRESENTER.turn_key(ENGINE.view(s[4], None)) for s in steps]
        starts = sum(1 for s in steps for e in s[3] if e["type"] == "turn_started")
        changes = sum(1 for a, b in itertools.pairwise(keys) if a != b)
        assert changes == starts + 1
        assert keys[-1] == '["over"]'


def test_registered_and_rules_summary_fits() -> None:
    assert isinstance(PRESENTERS["munchkin_fu"], MunchkinFuPresenter)
    for locale, command in (("en", "/game move"), ("it", "/partita mossa")):
        text = rules_text("munchkin_fu", locale)
        path = ROOT / "bot" / "games" / "rules" / f"munchkin_fu.{locale}.md"
        assert len(path.read_text(encoding="utf-8")) <= 4000
        assert command in text


def test_rare_events_read_as_the_engine_sends_them() -> None:
    """Events the walks seldom reach, shaped as the engine emits them: the Samurai's epic
    slay, a bribe paid when the fight ends (I7), the corpse's looting order with its dice,
    two winners at once."""
    monster, item = "d001", "t002"
    slain = {"type": "slain", "seat": 0, "card": monster, "discarded": ["d002"]}
    assert "🗡 Anna" in (event_line(slain, "en", NAMES) or "")
    paid = {"type": "bribe_paid", "seat": 0, "to": 1, "items": [item]}
    line = event_line(paid, "en", NAMES) or ""
    assert line.startswith("🤝 Anna pays Bruno") and "**Headband of Overacting**" in line
    order = {"type": "loot_order", "seats": [2, 1], "rolls": {"1": 3, "2": 6}}
    assert event_line(order, "it", NAMES) == "💀 Ordine di saccheggio: Carla 🎲6, Bruno 🎲3"
    won = {"type": "won", "seats": [0, 3]}
    assert event_line(won, "en", NAMES) == "🏆 Anna, Dario win Munchkin Fu together!"


def test_I41_the_round_cap_says_it_ended_the_game_in_both_languages() -> None:
    capped = {"type": "capped", "round": 40, "ranking": [2, 0, 1], "winners": [2]}
    assert event_line(capped, "en", NAMES) == (
        "⏱ The 40-round cap ends the game: highest level and strength: Carla"
    )
    assert "Carla" in (event_line(capped, "it", NAMES) or "").split(": ")[-1]
    nobody = {**capped, "winners": []}
    assert "nobody wins" in (event_line(nobody, "en", NAMES) or "")
    lines = {event_line(e, "it", NAMES) for e in (capped, nobody)}
    assert None not in lines and not lines & {event_line(e, "en", NAMES) for e in (capped, nobody)}


def test_I44_a_friendly_monster_met_reads_in_both_languages() -> None:
    met = {"type": "friendly_met", "seat": 1, "card": "d112"}
    line = "🕊 Bruno meets **Lost Tourist Dragon**: friendly, no fight"
    assert event_line(met, "en", NAMES) == line
    assert "**Drago Turista Smarrito**" in (event_line(met, "it", NAMES) or "")


def test_P19_a_theft_reads_in_both_languages() -> None:
    stolen = {"type": "stolen", "seat": 1, "target": 0, "card": "t079", "item": "t001"}
    line = event_line(stolen, "en", NAMES) or ""
    assert line.startswith("🫳 Bruno uses **Sticky Fingers Technique**") and "Anna" in line
    assert "**Tecnica delle Dita Appiccicose**" in (event_line(stolen, "it", NAMES) or "")
    state = ENGINE.setup(3, dict(ENGINE.options), 0)
    view = ENGINE.view(state, 1)
    view["cards"].setdefault("t079", {"kind": "one_shot", "names": {"en": "Sticky", "it": "Dita"}})
    view["cards"].setdefault("t001", {"kind": "item", "names": {"en": "Hat", "it": "Cappello"}})
    action = {"type": "play", "card": "t079", "target": 0, "extra": "t001"}
    assert "🫳" in PRESENTER.action_label(view, action, "en")


def test_the_slay_move_names_its_monster() -> None:
    for _players, _variant, (state, *_rest) in sampled():
        if state.fight is not None and state.fight.monsters:
            view = ENGINE.view(state, state.fight.fighter)
            name = view["cards"][state.fight.monsters[0].card]["names"]["it"]
            label = PRESENTER.action_label(view, {"type": "slay", "monster": 0}, "it")
            assert label.startswith("🗡 Scarta la mano per uccidere ") and name[:10] in label
            return
    pytest.fail("no fight in the walks")


def test_R8_a_step_of_the_running_order_says_more_is_to_pick() -> None:
    """R8, six monsters: the runner places one monster at a time; the label says so in both
    languages, while a whole order keeps the plain "Run from"."""
    view = {
        "choice": {"kind": "run_order"},
        "fight": {"monsters": [{"card": c} for c in ("d036", "d010", "d019")]},
    }
    step = {"type": "choose", "option": "1"}
    whole = {"type": "choose", "option": "1,0,2"}
    assert LABELS["choose"](view, step, "en").endswith("first, then pick the next")
    assert LABELS["choose"](view, step, "it").endswith("poi scegli il prossimo")
    assert "first" not in LABELS["choose"](view, whole, "en")
