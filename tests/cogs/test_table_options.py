"""``/game new`` built from each game's declared options (simcord): the ``variant`` parameter's
autocomplete offers the chosen game's variants, a typed variant name counts in either language,
``options`` text sets options by name in English or Italian, and a bad option or variant is
refused privately with what is allowed, creating nothing.
"""

from __future__ import annotations

from typing import Any

from rules import GAMES
from tests.cogs.helpers import followup_text, make_world, text_of

NT = "notte_di_terrore"


async def _new(world: Any, **params: Any) -> Any:
    return await world.ann.slash(world.channel, "game new", **params)


async def test_variant_autocomplete_offers_the_chosen_games_variants(simcord_env) -> None:
    world = make_world(simcord_env)
    offered = await world.ann.autocomplete(world.channel, "game new", "variant", "", game=NT)
    assert [c["value"] for c in offered] == list(GAMES[NT].variants)
    assert offered[0]["name"] == "Standard"
    assert "Short night (3 Places)" in [c["name"] for c in offered]
    night = await world.ann.autocomplete(world.channel, "game new", "variant", "NIGHT", game=NT)
    assert {c["value"] for c in night} == {"short_night", "long_night", "longest_night"}
    italian = await world.ann.autocomplete(world.channel, "game new", "variant", "breve", game=NT)
    assert [c["value"] for c in italian] == ["short_night"]
    md = await world.ann.autocomplete(world.channel, "game new", "variant", "", game="monster_day")
    assert [c["value"] for c in md] == ["standard", "extended"]


async def test_a_typed_variant_name_counts_in_either_language(simcord_env) -> None:
    world = make_world(simcord_env)
    opened = await _new(world, game=NT, variant="notte lunga (5 luoghi)")
    assert "Table #1 is open" in followup_text(opened), followup_text(opened)
    record = await world.record()
    assert record.options == {**GAMES[NT].options, "places": 5}
    assert "Places: 5" in text_of(world.channel.history()[0])


async def test_options_text_goes_on_top_of_the_variant(simcord_env) -> None:
    world = make_world(simcord_env)
    opened = await _new(
        world, game=NT, variant="short_night", options="vittoria=primo_a_casa, first_player=2"
    )
    assert "Table #1 is open" in followup_text(opened), followup_text(opened)
    record = await world.record()
    assert record.options == {
        **GAMES[NT].options,
        "places": 3,
        "victory": "home_first",
        "first_player": "2",
    }
    lobby = text_of(world.channel.history()[0])
    for shown in ("Places: 3", "Victory: First home", "First player: Seat 2"):
        assert shown in lobby


async def _refused(world: Any, **params: Any) -> str:
    result = await _new(world, **params)
    assert result.ephemeral
    assert await world.bot.store.get(1) is None, "a refused /game new created a table"
    assert world.channel.history() == [], "a refused /game new posted a lobby"
    return followup_text(result)


async def test_bad_options_are_refused_privately_and_create_nothing(simcord_env) -> None:
    world = make_world(simcord_env)
    text = await _refused(world, game=NT, options="places=9")
    assert "`places` must be a whole number from 3 to 6" in text and "nothing was created" in text
    text = await _refused(world, game=NT, options="victory=fastest")
    assert "`victory` must be one of `fewest_terror`, `first_home`" in text
    text = await _refused(world, game=NT, options="necronomicon_removed=perhaps")
    assert "`necronomicon_removed` takes `yes` or `no`" in text
    text = await _refused(world, game=NT, options="colour=red")
    assert "no option “colour”" in text and "`places`, `victory`" in text
    text = await _refused(world, game=NT, options="places")
    assert "`name=value`" in text and "`places=…`" in text
    text = await _refused(world, game="monster_day", options="extended_deck=yes places=4")
    assert "no option “places”" in text and "`extended_deck`" in text


async def test_i27_an_option_given_twice_is_refused_naming_it(simcord_env) -> None:
    """Issue 27 §3: ``places=3 places=4`` opened a table with 4 places; now it is refused
    privately, naming the option, and nothing is created."""
    world = make_world(simcord_env)
    text = await _refused(world, game=NT, options="places=3 places=4")
    assert "`places` is given twice" in text and "nothing was created" in text, text
    text = await _refused(world, game=NT, variant="short_night", options="luoghi=3 places=5")
    assert "`places` is given twice" in text, text


async def test_an_unknown_variant_is_refused(simcord_env) -> None:
    world = make_world(simcord_env)
    text = await _refused(world, game=NT, variant="endless night")
    assert "no variant “endless night”" in text and "suggestions" in text
    text = await _refused(world, game="monster_day", variant="short_night")
    assert "no variant “short\\_night”" in text  # Markdown escaped: Discord shows short_night


async def test_T2_a_set_of_difficulty_parts_typed_and_completed_on_discord(simcord_env) -> None:
    """Issue 26 item 2: ``options`` offers a set option's parts as it is typed, and a table
    opens with the parts typed, shown by name in the lobby."""
    world = make_world(simcord_env)
    mob = "monsters_on_board"
    offered = await world.ann.autocomplete(
        world.channel, "game new", "options", "mode=solo2 difficulty=ghosts+", game=mob
    )
    values = [c["value"] for c in offered]
    assert "mode=solo2 difficulty=ghosts+prophecy" in values, values
    opened = await _new(world, game=mob, options="mode=solo2 difficulty=prophecy+ghosts")
    assert "Table #1 is open" in followup_text(opened), followup_text(opened)
    record = await world.record()
    assert record.options["difficulty"] == "ghosts+prophecy"
    assert "Difficulty: ghosts + prophecy" in text_of(world.channel.history()[-1])


async def test_X1_monster_day_adds_only_the_extended_cards_typed(simcord_env) -> None:
    """Monster Day's «alcune o tutte le carte del Decktet esteso»: the kinds typed in Italian
    open a table with those cards only, named in the lobby; an unknown kind is refused."""
    world = make_world(simcord_env)
    text = await _refused(world, game="monster_day", options="extended_cards=jokers")
    assert "`extended_cards`" in text, text
    opened = await _new(world, game="monster_day", options="carte_estese=pedoni+scusa")
    assert "Table #1 is open" in followup_text(opened), followup_text(opened)
    record = await world.record()
    assert record.options == {"extended_deck": False, "extended_cards": "excuse+pawns"}
    assert "Extended cards: Excuse + Pawns" in text_of(world.channel.history()[-1])
