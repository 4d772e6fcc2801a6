"""The table's summary (one embed field): a line per player (Terror, progress along the
path, the hand's Events and Beings), the phase and who is to act, the Place in play with its
Beings, the Weapons on the table and the decks; the Place's details are dropped first when it
runs past :data:`MAX_FIELD`."""

from __future__ import annotations

from typing import Any

from bot.games.notte_di_terrore.labels import _active, _monster_names, _monsters, _turned
from bot.games.notte_di_terrore.narration import _split_text
from bot.games.notte_di_terrore.words import (
    EVENT_ICON,
    NECRONOMICON_ICON,
    TERROR,
    View,
    _card_name_in,
    _info,
    _place_rules,
    _signed,
    _who,
)
from bot.i18n import t

MAX_FIELD = 1024
"""Discord's limit for an embed field: the summary is shown as one."""


def _progress(view: View, player: dict[str, Any], locale: str) -> str:
    if player.get("home"):
        return t(locale, "🏠 home")
    passed = len(player.get("path", []))
    revealed = player.get("revealed")
    total = passed + int(player.get("face_down", 0)) + (1 if revealed else 0)
    here = min(passed + 1, total)
    if revealed:
        return t(
            locale,
            "🗺️ Place {k}/{total}: {place}",
            k=here,
            total=total,
            place=_card_name_in(view, revealed, locale),
        )
    return t(locale, "🗺️ Place {k}/{total}", k=here, total=total)


def _player_line(view: View, seat: int, locale: str, names: list[str]) -> str:
    player = view["players"][seat]
    playing = view.get("phase") not in ("split", "over") and seat == view.get("current")
    marker = "▶️ " if playing else ""
    parts = [
        f"{marker}**{_who(names, seat)}**",
        f"{TERROR} {player.get('terror', 0)}",
        _progress(view, player, locale),
        "🃏 " + _split_text(locale, player.get("hand_events", 0), player.get("hand_beings", 0)),
    ]
    return " · ".join(parts)


def _names_list(names: list[str], seats: list[int]) -> str:
    return ", ".join(_who(names, s) for s in seats)


def _phase_line(view: View, locale: str, names: list[str]) -> str | None:
    phase = view.get("phase")
    owner = _who(names, view.get("current"))
    if phase == "split":
        return t(
            locale,
            "🃏 Choosing the hands — waiting for: {who}",
            who=_names_list(names, view.get("pending", [])),
        )
    if phase == "apparition":
        line = t(
            locale,
            "🕯️ Apparition on **{owner}**'s Place — {actor} to act",
            owner=owner,
            actor=_who(names, view.get("to_act")),
        )
        passed = view.get("passed", [])
        if passed:
            line += "; " + t(locale, "passed: {who}", who=_names_list(names, passed))
        return line
    if phase == "resolution":
        return t(locale, "⚔️ **{owner}** fights or flees", owner=owner)
    if phase == "discard":
        return t(locale, "🗑️ **{owner}** discards and draws", owner=owner)
    if phase == "arrange":
        return t(locale, "🗡️ **{owner}** chooses the Weapons for the table", owner=owner)
    if phase == "over":
        winners = (view.get("outcome") or {}).get("winners", [])
        who = _names_list(names, winners)
        if len(winners) == 1:
            return t(locale, "🏁 The night is over — winner: {who}", who=who)
        return t(locale, "🏁 The night is over — winners: {who}", who=who)
    return None


def _place_lines(view: View, locale: str) -> list[str]:
    """The Place in play and its Beings, with what each is worth if left or killed."""
    if view.get("phase") not in ("apparition", "resolution"):
        return []
    active = _active(view) or {}
    revealed = active.get("revealed")
    if not revealed:
        return []
    info = _info(view, revealed) or {}
    lines = [f"🗺️ **{_card_name_in(view, revealed, locale)}** ({_place_rules(info, locale)})"]
    names = _monster_names(view, locale)
    beings = []
    for monster in _monsters(view):
        value = (_info(view, monster["card"]) or {}).get("value")
        extra = f" +{len(monster['events'])}{EVENT_ICON}" if monster["events"] else ""
        summoned = f" {NECRONOMICON_ICON}" if monster.get("summoned_by") else ""
        stakes = f"{_signed(monster['if_undefeated'])}/{_signed(monster['if_killed'])}"
        beings.append(f"{names[monster['card']]} ({value}){extra}{summoned} [{stakes}]")
    if beings:
        lines.append(
            t(locale, "👹 Beings [😱 if left/if killed]: {beings}", beings=" · ".join(beings))
        )
    return lines


def _weapons_line(view: View, locale: str, names: list[str]) -> list[str]:
    """The active player's Weapons: what the others place Beings against."""
    if view.get("phase") not in ("apparition", "resolution"):
        return []
    active = _active(view) or {}
    turned = _turned(view)
    table = [
        f"~~{_card_name_in(view, w, locale)}~~" if w in turned else _card_name_in(view, w, locale)
        for w in active.get("table", [])
    ]
    line = t(
        locale,
        "🗡️ **{owner}**'s Weapons: {weapons}",
        owner=_who(names, view.get("current")),
        weapons=", ".join(table) or "—",
    )
    if active.get("weapon_hand"):
        in_hand = _card_name_in(view, active["weapon_hand"], locale)
        line += " · " + t(locale, "in hand: {weapon}", weapon=in_hand)
    return [line]


def _decks_line(view: View, locale: str) -> str:
    sizes = view.get("deck_sizes", {})
    return t(
        locale,
        "🂠 Turn {turn} · to draw: Beings {beings}, Events {events}, Weapons {weapons}",
        turn=view.get("turn_number", 0),
        beings=sizes.get("beings", 0),
        events=sizes.get("events", 0),
        weapons=sizes.get("weapons", 0),
    )


def _within(groups: list[list[str]], droppable: list[int], limit: int) -> list[str]:
    """The groups of lines in order, leaving out the ``droppable`` ones (first listed, first
    dropped) until the whole fits in ``limit`` characters."""
    kept = list(groups)
    for index in droppable:
        if len("\n".join(line for group in kept for line in group)) <= limit:
            break
        kept[index] = []
    return [line for group in kept for line in group]
