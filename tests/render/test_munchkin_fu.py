"""Munchkin Fu images (issue 10): the table, the fight and the hand, drawn from real views of
seeded engine games of 3 and 6 players at the moments that matter: setup, a door just kicked,
a fight with a helper and the interference window open, a choice inside a resolution,
charity, and the game over.

Each image must decode, keep its width, fit the PNG budget and not be blank; every text must
stay inside its box in English and Italian with 32-character names; a crowded six-player
fight (many monsters, enhancers, Hong Kong items, one-shots on both sides) must still fit;
and the public image must not depend on what only a seat may see.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import rules
from render import RENDERERS, board_image, hand_image, render_board, render_hand
from render.munchkin_fu import WIDTH, MunchkinFuRenderer
from render.munchkin_fu.layout import panel_height
from render.munchkin_fu.pieces import Cards, _tags
from render.text import isolate, join_names
from tests.render.pngs import assert_sane
from tests.render.test_text_boxes import ODD_NAMES, assert_tidy, names_for
from tests.render.textboxes import one_page, problems

GAME = "munchkin_fu"
ENGINE = rules.GAMES[GAME]
SEEDS = {3: (1, 2, 3), 6: (1, 2)}
MOMENTS = ("setup", "door", "kicked", "fight", "choice", "charity", "over")
Shot = tuple[str, dict[str, Any], int | None]
"""(label, view, seat): seat None is the public board, else that seat's hand."""


# --------------------------------------------------------------------------- engine games


def play(players: int, seed: int) -> list[Any]:
    """Every state of one seeded game: the first pending seat moves, half the time as the bot
    would and half at random (odd tables as well as sensible ones)."""
    state = ENGINE.setup(players, {}, seed)
    rng = random.Random(seed)
    states = [state]
    while ENGINE.pending(state) and len(states) < 6000:
        seat = ENGINE.pending(state)[0]
        if rng.random() < 0.5:
            action = ENGINE.bot_action(state, seat)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, seat, action)
        states.append(state)
    return states


def moment(view: dict[str, Any]) -> str | None:
    """Which of :data:`MOMENTS` a public view shows, if any ("fight": a helper, an enhanced
    monster and the interference window open)."""
    fight = view.get("fight")
    if view["phase"] == "over":
        return "over"
    if view["choice"] is not None:
        return "charity" if view["phase"] == "charity" else "choice"
    if fight and fight["stage"] == "window" and fight["helper"] >= 0:
        enhanced = any(m["enhancers"] for m in fight["monsters"])
        return "fight" if enhanced else None
    if view["phase"] in ("trouble", "loot"):
        return "kicked"  # a door kicked open that was no monster
    return view["phase"] if view["phase"] in ("setup", "door") else None


@cache
def shots(players: int) -> dict[str, list[Shot]]:
    """The first view of each moment in the seeded games (board and the acting seat's hand)."""
    found: dict[str, list[Shot]] = {}
    for seed in SEEDS[players]:
        for state in play(players, seed):
            view = ENGINE.view(state, None)
            name = moment(view)
            if name is None or name in found:
                continue
            label = f"{players}p seed {seed} {name}"
            seat = next(iter(view["pending"]), 0)
            found[name] = [(label, view, None), (label + " hand", ENGINE.view(state, seat), seat)]
    return found


@cache
def all_cards(players: int) -> dict[str, Any]:
    """Every card any view of the seeded games named, with its public data."""
    cards: dict[str, Any] = {}
    for seed in SEEDS[players]:
        for state in play(players, seed)[::7]:
            cards |= ENGINE.view(state, None)["cards"]
    return cards


# --------------------------------------------------------------------------- every moment


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_every_moment_is_reached_and_renders(players: int) -> None:
    found = shots(players)
    assert set(found) == set(MOMENTS), f"moments missing: {set(MOMENTS) - set(found)}"
    for _label, view, seat in (s for m in MOMENTS for s in found[m]):
        if seat is None:
            img = assert_sane(render_board(GAME, view, players=["Anna"] * players))
        else:
            img = assert_sane(render_hand(GAME, view))
        assert img.width == WIDTH


def test_the_fight_is_the_table_while_it_lasts() -> None:
    """A view with a fight draws the fight (totals, the window) rather than the panels."""
    _, view, _ = shots(3)["fight"][0]
    with one_page() as page:
        board_image(GAME, view, players=["Anna", "Bruno", "Carla"])
    texts = [t.text for t in page().texts]
    assert "Heroes" in texts and "Monsters" in texts
    assert any(t.startswith("Waiting for:") for t in texts)
    heroes = view["fight"]["heroes"]["total"]
    monsters = view["fight"]["monsters_total"]["total"]
    assert str(heroes) in texts and str(monsters) in texts
    verdict = "Heroes ahead" if heroes > monsters else "Monsters ahead (a tie is theirs)"
    assert verdict in texts
    names = ["Anna", "Bruno", "Carla"]
    fight = view["fight"]
    assert names[fight["fighter"]] in texts and names[fight["helper"]] in texts
    for monster in fight["monsters"]:
        assert str(monster["level"]) in texts
        for card in [monster["card"], *monster["enhancers"]]:
            name = view["cards"][card]["names"]["en"]
            assert any(t.startswith(name.split()[0]) for t in texts), name


def test_the_table_shows_levels_names_and_piles() -> None:
    _, view, _ = shots(6)["door"][0]
    names = [f"Player {k}" for k in "ABCDEF"]
    with one_page() as page:
        img = board_image(GAME, view, players=names)
    texts = [t.text for t in page().texts]
    assert all(n in texts for n in names)
    for player in view["players"]:
        assert str(player["level"]) in texts
    assert str(view["decks"]["door"]) in texts and str(view["decks"]["treasure"]) in texts
    assert img.height > 3 * panel_height(view)


def test_the_winner_is_named_at_the_end() -> None:
    _, view, _ = shots(3)["over"][0]
    names = ["Anna", "Bruno", "Carla"]
    with one_page() as page:
        board_image(GAME, view, players=names)
    texts = [t.text for t in page().texts]
    winners = [names[s] for s in view["winners"]]
    if len(winners) == 1:
        assert f"{isolate(winners[0])} wins!" in texts
    else:
        assert f"Shared win: {join_names(winners)}" in texts


def test_the_public_board_shows_no_hand() -> None:
    """The board drawn from a seat's own view equals the one drawn from the public view
    (bar the seat's extra keys, which the board must not read)."""
    _, view, _ = shots(3)["fight"][0]
    _, own, seat = shots(3)["fight"][1]
    assert seat is not None
    public = board_image(GAME, view, players=["A", "B", "C"])
    mixed = board_image(GAME, {**view, **{k: own[k] for k in ("hand", "legal", "seat")}},
                        players=["A", "B", "C"])  # fmt: skip
    assert public.tobytes() == mixed.tobytes()


# --------------------------------------------------------------------------- texts in boxes


def check(shots_: list[Shot], locale: str) -> list[str]:
    found: list[str] = []
    for i, (label, view, seat) in enumerate(shots_):
        names = names_for(i, len(view["players"])) if seat is None else None
        with one_page() as page:
            if seat is None:
                board_image(GAME, view, locale=locale, players=names)
            else:
                hand_image(GAME, view, locale=locale)
        found += [f"[{locale}] {label} names={names}: {p}" for p in problems(page())]
    return found


@pytest.mark.parametrize("locale", ("en", "it"))
@pytest.mark.parametrize("players", sorted(SEEDS))
def test_texts_stay_in_their_boxes(players: int, locale: str) -> None:
    found = shots(players)
    assert_tidy(check([s for m in MOMENTS for s in found[m]], locale))


STRIDE = 200  # one state in so many of every seeded game, for a wider sample


@cache
def sampled(players: int) -> list[Shot]:
    """Boards and the first pending seat's hand spread over every seeded game: the moments
    above are the first of their kind, these are whatever the games went through."""
    out: list[Shot] = []
    for seed in SEEDS[players]:
        for k, state in enumerate(play(players, seed)[::STRIDE]):
            view = ENGINE.view(state, None)
            label = f"{players}p seed {seed} state {k * STRIDE}"
            out.append((label, view, None))
            if view["pending"]:
                seat = view["pending"][0]
                out.append((label + " hand", ENGINE.view(state, seat), seat))
    return out


@pytest.mark.parametrize("locale", ("en", "it"))
def test_sampled_views_stay_tidy(locale: str) -> None:
    assert_tidy(check([*sampled(3), *sampled(6)], locale))


def crowded_fight(players: int) -> dict[str, Any]:
    """A six-player fight past anything a sample reaches: four monsters (one a double), each
    with three enhancers and a Hong Kong item, a helper, one-shots for both sides, every
    player with items in every slot, a class, two styles, a mook and a held curse, two open
    offers and a choice."""
    _, base, _ = shots(players)["fight"][0]
    cards = all_cards(players)
    of = {k: sorted(c for c, d in cards.items() if d["kind"] == k) for k in _KINDS}
    monsters = [
        {
            "card": (of["monster"] * 4)[k],
            "enhancers": (of["enhancer"] * 12)[3 * k : 3 * k + 3],
            "double_of": 0 if k == 3 else -1,
            "hk_items": (of["item"] * 4)[k : k + 1],
            "level": 17 + k,
        }
        for k in range(4)
    ]
    shots_ = (of["one_shot"] * 4)[:4]
    fight = {
        **base["fight"],
        "fighter": 0,
        "helper": players - 1,
        "monsters": monsters,
        "one_shots": [
            {"card": c, "side": s} for c, s in zip(shots_, ("heroes", "monsters") * 2, strict=True)
        ],
        "heroes": {
            "total": 23,
            "lines": [["fighter", 11], ["helper", 8], [shots_[0], 2], [shots_[2], 2]],
        },
        "monsters_total": {
            "total": 80,
            "lines": [[m["card"], m["level"]] for m in monsters] + [[shots_[1], 5], [shots_[3], 1]],
        },
        "window": {"opened": 9, "passed": [1, 2], "passed_fight": [3], "waiting": [4]},
        "loot": (of["item"] * 3)[:3],
        "escaped": [1],
    }
    items = [{"id": c, "active": k % 3 != 2, "carried": k % 3 == 2}
             for k, c in enumerate(of["item"][:7])]  # fmt: skip
    player = {
        "level": 9,
        "classes": of["class"][:2],
        "styles": of["style"][:2],
        "super_munchkin": of["super_munchkin"][:1],
        "extra_styles": of["extra_style"][:1],
        "items": items,
        "mooks": [{"id": m, "enhancers": of["enhancer"][:2]} for m in of["mook"][:2]],
        "hand": 12,
        "curses": of["trap"][:2],
        "strength": 31,
    }
    offers = [
        {"id": 1, "kind": "help", "source": 0, "target": 2, "items": of["item"][:3], "want": [],
         "treasures": 2, "helper_first": True, "counter": True},
        {"id": 2, "kind": "trade", "source": 3, "target": 4, "items": of["item"][3:5],
         "want": of["item"][5:6], "treasures": 0, "helper_first": False, "counter": False},
    ]  # fmt: skip
    choice = {"seat": 5, "kind": "loot", "options": of["item"][:9], "default": of["item"][0]}
    return {
        **base,
        "players": [{**p, **player} for p in base["players"]],
        "fight": fight,
        "offers": offers,
        "choice": choice,
        "cards": cards,
    }


SIDES = ("heroes", "monsters")
_KINDS = ("monster", "enhancer", "item", "one_shot", "class", "style", "super_munchkin",
          "extra_style", "mook", "trap")  # fmt: skip


@pytest.mark.parametrize("locale", ("en", "it"))
def test_a_crowded_six_player_fight_fits(locale: str) -> None:
    view = crowded_fight(6)
    table = {**view, "fight": None}
    own = {**view, "seat": 0, "hand": sorted(view["cards"])[:13], "neighbours": {
        "5": sorted(view["cards"])[13:20], "1": []}}  # fmt: skip
    shots_ = [("crowded fight", view, None), ("crowded table", table, None),
              ("crowded hand", own, 0)]  # fmt: skip
    assert_tidy(check(shots_, locale))
    for _, v, seat in shots_:
        img = board_image(GAME, v, locale=locale) if seat is None else hand_image(GAME, v)
        assert img.width == WIDTH and img.height < 2600


def test_registered() -> None:
    assert isinstance(RENDERERS[GAME], MunchkinFuRenderer)
    assert ODD_NAMES[0] == "Bartholomew Longname-Marshwalker"


@pytest.mark.parametrize(("n", "said"), [(1, "1 tesoro"), (2, "2 tesori"), (3, "3 tesori")])
def test_X1_the_italian_treasure_number_agrees_with_its_count(n: int, said: str) -> None:
    """X1: «Ogni mostro ha un numero Tesoro indicato in basso sulla sua carta»: the card's foot
    (and a helper's share, an offer's treasures) says «2 tesori» in Italian (it said «2 tesoro»
    whatever the number)."""
    cards = Cards({"cards": {"m": {"kind": "monster", "level": 4, "treasures": n}}}, "it")
    assert _tags(cards, "m") == [said]
