"""Munchkin Fu's text view (issue 29's text mode, :mod:`bot.text_mode`): beyond the summary's
line per player, every player's cards in play, each with what it does, and the fight's
monsters and totals in full.

Why: the table image shows each player's panel of cards; the summary, cut to fit an embed
field, names a few. A player who reads the table instead needs every card and its effect,
told by the same ``card_line`` a hand uses.
"""

from __future__ import annotations

from bot.games.munchkin_fu.hand import card_line
from bot.games.munchkin_fu.words import View, who
from bot.i18n import t

IN_PLAY = ("classes", "super_munchkin", "styles", "extra_styles")


def _player_lines(view: View, seat: int, locale: str, names: list[str]) -> list[str]:
    """A player's level and strength, then every card they have in play."""
    player = view["players"][seat]
    lines = [t(locale, "**{who}**: level {level} · strength {strength} · {hand} cards in hand",
               who=who(names, seat, locale), level=player.get("level"),
               strength=player.get("strength", "?"), hand=player.get("hand", 0))]  # fmt: skip
    cards = [str(c) for key in IN_PLAY for c in player.get(key, [])]
    cards += [str(item["id"]) for item in player.get("items", [])]
    cards += [str(mook["id"]) for mook in player.get("mooks", [])]
    cards += [str(c) for c in player.get("curses", [])]
    return lines + [card_line(view, cid, locale) for cid in cards]


def _fight_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """Each monster of the fight with what it does, and both sides' totals."""
    fight = view.get("fight") or {}
    if not fight.get("monsters"):
        return []
    lines = [t(locale, "⚔ **The fight**: heroes {heroes} · monsters {monsters}",
               heroes=(fight.get("heroes") or {}).get("total", 0),
               monsters=(fight.get("monsters_total") or {}).get("total", 0))]  # fmt: skip
    for monster in fight["monsters"]:
        lines.append(
            card_line(view, str(monster.get("card")), locale) + f" (L{monster.get('level')})"
        )
        lines += [card_line(view, str(e), locale) for e in monster.get("enhancers", [])]
    return lines


def text_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The fight first (it is what the table waits on), then every player's cards."""
    lines = _fight_lines(view, locale, names)
    for seat in range(len(view.get("players", []))):
        lines += _player_lines(view, seat, locale, names)
    return lines
