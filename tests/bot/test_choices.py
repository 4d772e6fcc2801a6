"""The typed-text resolver (bot/choices.py): what a typed option names, in either language."""

from __future__ import annotations

import pytest

from bot.choices import Candidate, name_forms, named, resolve_move, shown, squash, suggests
from bot.errors import error_text
from bot.table import TableError

HAG_1 = Candidate("marsh_hag:1", ("Marsh Hag", "Megera della Palude"), "marsh_hag")
HAG_2 = Candidate("marsh_hag:2", ("Marsh Hag", "Megera della Palude"), "marsh_hag")
SKELETON = Candidate("skeleton:4", ("Skeleton", "Scheletro"), "skeleton")
KNIGHT = Candidate(
    "skeleton_knight:1", ("Skeleton Knight", "Cavaliere Scheletro"), "skeleton_knight"
)
AXE = Candidate("axe:2", ("Axe", "Ascia"), "axe")
AXE_2 = Candidate("axe:3", ("Axe", "Ascia"), "axe")
BULLET = Candidate("silver_bullet:1", ("Silver Bullet", "Pallottola d'Argento"), "silver_bullet")
DAGGER = Candidate("silver_dagger:1", ("Silver Dagger", "Pugnale d'Argento"), "silver_dagger")
WOLF = Candidate("werewolf:1", ("Werewolf", "Lupo Mannaro"), "werewolf")
DARKNESS = Candidate("darkness", name_forms("the Darkness") + name_forms("l'Oscurità"), "darkness")


def refusal(code: str, typed: dict[str, str], moves, visible) -> str:
    with pytest.raises(TableError) as caught:
        resolve_move(typed, moves, visible)
    assert caught.value.code == code
    return error_text(caught.value, "en")


def test_squash_ignores_case_accents_spaces_and_punctuation() -> None:
    assert squash("  Treccia d’Àglio ") == squash("treccia daglio") == "trecciadaglio"
    assert squash("OSCURITA") == squash("Oscurità")
    assert squash("💀 !!") == ""


def test_an_article_may_be_left_out() -> None:
    assert name_forms("the Castle") == ("the Castle", "Castle")
    assert name_forms("l'Oscurità") == ("l'Oscurità", "Oscurità")
    assert name_forms("Axe") == ("Axe",)
    assert named("oscurita", [DARKNESS]) == [DARKNESS]


def test_exact_value_then_full_name_then_prefix() -> None:
    pool = [SKELETON, KNIGHT]
    assert named("skeleton:4", pool) == [SKELETON]
    assert named("SKELETON", pool) == [SKELETON]  # a full name beats a prefix of another
    assert named("scheletro", pool) == [SKELETON]
    assert named("skeleton k", pool) == [KNIGHT]
    assert named("caval", pool) == [KNIGHT]
    assert named("   ", pool) == []  # nothing typed names nothing, not everything


def test_a_typed_name_in_either_language_gives_the_engine_value() -> None:
    moves = [{"card": HAG_2}, {"card": SKELETON}]
    visible = {"card": [HAG_1, HAG_2, SKELETON]}
    assert resolve_move({"card": "megera della palude"}, moves, visible) == {"card": "marsh_hag:2"}
    assert resolve_move({"card": "Marsh hag"}, moves, visible) == {"card": "marsh_hag:2"}


def test_copies_are_one_thing_and_the_legal_copy_is_chosen() -> None:
    moves = [
        {"target": SKELETON, "weapon": AXE_2},
        {"target": WOLF, "weapon": BULLET},
    ]
    visible = {"target": [SKELETON, WOLF], "weapon": [AXE, AXE_2, BULLET]}
    chosen = resolve_move({"target": "Skeleton", "weapon": "axe"}, moves, visible)
    assert chosen == {"target": "skeleton:4", "weapon": "axe:3"}


def test_a_prefix_is_read_in_the_light_of_the_other_options() -> None:
    """ "Silver" names two Weapons, but only one of them defeats a Werewolf."""
    moves = [{"target": WOLF, "weapon": BULLET}]
    visible = {"target": [WOLF], "weapon": [BULLET, DAGGER]}
    chosen = resolve_move({"target": "lupo", "weapon": "Silver"}, moves, visible)
    assert chosen == {"target": "werewolf:1", "weapon": "silver_bullet:1"}


def test_a_pair_listed_both_ways_fits_either_order() -> None:
    moves = [
        {"target": WOLF, "weapon": BULLET, "weapon2": AXE},
        {"target": WOLF, "weapon": AXE, "weapon2": BULLET},
    ]
    visible = {"target": [WOLF], "weapon": [BULLET, AXE], "weapon2": [BULLET, AXE]}
    chosen = resolve_move(
        {"target": "werewolf", "weapon": "ascia", "weapon2": "silver"}, moves, visible
    )
    assert chosen == {"target": "werewolf:1", "weapon": "axe:2", "weapon2": "silver_bullet:1"}


def test_an_illegal_but_meaningful_move_goes_to_the_engine_for_its_reason() -> None:
    moves = [{"target": WOLF, "weapon": BULLET}]
    weapons = [BULLET, AXE, AXE_2]
    visible = {"target": [WOLF, SKELETON], "weapon": weapons, "weapon2": weapons}
    chosen = resolve_move({"target": "Skeleton", "weapon": "Axe"}, moves, visible)
    assert chosen == {"target": "skeleton:4", "weapon": "axe:2"}
    pair = resolve_move({"target": "Werewolf", "weapon": "Axe", "weapon2": "axe"}, moves, visible)
    assert pair["weapon"] != pair["weapon2"]  # two copies, not one card twice


def test_unknown_text_is_refused_naming_it() -> None:
    visible = {"card": [HAG_1, SKELETON]}
    text = refusal("unknown_choice", {"card": "Vampire"}, [{"card": SKELETON}], visible)
    assert "“Vampire”" in text and "Pick one of the suggestions" in text


def test_ambiguous_text_is_refused() -> None:
    visible = {"weapon": [BULLET, DAGGER]}
    moves = [{"weapon": BULLET}, {"weapon": DAGGER}]
    text = refusal("ambiguous_choice", {"weapon": "silver"}, moves, visible)
    assert "“silver”" in text and "more than one" in text
    # Both legal nowhere, so the other options cannot tell them apart either.
    refusal("ambiguous_choice", {"weapon": "silv"}, [], visible)


def test_an_engine_value_out_of_sight_is_left_to_the_engine() -> None:
    """A card id the caller cannot see (a stale suggestion, another player's card) goes to the
    engine as is: it says "not in your hand". A name out of sight does not."""
    visible = {"card": [SKELETON]}
    chosen = resolve_move({"card": "vampire:3"}, [], visible, is_value=lambda t: t == "vampire:3")
    assert chosen == {"card": "vampire:3"}
    refusal("unknown_choice", {"card": "Vampire"}, [], visible)


def test_typed_text_is_quoted_back_harmlessly() -> None:
    assert shown("@everyone **hi**") == "@\u200beveryone \\*\\*hi\\*\\*"
    assert len(shown("x" * 500)) == 40
    assert "\n" not in shown("a\nb")


def test_suggestions_match_what_typing_accepts() -> None:
    label = "🧹 Marsh Hag (3) · Witch"
    assert suggests("", label, HAG_1)
    assert suggests("megera", label, HAG_1)  # the other language's name
    assert suggests("HAG (3", label, HAG_1)  # any part of the label
    assert suggests("marsh_hag:1", label, HAG_1)  # the value a suggestion sends
    assert suggests("oscurita", "9 🌊🐉 the Darkness", DARKNESS)
    assert not suggests("vampire", label, HAG_1)
