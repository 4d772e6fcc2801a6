"""``/game stats`` and ``/game leaderboard`` through Discord (simcord): after a few finished
games, a player's games, wins, rating and server place with a chart, and the server's
leaderboard as an image; every refusal, ephemeral and changing nothing; English and Italian."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from tests.cogs.helpers import World, assert_png, followup_text, make_world, replies

HOSTILE = "@everyone **Zed** <@1>"


def _attachments(result: Any) -> list[Any]:
    return [a for reply in replies(result) for a in reply.attachments]


async def _resigned_game(world: World, host: Any, guest: Any, channel: Any) -> None:
    """A finished, rated Monster Day game in ``channel``: ``guest`` resigns, ``host`` wins."""
    await host.slash(channel, "game new", game="monster_day")
    await guest.slash(channel, "game join")
    await host.slash(channel, "game start")
    await guest.slash(channel, "game resign")


async def _three_games(world: World) -> Any:
    """Ann beats Bob twice and Zed (a hostile name) once, each in its own channel."""
    zed = world.add_player(HOSTILE)
    for n, guest in enumerate((world.bob, world.bob, zed)):
        channel = world.guild.create_text_channel(f"table-{n}")
        await _resigned_game(world, world.ann, guest, channel)
    return zed


async def test_stats_show_games_wins_rating_and_place_with_a_chart(simcord_env) -> None:
    world = make_world(simcord_env)
    zed = await _three_games(world)

    mine = await world.ann.slash(world.channel, "game stats")
    assert mine.ephemeral
    text = followup_text(mine)
    assert "**Monster Day** — played 3, won 3" in text
    assert "(#1 of 3 here, 3 rated games)" in text
    charts = _attachments(mine)
    assert len(charts) == 1 and charts[0].filename == "rating-monster_day.png"
    await assert_png(charts[0])

    theirs = await world.ann.slash(world.channel, "game stats", user=zed.user, game="monster_day")
    text = followup_text(theirs)
    assert "played 1, won 0" in text and "of 3 here" in text
    assert "@everyone" not in text and "\\*\\*Zed\\*\\*" in text  # escaped, never a ping
    bob = await world.ann.slash(world.channel, "game stats", user=world.bob.user)
    assert "played 2, won 0" in followup_text(bob)
    rows = await world.bot.store.results_of(1)
    assert [r.user_id for r in rows] == [world.ann.id, world.bob.id]


async def test_the_leaderboard_is_an_image_with_a_short_text(simcord_env) -> None:
    world = make_world(simcord_env)
    await _three_games(world)
    posted = len(world.channel.history())
    result = await world.bob.slash(world.channel, "game leaderboard", game="monster_day")
    assert result.ephemeral
    text = followup_text(result)
    assert text.startswith("🏆 **Monster Day**, this server: 1. ann ")
    assert "You: #" in text and "of 3." in text and "@everyone" not in text
    images = _attachments(result)
    assert len(images) == 1 and images[0].filename == "leaderboard-monster_day.png"
    image = await assert_png(images[0])
    assert image.height < 600  # three rows, not ten
    assert len(world.channel.history()) == posted  # nothing posted in the channel
    outsider = world.add_player("carl")
    text = followup_text(await outsider.slash(world.channel, "game leaderboard",
                                              game="monster_day"))  # fmt: skip
    assert "You are not on it yet" in text


async def test_a_game_that_just_finished_counts_at_once(simcord_env) -> None:
    """The commands catch the ratings up first: a game finished by any path counts."""
    world = make_world(simcord_env)
    await _resigned_game(world, world.ann, world.bob, world.channel)
    text = followup_text(await world.bob.slash(world.channel, "game stats"))
    assert "played 1, won 0" in text and "#2 of 2 here" in text


async def test_refusals_are_ephemeral_and_clear(simcord_env) -> None:
    world = make_world(simcord_env)
    nobody = await world.ann.slash(world.channel, "game stats")
    assert nobody.ephemeral and not _attachments(nobody)
    assert followup_text(nobody) == "⚠️ ann has not finished a game yet."

    robot = world.guild.add_member(simcord_env.create_user("robo", bot=True))
    refused = await world.ann.slash(world.channel, "game stats", user=robot.user)
    assert "robo is a bot: bots have no ratings" in followup_text(refused)

    empty = await world.ann.slash(world.channel, "game leaderboard", game="notte_di_terrore")
    assert "Nobody has played a rated game of Night of Terror in this server" in (
        followup_text(empty)
    )
    in_dm = await world.ann.user.slash("game leaderboard", game="monster_day")
    assert in_dm.ephemeral and "Leaderboards belong to a server" in followup_text(in_dm)

    # against a bot alone: recorded, counted, never rated, so no chart and no leaderboard
    await world.ann.slash(world.channel, "game new", game="monster_day")
    await world.ann.slash(world.channel, "game addbot")
    await world.ann.slash(world.channel, "game start")
    await world.ann.slash(world.channel, "game resign")
    unrated = await world.ann.slash(world.channel, "game stats", game="monster_day")
    text = followup_text(unrated)
    assert "played 1, won 0 · not rated yet" in text and "No rated game yet" in text
    assert not _attachments(unrated)


def test_the_replies_speak_italian() -> None:
    """simcord speaks en-US: the Italian comes from the same catalogue the flows use."""
    assert t("it", "⚠️ {who} has not finished a game yet.", who="ann") == (
        "⚠️ ann non ha ancora finito una partita."
    )
    assert t("it", "You: #{place} of {players}.", place=2, players=5) == "Tu: #2 su 5."
    assert "classifica" in t("it", "{game} — leaderboard", game="Monster Day")
