"""Monster Day's text view (issue 29's text mode, :mod:`bot.text_mode`): beyond the summary
and each space (its alt text), what the board shows around them: how many cards each space
holds, every monster with the points it is worth and where it stands, and the last turn.

(Monster Day's presenter is one module, ``bot/games/monster_day.py``; its text view sits
beside it under this name rather than turning it into a package.)
"""

from __future__ import annotations

from typing import Any

from bot.games.monster_day import DIE_FACES, card_label, monster_name, space_label
from bot.i18n import t

View = dict[str, Any]


def _space_lines(view: View, locale: str) -> list[str]:
    """Each space: the value of the card on top and how many it covers (the alt text's line
    before it names the card)."""
    lines = []
    for index, space in enumerate(view.get("spaces", [])):
        top = space.get("top")
        lines.append(t(locale, "{space}: value on top {value} · cards under it: {n}",
                       space=space_label({**view, "seat": None}, index, locale),
                       value=top.get("value") if top else "—",
                       n=space.get("covered", 0)))  # fmt: skip
    return lines


def _monster_lines(view: View, locale: str) -> list[str]:
    """Every monster, where it stands and what it is worth to that village."""
    lines = []
    for monster in view.get("monsters", []):
        where = monster.get("space")
        at = (
            t(locale, "space {n}", n=where + 1) if where is not None else t(locale, "off the board")
        )
        lines.append(t(locale, "{monster}: {at} · {points} pts",
                       monster=monster_name(str(monster["id"]), locale), at=at,
                       points=monster.get("points", 0)))  # fmt: skip
    return lines


def _last_turn(view: View, locale: str, names: list[str]) -> list[str]:
    last = view.get("last_turn")
    if not last or last.get("card") is None:
        return []
    seat = last.get("seat")
    who = names[seat] if isinstance(seat, int) and seat < len(names) else "?"
    dice = " ".join(f"{DIE_FACES[d - 1]} {d}" for d in last.get("dice", []))
    return [t(locale, "Last turn: **{who}** played {card} on space {n}; dice {dice}", who=who,
              card=card_label(last["card"], locale), n=last.get("space", 0) + 1,
              dice=dice or "—")]  # fmt: skip


def text_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The last turn, each space in full, then the monsters."""
    return [*_last_turn(view, locale, names), *_space_lines(view, locale),
            *_monster_lines(view, locale)]  # fmt: skip


def _counts_for(card: dict[str, Any], locale: str) -> str:
    """Which monsters' totals the card adds to once it is on top (the engine's ``counts``, from
    what the card shows): odd numbers the Catoblepas, even the Dire Bear (a Pawn or Court by
    its roll), personalities the Glatisant, every card the Pegasus."""
    rank, value = card.get("rank"), card.get("value")
    found = []
    if isinstance(rank, int) and isinstance(value, int):
        found.append("catoblepas" if value % 2 else "dire_bear")
    elif rank in ("pawn", "court"):
        found += ["catoblepas", "dire_bear"]
    if "personality" in card.get("types", []):
        found.append("glatisant")
    return ", ".join(monster_name(m, locale) for m in [*found, "pegasus"])


def _fits(card: dict[str, Any], space: dict[str, Any]) -> bool:
    """A card goes beside an Ace it shares a suit with; the Excuse anywhere."""
    shared = set(card.get("suits", [])) & set(space["ace"].get("suits", []))
    return card.get("rank") == "excuse" or bool(shared)


def hand_text_lines(view: View, locale: str) -> list[str]:
    """Each card of the hand with what it does: its value (a Pawn or Court rolls 2d6 when it
    matters), the monsters it counts for, and the spaces it may go on."""
    lines = []
    for card in view.get("hand", []):
        value = card.get("value")
        spaces = [
            str(n + 1) for n, space in enumerate(view.get("spaces", [])) if _fits(card, space)
        ]
        lines.append(t(locale, "• {card}: value {value} · counts for {monsters} · spaces {spaces}",
                       card=card_label(card, locale),
                       value=value if value is not None else t(locale, "2d6 when it matters"),
                       monsters=_counts_for(card, locale),
                       spaces=", ".join(spaces) or "—"))  # fmt: skip
    return lines
