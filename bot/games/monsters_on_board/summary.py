"""The table's summary (one embed field of at most :data:`MAX_FIELD` characters): the round
and phase with who is to act, a line per seat (Juice, Evil, Arch cards, where it stands in the
phase), the market and the bag; at the end each seat's final score by source.

Built from any view (the public one for the channel, a seat's own in its DM): it reads only
what every view shows. Lines that can be dropped go first when the names are long.
"""

from __future__ import annotations

from typing import Any

from bot.games.monsters_on_board.words import View, mark, solo_card_text, who
from bot.games.notte_di_terrore.summary import _within
from bot.i18n import t

MAX_FIELD = 1024
"""Discord's limit for an embed field: the summary is shown as one."""
ROUNDS = 6
STEPS = 4
FAMILY_STEPS = 3
"""FM13: three picks a round in family mode, the fourth die of each car back to the bag."""


def _names(names: list[str], seats: list[int]) -> str:
    return ", ".join(who(names, s) for s in seats)


def phase_line(view: View, locale: str, names: list[str]) -> str:
    """``🎲 Round 2/6 · draft, step 3/4 — to pick: Ann, Bob``."""
    phase = view.get("phase")
    head = t(locale, "Round {round}/{rounds}", round=view.get("round"), rounds=ROUNDS)
    waiting = _names(names, list(view.get("pending", [])))
    if phase in ("draft", "family_pick"):
        steps = FAMILY_STEPS if phase == "family_pick" else STEPS
        step = min(int(view.get("step", 0)) + 1, steps)
        body = t(
            locale,
            "draft, step {step}/{steps} — to pick: {who}",
            step=step,
            steps=steps,
            who=waiting,
        )
        return f"🎲 {head} · {body}"
    if phase == "board":
        body = t(locale, "creatures and Order — still playing: {who}", who=waiting)
        return f"🏘️ {head} · {body}"
    if phase == "family_move":
        body = t(locale, "creatures move — choosing: {who}", who=waiting)
        return f"🏘️ {head} · {body}"
    if phase == "family_row":
        body = t(locale, "a servant scores a row — to choose: {who}", who=waiting)
        return f"🧍 {head} · {body}"
    if phase == "spectral":
        turn = who(names, view.get("turn"))
        body = t(locale, "spectral phase — **{who}** buys or passes", who=turn)
        return f"👻 {head} · {body}"
    if phase == "final_window":
        text = t(locale, "Last Arch flips before the scoring — waiting for: {who}", who=waiting)
        return f"⏳ {text}"
    return "🏁 " + t(locale, "The game is over.")


def _where(view: View, seat: dict[str, Any], locale: str) -> str:
    """Where a seat stands in a phase where everyone plays at once."""
    phase = view.get("phase")
    if phase in ("draft", "family_pick"):
        return t(locale, "picked") if seat.get("picked") else t(locale, "picking")
    if phase in ("board", "final_window", "family_move", "family_row"):
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
    parts = [f"{'▶️ ' if acting else ''}**{who(names, index)}**{first}", f"⚗ {seat.get('juice', 0)}"]
    if view.get("mode") == "family":  # no Evil nor Arch cards on that side (FM2)
        parts.append(f"🧍 {seat.get('reserve', 0)}")
    else:
        parts += [f"☠ {seat.get('evil', 0)}", f"🃏 {len(seat.get('arch', []))}"]
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
    if view.get("mode") == "family":  # no market in family mode (FM2)
        return "🎒 " + t(locale, "Bag: {n} dice", n=sum(view.get("bag", {}).values()))
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
    if view.get("mode") == "solo2":  # the same card, Spider Jack's (T5)
        return "🕷️ " + t(locale, "Spider Jack's card: {card}", card=card)
    return "🤖 " + t(locale, "The AI's card: {card}", card=card)


def jack_line(view: View, locale: str) -> str | None:
    """Solo 2: Spider Jack's Juice and area (T3, T9-T18), at its difficulty (T2, I40)."""
    jack = view.get("jack")
    if not jack:
        return None
    return "🕷️ " + t(
        locale,
        "**Spider Jack** +{n} · ⚗ {juice} · area: {dice} dice, {ghosts} ghosts, "
        "creatures {creatures}",
        n=jack.get("difficulty", 0),
        juice=jack.get("juice", 0),
        dice=len(jack.get("dice", [])),
        ghosts=len(jack.get("ghosts", [])),
        creatures=" ".join(mark(c) for c in jack.get("creatures", [])) or "—",
    )


def summary_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The phase, one line per seat, the market and the solo card, within one field: the
    market and the solo card are left out first when long names need the room."""
    seats = range(len(view.get("seats", [])))
    if view.get("phase") == "over" and view.get("sheets"):
        players = [final_line(view, s, locale, names) for s in seats]
    else:
        players = [seat_line(view, s, locale, names) for s in seats]
    jack = jack_line(view, locale)
    solo = solo_line(view, locale)
    groups = [
        [phase_line(view, locale, names), *players, *([jack] if jack else [])],
        [solo] if solo else [],
        [market_line(view, locale)],
    ]
    return _within(groups, droppable=[2, 1], limit=MAX_FIELD)


def seat_board_lines(view: View, index: int, locale: str, names: list[str]) -> list[str]:
    """The phase, then one seat's line (its final score once the game is over)."""
    over = view.get("phase") == "over" and view.get("sheets")
    line = final_line if over else seat_line
    return [phase_line(view, locale, names), line(view, index, locale, names)]
