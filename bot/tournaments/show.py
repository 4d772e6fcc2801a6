"""What a tournament shows: its standings after a round as an image (the leaderboard's drawing,
:func:`render.stats.leaderboard_png`) with alt text and a short text, and its rounds' tables
with their results, in the reader's language."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from bot.limits import safe_name
from bot.payload import Payload
from bot.stats import board_image
from bot.store import DONE, ENDED, REGISTRATION, TournamentRecord
from bot.tournaments.model import SWISS, Tournament
from bot.tournaments.pairing import Standing, standings
from render.stats import BoardRow
from rules import GAMES

MAX_ROWS = 64
"""Entrants an image lists: every one (a tournament holds at most this many)."""


def number(value: float) -> str:
    """``2``, ``1.5``, ``0.67``: points and Buchholz without needless decimals."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def title(record: TournamentRecord, t_: Tournament, locale: str) -> str:
    engine = GAMES.get(t_.game)
    game = engine.names.get(locale, t_.game) if engine is not None else t_.game
    return t(locale, "Tournament #{id} — {game}", id=record.id, game=game)


def after_round(t_: Tournament, rounds: int) -> list[Standing]:
    """The standings once the first ``rounds`` rounds were played (their decided tables)."""
    return standings(range(len(t_.entrants)), replace(t_, played=t_.played[:rounds]).history())


def subtitle(record: TournamentRecord, t_: Tournament, rounds: int, locale: str) -> str:
    kind = t(locale, "Swiss") if t_.format == SWISS else t(locale, "round robin")
    if record.status == REGISTRATION:
        return t(locale, "{kind} · registration open · {n} entrants", kind=kind, n=len(t_.entrants))
    final = record.status in (DONE, ENDED) and rounds >= len(t_.played)
    done = t(locale, "final standings") if final else t(locale, "standings")
    return t(
        locale,
        "{kind} · {done} after round {round} of {rounds}",
        kind=kind,
        done=done,
        round=rounds,
        rounds=t_.rounds or "?",
    )


def _row(t_: Tournament, place: int, line: Standing, locale: str) -> BoardRow:
    entrant = t_.entrants[line.entrant]
    name = entrant.name + (" ✖" if entrant.dropped else "")
    detail = t(locale, "Buchholz {b} · {n} played", b=number(line.buchholz), n=line.played)
    return BoardRow(place, name, number(line.points), detail)


async def standings_payload(record: TournamentRecord, rounds: int | None, locale: str) -> Payload:
    """The standings after ``rounds`` rounds (default: the last played) as an image with its
    alt text, and a text naming the leaders and the rounds' tables."""
    t_ = Tournament.load(record.data)
    rounds = len(t_.played) if rounds is None else max(0, min(rounds, len(t_.played)))
    lines = after_round(t_, rounds)[:MAX_ROWS]
    rows = [_row(t_, place, line, locale) for place, line in enumerate(lines, start=1)]
    heading, sub = title(record, t_, locale), subtitle(record, t_, rounds, locale)
    columns = (t(locale, "Entrant"), t(locale, "Points"), t(locale, "Tie-break"))
    image, alt = await board_image(heading, sub, rows, columns, locale)
    text = "\n".join([f"🏆 **{heading}** — {sub}", *round_lines(t_, rounds, locale)])
    return Payload(
        content=text, image=image, filename=f"tournament-{record.id}.png", descriptions=[alt]
    )


def round_lines(t_: Tournament, rounds: int, locale: str) -> list[str]:
    """Round ``rounds``'s tables: who sat where, the table, and the points each took."""
    if rounds < 1 or rounds > len(t_.played):
        return []
    played = t_.played[rounds - 1]
    out = [t(locale, "Round {n}:", n=rounds)]
    for board in played.boards:
        names = [safe_name(t_.entrants[e].name) for e in board.entrants]
        if board.points is not None:
            names = [f"{n} {number(p)}" for n, p in zip(names, board.points, strict=True)]
        table = f" (#{board.game_id})" if board.game_id is not None else ""
        out.append(f"• {' · '.join(names)}{table}")
    for bye in played.byes:
        out.append("• " + t(locale, "{name}: bye (1 point)", name=safe_name(t_.entrants[bye].name)))
    return out
