"""Notte di Terrore's text view (issue 29's text mode, :mod:`bot.text_mode`): beyond the
summary, every player's strip as the board draws it: their path of Places, the Place they are
at, the Beings on it and the Weapons before them, each Weapon with what it defeats, and the key
of the Being types.

Why: the summary tells the Place in play only; the board shows every strip at once. The
words are the presenter's own (``words``), so a card reads as it does in a hand.
"""

from __future__ import annotations

from typing import Any

from bot.games.notte_di_terrore.hand import _legend
from bot.games.notte_di_terrore.words import _card_name_in, _card_text, _weapon_text, _who
from bot.i18n import t

View = dict[str, Any]


def _strip_lines(view: View, seat: int, player: dict[str, Any], locale: str,
                 names: list[str]) -> list[str]:  # fmt: skip
    """One player's strip: terror, path, the Place they are at with its Beings, Weapons."""
    passed = ", ".join(_card_name_in(view, place, locale) for place in player.get("path", []))
    at = player.get("revealed")
    lines = [t(locale, "**{who}** · 😱 {terror} · passed: {passed} · now: {at} · face down: {down}",
               who=_who(names, seat), terror=player.get("terror", 0), passed=passed or "—",
               at=_card_name_in(view, at, locale) if at else "—",
               down=player.get("face_down", 0))]  # fmt: skip
    beings = [_card_text(view, str(m.get("card")), locale) for m in player.get("monsters", [])]
    if beings:
        lines.append("  👹 " + " · ".join(beings))
    weapons = [_weapon_text(view, str(w), locale) for w in player.get("table", [])]
    lines += [f"  🗡️ {weapon}" for weapon in weapons]
    return lines


def text_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """Every player's strip, then the key of the Being types."""
    lines: list[str] = []
    for seat, player in enumerate(view.get("players", [])):
        lines += _strip_lines(view, seat, player, locale, names)
    return [*lines, _legend(locale)]
