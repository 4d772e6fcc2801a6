"""What ``/mp`` reads and suggests (issue 11), apart from Discord: a square or a figure as a
player types it, an attack's target option, the command for an engine action, the attack
preview's text, and the autocomplete suggestions built from the caller's view and legal moves.

Why here and not in the cog: these are pure functions of a view (tests and the cog share them),
and the cog stays the thin Discord adapter the other games' cogs are."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.games.monsterpocalypse.odds import attack_entry, attack_odds
from bot.games.monsterpocalypse.words import (
    Action,
    View,
    content_name,
    dice,
    figure_name,
    hazard_count,
    hazard_damage,
    kind_name,
    manoeuvre_name,
    percent,
    where,
)
from bot.i18n import t

# -- reading what the player typed ---------------------------------------------------------------


def square(text: str | None) -> str:
    """A square as the engine names it (``" c 4"`` → ``"C4"``); text that is no square goes
    to the engine as typed, whose refusal then says so."""
    from rules.monsterpocalypse.geometry import name, parse

    raw = (text or "").strip()
    try:
        return name(parse(raw.replace(" ", "")))
    except ValueError:
        return raw


def figure_id(view: View | None, text: str | None, locale: str = "en") -> str:
    """The figure or building id meant by ``text``: an id as the suggestions send it
    (``u3``), or a name as a suggestion shows it ("Hive Drone u3", "Titan")."""
    raw = (text or "").strip()
    if view is None:
        return raw
    ids = [str(f["id"]) for f in view.get("figures") or []]
    ids += [str(b["id"]) for b in view.get("buildings") or []]
    lowered = raw.lower()
    for item in ids:
        if lowered == item.lower():
            return item
    for lang in (locale, "en", "it"):
        for item in ids:
            if lowered == figure_name(view, item, lang).lower():
                return item
    return raw


TARGET_SEPARATOR = "/"


def target_value(action: Action) -> str:
    """An attack's target as an autocomplete value: the target id, the kind and, for a
    power attack, the manoeuvre (one target may be brawled or slammed)."""
    parts = [str(action.get("target", "")), str(action.get("kind", ""))]
    if action.get("kind") == "power":
        parts.append(str(action.get("manoeuvre", "")))
    return TARGET_SEPARATOR.join(parts)


def read_target(view: View | None, figure: str, text: str, locale: str) -> tuple[str, str, str]:
    """``(target, kind, manoeuvre)`` from a target option: a suggestion's value, or a target
    typed by id or name (its first legal kind: brawl or blast before a power attack)."""
    if TARGET_SEPARATOR in text:
        target, kind, *rest = text.split(TARGET_SEPARATOR)
        return target, kind, rest[0] if rest else ""
    target = figure_id(view, text, locale)
    for entry in _attack_entries(view, figure):
        if str(entry.get("target", "")) == target:
            return target, str(entry.get("kind")), str(entry.get("manoeuvre", ""))
    return target, "brawl", ""


def _attack_entries(view: View | None, figure: str | None = None) -> list[dict[str, Any]]:
    entries = [dict(e) for e in (view or {}).get("attacks") or []]
    order = {"brawl": 0, "blast": 1, "power": 2}
    entries.sort(key=lambda e: order.get(str(e.get("kind")), 3))
    return [e for e in entries if figure is None or e.get("figure") == figure]


def attack_action(
    figure: str, target: str, kind: str, manoeuvre: str, rolled: int, power: int
) -> Action:
    action: Action = {"type": "attack", "figure": figure, "kind": kind, "target": target,
                      "dice": rolled, "manoeuvre": manoeuvre, "power": power}  # fmt: skip
    return action


def command_for(action: Action) -> tuple[str, dict[str, Any]]:
    """The ``/mp`` command and options a player types for an engine action (dumped); tests
    play through it."""
    kind = action["type"]
    if kind == "move":
        return "mp move", {"figure": action["figure"], "to": action["to"]}
    if kind == "run":
        return "mp run", {"to": action["to"]}
    if kind == "spawn":
        return "mp spawn", {"unit": action["unit"], "at": action["at"]}
    if kind == "place_monster":
        return "mp place", {"at": action["at"]}
    if kind == "place_building":
        return "mp place", {"at": action["at"], "building": action["building"]}
    if kind == "attack":
        options = {"figure": action["figure"], "target": target_value(action),
                   "dice": action["dice"]}  # fmt: skip
        if int(action.get("power", 0)):
            options["power"] = action["power"]
        return "mp attack", options
    raise KeyError(kind)


# -- the attack preview --------------------------------------------------------------------------


def preview_text(view: View, action: Action, locale: str) -> str:
    """The odds of an attack before it is rolled, in a few lines."""
    entry = attack_entry(view, action)
    odds = attack_odds(view, action)
    kind = str(action.get("kind"))
    how = kind_name(locale, kind)
    if kind == "power" and action.get("manoeuvre"):
        how += f" ({manoeuvre_name(locale, str(action['manoeuvre']))})"
    target = str(action.get("target", ""))
    lines = [
        t(
            locale,
            "**{attacker}** — {kind} at **{target}** ({at})",
            attacker=figure_name(view, str(action["figure"]), locale),
            kind=how,
            target=figure_name(view, target, locale) if target else "—",
            at=where(view, target) if target else "—",
        ),
        t(
            locale,
            "{dice} + {boost} boost against DEF {defense}",
            dice=dice(locale, int(action.get("dice", 0))),
            boost=int(entry.get("boost", 0)),
            defense=entry.get("defense", "?"),
        ),
    ]
    if int(action.get("power", 0)):
        lines.append(t(locale, "+ {n} power dice", n=action["power"]))
    if odds is not None:
        lines.append(
            t(
                locale,
                "🎯 Chance to hit: **{hit}** · super damage: **{super}**",
                hit=percent(odds.hit),
                super=percent(odds.super),
            )
        )
    lines.append(t(locale, "Every die rolled is spent. Confirm to roll."))
    return "\n".join(lines)


# -- what autocomplete suggests (name shown, value sent) -----------------------------------------


@dataclass(frozen=True, slots=True)
class Asked:
    """What a suggestion is built from: the caller's view and legal moves, their language,
    and the options they have filled so far."""

    view: View
    legal: list[Action]
    locale: str
    namespace: Any

    def option(self, name: str) -> str:
        return str(getattr(self.namespace, name, "") or "")

    def figure(self) -> str:
        return figure_id(self.view, self.option("figure"), self.locale)

    def named(self, figure: str) -> tuple[str, str]:
        return f"{figure_name(self.view, figure, self.locale)} ({where(self.view, figure)})", figure

    def of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a["type"] == kind]


def movers(asked: Asked) -> Iterable[tuple[str, str]]:
    return (asked.named(f) for f in dict.fromkeys(str(a["figure"]) for a in asked.of("move")))


def reachable(asked: Asked) -> Iterable[tuple[str, str]]:
    entries = (asked.view.get("moves") or {}).get(asked.figure(), [])
    return ((_reach_name(e, asked.locale), str(e["to"])) for e in entries)


def runs(asked: Asked) -> Iterable[tuple[str, str]]:
    return (
        (f"{r['to']} ({dice(asked.locale, int(r.get('cost', 0)))})", str(r["to"]))
        for r in asked.view.get("runs") or []
    )


def spawn_units(asked: Asked) -> Iterable[tuple[str, str]]:
    kinds = dict.fromkeys(str(a["unit"]) for a in asked.of("spawn"))
    return ((content_name("unit", k, asked.locale), k) for k in kinds)


def spawn_squares(asked: Asked) -> Iterable[tuple[str, str]]:
    unit = asked.option("unit")
    costs = {
        (s.get("unit"), s.get("at")): int(s.get("cost", 0)) for s in asked.view.get("spawns") or []
    }
    found: dict[str, str] = {}
    for a in asked.of("spawn"):
        if not unit or a["unit"] == unit:
            cost = costs.get((a["unit"], a["at"]), 0)
            found.setdefault(str(a["at"]), f"{a['at']} ({dice(asked.locale, cost)})")
    return ((name, at) for at, name in found.items())


def building_kinds(asked: Asked) -> Iterable[tuple[str, str]]:
    kinds = dict.fromkeys(str(a["building"]) for a in asked.of("place_building"))
    return ((content_name("building", k, asked.locale), k) for k in kinds)


def place_squares(asked: Asked) -> Iterable[tuple[str, str]]:
    building = asked.option("building")
    places = asked.of("place_monster") + [
        a for a in asked.of("place_building") if not building or a["building"] == building
    ]
    return ((at, at) for at in dict.fromkeys(str(a["at"]) for a in places))


def _attacks(asked: Asked, figure: str | None = None) -> dict[str, Action]:
    """The caller's attacks by target option value (the full roll without extra power
    dice), of ``figure`` when given; plain attacks before power attacks."""
    found: dict[str, Action] = {}
    order = {"brawl": 0, "blast": 1, "power": 2}
    for a in sorted(asked.of("attack"), key=lambda a: order.get(str(a["kind"]), 3)):
        if (figure is None or a["figure"] == figure) and not int(a.get("power", 0)):
            key = target_value(a) if figure is not None else str(a["figure"])
            if key not in found or int(a["dice"]) > int(found[key]["dice"]):
                found[key] = a
    return found


def attackers(asked: Asked) -> Iterable[tuple[str, str]]:
    return (asked.named(f) for f in _attacks(asked))


def targets(asked: Asked) -> Iterable[tuple[str, str]]:
    found = _attacks(asked, asked.figure())
    return ((_target_name(asked.view, a, asked.locale), value) for value, a in found.items())


def dice_counts(asked: Asked) -> Iterable[tuple[str, int]]:
    """``3 dice — 46 %`` for each number of dice the chosen attack may roll."""
    figure = asked.figure()
    target, kind, manoeuvre = read_target(asked.view, figure, asked.option("target"), asked.locale)
    most = max(
        (
            int(a["dice"])
            for a in asked.of("attack")
            if (a["figure"], a["target"], a["kind"], a.get("manoeuvre", ""))
            == (figure, target, kind, manoeuvre)
        ),
        default=0,
    )
    for n in range(1, most + 1):
        odds = attack_odds(asked.view, attack_action(figure, target, kind, manoeuvre, n, 0))
        chance = f" — {percent(odds.hit)}" if odds is not None else ""
        yield f"{dice(asked.locale, n)}{chance}", n


ATTACK_FIELDS: tuple[tuple[str, Any], ...] = (
    ("figure", ""), ("kind", ""), ("target", ""), ("dice", 0), ("manoeuvre", ""), ("power", 0),
)  # fmt: skip


def index_of(legal: list[Action], action: Action) -> int | None:
    """The index of the legal attack ``action`` means (fields it leaves out match anything
    the engine's action holds at its default)."""
    for i, candidate in enumerate(legal):
        if candidate.get("type") != "attack":
            continue
        if all(
            candidate.get(key, default) == action.get(key, default)
            for key, default in ATTACK_FIELDS
        ):
            return i
    return None


def _reach_name(entry: dict[str, Any], locale: str) -> str:
    """``C4 — 2 movement points, 🔥``: a reachable square as a suggestion."""
    text = t(locale, "{to} — {n} movement points", to=entry["to"], n=entry.get("cost", 0))
    hurt = hazard_count(entry.get("hazards"))
    if hurt:
        text += ", " + hazard_damage(hurt)
    return text


def _target_name(view: View, attack: Action, locale: str) -> str:
    """A target as a suggestion: who, where, how, and the odds of the full roll."""
    target = str(attack.get("target", ""))
    kind = str(attack.get("kind"))
    how = kind_name(locale, kind)
    if attack.get("manoeuvre"):
        how = manoeuvre_name(locale, str(attack["manoeuvre"]))
    odds = attack_odds(view, attack)
    most = int(attack.get("dice", 0))
    chance = ""
    if odds is not None:
        chance = f", DEF {odds.defense} — {percent(odds.hit)} ({dice(locale, most)})"
    if not target:
        everyone = t(locale, "every adjacent unit")
        return f"{everyone}: {how}{chance}"
    return f"{figure_name(view, target, locale)} {where(view, target)}: {how}{chance}"
