"""Players and games named in a table's messages, and events told as lines: names shown as
typed but never mentioning, linking or formatting; the table service's own events (a
resignation, a vote, a solo best) in the platform's words, the games' in their presenters'."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot import table_options
from bot.games import GamePresenter
from bot.i18n import N_, normalise, t
from bot.limits import (
    plain_name,
)
from bot.limits import safe_name as _safe_name
from bot.store import GameRecord


def option_text(game: str, name: str, value: Any, locale: str) -> str:
    """``Extended deck: yes`` in the table's language, named by the game's option schema."""
    return table_options.option_text(game, name, value, locale)


def safe_name(record: GameRecord, seat: int) -> str:
    """A seat's name for Markdown text (escaped, never a mention)."""
    return _safe_name(record.seats[seat].name)


def mention(record: GameRecord, seat: int) -> str:
    """A human seat as a mention (pinged only if the message's allowed mentions name it), a
    bot seat in bold."""
    user_id = record.seats[seat].user_id
    if user_id is not None:
        return f"<@{user_id}>"
    return f"**{safe_name(record, seat)}**"


def seat_names(record: GameRecord) -> list[str]:
    """Names for the images: as typed, on one line, clipped."""
    return [plain_name(seat.name) for seat in record.seats]


def markdown_names(record: GameRecord) -> list[str]:
    """Seat names for Markdown text: a player called ``*star*`` or ``<@123>`` reads as typed,
    not in italics and not as a mention (the images get the names as they are)."""
    return [_safe_name(seat.name) for seat in record.seats]


def humans(record: GameRecord, seats: Iterable[int]) -> list[int]:
    """The user ids of the human seats among ``seats``."""
    found = (record.seats[seat].user_id for seat in seats)
    return [user_id for user_id in found if user_id is not None]


def jump_url(record: GameRecord) -> str | None:
    if record.message_id is None:
        return None
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.channel_id}/{record.message_id}"


def game_name(record: GameRecord, locale: str) -> str:
    from rules import GAMES

    engine = GAMES.get(record.game)
    return engine.names.get(normalise(locale), record.game) if engine else record.game


def listed(locale: str, items: list[str]) -> str:
    """``a, b and c`` in the locale's words."""
    if len(items) <= 1:
        return "".join(items)
    return t(locale, "{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


PLATFORM_LINES = {
    "resigned": N_("🏳️ **{who}** resigned."),
    "expelled": N_("🚪 **{who}** was taken off the table; a bot plays on."),
    "abandoned": N_("🛑 **{who}** ended the table. It is kept with its history."),
    "seat_handed": N_("🪑 **{who}** handed their seat to **{to}**."),
    "time_up": N_("⌛ **{who}**'s time ran out. The table waits for them."),
    "vote_opened": N_(
        "⌛ **{who}**'s time ran out. The other players vote: wait longer, skip the turn "
        "where the game allows it, or let a bot play the seat to the end."
    ),
    "vote_wait": N_("🗳️ The table waits longer for **{who}**."),
    "vote_skip": N_("🗳️ The table skips **{who}**'s turn."),
    "vote_bot": N_("🗳️ A bot plays **{who}**'s seat to the end."),
    "window_closed": N_("⌛ **{who}** did not answer in time; the table goes on without them."),
    "solo_first": N_(
        "🏅 **{who}**'s first score on this board: {score}. From now on it is the best to beat."
    ),
    "solo_new_best": N_("🏅 New best for **{who}**: {score} beats {best}!"),
    "solo_best_stands": N_("🏅 **{who}**'s best to beat is still {best} (this game: {score})."),
}


def _platform_line(event: dict[str, Any], locale: str, names: list[str]) -> str:
    """A table event in the platform's words, naming whoever it concerns as they were."""
    name = event.get("name")
    who = _safe_name(str(name)) if name else names[int(event.get("seat") or 0)]
    template = PLATFORM_LINES[str(event["type"])]
    to = _safe_name(str(event.get("to", "")))
    return t(locale, template, who=who, to=to, score=event.get("score"), best=event.get("best"))


PLATFORM_EVENTS = frozenset(PLATFORM_LINES)
"""Events the table service makes, not an engine: narrated here, the same for every game."""


def narrate(
    presenter: GamePresenter,
    events: list[dict[str, Any]],
    locale: str,
    names: list[str],
    view: dict[str, Any] | None = None,
) -> list[str]:
    """The lines of a table message for ``events``: the game's own events in the game's
    words, and the table's (a resignation) in the platform's. A presenter whose words depend
    on the table (``table_event_lines(view, ...)``: Monsters on Board's solo 2 names Spider
    Jack where solo 1's same events say "the AI") is given its public ``view``."""
    by_table = getattr(presenter, "table_event_lines", None) if view is not None else None
    lines: list[str] = []
    run: list[dict[str, Any]] = []
    for event in [*events, {"type": None}]:
        if event["type"] not in PLATFORM_EVENTS and event["type"] is not None:
            run.append(event)
            continue
        if run:
            told = by_table(view, run, locale, names) if by_table else None
            lines += list(told) if told else presenter.event_lines(run, locale, names)
        run = []
        if event["type"] in PLATFORM_EVENTS:
            lines.append(_platform_line(event, locale, names))
    return lines
