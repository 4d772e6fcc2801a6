"""Declared table options (``rules.options``) and every game's schema and variants.

Why: ``/game new``, the random playouts and the simulator are built from these declarations, so
a declaration that disagrees with its engine, or a variant that does not set up, would reach
players; these checks hold for every game registered in ``rules.GAMES``.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import GAMES, OptionError, OptionSpec, validate
from rules.base import ModuleEngine
from rules.options import (
    LOCALES,
    Choice,
    defaults,
    find_option,
    find_variant,
    parse_assignments,
    parse_text,
    token,
)

NT = GAMES["notte_di_terrore"]
MD = GAMES["monster_day"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_option_specs_match_the_engines_default_options(game_id: str) -> None:
    engine = GAMES[game_id]
    assert isinstance(engine, ModuleEngine)
    assert defaults(engine.option_specs) == engine.rules.DEFAULT_OPTIONS
    assert engine.options == engine.rules.DEFAULT_OPTIONS


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_variant_validates_and_sets_up(game_id: str) -> None:
    engine = GAMES[game_id]
    assert next(iter(engine.variants)) == "standard"
    assert engine.variants["standard"].options == {}
    seen = []
    for key, variant in engine.variants.items():
        options = validate(engine.option_specs, variant.options)
        assert options not in seen, f"{key} plays like another variant"
        seen.append(options)
        sizes = 0
        for players in range(engine.min_players, engine.max_players + 1):
            try:  # a mode may fit only some table sizes (Monsters on Board's solo mode: 1)
                state = engine.setup(players, dict(variant.options), seed=7)
            except ValueError:
                continue
            sizes += 1
            assert engine.pending(state), key
        assert sizes, f"{key} sets up for no table size"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_typed_names_are_unambiguous_in_both_languages(game_id: str) -> None:
    """A typed option or variant name must name one thing, whatever language it is in."""
    engine = GAMES[game_id]
    for spec in engine.option_specs:
        others = {w for s in engine.option_specs if s is not spec for w in s.words()}
        assert not spec.words() & others, spec.name
        assert all(spec.description[locale] for locale in LOCALES)
        for choice in spec.choices:
            assert spec.parse(choice.names["it"]) == spec.parse(choice.names["en"]) == choice.value
    for key, variant in engine.variants.items():
        for locale in LOCALES:
            assert find_variant(engine.variants, variant.names[locale]) == key


def test_validate_fills_defaults_and_keeps_choices() -> None:
    assert validate(NT.option_specs, {}) == NT.options
    chosen = validate(NT.option_specs, {"places": 6, "victory": "home_first"})
    assert chosen == {**NT.options, "places": 6, "victory": "home_first"}
    assert chosen["necronomicon_removed"] is False


@pytest.mark.parametrize(
    ("given", "code", "option"),
    [
        ({"colour": "red"}, "unknown_option", "colour"),
        ({"places": "4"}, "wrong_type", "places"),
        ({"places": True}, "wrong_type", "places"),
        ({"places": 2}, "out_of_range", "places"),
        ({"places": 7}, "out_of_range", "places"),
        ({"victory": "most_terror"}, "out_of_range", "victory"),
        ({"victory": 1}, "wrong_type", "victory"),
        ({"necronomicon_removed": 1}, "wrong_type", "necronomicon_removed"),
    ],
)
def test_validate_refuses_with_a_stable_code_and_the_option(
    given: dict[str, Any], code: str, option: str
) -> None:
    with pytest.raises(OptionError) as error:
        validate(NT.option_specs, given)
    assert (error.value.code, error.value.option) == (code, option)
    assert option in str(error.value)


def test_the_engine_contract_checks_options_through_the_schema() -> None:
    with pytest.raises(OptionError, match=r"places must be an int in 3\.\.6"):
        NT.setup(3, {"places": 9}, seed=1)
    with pytest.raises(OptionError, match="unknown option"):
        MD.setup(2, {"places": 4}, seed=1)


def test_typed_text_in_english_or_italian() -> None:
    specs = NT.option_specs
    assert parse_text(specs, "places=5 victory=home_first") == {
        "places": 5,
        "victory": "home_first",
    }
    assert parse_text(specs, "Luoghi=3, vittoria=primo_a_casa necronomicon_rimosso=sì") == {
        "places": 3,
        "victory": "home_first",
        "necronomicon_removed": True,
    }
    assert parse_assignments(specs, ["VICTORY=Fewest-Terror"]) == {"victory": "least_terror"}
    assert parse_text(MD.option_specs, "mazzo_esteso=no") == {"extended_deck": False}
    assert find_option(specs, "Necronomicon rimosso").name == "necronomicon_removed"


@pytest.mark.parametrize(
    ("text", "code", "option"),
    [
        ("places", "malformed_option", "places"),
        ("=5", "malformed_option", "=5"),
        ("colour=red", "unknown_option", "colour"),
        ("places=five", "wrong_type", "places"),
        ("places=-1", "out_of_range", "places"),
        ("luoghi=9", "out_of_range", "places"),
        ("victory=fastest", "out_of_range", "victory"),
        ("necronomicon_removed=maybe", "wrong_type", "necronomicon_removed"),
    ],
)
def test_bad_typed_text_is_refused(text: str, code: str, option: str) -> None:
    with pytest.raises(OptionError) as error:
        parse_text(NT.option_specs, text)
    assert (error.value.code, error.value.option) == (code, option)


@pytest.mark.parametrize("text", ["places=3 places=4", "places=3, luoghi=3", "Luoghi=4 PLACES=4"])
def test_i27_an_option_given_twice_is_refused_naming_it(text: str) -> None:
    """Issue 27 §3: ``places=3 places=4`` opened a table with 4 places (the last one won);
    an option typed twice, in either language, is refused, naming it."""
    with pytest.raises(OptionError) as error:
        parse_text(NT.option_specs, text)
    assert (error.value.code, error.value.option) == ("repeated_option", "places")


def test_variants_are_found_by_key_or_name() -> None:
    assert find_variant(NT.variants, "short_night") == "short_night"
    assert find_variant(NT.variants, "notte breve (3 luoghi)") == "short_night"
    assert find_variant(NT.variants, "Long Night (5 Places)") == "long_night"
    assert find_variant(NT.variants, "no such night") is None


def test_token_ignores_case_accents_and_punctuation() -> None:
    assert token("Primo a casa") == token("PRIMO-A-CASA") == "primo_a_casa"
    assert token("sì") == "si" and token(" Notte  breve (3) ") == "notte_breve_3"


@pytest.mark.parametrize(
    "declaration",
    [
        {"kind": "int", "default": 4},  # no range
        {"kind": "int", "default": 9, "min": 3, "max": 6},  # default out of range
        {"kind": "choice", "default": "a"},  # no choices
        {"kind": "bool", "default": 0},  # not a bool
        {"kind": "bool", "default": False, "names": {"en": "Flag"}},  # no Italian
        {"kind": "bool", "default": False, "choices": (Choice("a", {"en": "a", "it": "a"}),)},
    ],
)
def test_a_bad_declaration_fails_at_import(declaration: dict[str, Any]) -> None:
    fields = {"names": {"en": "Flag", "it": "Bandiera"}, "description": {"en": "x", "it": "x"}}
    with pytest.raises(ValueError):
        OptionSpec(name="flag", **{**fields, **declaration})


SET = OptionSpec(
    name="extras",
    kind="set",
    default="",
    choices=(
        Choice("one", {"en": "one", "it": "uno"}, "count"),
        Choice("two", {"en": "two", "it": "due"}, "count"),
        Choice("hat", {"en": "hat", "it": "cappello"}),
        Choice("cane", {"en": "walking stick", "it": "bastone"}),
    ),
    names={"en": "Extras", "it": "Extra"},
    description={"en": "Extras", "it": "Extra"},
)


def test_set_option_parses_parts_in_either_language_in_declaration_order() -> None:
    """Issue 26 item 2: a set option holds any of its parts, written ``a+b`` in declaration
    order, typed in English or Italian and in any order; ``none`` is no part."""
    assert SET.parse("hat+one") == "one+hat"
    assert SET.parse("Bastone + cappello + DUE") == "two+hat+cane"
    assert SET.parse("walking_stick") == "cane"
    assert SET.parse("nessuno") == SET.parse("none") == ""
    assert SET.check("one+hat") == "one+hat"
    assert SET.extremes() == ("", "two+hat+cane")
    assert parse_text([SET], "extra=uno+bastone") == {"extras": "one+cane"}
    assert validate([SET], {}) == {"extras": ""}


@pytest.mark.parametrize(
    "value", ["one+two", "hat+hat", "hat+wings", "hat+one", 3, ["hat"], "+hat", "hat+"]
)
def test_set_option_refuses_unknown_repeated_or_clashing_parts(value: Any) -> None:
    """Parts of one group are steps of one thing: at most one of them; a stored value must be
    canonical (declaration order, no empty part)."""
    with pytest.raises(OptionError):
        SET.check(value)
    if isinstance(value, str) and value not in ("hat+one", "+hat", "hat+"):
        with pytest.raises(OptionError):
            SET.parse(value)
