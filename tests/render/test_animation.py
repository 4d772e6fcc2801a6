"""``/game replay``'s animation (render/animation.py): one frame per move plus the start, within
the size aim for a long Notte di Terrore night and a Monster Day game, decodable as an
animation, and drawn from public views only."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import rules
from render.animation import AIM_BYTES, DISCORD_LIMIT, Animation, animate, frame
from render.boxes import recording
from rules.replay import public_views
from tests.render.playouts import playout

NAMES = ["ann", "bob", "carla", "dario", "elena"]


def _bot_game(game: str, players: int, seed: int) -> dict[str, Any]:
    """A whole game played by the engine's bot, as the replay record ``/game history`` gives."""
    engine = rules.GAMES[game]
    state = engine.setup(players, {}, seed)
    actions = []
    while engine.pending(state):
        seat = engine.pending(state)[0]
        action = engine.bot_action(state, seat)
        actions.append({"seat": seat, "action": engine.dump_action(action)})
        state, _ = engine.apply(state, seat, action)
    return {"game": game, "seed": seed, "options": {}, "players": players, "actions": actions}


def _decoded(animation: Animation) -> Image.Image:
    image = Image.open(io.BytesIO(animation.data))
    assert image.format == animation.format.upper()
    assert image.is_animated
    return image


@pytest.fixture(scope="module")
def long_night() -> tuple[dict[str, Any], Animation]:
    record = _bot_game("notte_di_terrore", 5, 7)
    views = public_views(record)
    return record, animate("notte_di_terrore", views, players=NAMES)


def test_a_long_notte_night_has_a_frame_per_move_within_the_aim(long_night) -> None:
    record, animation = long_night
    assert len(record["actions"]) >= 300
    image = _decoded(animation)
    assert image.n_frames == animation.frames == len(record["actions"]) + 1
    assert len(animation.data) <= AIM_BYTES < DISCORD_LIMIT
    image.seek(image.n_frames - 1)
    image.load()
    assert image.info["duration"] > 1_000  # the final board is held longer


def test_a_monster_day_game_has_a_frame_per_move_within_the_aim() -> None:
    record = _bot_game("monster_day", 2, 3)
    animation = animate("monster_day", public_views(record), players=NAMES[:2], locale="it")
    image = _decoded(animation)
    assert image.n_frames == len(record["actions"]) + 1 == 31
    assert len(animation.data) <= AIM_BYTES
    assert image.width >= 480  # short games get wider frames


def test_a_board_put_together_in_its_palette_is_scaled_as_smoothly_as_one_painted() -> None:
    """A Monster Day board comes put together in its palette (render.monster_day.composed);
    its frame is scaled from true colour, as the painted board's is (a palette image would be
    scaled by nearest neighbour: ~5 levels off on average instead of ~1)."""
    view = [s.view for s in playout("monster_day", 2, 3) if s.seat is None][9]
    fast = frame("monster_day", view, index=1, total=20).convert("RGB")
    with recording():
        whole = frame("monster_day", view, index=1, total=20).convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(fast, whole)).mean) <= 2


def _hand_cards(engine: Any, state: Any, players: int) -> set[str]:
    """Every card in someone's hand now, as JSON (Monster Day: card dicts in ``hand``; Notte di
    Terrore: card ids in the seat's own ``players[seat]["hand"]``)."""
    cards: set[str] = set()
    for seat in range(players):
        view = engine.view(state, seat)
        held = list(view.get("hand") or []) + list(view["players"][seat].get("hand") or []
                                                   if "players" in view else [])  # fmt: skip
        cards |= {json.dumps(card, sort_keys=True) for card in held}
    return cards


@pytest.mark.parametrize(("game", "players"), [("monster_day", 2), ("notte_di_terrore", 3)])
def test_frames_come_from_public_views_that_name_no_hidden_card(game: str, players: int) -> None:
    """The frames' source is ``view(state, None)`` after each action, replayed from the seed;
    none of those views shows a card then in someone's hand (the hidden-card variant, a seat's
    own view, does)."""
    record = _bot_game(game, players, 11)
    views = public_views(record)
    engine = rules.GAMES[game]
    state = engine.setup(players, {}, 11)
    expected, leaks, hidden_seen = [engine.view(state, None)], [], 0
    for entry in record["actions"]:
        state, _ = engine.apply(state, entry["seat"], engine.load_action(entry["action"]))
        public = engine.view(state, None)
        expected.append(public)
        text = json.dumps(public, sort_keys=True)
        hidden = _hand_cards(engine, state, players)
        hidden_seen += len(hidden)
        leaks += [card for card in hidden if card in text]
    assert views == expected
    assert hidden_seen > 0 and not leaks
