"""The table's summary (one embed field of at most :data:`MAX_FIELD` characters): the round
and phase with who is to act, a line per seat (Juice, Evil, Arch cards, where it stands in the
phase), the market and the bag; at the end each seat's final score by source.

Built from any view (the public one for the channel, a seat's own in its DM): it reads only
what every view shows. Lines that can be dropped go first when the names are long.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsters_on_board.words import View, solo_card_text, who
from bot.games.notte_di_terrore.summary import _within
from bot.i18n import t

MAX_FIELD = 1024
"""Discord's limit for an embed field: the summary is shown as one."""
ROUNDS = 6
STEPS = 4


def _names(names: list[str], seats: list[int]) -> str:
    return ", ".join(who(names, s) for s in seats)


def phase_line(view: View, locale: str, names: list[str]) -> str:
    """``🎲 Round 2/6 · draft, step 3/4 — waiting for: Ann, Bob``."""
    phase = view.get("phase")
    head = t(locale, "Round {round}/{rounds}", round=view.get("round"), rounds=ROUNDS)
    waiting = _names(names, list(view.get("pending", [])))
    if phase == "draft":
        step = min(int(view.get("step", 0)) + 1, STEPS)
        body = t(
            locale,
            "draft, step {step}/{steps} — to pick: {who}",
            step=step,
            steps=STEPS,
            who=waiting,
        )
        return f"🎲 {head} · {body}"
    if phase == "board":
        body = t(locale, "creatures and Order — still playing: {who}", who=waiting)
        return f"🏘️ {head} · {body}"
    if phase == "spectral":
        body = t(
            locale, "spectral phase — **{who}** buys or passes", who=who(names, view.get("turn"))
        )
        return f"👻 {head} · {body}"
    if phase == "final_window":
        return "⏳ " + t(
            locale, "Last Arch flips before the scoring — waiting for: {who}", who=waiting
        )
    return "🏁 " + t(locale, "The game is over.")


def _where(view: View, seat: dict[str, Any], locale: str) -> str:
    """Where a seat stands in a phase where everyone plays at once."""
    phase = view.get("phase")
    if phase == "draft":
        return t(locale, "picked") if seat.get("picked") else t(locale, "picking")
    if phase in ("board", "final_window"):
        return (
            t(locale, "done")
            if seat.get("done") and not seat.get("decision")
            else t(locale, "playing")
        )
    return ""


def seat_line(view: View, index: int, locale: str, names: list[str]) -> str:
    """``▶️ **Ann** ⭐ · ⚗ 23 · ☠ 4 · 🃏 2 · picked``."""
    seat = view["seats"][index]
    acting = index in view.get("pending", []) and view.get("phase") != "over"
    first = " ⭐" if index == view.get("first") and view.get("phase") != "over" else ""
    parts = [
        f"{'▶️ ' if acting else ''}**{who(names, index)}**{first}",
        f"⚗ {seat.get('juice', 0)}",
        f"☠ {seat.get('evil', 0)}",
        f"🃏 {len(seat.get('arch', []))}",
    ]
    where = _where(view, seat, locale)
    return " · ".join([*parts, where] if where else parts)


def final_line(view: View, index: int, locale: str, names: list[str]) -> str:
    """``**Ann**: 87 (before 40 · creatures 24 · prophecy 14 · Arch 9)``."""
    sheet = view["sheets"][index]
    by_source: dict[str, int] = {}
    for line in sheet.get("lines", []):
        by_source[line["source"]] = by_source.get(line["source"], 0) + int(line["juice"])
    parts = t(
        locale,
        "play {before} · creatures {creatures} · prophecy {prophecy} · Arch {arch}",
        before=by_source.get("before", 0),
        creatures=by_source.get("final_creatures", 0),
        prophecy=by_source.get("prophecy", 0),
        arch=by_source.get("arch", 0),
    )
    return f"**{who(names, index)}**: {sheet.get('total', 0)} ({parts})"


def market_line(view: View, locale: str) -> str:
    market = view.get("market", {})
    return "🏪 " + t(
        locale,
        "Market: {ghosts} ghosts ({supply} to come) · {arch} Arch cards ({deck} in the deck) · "
        "bag {bag} dice",
        ghosts=sum(1 for g in market.get("ghosts", []) if g),
        supply=market.get("ghost_supply", 0),
        arch=sum(1 for c in market.get("arch", []) if c),
        deck=market.get("arch_deck", 0),
        bag=sum(view.get("bag", {}).values()),
    )


def solo_line(view: View, locale: str) -> str | None:
    solo = view.get("solo")
    if not solo or not solo.get("revealed"):
        return None
    card = solo_card_text(str(solo["revealed"]), locale)
    return "🤖 " + t(locale, "The AI's card: {card}", card=card)


def summary_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The phase, one line per seat, the market and the solo card, within one field: the
    market and the solo card are left out first when long names need the room."""
    seats = range(len(view.get("seats", [])))
    if view.get("phase") == "over" and view.get("sheets"):
        players = [final_line(view, s, locale, names) for s in seats]
    else:
        players = [seat_line(view, s, locale, names) for s in seats]
    solo = solo_line(view, locale)
    groups = [
        [phase_line(view, locale, names), *players],
        [solo] if solo else [],
        [market_line(view, locale)],
    ]
    return _within(groups, droppable=[2, 1], limit=MAX_FIELD)
