"""Notte di Terrore's setup (G1, S1-S5): the options checked, the four decks shuffled with
the state's seeded :class:`~rules.base.Rng`, Places and a Weapon dealt, the first player drawn."""

from __future__ import annotations

from typing import Any

from rules.base import Rng
from rules.notte_di_terrore import cards
from rules.notte_di_terrore.model import (
    DECK_NAMES,
    DEFAULT_OPTIONS,
    FIRST_PLAYERS,
    VICTORIES,
    Player,
    State,
)


def checked_options(options: dict[str, Any] | None) -> dict[str, Any]:
    merged = {**DEFAULT_OPTIONS, **(options or {})}
    unknown = set(merged) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown Notte di Terrore options: {sorted(unknown)}")
    places = merged["places"]
    if type(places) is not int or not 3 <= places <= 6:
        raise ValueError("places must be an int in 3..6")
    if merged["victory"] not in VICTORIES:
        raise ValueError(f"victory must be one of {VICTORIES}")
    if not isinstance(merged["necronomicon_removed"], bool):
        raise ValueError("necronomicon_removed must be a bool")
    if merged["first_player"] not in FIRST_PLAYERS or type(merged["first_player"]) is not str:
        raise ValueError(f"first_player must be one of {FIRST_PLAYERS}")
    return merged


def _first_seat(option: str, num_players: int, rng: Rng) -> tuple[int, Rng]:
    """S5: the first player, drawn by lot with the state's ``Rng`` or decided by the players
    (a seat that must be at the table)."""
    if option == "lot":
        drawn, rng = rng.roll(num_players)
        return drawn - 1, rng
    if int(option) > num_players:
        raise ValueError(f"first_player: seat {option} is not at a table of {num_players}")
    return int(option) - 1, rng


def setup(num_players: int, options: dict[str, Any] | None, seed: int) -> State:
    """G1, S1-S5: deal face-down Places and one face-up Weapon each, draw the first player;
    every seat then chooses its hand split privately."""
    if type(num_players) is not int or not 3 <= num_players <= 5:
        raise ValueError("Notte di Terrore is for 3 to 5 players")
    opts = checked_options(options)
    d = cards.decks()
    rng = Rng(int(seed))
    shuffled: list[tuple[str, ...]] = []
    for name in DECK_NAMES:
        deck, rng = rng.shuffled(cards.instance_ids(getattr(d, name)))
        shuffled.append(deck)
    beings_deck, weapons_deck, events_deck, places_deck = shuffled
    count = opts["places"]
    players = tuple(
        Player(
            face_down=places_deck[seat * count : (seat + 1) * count],
            revealed=None,
            path=(),
            monsters=(),
            infested=False,
            hand=(),
            table=(weapons_deck[seat],),
            weapon_hand=None,
            pile=(),
            split=None,
            home=False,
        )
        for seat in range(num_players)
    )
    first, rng = _first_seat(opts["first_player"], num_players, rng)
    return State(
        places_option=count,
        victory=opts["victory"],
        necronomicon_removed=opts["necronomicon_removed"],
        first_player_option=opts["first_player"],
        players=players,
        decks=(
            beings_deck,
            weapons_deck[num_players:],
            events_deck,
            places_deck[num_players * count :],
        ),
        discards=((), (), (), ()),
        removed=(),
        phase="split",
        first=first,
        current=first,
        to_act=None,
        passed=(),
        turned=(),
        swapped=False,
        attacked=False,
        turn_number=0,
        home_seat=None,
        rng=rng,
    )
