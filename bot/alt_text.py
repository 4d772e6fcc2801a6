"""Alt text for every image the bot sends: what a screen reader says instead of "board.png".

Discord reads an attachment's ``description`` aloud (at most :data:`~bot.limits.ALT_TEXT`
characters). Each description is built from the very view its image is drawn from, by the
game's presenter (:data:`bot.games.PRESENTERS`), in the reader's language, in the order a
listener needs it (issue 29): whose turn it is or who won, then the scores and what is on the
table (the presenter's ``summary_lines``), then the rest; for a hand, what the seat must do
first, then its cards with what each does. A presenter may add what only its board shows with
``alt_lines(view, locale, names)``, and describe a seat's own board with
``seat_board_lines(view, seat, locale, names)``. What does not fit is cut at a whole line and
ends with a pointer to the text view (``/game status``).

Why not in ``render/``: the words are the bot's (its gettext catalogue); the render layer
cannot import ``bot/`` (layers point one way), and the presenters already say a view in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.games import PRESENTERS, GamePresenter
from bot.i18n import t
from bot.limits import ALT_TEXT, clip_lines, plain_name, safe_name
from bot.store import GameRecord

_MARKUP = re.compile(r"(?<!\\)(\*\*|__|`|~~|\|\|)")
_ESCAPED = re.compile(r"\\(.)")
_MENTION = re.compile(r"<@!?(\d+)>")
PROMPT = "👉"
"""The presenters' "what you must do now" lines start with this: a hand says it first."""


def plain(line: str, users: dict[int, str] | None = None) -> str:
    """A Markdown line as it reads: without bold, code or spoiler marks, with escaped
    characters (a name typed ``*star*``) back as typed, and each mention of one of ``users``
    as that user's name (a screen reader would spell the digits)."""
    text = _ESCAPED.sub(r"\1", _MARKUP.sub("", line)).replace("\u200b", "").strip()
    return unmention(text, users) if users else text


def unmention(line: str, users: dict[int, str]) -> str:
    """``line`` with each mention of one of ``users`` as that user's name: what a listener
    (or a reader of a text view, where a mention pings nobody) needs."""
    return _MENTION.sub(lambda found: users.get(int(found[1]), found[0]), line)


def fit(lines: Iterable[str], locale: str) -> str:
    """Plain lines as one description within Discord's limit: the first ones (the most
    important) whole, then a pointer to ``/game status`` for the ones left out."""
    kept = [line for line in lines if line.strip()]
    more = lambda n: t(locale, "…and {n} more lines: /game status", n=n)  # noqa: E731
    return clip_lines(kept, ALT_TEXT, more) or "-"


def table(
    record: GameRecord, view: dict[str, Any], turn_line: str, locale: str, seat_boards: int
) -> list[str]:
    """Alt text for a table post's board and each of its ``seat_boards``, from ``view``, the
    one they are drawn from, led by the message's own turn (or outcome) line."""
    presenter = PRESENTERS[record.game]
    names = [safe_name(seat.name) for seat in record.seats]  # as the presenters take them
    users = {s.user_id: plain_name(s.name) for s in record.seats if s.user_id is not None}
    headline = plain(turn_line, users)
    board_text = board(presenter, view, locale, names, headline)
    seats = [seat_board(presenter, view, s, locale, names) for s in range(seat_boards)]
    return [board_text, *seats]


def board(
    presenter: GamePresenter,
    view: dict[str, Any],
    locale: str,
    names: list[str],
    headline: str,
) -> str:
    """The table's main image: ``headline`` (whose turn, or who won: plain text), then the
    summary and what only the game's board shows. ``names``: for Markdown, as the presenters
    take them."""
    lines = board_lines(presenter, view, locale, names)
    return fit([headline, *map(plain, lines)], locale)


def board_lines(
    presenter: GamePresenter, view: dict[str, Any], locale: str, names: list[str]
) -> list[str]:
    """What the table's board shows, in Markdown, most important first: the presenter's
    summary, then what only its board shows (``alt_lines``). The alt text says these; the
    text mode (:mod:`bot.text_mode`) says them and more."""
    extra = getattr(presenter, "alt_lines", None)
    lines = presenter.summary_lines(view, locale, names)
    return lines + (list(extra(view, locale, names)) if extra is not None else [])


def seat_board(
    presenter: GamePresenter, view: dict[str, Any], seat: int, locale: str, names: list[str]
) -> str:
    """One seat's own board (Monsters on Board): whose it is, then what the game says of it."""
    return fit([plain(line) for line in seat_board_lines(presenter, view, seat, locale, names)],
               locale)  # fmt: skip


def seat_board_lines(
    presenter: GamePresenter, view: dict[str, Any], seat: int, locale: str, names: list[str]
) -> list[str]:
    """A seat's own board in Markdown lines, led by whose it is (none for a game without)."""
    describe = getattr(presenter, "seat_board_lines", None)
    if describe is None:
        return [t(locale, "Board of {name}", name=names[seat])]
    return [t(locale, "Board of {name}", name=names[seat]), *describe(view, seat, locale, names)]


def hand(presenter: GamePresenter, view: dict[str, Any], locale: str) -> str:
    """A seat's hand, from that seat's view: what it must do first, then its cards, then the
    table it plays at."""
    return fit([t(locale, "Your hand"), *map(plain, hand_lines(presenter, view, locale))], locale)


def hand_lines(presenter: GamePresenter, view: dict[str, Any], locale: str) -> list[str]:
    """A seat's hand in Markdown lines: what it must do now (the presenter's 👉 lines) first,
    then its cards, each with what it does."""
    cards = presenter.hand_lines(view, locale) or [t(locale, "(no cards)")]
    asks = [line for line in cards if line.startswith(PROMPT)]
    return asks + [line for line in cards if not line.startswith(PROMPT)]
