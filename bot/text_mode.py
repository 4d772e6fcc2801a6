"""The text mode (issue 29): a table and a hand in words instead of a picture.

Who reads it: a player who chose ``/game notify images:off`` (a screen reader, a slow phone),
whose hands and private replies then come as text with the same buttons; and anyone who asks
``/game status text:true``. Every decision stays possible by those buttons and ``/game move``.

The words come from the very views the images are drawn from, through the same functions as
the alt text (:mod:`bot.alt_text`: the presenter's summary, what only its board shows, each
seat's own board, the hand with its 👉 prompt first), and then what each game's ``text``
module adds beyond what the alt text's 1,024 characters hold (``text_lines(view, locale,
names)``, listed in :data:`bot.games.TEXT_VIEWS`: the board as a grid of symbols, every space,
every card in play with what it does, the fight).
The whole fits an embed's description (4,096 characters), cut at a whole line, the most
important first, with a count of the lines left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot import alt_text
from bot.games import HAND_TEXTS, TEXT_VIEWS, GamePresenter
from bot.i18n import t
from bot.limits import EMBED_DESCRIPTION, clip_lines, units

TEXT_LIMIT = EMBED_DESCRIPTION
"""A text view is an embed's description: Discord's 4,096 characters."""


def fit(lines: Iterable[str], locale: str, limit: int = TEXT_LIMIT) -> str:
    """Lines (Markdown) as one text within ``limit`` in UTF-16 units, as Discord counts (an
    emoji may count twice): the first ones whole, then how many were left out."""
    kept = [line for line in lines if line.strip()]

    def more(n: int) -> str:
        return t(locale, "…and {n} more", n=n)

    text = "\n".join(kept)
    if units(text) <= limit:
        return text or "-"
    shown = ""
    for count in range(len(kept)):  # as many whole lines as fit with the count of the rest
        tail = more(len(kept) - count)
        candidate = "\n".join([*kept[:count], tail])
        if units(candidate) > limit:
            break
        shown = candidate
    return shown or clip_lines(kept, limit // 2, more)


def table_lines(
    presenter: GamePresenter, view: dict[str, Any], locale: str, names: list[str]
) -> list[str]:
    """The table in Markdown lines, most important first: what the alt text of its board says
    (the summary, what its board shows), each seat's own board where the game draws one, then
    what only the game's text view adds (``text_lines``)."""
    lines = alt_text.board_lines(presenter, view, locale, names)
    for seat in range(len(names) if hasattr(presenter, "seat_board_lines") else 0):
        told = alt_text.seat_board_lines(presenter, view, seat, locale, names)
        new = [line for line in told[1:] if line not in lines]  # the summary said the rest
        lines += [told[0], *new] if new else []
    more = TEXT_VIEWS.get(presenter.game)
    return lines + (more(view, locale, names) if more is not None else [])


def table_text(
    presenter: GamePresenter, view: dict[str, Any], locale: str, names: list[str], headline: str
) -> str:
    """The table as one text, led by ``headline`` (whose turn, or who won)."""
    return fit([headline, *table_lines(presenter, view, locale, names)], locale)


def hand_text(presenter: GamePresenter, view: dict[str, Any], locale: str) -> str:
    """A seat's hand as one text, from that seat's view only: what it must do first, then its
    cards with what each does: the presenter's hand lines, or where they say too little for a
    hand read instead of seen, the game's fuller ones (:data:`bot.games.HAND_TEXTS`)."""
    lines = alt_text.hand_lines(presenter, view, locale)
    fuller = HAND_TEXTS.get(presenter.game)
    if fuller is None:
        return fit(lines, locale)
    asks = [line for line in lines if line.startswith(alt_text.PROMPT)]
    return fit([*asks, *(line for line in fuller(view, locale) if line not in asks)], locale)
