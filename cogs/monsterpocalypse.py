"""``/mp``: Monsterpocalypse's moves as slash commands, with legal-only autocomplete.

``/mp move figure to``, ``/mp run to``, ``/mp spawn unit at``, ``/mp place at [building]``
turn their options into the engine's action and hand it to :func:`bot.flows.play`; the
engine decides legality, so anything illegal gets its localised refusal and changes nothing.
``/mp attack figure target dice`` does not roll at once: it answers with a preview of the
odds (dice, boost, DEF, the chance to hit and of super damage) and Confirm / Cancel buttons,
seen by the caller alone. Confirm is a move button (``act``: the digest of the caller's legal
moves and the attack's index), so a confirm shown before the table moved on is refused as
stale, as any DM button is.

Autocomplete offers only the caller's legal moves, from their own view: the figures that may
move, then the chosen figure's reachable squares with cost and hazards; the attackers, then
their targets with the odds, then 1..max dice. A square typed by hand ("c4", "C 4") is read
by the engine's :func:`rules.monsterpocalypse.geometry.parse`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.components import ComponentRef, choices_digest
from bot.flows import active_table_of, answer, seat_here
from bot.games.monsterpocalypse.odds import attack_entry, attack_odds
from bot.games.monsterpocalypse.words import (
    DIE,
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
from bot.i18n import normalise, t
from bot.limits import BUTTON_LABEL, CHOICE_NAME, clip
from bot.publisher import COLOUR, Payload
from bot.store import GameRecord

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME = "monsterpocalypse"
MAX_CHOICES = 25

View = dict[str, Any]
Action = dict[str, Any]


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


def preview_payload(
    record: GameRecord, view: View, legal: list[Action], index: int, locale: str
) -> Payload:
    """The preview with Confirm (the attack's move button) and Cancel."""
    action = legal[index]
    embed = discord.Embed(
        title=clip(t(locale, "Attack preview"), 256),
        description=preview_text(view, action, locale),
        colour=COLOUR,
    )
    buttons = discord.ui.View(timeout=None)
    confirm = ComponentRef("act", record.id, index=index, digest=choices_digest(legal))
    buttons.add_item(
        discord.ui.Button(
            label=clip(
                t(locale, "Confirm: roll {n} {die}", n=action["dice"], die=DIE), BUTTON_LABEL
            ),
            custom_id=confirm.custom_id,
            style=discord.ButtonStyle.danger,
        )
    )
    cancel = ComponentRef("dismiss", record.id)
    buttons.add_item(
        discord.ui.Button(
            label=clip(t(locale, "Cancel"), BUTTON_LABEL),
            custom_id=cancel.custom_id,
            style=discord.ButtonStyle.secondary,
        )
    )
    return Payload(embed=embed, view=buttons)


class MonsterpocalypseCog(
    commands.GroupCog, group_name="mp", group_description="Monsterpocalypse moves"
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- playing ----------------------------------------------------------------------------

    def _legal(self, record: GameRecord, seat: int) -> list[Action]:
        engine = self.bot.tables.engine(GAME)
        state = self.bot.tables.state(record)
        return [engine.dump_action(a) for a in engine.legal_actions(state, seat)]

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        build: Callable[[View | None, str], Action],
    ) -> None:
        """Answer in time, build the action from the caller's view, play it."""

        async def work(locale: str) -> str:
            record = await active_table_of(self.bot, interaction, GAME)
            seat = record.seat_of(interaction.user.id)
            started = record.state is not None and seat is not None
            view = self.bot.tables.view(record, seat) if started else None
            return await flows.play(self.bot, interaction, record.id, build(view, locale))

        await answer(interaction, work)

    @app_commands.command(name="move", description="Move one of your figures")
    @app_commands.describe(figure="The figure to move", to="The square it ends on (e.g. C4)")
    async def move(self, interaction: discord.Interaction[Any], figure: str, to: str) -> None:
        await self._play(
            interaction,
            lambda view, locale: {
                "type": "move",
                "figure": figure_id(view, figure, locale),
                "to": square(to),
            },
        )

    @app_commands.command(name="run", description="Your monster runs: one die per extra square")
    @app_commands.describe(to="The square it runs to (e.g. C4)")
    async def run(self, interaction: discord.Interaction[Any], to: str) -> None:
        await self._play(interaction, lambda view, locale: {"type": "run", "to": square(to)})

    @app_commands.command(name="spawn", description="Bring a unit from your reserve into play")
    @app_commands.describe(unit="The unit type", at="The spawn square (e.g. C4)")
    async def spawn(self, interaction: discord.Interaction[Any], unit: str, at: str) -> None:
        await self._play(
            interaction,
            lambda view, locale: {"type": "spawn", "unit": unit.strip(), "at": square(at)},
        )

    @app_commands.command(name="place", description="Setup: place a building, or your monster")
    @app_commands.describe(
        at="The square of its top-left corner (e.g. C4)",
        building="While placing buildings: which building",
    )
    async def place(
        self, interaction: discord.Interaction[Any], at: str, building: str | None = None
    ) -> None:
        def build(view: View | None, locale: str) -> Action:
            if building:
                return {"type": "place_building", "building": building.strip(), "at": square(at)}
            return {"type": "place_monster", "at": square(at)}

        await self._play(interaction, build)

    @app_commands.command(name="attack", description="Attack: see the odds, then confirm")
    @app_commands.describe(
        figure="Your attacking figure",
        target="What it attacks (and how)",
        dice="How many action dice to roll (each is spent)",
        power="Power attack only: extra power dice to roll",
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        figure: str,
        target: str,
        dice: app_commands.Range[int, 0, 10],
        power: app_commands.Range[int, 0, 2] = 0,
    ) -> None:
        async def work(locale: str) -> flows.Reply:
            record = await active_table_of(self.bot, interaction, GAME)
            seat = record.seat_of(interaction.user.id)
            started = record.state is not None and seat is not None
            view = self.bot.tables.view(record, seat) if started else None
            who = figure_id(view, figure, locale)
            aimed, kind, manoeuvre = read_target(view, who, target.strip(), locale)
            action = attack_action(who, aimed, kind, manoeuvre, dice, power)
            legal = self._legal(record, seat) if view is not None and seat is not None else []
            index = _index_of(legal, action)
            if view is None or index is None:
                # Not a legal attack: the engine says why, and nothing changes.
                return await flows.play(self.bot, interaction, record.id, action)
            return preview_payload(record, view, legal, index, locale)

        await answer(interaction, work)

    # -- autocomplete -----------------------------------------------------------------------

    async def _suggest(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        make: Callable[[Asked], Iterable[tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Suggestions from the caller's own view and legal moves (none when they have no
        seat at a started table here), filtered by what they typed."""
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return []
        asked = Asked(
            self.bot.tables.view(*here),
            self._legal(*here),
            normalise(interaction.locale),
            interaction.namespace,
        )
        return _choices(current, make(asked))

    @move.autocomplete("figure")
    async def move_figure_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _movers)

    @move.autocomplete("to")
    async def move_to_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _reachable)

    @run.autocomplete("to")
    async def run_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _runs)

    @spawn.autocomplete("unit")
    async def spawn_unit_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _spawn_units)

    @spawn.autocomplete("at")
    async def spawn_at_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _spawn_squares)

    @place.autocomplete("building")
    async def place_building_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _building_kinds)

    @place.autocomplete("at")
    async def place_at_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _place_squares)

    @attack.autocomplete("figure")
    async def attack_figure_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _attackers)

    @attack.autocomplete("target")
    async def attack_target_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, _targets)

    @attack.autocomplete("dice")
    async def attack_dice_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return []
        view, legal = self.bot.tables.view(*here), self._legal(*here)
        asked = Asked(view, legal, normalise(interaction.locale), interaction.namespace)
        choices = [
            app_commands.Choice(name=name[:CHOICE_NAME], value=n)
            for name, n in _dice_counts(asked)
            if current.strip() in str(n)
        ]
        return choices[:MAX_CHOICES]


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


def _movers(asked: Asked) -> Iterable[tuple[str, str]]:
    return (asked.named(f) for f in dict.fromkeys(str(a["figure"]) for a in asked.of("move")))


def _reachable(asked: Asked) -> Iterable[tuple[str, str]]:
    entries = (asked.view.get("moves") or {}).get(asked.figure(), [])
    return ((_reach_name(e, asked.locale), str(e["to"])) for e in entries)


def _runs(asked: Asked) -> Iterable[tuple[str, str]]:
    return (
        (f"{r['to']} ({dice(asked.locale, int(r.get('cost', 0)))})", str(r["to"]))
        for r in asked.view.get("runs") or []
    )


def _spawn_units(asked: Asked) -> Iterable[tuple[str, str]]:
    kinds = dict.fromkeys(str(a["unit"]) for a in asked.of("spawn"))
    return ((content_name("unit", k, asked.locale), k) for k in kinds)


def _spawn_squares(asked: Asked) -> Iterable[tuple[str, str]]:
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


def _building_kinds(asked: Asked) -> Iterable[tuple[str, str]]:
    kinds = dict.fromkeys(str(a["building"]) for a in asked.of("place_building"))
    return ((content_name("building", k, asked.locale), k) for k in kinds)


def _place_squares(asked: Asked) -> Iterable[tuple[str, str]]:
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


def _attackers(asked: Asked) -> Iterable[tuple[str, str]]:
    return (asked.named(f) for f in _attacks(asked))


def _targets(asked: Asked) -> Iterable[tuple[str, str]]:
    found = _attacks(asked, asked.figure())
    return ((_target_name(asked.view, a, asked.locale), value) for value, a in found.items())


def _dice_counts(asked: Asked) -> Iterable[tuple[str, int]]:
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


def _index_of(legal: list[Action], action: Action) -> int | None:
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


def _choices(current: str, named: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Suggestions whose name or value contains what the caller typed (any case, spaces
    ignored), at most 25."""
    typed = current.strip().lower().replace(" ", "")
    found = []
    for name, value in named:
        if typed in name.lower().replace(" ", "") or typed in value.lower():
            found.append(app_commands.Choice(name=name[:CHOICE_NAME], value=value[:CHOICE_NAME]))
    return found[:MAX_CHOICES]


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(MonsterpocalypseCog(bot))


__all__ = ["MonsterpocalypseCog", "command_for", "figure_id", "square"]
