"""The lines of a seat's own hand (its DM): the prophecy card with its conditions, the Avenue,
the car in front during the draft, the pick made this step, the Arch cards, the open decision
in words with the commands for it.

Only the seat's own view is read, and only what is that seat's: the DM is sent again whenever
these lines change (:func:`bot.delivery.plan.hands_to_send`), so nothing another seat does may
change them (another seat's Juice, the market) unless it changes this seat's choices.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from bot.games.monsters_on_board.words import (
    View,
    arch_name,
    arch_text,
    die_with_icons,
    glyph,
    glyphs,
    legend,
    mark,
    prophecy_name,
    seat_of,
)
from bot.i18n import t
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.prophecy import Condition, prophecy_cards

DRAFTS = ("draft", "family_pick")
MANY = ("promote", "swap", "move_servant", "move_creature")
"""Icons whose targets can outnumber the DM's buttons."""


# --- the prophecy card ---------------------------------------------------------------------------


def _total(params: Any, locale: str) -> str:
    n = params.get("total")
    compare = params.get("compare")
    if compare == "at_least":
        return t(locale, "totals {n} or more", n=n)
    if compare == "at_most":
        return t(locale, "totals {n} or less", n=n)
    return t(locale, "totals exactly {n}", n=n)


def _all_match(params: Any, locale: str) -> str:
    if "rank" in params and params.get("one_colour"):
        return t(locale, "all one colour and rank {n}", n=params["rank"])
    if "rank" in params:
        return t(locale, "all rank {n}", n=params["rank"])
    return t(locale, "all one colour")


def _what(cond: Condition, locale: str) -> str:
    """A condition's test in a few words, without the column it applies to."""
    params, test = cond.params, cond.test
    if test == "ranks_at":
        return t(
            locale, "a row starting with {ranks}", ranks="-".join(str(r) for r in params["ranks"])
        )
    if test == "same_rank":
        counts = "/".join(sorted(params["juice_by_count"], key=int))
        return t(locale, "{counts} dice of one rank in a row", counts=counts)
    if test == "leftmost_one_colour":
        return t(locale, "a row's {n} leftmost dice of one colour", n=params["count"])
    if test == "groups_distinct_ranks":
        return t(
            locale,
            "1/2/3 column pairs (1-2, 3-4, 5-6) showing {n}+ different ranks",
            n=params["ranks"],
        )
    if test == "total":
        return (
            _total(params, locale)
            if "column" in params
            else t(locale, "a row that {total}", total=_total(params, locale))
        )
    if test == "alternating_parity":
        return t(locale, "odd and even ranks alternate")
    if test == "all_match":
        return _all_match(params, locale)
    if test == "sum_spaces" and "column" in params:
        return t(locale, "top + middle = bottom")
    if test == "sum_spaces":
        a, b = params["addends"]
        return t(
            locale, "a row where space {a} + space {b} = space {c}", a=a, b=b, c=params["result"]
        )
    if test == "colours_exactly":
        return t(locale, "a row of exactly {n} colours", n=params["count"])
    return cond.id


def _juice(cond: Condition) -> str:
    table = cond.params.get("juice_by_count") or cond.params.get("juice_by_groups")
    if table:
        return "/".join(str(table[k]) for k in sorted(table, key=int))
    return str(cond.juice)


def prophecy_text(number: str, locale: str) -> str:
    """``01 Down into the Crypt: a row starting with 6-5-4-3 → 20 · …`` (I29); a column card's
    conditions that differ only by column read as one (``columns 1-6 totals exactly 10 →
    3/6/9/12/15/18``)."""
    card = prophecy_cards().get(number)
    if card is None:
        return str(number)
    parts = []
    for what, group in groupby(card.conditions, key=lambda c: _what(c, locale)):
        conds = list(group)
        juice = "/".join(_juice(c) for c in conds)
        columns = [int(c.params["column"]) for c in conds if "column" in c.params]
        if columns and len(columns) > 1:
            what = t(locale, "columns {a}-{b}: {what}", a=columns[0], b=columns[-1], what=what)
        elif columns:
            what = t(locale, "column {c}: {what}", c=columns[0], what=what)
        elif len(conds) > 1:
            what, juice = f"{what} ×{len(conds)}", _juice(conds[0])
        parts.append(f"{what} → {juice}")
    text = f"{prophecy_name(number, locale)}: {' · '.join(parts)}"
    return text + " " + t(locale, "(at most {n})", n=card.max)


# --- the rest of the hand ------------------------------------------------------------------------


def _avenue_line(seat: dict[str, Any], locale: str) -> str:
    done = set(seat.get("activated", []))
    dice = [
        die_with_icons(str(d), rank) + (" ✓" if d in done else "")
        for d, rank in seat.get("avenue", [])
    ]
    return "🛣️ " + t(locale, "**Avenue**: {dice}", dice=" · ".join(dice) or "—")


def _car_line(view: View, locale: str) -> str | None:
    viewer, car_of = view.get("viewer"), view.get("car_of")
    if view.get("phase") not in DRAFTS or not car_of or not isinstance(viewer, int):
        return None
    car = view["cars"][car_of[viewer]]
    dice = " · ".join(die_with_icons(str(d[0]), d[1]) for d in car if d)
    return "🚗 " + t(locale, "**The car in front of you**: {dice}", dice=dice or "—")


def _pick_line(view: View, seat: dict[str, Any], locale: str) -> str | None:
    die = seat.get("pick")
    if not die:
        return None
    viewer, car_of = view.get("viewer"), view.get("car_of") or []
    car = view["cars"][car_of[viewer]] if isinstance(viewer, int) and car_of else []
    rank = next((d[1] for d in car if d and d[0] == die), "?")
    shown = die_with_icons(str(die), rank)
    if "pick_row" in seat:  # family mode: the die and its row, hidden until all picked (FM6)
        return "✋ " + t(
            locale,
            "You picked {die} for row {row}: the others see it when everyone has picked.",
            die=shown,
            row=int(seat["pick_row"]) + 1,
        )
    if view.get("draft") == "turn_order":
        return "✋ " + t(locale, "You picked {die}.", die=shown)
    return "✋ " + t(locale, "You picked {die}: the others see it when the cars pass.", die=shown)


def _family_line(seat: dict[str, Any], locale: str) -> str:
    """Family mode: Juice, servants left and where each lane's creature stands (I31)."""
    lanes = " ".join(f"{mark(c)}{area}" for c, area in seat.get("lanes", {}).items())
    return t(
        locale,
        "⚗ Juice {juice} · 🧍 servants left {reserve} · lanes {lanes}",
        juice=seat.get("juice", 0),
        reserve=seat.get("reserve", 0),
        lanes=lanes,
    )


def _status_line(seat: dict[str, Any], locale: str) -> str:
    jack = "/".join(str(j) for j in seat.get("jack", []))
    tracks = "/".join(str(s) for s in seat.get("summon", []))
    return t(
        locale,
        "⚗ Juice {juice} · ☠ Evil {evil}/8 · 🕷️ Spider Jack dice {jack} · ☎ tracks {tracks}",
        juice=seat.get("juice", 0),
        evil=seat.get("evil", 0),
        jack=jack,
        tracks=tracks,
    )


def _arch_lines(seat: dict[str, Any], locale: str) -> list[str]:
    lines = []
    for card_id in seat.get("arch", []):
        card = arch_cards().get(card_id)
        back = " / ".join(glyph(i) for i in card.back) if card else ""
        lines.append(
            f"• {arch_name(card_id, locale)}: {arch_text(card_id, locale)} · "
            + t(locale, "flip for {back}", back=back)
        )
    return lines


def hint(view: View, seat: dict[str, Any], locale: str) -> str | None:
    """What the seat must decide now, in words; None when it need not act."""
    if seat.get("seat") not in view.get("pending", []):
        return None
    decision = seat.get("decision")
    phase = view.get("phase")
    if decision and decision.get("kind") == "move":
        colour = mark(str(decision.get("colour")))
        return t(locale, "👉 Choose which {colour} creature moves next.", colour=colour)
    if decision:
        icons = glyphs([str(item[1]) for item in decision.get("items", [])])
        return t(
            locale, "👉 Use the open actions ({icons}) in any order, or skip the rest.", icons=icons
        )
    if phase == "draft":
        return t(locale, "👉 Pick a die from the car in front of you for your Avenue.")
    if phase == "family_pick":
        return t(
            locale,
            "👉 Pick a die from the car in front of you and the Order row it goes to: its "
            "creature then moves one space per icon.",
        )
    if phase == "family_row":
        return t(locale, "👉 Put a servant on a row: it scores the row's ranks.")
    if phase == "board" and len(seat.get("activated", [])) < len(seat.get("avenue", [])):
        return t(
            locale,
            "👉 Activate your Avenue dice one at a time: each moves your creatures of its colour.",
        )
    if phase == "board":
        return t(
            locale,
            "👉 Place a die on the leftmost empty space of an Order row and use its actions; "
            "after three, the last die gives Evil by its rank.",
        )
    if phase == "spectral":
        return t(locale, "👉 Buy one Arch card or ghost with your Evil, or pass.")
    if phase == "final_window":
        return t(locale, "👉 Flip Arch cards for their back actions now, or say you are done.")
    return None


def may_overflow(view: View, seat: dict[str, Any]) -> bool:
    """Whether the seat's moves may be more than its DM's buttons: a flip (every back action
    of every card, "at any time", I19), a many-target icon, or ghosts to place."""
    if seat.get("seat") not in view.get("pending", []):
        return False
    items = (seat.get("decision") or {}).get("items", [])
    if seat.get("arch") or any(str(i[1]) in MANY for i in items):
        return True
    return view.get("phase") == "spectral" and any(view.get("market", {}).get("ghosts", []))


def hand_lines(view: View, locale: str) -> list[str]:
    seat = seat_of(view)
    if seat is None:
        return []
    lines = []
    if seat.get("prophecy"):
        lines.append(
            "🔮 " + t(locale, "**Prophecy** {card}", card=prophecy_text(seat["prophecy"], locale))
        )
    car = _car_line(view, locale)
    lines += [car] if car else []
    pick = _pick_line(view, seat, locale)
    lines += [pick] if pick else []
    if view.get("mode") == "family":
        lines.append(_family_line(seat, locale))
    else:
        lines.append(_avenue_line(seat, locale))
        lines.append(_status_line(seat, locale))
    arch = _arch_lines(seat, locale)
    if arch:
        lines.append("🃏 " + t(locale, "**Your Arch cards** (flip one at any time):"))
        lines += arch
    lines.append(legend(locale))
    now = hint(view, seat, locale)
    if now:
        lines.append(now)
    if now and may_overflow(view, seat):
        lines.append(t(locale, "More moves than buttons: `/game move` lists them all."))
    return lines
