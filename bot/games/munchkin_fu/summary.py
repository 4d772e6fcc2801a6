"""The table's summary: whose turn and what phase, one compact line per player, the fight's
totals, and who the table still waits for.

Why compact: it is one embed field (1,024 characters) that must hold six players with
32-character names. Each player line puts what decides the race first (level, hand size), then
the class and styles, and is cut at its share of the field; a seat's tag (``P2``) starts it,
since labels name seats by tag when the view carries no names.
"""

from __future__ import annotations

from bot.games.munchkin_fu.words import (
    View,
    class_name,
    fit,
    info,
    monster_name,
    name_of,
    named,
    seat_tag,
    units,
    who,
)
from bot.i18n import N_, t

MAX_FIELD = 1024


PHASES = {
    "setup": N_("first plays"),
    "door": N_("kick open the door"),
    "trouble": N_("look for trouble or loot the room"),
    "fight": N_("fight"),
    "loot": N_("end of the turn"),
    "charity": N_("charity"),
    "over": N_("game over"),
}
CHOICES = {
    "charity": N_("charity"),
    "lose": N_("what to lose"),
    "run_order": N_("the running order"),
    "run": N_("how to run away"),
    "mook_helper": N_("the mook and the helper"),
    "loot": N_("a card from the corpse"),
    "split": N_("a treasure"),
}
"""What the table is doing, and what a choice is about, in words."""


def phase_name(phase: str, locale: str) -> str:
    return named(PHASES, phase, locale)


def choice_name(kind: str, locale: str) -> str:
    return named(CHOICES, kind, locale)


def _header(view: View, locale: str, names: list[str]) -> str:
    phase = str(view.get("phase", ""))
    if phase == "setup":
        return t(locale, "🎬 First plays: everyone puts cards in play, then says Ready")
    if phase == "over":
        winners = ", ".join(who(names, s, locale) for s in view.get("winners", []))
        if view.get("capped"):  # I41: the round cap, not a kill, ended it
            if not winners:
                return t(locale, "⏱ Game over at the round cap: nobody wins")
            return t(locale, "⏱ Game over at the round cap: {who} ranks first", who=winners)
        return t(locale, "🏆 Game over: {who} wins", who=winners or "—")
    return t(
        locale,
        "Round {r} · {who}'s turn · {phase} · goal level {goal}",
        r=view.get("round"),
        who=who(names, view.get("turn"), locale),
        phase=phase_name(phase, locale),
        goal=view.get("win_level", 10),
    )


def _marks(view: View, seat: int) -> str:
    fight = view.get("fight") or {}
    marks = ""
    if seat == view.get("turn") and view.get("phase") not in ("setup", "over"):
        marks += "▶"
    if seat == fight.get("fighter"):
        marks += "⚔"
    if seat == fight.get("helper"):
        marks += "🤝"
    if seat in view.get("pending", []):
        marks += "⏳"
    return marks


def player_line(view: View, seat: int, locale: str, names: list[str]) -> str:
    """``P2 ▶ **Bob** L5 ✋4 · Ninja · Flying Wok, Neon Sign Kick · 🪤1``."""
    p = view["players"][seat]
    classes = "+".join(
        class_name(str(info(view, c).get("class_id", "")), locale) for c in p.get("classes", [])
    )
    styles = ", ".join(name_of(info(view, c), locale) for c in p.get("styles", []))
    head = f"{seat_tag(seat, locale)} {_marks(view, seat)} **{who(names, seat, locale)}**"
    parts = [f"{head} L{p.get('level')} ✋{p.get('hand', 0)}"]
    parts += [text for text in (classes, styles) if text]
    if p.get("curses"):
        parts.append(f"🪤{len(p['curses'])}")
    return " · ".join(parts).replace("  ", " ")


def fight_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """The fight's totals and monsters, the window's state, an open choice."""
    fight = view.get("fight")
    lines: list[str] = []
    if fight and fight.get("monsters"):
        heroes = (fight.get("heroes") or {}).get("total", 0)
        monsters = (fight.get("monsters_total") or {}).get("total", 0)
        foes = ", ".join(
            f"{monster_name(view, i, locale)} L{m.get('level')}"
            for i, m in enumerate(fight["monsters"])
        )
        side = who(names, fight.get("fighter"), locale)
        if fight.get("helper", -1) >= 0:
            side += " + " + who(names, fight["helper"], locale)
        lines.append(
            fit(
                t(locale, "⚔ {side} {h} vs {m} {foes}", side=side, h=heroes, m=monsters, foes=foes),
                300,
            )
        )
        waiting = (fight.get("window") or {}).get("waiting", [])
        if fight.get("stage") == "window":
            lines.append(
                t(locale, "⏳ Interference window: {n} still to pass or play", n=len(waiting))
            )
    choice = view.get("choice")
    if choice:
        lines.append(
            t(
                locale,
                "❓ {who} decides ({what})",
                who=who(names, choice.get("seat"), locale),
                what=choice_name(str(choice.get("kind")), locale),
            )
        )
    for offer in view.get("offers", []):
        kind = t(locale, "help") if offer.get("kind") == "help" else t(locale, "a trade")
        lines.append(
            t(
                locale,
                "🤝 {who} offers {other} {kind}",
                who=who(names, offer.get("source"), locale),
                other=who(names, offer.get("target"), locale),
                kind=kind,
            )
        )
    return lines


def summary_lines(view: View, locale: str, names: list[str]) -> list[str]:
    """Header, one line per player, then the fight; within :data:`MAX_FIELD` in total."""
    header = _header(view, locale, names)
    extra = fight_lines(view, locale, names)
    players = view.get("players", [])
    extra = _within(extra, MAX_FIELD // 3)
    used = units(header) + sum(units(x) + 1 for x in extra) + len(players) + 1
    share = max(40, (MAX_FIELD - used) // max(1, len(players)))
    lines = [header]
    lines += [fit(player_line(view, s, locale, names), share) for s in range(len(players))]
    return lines + extra


def _within(lines: list[str], limit: int) -> list[str]:
    """As many of ``lines`` as fit in ``limit`` (offers come last and go first)."""
    kept: list[str] = []
    for line in lines:
        if sum(units(x) + 1 for x in kept) + units(line) + 1 > limit:
            break
        kept.append(line)
    return kept
