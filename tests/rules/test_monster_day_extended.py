"""Monster Day's extended Decktet, some or all of it (X1, I16).

«É possibile aggiungere alcune o tutte le carte del Decktet esteso, basta mescolarle nel mazzo
all'inizio del gioco.» A table adds all nine cards (``extended_deck``) or only the kinds it names
(``extended_cards``: the Excuse, the Pawns, the Courts), and everything downstream (the dump, the
view, the hard bot's reading of unseen cards) knows which.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules import GAMES, decktet
from rules.monster_day import engine as md
from rules.options import OptionError

E = GAMES["monster_day"]


def _ranks(state: md.State) -> Counter[str]:
    cards = [*state.hands[0], *state.hands[1], *state.deck]
    return Counter(decktet.card(c).rank for c in cards if not decktet.card(c).is_numeral)


@pytest.mark.parametrize(
    ("cards", "added"),
    [
        ("excuse", {"excuse": 1}),
        ("pawns", {"pawn": 4}),
        ("courts", {"court": 4}),
        ("excuse+courts", {"excuse": 1, "court": 4}),
        ("excuse+pawns+courts", {"excuse": 1, "pawn": 4, "court": 4}),
    ],
)
def test_X1_some_of_the_extended_cards_may_be_added(cards: str, added: dict[str, int]) -> None:
    for extended_deck in (False, True):
        state = E.setup(2, {"extended_deck": extended_deck, "extended_cards": cards}, 5)
        assert _ranks(state) == Counter({"crown": 6, **added})
        assert state.extended_deck
        assert sorted([*state.hands[0], *state.hands[1], *state.deck]) == sorted(
            md.starting_deck(state.extended)
        )


def test_X1_all_the_extended_cards_or_none() -> None:
    assert _ranks(E.setup(2, {"extended_deck": True}, 5)) == Counter(
        {"crown": 6, "excuse": 1, "pawn": 4, "court": 4}
    )
    assert _ranks(E.setup(2, {}, 5)) == Counter({"crown": 6})


@pytest.mark.parametrize("cards", ["jokers", "pawns+pawns", "pawns+", 3, None])
def test_X1_unknown_extended_cards_are_refused(cards: object) -> None:
    with pytest.raises(ValueError):
        E.setup(2, {"extended_cards": cards}, 5)


def test_X1_the_option_takes_the_kinds_in_either_language() -> None:
    spec = next(s for s in E.option_specs if s.name == "extended_cards")
    assert spec.parse("Scusa+Pedoni") == "excuse+pawns"
    assert spec.parse("courts") == "courts"
    with pytest.raises(OptionError):
        spec.parse("knights")


def test_X1_the_chosen_cards_survive_dump_view_and_an_old_dump() -> None:
    state = E.setup(2, {"extended_cards": "pawns"}, 9)
    for _ in range(4):
        state, _ = E.apply(state, state.current, E.bot_action(state, state.current))
    assert E.load(E.dump(state)) == state
    assert E.view(state, None)["options"] == {"extended_deck": True, "extended_cards": "pawns"}
    old = E.dump(E.setup(2, {"extended_deck": True}, 9))
    old["options"] = {"extended_deck": True}  # a dump from before extended_cards
    assert E.load(old).extended == md.EXTENDED_RANKS


def test_X1_every_bot_level_plays_a_game_with_some_extended_cards_to_the_end() -> None:
    state = E.setup(2, {"extended_cards": "excuse+courts"}, 11)
    level = {0: "hard", 1: "easy"}
    while not state.over:
        seat = state.current
        play = E.bot_action(state, seat, level[seat])
        assert play in E.legal_actions(state, seat)
        state, _ = E.apply(state, seat, play)
    assert sum(map(len, state.piles)) == 30 + 1 + 4
