"""Monsters on Board's text view (issue 29's text mode, :mod:`bot.text_mode`): beyond the
summary and each seat's own board, what the town shows: the cars' dice with their faces, each
seat's Avenue and Order rows, the market's ghosts and Arch cards with what each does and
costs, and the bag by colour.

Why: the summary counts the market and the dice; a player who reads the table instead of
seeing it needs each of them, in the same words as their hand (``words``). Colours are told
by their symbol and letter (``♥P``), never by colour alone.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsters_on_board.words import (
    arch_text,
    die_with_icons,
    ghost_text,
    legend,
    mark,
    who,
)
from bot.i18n import t

View = dict[str, Any]


def _dice(dice: list[Any]) -> str:
    return " · ".join(die_with_icons(str(d[0]), d[1]) for d in dice if d) or "—"


def _town_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The cars, then each seat's Avenue and Order rows."""
    lines = [t(locale, "🚃 Car {n}: {dice}", n=n + 1, dice=_dice(car))
             for n, car in enumerate(view.get("cars", []))]  # fmt: skip
    for seat in view.get("seats", []):
        name = who(names, seat.get("seat"))
        lines.append(t(locale, "🛣️ **{who}**'s Avenue: {dice}", who=name,
                       dice=_dice(seat.get("avenue", []))))  # fmt: skip
        rows = [_dice(row) for row in seat.get("order", []) if row]
        if rows:
            lines.append(t(locale, "⚜ **{who}**'s Order: {rows}", who=name, rows=" | ".join(rows)))
    return lines


def _market_lines(view: View, locale: str) -> list[str]:
    """Each ghost and Arch card of the market with its price, then the bag by colour."""
    market = view.get("market", {})
    prices = market.get("prices", [])
    lines = []
    for n, ghost in enumerate(market.get("ghosts", [])):
        if ghost:
            price = prices[n] if n < len(prices) else "?"
            lines.append(t(locale, "👻 {ghost} · ⚗ {price}", ghost=ghost_text(str(ghost), locale),
                           price=price))  # fmt: skip
    lines += [f"🃏 {arch_text(str(card), locale)}" for card in market.get("arch", []) if card]
    bag = " · ".join(f"{mark(colour)} {n}" for colour, n in sorted(view.get("bag", {}).items()))
    return lines + ([t(locale, "🎒 Bag: {dice}", dice=bag)] if bag else [])


def text_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The town's dice, the market, and the key of the symbols."""
    return [*_town_lines(view, locale, names), *_market_lines(view, locale), legend(locale)]
