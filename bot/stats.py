"""``/game stats`` and ``/game leaderboard``: what the ratings say, in words and pictures.

Both first catch the ratings up with the finished games (:meth:`bot.ratings.Ratings.catch_up`),
so a game that ended a moment ago already counts, whichever path finished it. Ratings are per
game and global across servers; a server's leaderboard lists the players who played a rated
game there. The number shown is openskill's ordinal, ``mu - 3 sigma``: a rating the player
almost certainly has, which starts at 0 and grows as games make it surer.

Images are drawn in the publisher's render pool (off the event loop). Refusals are plain
localised replies that change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import alt_text, flows
from bot.flows import display_name
from bot.games import solo_label
from bot.i18n import t
from bot.limits import CONTENT, clip_lines, safe_name
from bot.payload import Payload
from bot.render_pool import drawn
from bot.store import GameTally, Rating, SoloScore
from bot.table import TableError
from render.stats import BoardRow, leaderboard_png, rating_chart_png
from rules import GAMES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

TOP = 10
"""Players on a leaderboard image."""
TOP_IN_TEXT = 3
"""Players named in the leaderboard's text (the image has the rest)."""
RECORDS_SHOWN = 4
"""Earlier personal bests shown struck through after a solo board's best score."""


def game_title(game: str, locale: str) -> str:
    return GAMES[game].names.get(locale) or GAMES[game].names["en"]


def number(value: float) -> str:
    """A rating to one decimal, with a true minus sign."""
    return f"{value:.1f}".replace("-", "−")


def _checked_game(game: str | None) -> str | None:
    if game is not None and game not in GAMES:
        raise TableError("unknown_game", game=game)
    return game


# -- /game stats -------------------------------------------------------------------------------


async def stats(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    user: discord.abc.User | None,
    game: str | None,
) -> flows.Reply:
    """A player's games, wins and rating per game (their place on this server's leaderboard
    when asked in a server), with a chart of the rating over their rated games."""
    target = user or interaction.user
    game = _checked_game(game)
    who = safe_name(display_name(target))
    if target.bot:
        return t(locale, "⚠️ {who} is a bot: bots have no ratings. Nothing was changed.",
                 who=who)  # fmt: skip
    await bot.ratings.catch_up()
    tallies = [x for x in await bot.store.tallies(target.id) if game in (None, x.game)]
    if not tallies:
        return _no_games(locale, who, game)
    ratings = {x.game: await bot.store.rating(target.id, x.game) for x in tallies}
    lines = [t(locale, "📊 **{who}**", who=who)]
    solo = await bot.store.solo_scores(target.id, game)
    for tally in tallies:
        lines.append(await _stats_line(bot, interaction, locale, tally, ratings[tally.game]))
        lines += solo_lines(locale, [s for s in solo if s.game == tally.game])
    reply = clip_lines(lines, CONTENT - 200, lambda n: t(locale, "…and {n} more games.", n=n))
    charted = _most_rated(ratings)  # with ``game`` given, ratings holds that game alone
    if charted is None:
        return reply + "\n" + t(locale, "No rated game yet: a game counts once two people play "
                                "it to the end.")  # fmt: skip
    image, alt = await _chart(bot, target, charted, ratings[charted], locale)
    return Payload(content=reply, image=image, filename=f"rating-{charted}.png", descriptions=[alt])


def _no_games(locale: str, who: str, game: str | None) -> str:
    if game is None:
        return t(locale, "⚠️ {who} has not finished a game yet.", who=who)
    return t(locale, "⚠️ {who} has not finished a game of {game} yet.", who=who,
             game=game_title(game, locale))  # fmt: skip


async def _stats_line(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    tally: GameTally,
    rating: Rating | None,
) -> str:
    """``• Monster Day — played 12, won 5 · rating 18.3 (#2 of 9 here, 10 rated games)``."""
    head = t(locale, "• **{game}** — played {games}, won {wins}",
             game=game_title(tally.game, locale), games=tally.games, wins=tally.wins)  # fmt: skip
    if rating is None:
        return head + " · " + t(locale, "not rated yet")
    place = None
    if interaction.guild_id is not None:
        place = await bot.store.server_rank(rating.user_id, tally.game, interaction.guild_id)
    if place is None:
        return head + " · " + t(locale, "rating **{rating}** ({rated} rated games)",
                                rating=number(rating.ordinal), rated=rating.games)  # fmt: skip
    rated = t(
        locale,
        "rating **{rating}** (#{place} of {players} here, {rated} rated games)",
        rating=number(rating.ordinal),
        place=place[0],
        players=place[1],
        rated=rating.games,
    )
    return head + " · " + rated


def solo_lines(locale: str, scores: list[SoloScore]) -> list[str]:
    """The high-score table of one game's solo boards, one line each, the way the rulebook
    keeps it on paper ("Annota il tuo punteggio più alto ... Se superi quel punteggio,
    barralo"): the best score, then the bests it beat struck through, newest first, with the
    games played (and won, on a board where the game can be lost)."""
    boards: dict[str, list[SoloScore]] = {}
    for score in scores:  # oldest first
        boards.setdefault(score.board, []).append(score)
    lines = []
    for board, played in boards.items():
        records = _records([s.score for s in played if s.score is not None])
        best = records[-1] if records else None
        older = "".join(f" ~~{_points(x)}~~" for x in reversed(records[-1 - RECORDS_SHOWN : -1]))
        line = t(locale, "  🏅 {board}: best **{best}**{older} · played {games}",
                 board=solo_label(scores[0].game, board, locale),
                 best=_points(best) if best is not None else "–", older=older,
                 games=len(played))  # fmt: skip
        if not all(s.winner for s in played):
            line += ", " + t(locale, "won {wins}", wins=sum(s.winner for s in played))
        lines.append(line)
    return lines


def _records(scores: list[float]) -> list[float]:
    """Each score that beat every earlier one, in the order they were set."""
    records: list[float] = []
    for score in scores:
        if not records or score > records[-1]:
            records.append(score)
    return records


def _points(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def _most_rated(ratings: dict[str, Rating | None]) -> str | None:
    """The game to chart when none was named: the one with the most rated games."""
    rated = [(r.games, r.updated_at, game) for game, r in ratings.items() if r is not None]
    return max(rated)[2] if rated else None


async def _chart(
    bot: MonsterTableBot, target: discord.abc.User, game: str, rating: Rating | None, locale: str
) -> tuple[bytes, str]:
    """The rating chart, and its alt text: the same title and numbers, newest first."""
    history = await bot.store.rating_history(target.id, game)
    subtitle = t(locale, "Rating after each rated game; the band reaches up to the estimated "
                 "skill, and narrows as games make it surer.")  # fmt: skip
    if rating is not None:
        subtitle = t(locale, "Now {rating}.", rating=number(rating.ordinal)) + " " + subtitle
    title = f"{display_name(target)} — {game_title(game, locale)}"
    points = [number(point.ordinal) for point in reversed(history)]
    alt = alt_text.fit([title, subtitle, t(locale, "Newest first: {points}",
                                           points=", ".join(points) or "—")], locale)  # fmt: skip
    image = await drawn(
        rating_chart_png,
        title,
        subtitle,
        [point.ordinal for point in history],
        band=[(point.ordinal, point.mu) for point in history],
        x_caption=t(locale, "rated games"),
        empty=t(locale, "No rated game yet."),
    )
    return image, alt


# -- /game leaderboard -------------------------------------------------------------------------


async def leaderboard(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game: str
) -> flows.Reply:
    """The server's best players of ``game`` as an image, and a short text naming the first
    few and the caller's own place."""
    checked = _checked_game(game)
    assert checked is not None
    if interaction.guild_id is None:
        return t(locale, "⚠️ Leaderboards belong to a server: use `/game leaderboard` in one.")
    await bot.ratings.catch_up()
    everyone = await bot.store.leaderboard(checked, interaction.guild_id, limit=100_000)
    title = game_title(checked, locale)
    if not everyone:
        return t(locale, "⚠️ Nobody has played a rated game of {game} in this server yet: a "
                 "game counts once two people play it to the end.", game=title)  # fmt: skip
    top = everyone[:TOP]
    names = [await bot.store.player_name(r.user_id) or "" for r in top]
    heading = t(locale, "{game} — leaderboard", game=title)
    server = _server_line(interaction, locale, len(everyone))
    rows = [
        _board_row(locale, place, rating, name)
        for place, (rating, name) in enumerate(zip(top, names, strict=True), start=1)
    ]
    columns = (t(locale, "Player"), t(locale, "Rating"), t(locale, "Record"))
    image, alt = await board_image(heading, server, rows, columns, locale)
    text = _leaderboard_text(locale, title, everyone, names, interaction.user.id)
    return Payload(content=text, image=image, filename=f"leaderboard-{checked}.png",
                   descriptions=[alt])  # fmt: skip


async def board_image(
    heading: str, subtitle: str, rows: list[BoardRow], columns: tuple[str, str, str], locale: str
) -> tuple[bytes, str]:
    """A ranking drawn as the leaderboard is (in the render pool), and its alt text: the
    leaderboard's, and a tournament's standings (:mod:`bot.tournaments.show`)."""
    image = await drawn(leaderboard_png, heading, subtitle, rows, columns=columns, locale=locale)
    lines = (f"{r.place}. {r.name} · {r.rating} · {r.detail}" for r in rows)
    return image, alt_text.fit([heading, subtitle, *lines], locale)


def _server_line(interaction: discord.Interaction[Any], locale: str, players: int) -> str:
    server = interaction.guild.name if interaction.guild is not None else ""
    counted = t(locale, "{n} rated players", n=players)
    return f"{server} · {counted}" if server else counted


def _board_row(locale: str, place: int, rating: Rating, name: str) -> BoardRow:
    return BoardRow(
        place,
        name,
        number(rating.ordinal),
        t(locale, "played {games} · won {wins}", games=rating.games, wins=rating.wins),
    )


def _leaderboard_text(
    locale: str, title: str, everyone: list[Rating], names: list[str], caller: int
) -> str:
    """``🏆 Monster Day, this server: 1. Ann 18.3 · 2. Bob 9.1 · 3. … — you: #7 of 12``."""
    podium = " · ".join(
        f"{place}. {safe_name(name) or '?'} {number(rating.ordinal)}"
        for place, (rating, name) in enumerate(zip(everyone, names, strict=False), start=1)
        if place <= TOP_IN_TEXT
    )
    text = t(locale, "🏆 **{game}**, this server: {podium}", game=title, podium=podium)
    mine = next((i for i, r in enumerate(everyone, start=1) if r.user_id == caller), None)
    if mine is None:
        return text + "\n" + t(locale, "You are not on it yet: play a game with someone here.")
    return text + "\n" + t(locale, "You: #{place} of {players}.", place=mine,
                           players=len(everyone))  # fmt: skip
