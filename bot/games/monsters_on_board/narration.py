"""The narration of a Monsters on Board table: one short line per notable public event.

Why lines are folded: one die placed in the Order may set off a dozen events (its actions, a
call that summons, a creature move that stops on more actions), and a table message shows the
newest lines of a whole phase. So a line starts at what a player did (activated a die, placed
one, flipped a card) and what followed from it, of the same seat, is added to that line:
``🦶 **Ann** activates ♥P: ♥P start→area 1 · +1 Evil``; a creature stepping along a family
lane reads as one move. Runs of picks, passes and "done", and Spider Jack's three scored dice
(solo 2), read as one line each. Skipping the rest of an action is deliberately silent
(nothing changed).

I8: in the simultaneous draft a ``picked`` event names no die, so its line only says who has
picked; the dice are named when the cars pass (``cars_passed``).

Who draws against you: solo 1's rulebook says "l'IA" and solo 2's "Spider Jack", but both
modes tell its pick and card with the same events (``ai_picked``, ``solo_card``: solo 2 drafts
as solo 1 does). So the lines ask whom to name (``jack``): the presenter knows from the table's
view (``mode``), and a run with one of Spider Jack's own events (``jack_scored`` ...) is solo 2
whatever the caller knows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.monsters_on_board.words import (
    arch_name,
    arch_text,
    colour_of_die,
    die_text,
    ghost_name,
    ghost_text,
    glyph,
    mark,
    place_text,
    solo_card_text,
    who,
)
from bot.i18n import t
from rules.monsters_on_board import content as mob

Event = dict[str, Any]
EventLine = Callable[[Event, str, list[str]], str | None]

SILENT = frozenset({"skipped"})
"""Events that deliberately get no line: forgoing what is left changes nothing on the board."""
TAILS = frozenset({"creature_moved", "action", "summoning", "lane_end"})
"""Events that continue the line of what caused them (same seat)."""
HEADS = frozenset({"activated", "placed", "flipped", "family_placed"})
"""Events a continued line may start from."""
RUNS = {"picked": "✋", "passed": "✋", "done": "✅"}
"""Events of several seats in a row that read as one line."""


# --- fragments: what followed a move -------------------------------------------------------------


def action_fragment(event: Event, locale: str) -> str:
    """A back-page action done (K1-K9), as the event tells it."""
    icon = str(event.get("icon", ""))
    params = list(event.get("params", []))
    kind = mob.icon_kind(icon) if icon else ""
    if kind == "juice":
        return t(locale, "+{n} Juice", n=mob.icon_amount(icon))
    if kind == "evil":
        return t(locale, "+{n} Evil", n=mob.icon_amount(icon))
    if kind == "feed" and params:
        return t(locale, "feeds Spider Jack in row {row}", row=int(params[0]) + 1)
    if kind == "call" and params:
        return t(locale, "calls Spider Jack on track {row}", row=int(params[0]) + 1)
    if kind == "promote" and len(params) == 2:
        colour = mark(colour_of_die(str(params[0])))
        if int(params[1]) > 0:
            return t(locale, "promotes a {colour} die", colour=colour)
        return t(locale, "demotes a {colour} die", colour=colour)
    if kind == "swap" and len(params) == 4:
        r1, c1, r2, c2 = (int(p) + 1 for p in params)
        return t(locale, "swaps row {r1}·{c1} ↔ row {r2}·{c2}", r1=r1, c1=c1, r2=r2, c2=c2)
    if kind == "move_creature" and params:
        return t(locale, "moves the {colour} creatures", colour=mark(str(params[0])))
    if kind == "move_servant" and len(params) == 2:
        return t(locale, "a servant to {place}", place=place_text(str(params[1]), locale))
    return glyph(icon) if icon else "?"


def _move(colour: str, start: str, to: str, locale: str) -> str:
    """``♥P area 3→area 5``: a creature's move along its colour."""
    a = place_text(start, locale, coloured=False)
    return f"{mark(colour)} {a}→{place_text(to, locale, coloured=False)}"


def _fragment(event: Event, locale: str) -> str:
    kind = event.get("type")
    if kind == "creature_moved":
        return _move(str(event.get("colour")), str(event.get("from")), str(event.get("to")), locale)
    if kind == "lane_end":
        return t(
            locale,
            "{colour} reaches area 12: +{n} Juice, back to the start",
            colour=mark(str(event.get("colour"))),
            n=event.get("juice", 0),
        )
    if kind == "summoning":
        return t(
            locale,
            "summons row {row}: +{n} Juice",
            row=int(event.get("row", 0)) + 1,
            n=event.get("juice", 0),
        )
    return action_fragment(event, locale)


# --- lines ---------------------------------------------------------------------------------------


def _activated(event: Event, locale: str, names: list[str]) -> str:
    colour = mark(colour_of_die(str(event.get("die"))))
    return "🦶 " + t(
        locale, "**{who}** activates {colour}", who=who(names, event.get("seat")), colour=colour
    )


def _placed(event: Event, locale: str, names: list[str]) -> str:
    return "🎯 " + t(
        locale,
        "**{who}** places {die} in row {row}",
        who=who(names, event.get("seat")),
        die=die_text(str(event.get("die")), event.get("rank")),
        row=int(event.get("row", 0)) + 1,
    )


def _flipped(event: Event, locale: str, names: list[str]) -> str:
    return "🂠 " + t(
        locale,
        "**{who}** flips {card}",
        who=who(names, event.get("seat")),
        card=arch_name(str(event.get("card")), locale),
    )


def _fourth_die(event: Event, locale: str, names: list[str]) -> str:
    return "😈 " + t(
        locale,
        "**{who}**'s fourth die {die} gives +{n} Evil.",
        who=who(names, event.get("seat")),
        die=die_text(str(event.get("die")), event.get("rank")),
        n=event.get("evil", 0),
    )


def _arrivals(event: Event, locale: str, names: list[str]) -> str:
    cars = " · ".join(
        f"{n}: " + " ".join(die_text(str(d[0]), d[1]) for d in car if d)
        for n, car in enumerate(event.get("cars", []), start=1)
    )
    return "🚗 " + t(
        locale, "Round {round}: the cars fill up. {cars}", round=event.get("round"), cars=cars
    )


def _turn_order_pick(event: Event, locale: str, names: list[str]) -> str:
    """D5: a pick in the turn-order draft is public at once (the event names the die)."""
    return "✋ " + t(
        locale,
        "**{who}** picks the {colour} die of slot {slot}.",
        who=who(names, event.get("seat")),
        colour=mark(colour_of_die(str(event.get("die")))),
        slot=int(event.get("slot", 0)) + 1,
    )


def _ai_picked(event: Event, locale: str, names: list[str]) -> str:
    die = die_text(str(event.get("die")), event.get("rank"))
    return "🤖 " + t(locale, "The AI takes {die}.", die=die)


def _jack_picked(event: Event, locale: str, names: list[str]) -> str:
    """T5-T7: solo 2's pick, the same event as solo 1's AI's (see the module docstring)."""
    die = die_text(str(event.get("die")), event.get("rank"))
    return "🕷️ " + t(locale, "Spider Jack takes {die}.", die=die)


def _solo_card(event: Event, locale: str, names: list[str]) -> str:
    card = solo_card_text(str(event.get("card")), locale)
    return "🃏 " + t(locale, "The AI's card this round: {card}", card=card)


def _jack_card(event: Event, locale: str, names: list[str]) -> str:
    """T5: the Spider Jack card that rules its picks this round (solo 2)."""
    card = solo_card_text(str(event.get("card")), locale)
    return "🃏 " + t(locale, "Spider Jack's card this round: {card}", card=card)


def _cars_passed(event: Event, locale: str, names: list[str]) -> str:
    if "picks" not in event:  # family mode: the picks were shown as they were placed (FM12)
        return "🚗 " + t(locale, "The cars pass right.")
    picks = " · ".join(
        f"**{who(names, seat)}** {die_text(str(die[0]), die[1])}"
        for seat, die in enumerate(event.get("picks", []))
        if die
    )
    return "🚗 " + t(
        locale,
        "Picks of step {step}/4: {picks}. The cars pass left.",
        step=event.get("step"),
        picks=picks,
    )


def _draft_over(event: Event, locale: str, names: list[str]) -> str:
    if "returned" in event:  # family mode: the round ends with a row scored (FM13, FM14)
        return "🎲 " + t(locale, "The round's dice are placed: everyone scores a row.")
    return "🎲 " + t(locale, "The draft is over: everyone moves creatures and fills their Order.")


def _spectral(event: Event, locale: str, names: list[str]) -> str:
    first = who(names, event.get("first"))
    return "👻 " + t(locale, "Spectral phase: **{who}** buys first.", who=first)


def _bought_ghost(event: Event, locale: str, names: list[str]) -> str:
    return "👻 " + t(
        locale,
        "**{who}** buys {ghost} for {price} Evil → {place}.",
        who=who(names, event.get("seat")),
        ghost=ghost_text(str(event.get("ghost")), locale),
        price=event.get("price"),
        place=place_text(str(event.get("target")), locale),
    )


def _bought_arch(event: Event, locale: str, names: list[str]) -> str:
    card = str(event.get("card"))
    return "🃏 " + t(
        locale,
        "**{who}** buys {card} for {price} Evil ({scores}).",
        who=who(names, event.get("seat")),
        card=arch_name(card, locale),
        price=event.get("price"),
        scores=arch_text(card, locale),
    )


def _solo_discard(event: Event, locale: str, names: list[str]) -> str | None:
    gone = [ghost_name(g, locale) for g in event.get("ghosts", []) if g]
    gone += [arch_name(c, locale) for c in event.get("arch", []) if c]
    if not gone:
        return None
    return "🗑️ " + t(locale, "Discarded from the market: {items}.", items=", ".join(gone))


def _round(event: Event, locale: str, names: list[str]) -> str:
    return "🌅 " + t(
        locale,
        "Round {round} — first player: **{who}**.",
        round=event.get("round"),
        who=who(names, event.get("first")),
    )


def _final_window(event: Event, locale: str, names: list[str]) -> str:
    return "⏳ " + t(locale, "Last chance to flip Arch cards before the scoring.")


def _game_over(event: Event, locale: str, names: list[str]) -> str:
    scores = " · ".join(
        f"**{who(names, seat)}** {score}" for seat, score in enumerate(event.get("scores", []))
    )
    return "🏁 " + t(locale, "Final scores: {scores}", scores=scores)


def _jack_game_over(event: Event, locale: str, names: list[str]) -> str:
    """T1: solo 2's scores are yours, then Spider Jack's (it is no seat)."""
    *yours, jack = event.get("scores", []) or [None]
    scores = [f"**{who(names, seat)}** {score}" for seat, score in enumerate(yours)]
    scores.append(f"**Spider Jack** {jack}")
    return "🏁 " + t(locale, "Final scores: {scores}", scores=" · ".join(scores))


def _family_placed(event: Event, locale: str, names: list[str]) -> str:
    return "🎲 " + t(
        locale,
        "**{who}** puts {die} in row {row}",
        who=who(names, event.get("seat")),
        die=die_text(str(event.get("die")), event.get("rank")),
        row=int(event.get("row", 0)) + 1,
    )


def _row_scored(event: Event, locale: str, names: list[str]) -> str:
    return "🧍 " + t(
        locale,
        "**{who}** scores row {row}: +{n} Juice.",
        who=who(names, event.get("seat")),
        row=int(event.get("row", 0)) + 1,
        n=event.get("juice", 0),
    )


def _jack_scored(event: Event, locale: str, names: list[str]) -> str:
    return "🕷️ " + t(locale, "Spider Jack scores {dice}.", dice=_jack_die(event, locale))


def _jack_die(event: Event, locale: str) -> str:
    """``♥P5 +8 (area +3)``: one die Spider Jack scores (T9-T12)."""
    die = die_text(str(event.get("die")), event.get("rank"))
    return t(
        locale,
        "{die} +{n} (area +{area})",
        die=die,
        n=event.get("juice", 0),
        area=event.get("area", 0),
    )


def _jack_bought(event: Event, locale: str, names: list[str]) -> str:
    ghosts = ", ".join(ghost_name(g, locale) for g in event.get("ghosts", [])) or "—"
    cards = ", ".join(arch_name(c, locale) for c in event.get("arch_discarded", [])) or "—"
    positions = "/".join(str(p) for p in event.get("positions", []))
    return "🕷️ " + t(
        locale,
        "Spider Jack takes the ghosts at position {positions}: {ghosts}; discarded: {cards}.",
        positions=positions,
        ghosts=ghosts,
        cards=cards,
    )


def _jack_spare(event: Event, locale: str, names: list[str]) -> str:
    die = die_text(str(event.get("die")), event.get("rank"))
    if event.get("to") == "bag":
        return "🕷️ " + t(locale, "Spider Jack's spare die {die} goes back to the bag.", die=die)
    return "🕷️ " + t(
        locale,
        "Spider Jack's spare die {die} joins its area (+{n} Juice).",
        die=die,
        n=event.get("juice", 0),
    )


def _jack_summoning(event: Event, locale: str, names: list[str]) -> str:
    n = event.get("juice", 0)
    return "🕷️ " + t(locale, "Spider Jack takes the ranks beyond your summoning: +{n} Juice.", n=n)


def _jack_prophecy(event: Event, locale: str, names: list[str]) -> str:
    n = event.get("juice", 0)
    return "🕷️ " + t(locale, "Spider Jack takes what your prophecy missed: +{n} Juice.", n=n)


def _tail_alone(event: Event, locale: str, names: list[str]) -> str:
    """A move's follow-up with no line to join (its start was narrated in an earlier post)."""
    return f"▫️ **{who(names, event.get('seat'))}**: {_fragment(event, locale)}"


LINES: dict[str, EventLine] = {
    "activated": _activated,
    "placed": _placed,
    "flipped": _flipped,
    "fourth_die": _fourth_die,
    "arrivals": _arrivals,
    "ai_picked": _ai_picked,
    "solo_card": _solo_card,
    "cars_passed": _cars_passed,
    "draft_over": _draft_over,
    "spectral": _spectral,
    "bought_ghost": _bought_ghost,
    "bought_arch": _bought_arch,
    "solo_discard": _solo_discard,
    "round": _round,
    "final_window": _final_window,
    "game_over": _game_over,
    "family_placed": _family_placed,
    "row_scored": _row_scored,
    "jack_scored": _jack_scored,
    "jack_bought": _jack_bought,
    "jack_spare": _jack_spare,
    "jack_summoning": _jack_summoning,
    "jack_prophecy": _jack_prophecy,
    "creature_moved": _tail_alone,
    "lane_end": _tail_alone,
    "action": _tail_alone,
    "summoning": _tail_alone,
}
JACK_LINES: dict[str, EventLine] = {
    **LINES,
    "ai_picked": _jack_picked,
    "solo_card": _jack_card,
    "game_over": _jack_game_over,
}
"""The lines of a solo 2 table: its drafting opponent is Spider Jack, and it has a score."""


def _run_line(kind: str, run: list[Event], locale: str, names: list[str]) -> str:
    """Several seats picking, passing or done in a row, as one line."""
    seats = ", ".join(f"**{who(names, e.get('seat'))}**" for e in run)
    if kind == "picked":
        return f"{RUNS[kind]} " + t(locale, "Picked: {who}.", who=seats)
    if kind == "passed":
        return f"{RUNS[kind]} " + t(locale, "Passing: {who}.", who=seats)
    return f"{RUNS[kind]} " + t(locale, "Done: {who}.", who=seats)


def event_line(event: Event, locale: str, names: list[str], jack: bool = False) -> str | None:
    """One event's own line, or None for a silent one (:data:`SILENT`, an unknown type);
    ``jack``: at a solo 2 table, where the drafting opponent is Spider Jack."""
    kind = str(event.get("type"))
    if kind in RUNS and not (kind == "picked" and "die" in event):
        return _run_line(kind, [event], locale, names)
    if kind == "picked":
        return _turn_order_pick(event, locale, names)
    line = (JACK_LINES if jack else LINES).get(kind)
    return line(event, locale, names) if line else None


def against_jack(events: list[Event]) -> bool:
    """Whether the events themselves show a solo 2 table: only solo 2 has Spider Jack's own
    events (its scoring, purchases, spare die)."""
    return any(str(e.get("type", "")).startswith("jack_") for e in events)


def _run(events: list[Event], index: int) -> list[Event]:
    """The events from ``index`` on that have its type."""
    end = index + 1
    while end < len(events) and events[end].get("type") == events[index].get("type"):
        end += 1
    return events[index:end]


class _Folder:
    """The lines being written: each a head and the follow-ups joined to it, the seat whose
    follow-ups may still join the last line, and the last creature move (a creature stepping
    on along a lane reads as one move, ``♥P start→area 3``)."""

    def __init__(self, locale: str, names: list[str]) -> None:
        self.locale, self.names = locale, names
        self.lines: list[tuple[str, list[str]]] = []
        self.seat: Any = None
        self.moved: tuple[Any, Any, str, str] | None = None  # seat, creature, from, to

    def head(self, text: str, seat: Any = None) -> None:
        self.lines.append((text, []))
        self.seat, self.moved = seat, None

    def tail(self, event: Event) -> None:
        if self.seat is None or event.get("seat") != self.seat:
            self.head(f"▫️ **{who(self.names, event.get('seat'))}**", event.get("seat"))
        frags = self.lines[-1][1]
        if event.get("type") != "creature_moved":
            frags.append(_fragment(event, self.locale))
            self.moved = None
            return
        start, to = str(event.get("from")), str(event.get("to"))
        last = self.moved
        if last is not None and last[:2] == (self.seat, event.get("creature")) and last[3] == start:
            frags.pop()
            start = last[2]
        frags.append(_move(str(event.get("colour")), start, to, self.locale))
        self.moved = (self.seat, event.get("creature"), start, to)

    def text(self) -> list[str]:
        return [head + (": " + " · ".join(more) if more else "") for head, more in self.lines]


def fold(events: list[Event], locale: str, names: list[str], jack: bool = False) -> list[str]:
    """The lines for a run of events (see the module docstring); ``jack``: at a solo 2 table
    (also when the events show it, :func:`against_jack`)."""
    jack = jack or against_jack(events)
    folder = _Folder(locale, names)
    index = 0
    while index < len(events):
        event = events[index]
        kind = str(event.get("type"))
        if kind in TAILS:
            folder.tail(event)
            index += 1
        elif kind in RUNS and not (kind == "picked" and "die" in event):
            run = _run(events, index)
            folder.head(_run_line(kind, run, locale, names))
            index += len(run)
        elif kind == "jack_scored":  # Spider Jack's three dice of a round: one line (T9)
            run = _run(events, index)
            dice = " · ".join(_jack_die(e, locale) for e in run)
            folder.head("🕷️ " + t(locale, "Spider Jack scores {dice}.", dice=dice))
            index += len(run)
        else:
            line = event_line(event, locale, names, jack)
            if line:
                folder.head(line, event.get("seat") if kind in HEADS else None)
            index += 1
    return folder.text()
