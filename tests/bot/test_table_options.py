"""A game's declared options in the player's language (``bot.table_options``): lobby text,
variant suggestions and refusals in Italian, where simcord (always ``en-US``) cannot reach.
"""

from __future__ import annotations

import pytest

from bot.errors import error_text
from bot.table import TableError
from bot.table_options import chosen_options, option_suggestions, option_text, variant_choices
from rules import GAMES

NT = "notte_di_terrore"


def test_lobby_option_text_in_both_languages() -> None:
    assert option_text(NT, "places", 4, "en") == "Places: 4"
    assert option_text(NT, "victory", "home_first", "it") == "Vittoria: Primo a casa"
    assert option_text("monster_day", "extended_deck", True, "it") == "Mazzo esteso: sì"
    assert option_text(NT, "first_player", "lot", "en") == "First player: Drawn by lot"
    assert option_text(NT, "retired", 1, "en") == "retired: 1"  # a stored option gone since


def test_variant_suggestions_in_italian_filter_either_language() -> None:
    names = [c.name for c in variant_choices(NT, "", "it")]
    assert names[0] == "Standard" and "Notte breve (3 Luoghi)" in names
    assert [c.value for c in variant_choices(NT, "short", "it")] == ["short_night"]
    assert variant_choices(None, "", "en") == [] and variant_choices("chess", "", "en") == []


def test_options_are_built_from_variant_and_text() -> None:
    chosen = chosen_options(NT, "Vince il primo a casa", "luoghi=6", "it")
    assert chosen == {**GAMES[NT].options, "victory": "home_first", "places": 6}
    assert chosen_options("monster_day", None, None, "en") == GAMES["monster_day"].options


@pytest.mark.parametrize(
    ("typed", "italian"),
    [
        ("luoghi=2", "L'opzione `luoghi` deve essere un numero intero da 3 a 6"),
        ("vittoria=veloce", "`vittoria` deve essere uno tra `meno_terrore`, `primo_a_casa`"),
        ("necronomicon_rimosso=forse", "`necronomicon_rimosso` accetta `si` o `no`"),
        ("colore=rosso", "non ha l'opzione “colore”"),
        ("luoghi", "scrivi ogni opzione come `nome=valore`"),
    ],
)
def test_refusals_say_what_is_allowed_in_italian(typed: str, italian: str) -> None:
    with pytest.raises(TableError) as error:
        chosen_options(NT, None, typed, "it")
    assert italian.casefold() in error_text(error.value, "it").casefold()
    assert "{" not in error_text(error.value, "en")


MOB = "monsters_on_board"


def test_T2_a_set_option_typed_shown_and_completed_in_both_languages() -> None:
    """Issue 26 item 2: Monsters on Board's difficulty is a set of parts, typed ``a+b`` in
    either language, shown part by part in the lobby, refused with what it takes, and
    completed as it is typed (the ``options`` autocomplete)."""
    typed = chosen_options(MOB, None, "mode=solo2 difficolta=fantasmi+profezia", "it")
    assert typed["difficulty"] == "ghosts+prophecy"
    ladder = chosen_options(MOB, "solo2_7", None, "en")["difficulty"]
    assert ladder == "creature+ghosts+summoning+spare_scored+prophecy"
    assert option_text(MOB, "difficulty", "ghosts+prophecy", "it") == (
        "Difficoltà: fantasmi + profezia"
    )
    assert option_text(MOB, "difficulty", "", "en") == "Difficulty: none"
    with pytest.raises(TableError) as refused:
        chosen_options(MOB, None, "mode=solo2 difficulty=ghosts+ghosts4", "en")
    text = error_text(refused.value, "en")
    assert "`ghosts4`" in text and "joined by `+`" in text, text
    after = option_suggestions(MOB, "mode=solo2 difficulty=ghosts+", "en")
    assert "mode=solo2 difficulty=ghosts+prophecy" in after
    assert not any(s.endswith("+ghosts4") for s in after)  # one step of a kind
    assert option_suggestions(MOB, "difficolta=fant", "it") == [
        "difficolta=fantasmi",
        "difficolta=fantasmi4",
    ]
    assert option_suggestions(MOB, "mode=solo2 diff", "en")[-1] == "mode=solo2 difficulty="
    assert option_suggestions(None, "x", "en") == []
