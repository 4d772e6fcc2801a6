"""``/mp card figure:`` (issue 26, item 3) through Discord (simcord): a figure's card — its
printed stats, both forms of a monster, health, abilities — answered to the caller alone, in
English and in Italian; the autocomplete listing every figure of the table (both sides, on the
map and in the reserves, to anyone in the channel); and the refusals (no table, a table of
another game, a table not started, an unknown figure), each private and changing nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord.interactions

import rules
from bot.games.monsterpocalypse.card import choices, figure_card
from bot.limits import CHOICE_NAME, EMBED_DESCRIPTION, EMBED_TITLE, FIELD_NAME, FIELD_VALUE
from tests.cogs.helpers import followup_text, make_world, replies, start_table
from tests.cogs.test_monsterpocalypse_table import set_up

GAME = "monsterpocalypse"


def speak_italian(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction from now on comes from a Discord client set to Italian (simcord
    speaks en-US only)."""
    made = simcord.interactions.base_payload

    def in_italian(*args: Any, **kwargs: Any) -> Any:
        record, payload = made(*args, **kwargs)
        payload["locale"] = "it"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", in_italian)


async def _card(actor: Any, channel: Any, figure: str) -> tuple[Any, str]:
    result = await actor.slash(channel, "mp card", figure=figure)
    return result, followup_text(result)


async def test_mp_card_shows_both_forms_and_the_reserve_in_english(simcord_env) -> None:
    world = make_world(simcord_env)
    record = await set_up(world)
    view = world.bot.tables.view(record, None)
    watcher = world.add_player("cleo")  # not seated: everything is public

    offered = await watcher.autocomplete(world.channel, "mp card", "figure", "")
    values = [c["value"] for c in offered]
    assert 0 < len(offered) <= 25 and all(len(c["name"]) <= CHOICE_NAME for c in offered)
    assert {"m0", "m1"} <= set(values)
    reserve = [f for f in view["figures"] if f["kind"] == "unit" and not f["at"]]
    assert any(f["id"] in values for f in reserve), "the reserves are offered too"
    assert any("in the reserve" in c["name"] for c in offered)
    narrowed = await watcher.autocomplete(world.channel, "mp card", "figure", "warden")
    assert [c["value"] for c in narrowed] in (["m0"], ["m1"])

    monster = next(f for f in view["figures"] if f["id"] == "m0" and f["form"] == "alpha")
    result, text = await _card(watcher, world.channel, "m0")
    embed = replies(result)[-1].message.embeds[0]
    assert result.ephemeral and embed.title == monster["names"]["en"]
    assert "Alpha form (in play)" in text and "Hyper form" in text
    hyper = monster["forms"]["hyper"]
    assert f"Speed {hyper['speed']} · DEF {hyper['defense']}" in text
    assert f"Going hyper costs {hyper['hyper_cost']} power dice" in text
    assert "power attack" in text and "Health" in text

    unit = reserve[0]
    result, text = await _card(world.ann, world.channel, unit["names"]["en"])
    assert result.ephemeral and "in the reserve" in text
    assert f"Spawn cost: {unit['printed']['cost']} di" in text
    assert f"Speed {unit['printed']['speed']} · DEF {unit['printed']['defense']}" in text

    before = (await world.record()).version
    result, text = await _card(world.bob, world.channel, "zz9 *bold*")
    assert result.ephemeral and "⚠️" in text and "no figure" in text and "zz9" in text
    assert (await world.record()).version == before


async def test_mp_card_in_italian(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    world = make_world(simcord_env)
    record = await set_up(world)
    speak_italian(monkeypatch)
    view = world.bot.tables.view(record, None)
    offered = await world.bob.autocomplete(world.channel, "mp card", "figure", "")
    monster = next(f for f in view["figures"] if f["id"] == "m1")
    assert any(monster["names"]["it"] in c["name"] for c in offered)
    assert any("nella riserva" in c["name"] for c in offered)

    result, text = await _card(world.bob, world.channel, monster["names"]["it"])
    assert (
        result.ephemeral and replies(result)[-1].message.embeds[0].title == monster["names"]["it"]
    )
    assert "Forma alpha (in gioco)" in text and "Forma hyper" in text
    assert "Velocità" in text and "DIF" in text and "Vita" in text
    result, text = await _card(world.bob, world.channel, "nessuno")
    assert "⚠️" in text and "nessuna miniatura" in text


async def test_mp_card_refusals_are_private_and_clear(simcord_env) -> None:
    world = make_world(simcord_env)
    nothing = await world.ann.slash(world.channel, "mp card", figure="m0")
    assert nothing.ephemeral and "no open table" in followup_text(nothing)

    record = await start_table(world, "monster_day", [world.bob])
    other = await world.ann.slash(world.channel, "mp card", figure="m0")
    assert other.ephemeral and "plays Monster Day, not Monsterpocalypse" in followup_text(other)
    assert await world.ann.autocomplete(world.channel, "mp card", "figure", "") == []
    assert (await world.record()).version == record.version

    lobby = world.guild.create_text_channel("lobby")
    await world.ann.slash(lobby, "game new", game=GAME)
    waiting = await world.ann.slash(lobby, "mp card", figure="m0")
    assert waiting.ephemeral and "not started" in followup_text(waiting)
    assert await world.ann.autocomplete(lobby, "mp card", "figure", "") == []


def test_every_card_and_suggestion_fits_discord_in_both_languages() -> None:
    """Every figure of seeded games, at moments spread over each (forms swapped, figures
    destroyed, units back in the reserve): its card within Discord's embed limits, every
    suggestion's name within 100 characters, both languages."""
    engine = rules.GAMES[GAME]
    names = ["W" * 32, "Ann *the* <@1>"]
    seen_hyper = False
    for seed in (1, 2):
        rng = random.Random(seed)
        state = engine.setup(2, dict(engine.options), seed)
        step = 0
        while engine.outcome(state) is None:
            if step % 40 == 0:
                view = {**engine.view(state, None), "names": names}
                for locale in ("en", "it"):
                    assert all(name and value for name, value in choices(view, locale))
                    for fig in view["figures"]:
                        card = figure_card(view, fig, locale)
                        assert 0 < len(card.title) <= EMBED_TITLE
                        assert len(card.description) <= EMBED_DESCRIPTION
                        assert card.fields and all(
                            len(h) <= FIELD_NAME and 0 < len(v) <= FIELD_VALUE
                            for h, v in card.fields
                        )
                        seen_hyper |= fig.get("form") == "hyper"
            seat = engine.pending(state)[0]
            moves = engine.legal_actions(state, seat)
            pick = rng.choice(moves) if rng.random() < 0.4 else engine.bot_action(state, seat)
            state, _events = engine.apply(state, seat, pick)
            step += 1
    assert seen_hyper
