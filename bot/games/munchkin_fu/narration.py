"""The narration of a Munchkin Fu table: one short line per notable public event.

Why lines are folded: an interference window may collect a pass from every player, a kill
draws a treasure and raises a level, a setup is five "ready"s; so runs of passes and readies
read as one line each, and a fight's end reads with its totals. A card drawn face down is
never named (the events carry only a count), dice are shown with what they decided
(``🎲 5+1: Anna escapes``, the looting order's rolls). Deliberately silent: ``fight_ended``
(the next line says what comes next) and an offer ``closed`` by another's acceptance (the
acceptance says it).

Events point at a fight's monster by its place (``monster: 1``): the lines follow the fight
the batch starts (monsters joining and leaving), or the table's view (the presenter's
``table_event_lines``); a monster no longer known is left out of the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.munchkin_fu.offers import help_terms, trade_terms
from bot.games.munchkin_fu.words import (
    View,
    card_name,
    info,
    monster_name,
    side_name,
    signed,
    who,
)
from bot.i18n import N_, t

Event = dict[str, Any]
Ctx = tuple[str, list[str], View | None]
"""(locale, names, the table's view or None)."""
EventLine = Callable[[Event, Ctx], str | None]

SILENT = frozenset({"fight_ended"})
"""Events that deliberately get no line of their own (module doc)."""
RUNS = {"passed": "👌", "ready": "✅"}
"""Events of several seats in a row that read as one line."""


def _name(ctx: Ctx, cid: Any) -> str:
    return f"**{card_name(None, str(cid), ctx[0])}**"


def _who(ctx: Ctx, seat: Any) -> str:
    return who(ctx[1], seat, ctx[0])


# --- the turn ------------------------------------------------------------------------------------


def _turn_started(e: Event, ctx: Ctx) -> str:
    return t(ctx[0], "🔔 Round {r}: {who}'s turn", r=e.get("round"), who=_who(ctx, e.get("seat")))


def _door_kicked(e: Event, ctx: Ctx) -> str:
    if "card" not in e:
        return t(
            ctx[0], "🚪 {who} kicks open the door: the deck is empty", who=_who(ctx, e.get("seat"))
        )
    return t(
        ctx[0],
        "🚪 {who} kicks open the door: {card}",
        who=_who(ctx, e.get("seat")),
        card=_name(ctx, e["card"]),
    )


def _drew(e: Event, ctx: Ctx) -> str:
    return t(
        ctx[0],
        "🃏 {who} draws {n} cards face down",
        who=_who(ctx, e.get("seat")),
        n=e.get("count", 0),
    )


def _charity(e: Event, ctx: Ctx) -> str:
    if "to" in e:
        return t(
            ctx[0],
            "🎁 {who} gives a card to {to} (charity)",
            who=_who(ctx, e.get("seat")),
            to=_who(ctx, e["to"]),
        )
    return t(
        ctx[0],
        "🎁 {who} discards {card} (charity)",
        who=_who(ctx, e.get("seat")),
        card=_name(ctx, e.get("card")),
    )


def _level(e: Event, ctx: Ctx) -> str:
    up = int(e.get("to", 0)) > int(e.get("from", 0))
    mark = "⬆" if up else "⬇"
    return t(
        ctx[0],
        "{mark} {who}: level {old} → {new}",
        mark=mark,
        who=_who(ctx, e.get("seat")),
        old=e.get("from"),
        new=e.get("to"),
    )


def _won(e: Event, ctx: Ctx) -> str:
    winners = ", ".join(_who(ctx, s) for s in e.get("seats", []))
    if len(e.get("seats", [])) > 1:
        return t(ctx[0], "🏆 {who} win Munchkin Fu together!", who=winners)
    return t(ctx[0], "🏆 {who} wins Munchkin Fu!", who=winners)


def _stolen(e: Event, ctx: Ctx) -> str:
    """P19: a theft outside a fight, with the one-shot that did it."""
    return t(
        ctx[0],
        "🫳 {who} uses {card} and takes {item} from {victim}",
        who=_who(ctx, e.get("seat")),
        card=_name(ctx, e.get("card")),
        item=_name(ctx, e.get("item")),
        victim=_who(ctx, e.get("target")),
    )


def _capped(e: Event, ctx: Ctx) -> str:
    """I41: the round cap stopped the game; the first of its ranking wins only if they ever
    went up a level."""
    locale, n = ctx[0], e.get("round")
    winners = ", ".join(_who(ctx, s) for s in e.get("winners", []))
    if not winners:
        return t(
            locale, "⏱ The {n}-round cap ends the game: nobody went up a level, nobody wins", n=n
        )
    return t(
        locale,
        "⏱ The {n}-round cap ends the game: highest level and strength: {who}",
        n=n,
        who=winners,
    )


# --- plays ---------------------------------------------------------------------------------------


def _card_played(e: Event, ctx: Ctx) -> str:
    locale, seat = ctx[0], _who(ctx, e.get("seat"))
    card = _name(ctx, e.get("card"))
    if "target" in e and e["target"] == e.get("seat"):
        return t(locale, "🪤 {card} strikes {who}", who=seat, card=card)
    if "target" in e:
        return t(
            locale,
            "🪤 {who} plays {card} on {victim}",
            who=seat,
            card=card,
            victim=_who(ctx, e["target"]),
        )
    if "removed" in e:
        return t(
            locale,
            "✖ {who} plays {card}: {monster} leaves the fight",
            who=seat,
            card=card,
            monster=_name(ctx, e["removed"]),
        )
    if "monster_card" in e:
        return t(
            locale,
            "👣 {who} plays {card}: {monster} joins the fight",
            who=seat,
            card=card,
            monster=_name(ctx, e["monster_card"]),
        )
    if "monster" in e:
        monster = _monster(ctx, e["monster"]) or t(locale, "a monster")
        kind = info(None, str(e.get("card"))).get("kind")
        if kind == "double":
            return t(
                locale,
                "👯 {who} plays {card}: {monster} has a double",
                who=seat,
                card=card,
                monster=monster,
            )
        if kind != "enhancer":
            return t(
                locale, "🎁 {who} gives {card} to {monster}", who=seat, card=card, monster=monster
            )
        return t(locale, "📈 {who} plays {card} on {monster}", who=seat, card=card, monster=monster)
    if "side" in e:
        bonus = info(None, str(e.get("card"))).get("bonus", 0)
        if not bonus:
            return t(locale, "💥 {who} discards {card} for a bonus", who=seat, card=card)
        return t(
            locale,
            "🧪 {who} plays {card}: {bonus} for {side}",
            who=seat,
            card=card,
            bonus=signed(int(bonus)),
            side=side_name(str(e["side"]), locale),
        )
    if "extra" in e:
        return t(
            locale,
            "⭐ {who} plays {card} with {extra}",
            who=seat,
            card=card,
            extra=_name(ctx, e["extra"]),
        )
    return t(locale, "▶ {who} plays {card}", who=seat, card=card)


def _claimed(e: Event, ctx: Ctx) -> str:
    return t(
        ctx[0],
        "♻ {who} pays {paid} and claims {card}",
        who=_who(ctx, e.get("seat")),
        paid=_name(ctx, e.get("paid")),
        card=_name(ctx, e.get("card")),
    )


# --- the fight -----------------------------------------------------------------------------------


def _fight_started(e: Event, ctx: Ctx) -> str:
    card = info(None, str(e.get("card")))
    return t(
        ctx[0],
        "⚔ {who} fights {card} (level {n})",
        who=_who(ctx, e.get("seat")),
        card=_name(ctx, e.get("card")),
        n=card.get("level", "?"),
    )


def _fight_won(e: Event, ctx: Ctx) -> str:
    return t(ctx[0], "🏅 The heroes win, {h} to {m}", h=e.get("heroes"), m=e.get("monsters"))


def _fight_lost(e: Event, ctx: Ctx) -> str:
    return t(
        ctx[0], "😱 The monsters hold, {m} to {h}: run!", h=e.get("heroes"), m=e.get("monsters")
    )


def _treasure_drawn(e: Event, ctx: Ctx) -> str:
    if "cards" in e:
        cards = ", ".join(_name(ctx, c) for c in e["cards"])
        return t(ctx[0], "💎 Treasure, face up: {cards}", cards=cards or "—")
    return t(
        ctx[0],
        "💎 {who} draws {n} treasures face down",
        who=_who(ctx, e.get("seat")),
        n=e.get("count", 0),
    )


def _monster(ctx: Ctx, index: Any) -> str:
    """A fight's monster by its place, or "" when the fight is no longer known (a batch
    that ended it without starting it): the line then reads without it."""
    monsters = ((ctx[2] or {}).get("fight") or {}).get("monsters") or []
    if not isinstance(index, int) or not 0 <= index < len(monsters):
        return ""
    return f"**{monster_name(ctx[2], index, ctx[0])}**"


def _escape(e: Event, ctx: Ctx) -> str:
    """A runner's line: a die with its modifier and what it decided, or the way out taken."""
    locale, seat = ctx[0], _who(ctx, e.get("seat"))
    monster = _monster(ctx, e.get("monster"))
    if "roll" in e:
        modifier = int(e.get("modifier", 0))
        roll = f"{e['roll']}{signed(modifier)}" if modifier else str(e["roll"])
        caught = e.get("type") == "caught"
        if monster and caught:
            return t(
                locale, "🎲 {roll}: {monster} catches {who}", roll=roll, monster=monster, who=seat
            )
        if monster:
            return t(
                locale, "🎲 {roll}: {who} escapes {monster}", roll=roll, monster=monster, who=seat
            )
        if caught:
            return t(locale, "🎲 {roll}: {who} is caught", roll=roll, who=seat)
        return t(locale, "🎲 {roll}: {who} escapes", roll=roll, who=seat)
    how = str(e.get("how", ""))
    if how == "ignored" and monster:
        return t(locale, "🏃 {monster} does not bother with {who}", monster=monster, who=seat)
    ways = {
        "ignored": t(locale, "🏃 The monster does not bother with {who}", who=seat),
        "mook": t(locale, "🛡 {who} escapes: a mook is sacrificed", who=seat),
        "vanish": t(locale, "🥷 {who} escapes by discarding the whole hand", who=seat),
        "card": t(locale, "✨ {who} escapes with a one-shot", who=seat),
        "shadow": t(locale, "🌑 {who} vanishes into the shadows", who=seat),
    }
    return ways.get(how, t(locale, "🏃 {who} escapes", who=seat))


def _bad_stuff(e: Event, ctx: Ctx) -> str:
    locale, seat = ctx[0], _who(ctx, e.get("seat"))
    if "cards" in e:
        cards = ", ".join(_name(ctx, c) for c in e["cards"]) or t(locale, "nothing")
        return t(locale, "💔 {who} loses {cards}", who=seat, cards=cards)
    return t(locale, "💔 {who} loses {card}", who=seat, card=_name(ctx, e.get("card")))


def _penalty(e: Event, ctx: Ctx) -> str:
    who, n = _who(ctx, e.get("seat")), e.get("amount", 0)
    if e.get("next"):
        return t(ctx[0], "🩹 {who}: −{n} in their next fight", who=who, n=n)
    return t(ctx[0], "🩹 {who}: −{n} in this fight", who=who, n=n)


def _died(e: Event, ctx: Ctx) -> str:
    return t(
        ctx[0],
        "☠ {who} dies: {n} cards to loot",
        who=_who(ctx, e.get("seat")),
        n=len(e.get("corpse", [])),
    )


def _loot_order(e: Event, ctx: Ctx) -> str:
    """D: the corpse is looted from the highest level down, ties by a die: each roll shown."""
    rolls = e.get("rolls") or {}
    order = ", ".join(f"{_who(ctx, s)} 🎲{rolls.get(str(s), '?')}" for s in e.get("seats", []))
    return t(ctx[0], "💀 Looting order: {order}", order=order or "—")


def _help_offered(e: Event, ctx: Ctx) -> str:
    view = ctx[2] or {}
    terms, fields = help_terms(view, e, ctx[0], None, ctx[1])
    text = terms.format(**{k: f"**{v}**" if k == "item" else v for k, v in fields.items()})
    return t(
        ctx[0],
        "🤝 {who} asks {helper} for help: {terms}",
        who=_who(ctx, e.get("source")),
        helper=_who(ctx, e.get("target")),
        terms=text,
    )


def _help_answered(e: Event, ctx: Ctx) -> str | None:
    answer = e.get("answer")
    if answer == "accept":
        return t(
            ctx[0],
            "🤝 {helper} helps {who}",
            helper=_who(ctx, e.get("target")),
            who=_who(ctx, e.get("source")),
        )
    if answer == "counter":
        view = ctx[2] or {}
        terms, fields = help_terms(view, e, ctx[0], None, ctx[1])
        return t(
            ctx[0],
            "↩ {helper} asks instead: {terms}",
            helper=_who(ctx, e.get("target")),
            terms=terms.format(**fields),
        )
    if answer == "decline":
        return t(ctx[0], "❌ A help request is declined")
    return None  # "closed": another player's acceptance already says it


def _bribe_paid(e: Event, ctx: Ctx) -> str:
    """I7: the items of an accepted offer change hands when the fight ends."""
    items = ", ".join(_name(ctx, c) for c in e.get("items", [])) or t(ctx[0], "nothing")
    return t(
        ctx[0],
        "🤝 {who} pays {helper} as agreed: {items}",
        who=_who(ctx, e.get("seat")),
        helper=_who(ctx, e.get("to")),
        items=items,
    )


def _trade_offered(e: Event, ctx: Ctx) -> str:
    terms, fields = trade_terms(ctx[2] or {}, e, ctx[0], None)
    return t(
        ctx[0],
        "🔁 {who} offers {other} a trade: {terms}",
        who=_who(ctx, e.get("source")),
        other=_who(ctx, e.get("target")),
        terms=terms.format(**fields),
    )


def _trade_answered(e: Event, ctx: Ctx) -> str:
    if e.get("answer") == "void":
        return t(ctx[0], "🔁 A trade falls through: the items are gone")
    return t(ctx[0], "🔁 A trade is declined")


def _traded(e: Event, ctx: Ctx) -> str:
    return t(
        ctx[0],
        "🔁 {who} and {other} trade",
        who=_who(ctx, e.get("source")),
        other=_who(ctx, e.get("target")),
    )


SEAT_CARD: dict[str, str] = {
    "discarded": N_("🗑 {who} discards {card} from play"),
    "carried": N_("🎒 {who} carries {card} (not used)"),
    "sold": N_("💰 {who} sells {card}"),
    "treasure_taken": N_("💰 {who} takes {card}"),
    "looted": N_("💀 {who} takes {card} from the corpse"),
    "slain": N_("🗡 {who} discards the whole hand and slays {card}"),
    "looted_room": N_("🎒 {who} loots the room (a door card, face down)"),
    "friendly_met": N_("🕊 {who} meets {card}: friendly, no fight"),
    "window_opened": N_("⏳ The fight waits: everyone else may play a card or pass"),
}
"""Events that read as one sentence of who did it and with which card (or none)."""
UNCARRIED = N_("🎒 {who} uses {card} again")


def _seat_card(e: Event, ctx: Ctx) -> str:
    kind = str(e.get("type"))
    template = UNCARRIED if kind == "carried" and not e.get("on") else SEAT_CARD[kind]
    return t(ctx[0], template, who=_who(ctx, e.get("seat")), card=_name(ctx, e.get("card")))


LINES: dict[str, EventLine] = {
    **dict.fromkeys(SEAT_CARD, _seat_card),
    "turn_started": _turn_started,
    "door_kicked": _door_kicked,
    "drew": _drew,
    "charity": _charity,
    "level_changed": _level,
    "won": _won,
    "capped": _capped,
    "stolen": _stolen,
    "card_played": _card_played,
    "claimed": _claimed,
    "fight_started": _fight_started,
    "fight_won": _fight_won,
    "fight_lost": _fight_lost,
    "treasure_drawn": _treasure_drawn,
    "ran": _escape,
    "caught": _escape,
    "bad_stuff": _bad_stuff,
    "penalty": _penalty,
    "died": _died,
    "loot_order": _loot_order,
    "help_offered": _help_offered,
    "help_answered": _help_answered,
    "bribe_paid": _bribe_paid,
    "trade_offered": _trade_offered,
    "trade_answered": _trade_answered,
    "traded": _traded,
}


def event_line(event: Event, locale: str, names: list[str], view: View | None = None) -> str | None:
    """One event's line, or None when it is silent (or unknown: a later event type)."""
    line = LINES.get(str(event.get("type")))
    return line(event, (locale, names, view)) if line else None


TAILS = {
    "door_kicked": frozenset({"fight_started"}),
    "fight_won": frozenset({"bribe_paid", "level_changed", "treasure_drawn"}),
}
"""What reads on the line of the event before it: the fight behind a door; a kill's bribe
paid, levels and treasure."""


def _tail(event: Event, line: str, locale: str) -> str:
    """The part of ``line`` to add to the line before: a fight behind the door needs only
    its level (the door's line named the monster)."""
    if event.get("type") == "fight_started":
        level = info(None, str(event.get("card"))).get("level", "?")
        return t(locale, "⚔ fight! (level {n})", n=level)
    return line


def _run_line(kind: str, seats: list[Any], locale: str, names: list[str]) -> str:
    people = ", ".join(who(names, s, locale) for s in seats)
    if len(seats) == 1:
        if kind == "ready":
            return t(locale, "✅ {who} is ready", who=people)
        return t(locale, "👌 {who} passes", who=people)
    if kind == "ready":
        return t(locale, "✅ Ready: {who}", who=people)
    return t(locale, "👌 Pass: {who}", who=people)


def _fight_view(view: View | None, events: list[Event]) -> View | None:
    """The fight the batch's events point into: the one a ``fight_started`` of the batch
    begins (followed through monsters joining and leaving), else the view's fight."""
    if not any(e.get("type") == "fight_started" for e in events):
        return view
    return {"fight": {"monsters": []}}


def _follow(fight: View | None, event: Event) -> None:
    """Keep the batch's fight up to date with monsters joining and leaving it."""
    if fight is None or "fight" not in fight or len(fight) != 1:
        return
    monsters: list[dict[str, Any]] = fight["fight"]["monsters"]
    kind = event.get("type")
    if kind == "fight_started":
        monsters[:] = [{"card": event.get("card")}]
    elif (kind == "card_played" and "removed" in event) or kind == "slain":
        gone = event.get("removed", event.get("card"))
        cards = [m["card"] for m in monsters]
        if gone in cards:
            monsters.pop(cards.index(gone))
    elif kind == "card_played" and "monster_card" in event:
        monsters.append({"card": event["monster_card"]})
    elif kind == "card_played" and info(None, str(event.get("card"))).get("kind") in (
        "double",
        "monster",
    ):
        monsters.append({"card": event.get("card")})


def fold(events: list[Event], locale: str, names: list[str], view: View | None) -> list[str]:
    """The lines of a run of events: runs of passes or readies as one line each, and what
    follows a kicked door or a won fight (:data:`TAILS`) on that line."""
    lines: list[str] = []
    run_kind: str = ""
    run_seats: list[Any] = []
    fight = _fight_view(view, events)
    head = ""
    for event in events:
        kind = str(event.get("type"))
        _follow(fight, event)
        if kind in RUNS:
            if kind != run_kind and run_seats:
                lines.append(_run_line(run_kind, run_seats, locale, names))
                run_seats = []
            run_kind = kind
            run_seats.append(event.get("seat"))
            continue
        if run_seats:
            lines.append(_run_line(run_kind, run_seats, locale, names))
            run_kind, run_seats, head = "", [], ""
        line = event_line(event, locale, names, fight)
        if line and lines and kind in TAILS.get(head, ()):
            lines[-1] += " · " + _tail(event, line, locale)
        elif line:
            lines.append(line)
            head = kind
    if run_seats:
        lines.append(_run_line(run_kind, run_seats, locale, names))
    return lines
