"""``/terror``: every Notte di Terrore move as a slash command, with legal-only autocomplete.

One subcommand per kind of move. Each one turns its arguments into the engine's action dict
and hands it to :func:`bot.flows.play`; the engine decides legality. Autocomplete offers only
what the caller's legal actions contain, read from the caller's own view. A card typed instead
of picked ("megera della palude", "Axe") is read by :mod:`bot.choices` against the same view:
the caller's legal moves for that command, then the cards the option may name in their view
(so an illegal choice still gets the engine's reason); anything else is answered "pick one of
the suggestions" and changes nothing.
The one-tap moves (pass, flee, end the fight, the hand split...) are also buttons in the
player's DM and in ``/game hand``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.choices import Candidate, named, resolve_move, suggests
from bot.flows import active_table_of, answer, seat_here
from bot.games import PRESENTERS
from bot.games.notte_di_terrore import card_label, card_name
from bot.i18n import normalise

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME = "notte_di_terrore"
MAX_CHOICES = 25

Legal = list[dict[str, Any]]
View = dict[str, Any]


def place_action(view: dict[str, Any] | None, card: str, target: str | None) -> dict[str, Any]:
    """The action ``/terror place`` means: a Being alone, an Event on a Being, or the
    Necronomicon summoning a Being from the hand (its target)."""
    info = (view or {}).get("cards", {}).get(card, {})
    if info.get("necronomicon"):
        return {"type": "summon", "card": card, "being": target or ""}
    if info.get("deck") == "events":
        return {"type": "place_event", "card": card, "target": target or ""}
    return {"type": "place_being", "card": card}


def attack_action(target: str, weapon: str, weapon2: str | None) -> dict[str, Any]:
    """A pair of Weapons may be named in either order: the engine takes both (C1)."""
    weapons = [weapon] if not weapon2 else [weapon, weapon2]
    return {"type": "attack", "target": target, "weapons": weapons}


SUBCOMMANDS: dict[str, tuple[str, dict[str, str]]] = {
    # engine action type -> (/terror subcommand, {command option: action field})
    "place_being": ("place", {"card": "card"}),
    "place_event": ("place", {"card": "card", "target": "target"}),
    "summon": ("place", {"card": "card", "target": "being"}),
    "pass": ("pass", {}),
    "swap_weapon": ("swap", {"weapon": "card"}),
    "flee": ("flee", {}),
    "end_resolution": ("end", {}),
    "discard": ("discard", {"card": "card"}),
    "refill": ("refill", {"events": "events"}),
    "choose_split": ("split", {"events": "events"}),
}


def command_for(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The ``/terror`` command and options a player types for an engine action (dumped): the
    inverse of what the commands below build, kept beside them (tests and the benchmark
    play through it)."""
    kind = action["type"]
    if kind == "attack":
        options = {"target": action["target"], "weapon": action["weapons"][0]}
        if len(action["weapons"]) == 2:
            options["weapon2"] = action["weapons"][1]
        return "terror attack", options
    if kind == "arrange_weapons":
        return "terror arrange", {"keep": action["table"][0], "keep2": action["table"][1]}
    subcommand, fields = SUBCOMMANDS[kind]
    return f"terror {subcommand}", {option: action[field] for option, field in fields.items()}


# -- typed text ----------------------------------------------------------------------------------

KINDS: dict[str, tuple[str, ...]] = {
    # /terror command -> the engine action types it plays (the moves typed text is read against)
    "terror place": ("place_being", "place_event", "summon"),
    "terror attack": ("attack",),
    "terror swap": ("swap_weapon",),
    "terror discard": ("discard",),
    "terror arrange": ("arrange_weapons",),
}
PAIRS = {"terror attack": ("weapon", "weapon2"), "terror arrange": ("keep", "keep2")}
"""Options that name two Weapons, which the player may give in either order."""


def typed_move(view: View | None, command: str, typed: dict[str, str | None]) -> dict[str, str]:
    """The card ids the caller meant by what they typed in ``command``'s options (the
    options they left out are absent). Without a view or a legal move (not seated, not their
    turn) the text goes to the engine as typed: its refusal says why no move is possible."""
    given = {option: text for option, text in typed.items() if text is not None}
    if view is None or not view.get("legal"):
        return given
    known = _candidates(view)
    moves = [{o: known[v] for o, v in m.items()} for m in _command_moves(view, command)]
    visible = {
        option: [known[c] for c in cards] for option, cards in _visible(view, command).items()
    }
    return resolve_move(given, moves, visible, is_value=_is_card_id)


def _command_moves(view: View, command: str) -> list[dict[str, str]]:
    """The caller's legal moves for ``command`` as option -> card id, a pair both ways."""
    moves: list[dict[str, str]] = []
    first, second = PAIRS.get(command, ("", ""))
    for action in view.get("legal", []):
        if action["type"] not in KINDS.get(command, ()):
            continue
        move = {option: str(value) for option, value in command_for(action)[1].items()}
        moves.append(move)
        if second in move:
            moves.append({**move, first: move[second], second: move[first]})
    return moves


def _visible(view: View, command: str) -> dict[str, list[str]]:
    """What else each option may name in the caller's own view: their hand, their Weapons,
    the Beings on the active Place. Never another player's hidden cards."""
    me = view["players"][view["seat"]]
    hand, table = list(me.get("hand", [])), list(me.get("table", []))
    spare = [me["weapon_hand"]] if me.get("weapon_hand") else []
    on_place = [m["card"] for m in _active_monsters(view)]
    cards = view.get("cards", {})
    beings = [c for c in hand if cards.get(c, {}).get("deck") == "beings"]
    books = [c for c in hand if cards.get(c, {}).get("necronomicon")]
    return {
        "terror place": {"card": hand, "target": on_place + beings},
        "terror attack": {"target": on_place, "weapon": table + books, "weapon2": table + books},
        "terror swap": {"weapon": table},
        "terror discard": {"card": hand + table + spare},
        "terror arrange": {"keep": table + spare, "keep2": table + spare},
    }.get(command, {})


def _active_monsters(view: View) -> list[dict[str, Any]]:
    current, players = view.get("current"), view.get("players", [])
    if isinstance(current, int) and 0 <= current < len(players):
        return list(players[current].get("monsters", []))
    return []


def _candidates(view: View) -> dict[str, Candidate]:
    """Every card the view shows, named in both languages; Beings on the active Place that
    share a name also answer to the numbered name their suggestion shows ("Skeleton #2").
    A card the view does not describe answers to its id only."""
    numbered: dict[str, tuple[str, ...]] = {}
    cards = view.get("cards", {})
    monsters = [m["card"] for m in _active_monsters(view)]
    designs = [cards.get(card_id, {}).get("design", card_id) for card_id in monsters]
    for i, (card_id, design) in enumerate(zip(monsters, designs, strict=True)):
        if designs.count(design) > 1:
            n = designs[: i + 1].count(design)
            names = cards.get(card_id, {}).get("name", {}).values()
            numbered[card_id] = tuple(f"{name} #{n}" for name in names)
    known = _Unnamed()
    for card_id, info in cards.items():
        names = tuple(info.get("name", {}).values()) + numbered.get(card_id, ())
        known[card_id] = Candidate(card_id, names, str(info.get("design", card_id)))
    return known


class Filled:
    """What the caller has put in a command's other options while they fill in one, read as
    the card ids it may mean (every copy): a picked suggestion is an id, a typed name means
    what :mod:`bot.choices` reads it as. An empty option, or text that names nothing, narrows
    nothing. So the suggestions for a target follow a typed card, a Weapon's partner a typed
    Weapon."""

    def __init__(self, view: View, command: str, namespace: Any) -> None:
        self.view, self.command, self.namespace = view, command, namespace
        self._meant: dict[str, set[str] | None] = {}

    def meant(self, option: str) -> set[str] | None:
        if option not in self._meant:
            self._meant[option] = self._read(option)
        return self._meant[option]

    def _read(self, option: str) -> set[str] | None:
        text = getattr(self.namespace, option, None)
        if not isinstance(text, str) or not text.strip():
            return None
        known = _candidates(self.view)
        moves = _command_moves(self.view, self.command)
        ids = [m[option] for m in moves if option in m]
        ids += _visible(self.view, self.command).get(option, [])
        return {c.value for c in named(text, [known[i] for i in ids])} or None

    def fits(self, option: str, card_id: str) -> bool:
        ids = self.meant(option)
        return ids is None or card_id in ids

    def partners(self, option: str, pair: list[str]) -> list[str]:
        """The Weapons of ``pair`` that may go with what ``option`` holds (either order)."""
        ids = self.meant(option)
        if ids is None:
            return list(pair)
        first, second = pair
        return ([second] if first in ids else []) + ([first] if second in ids else [])


class _Unnamed(dict[str, Candidate]):
    """Card id -> candidate, where an id the view does not describe answers to itself."""

    def __missing__(self, card_id: str) -> Candidate:
        return Candidate(card_id, (), card_id)


def _is_card_id(text: str) -> bool:
    """A card id of this game (``"marsh_hag:2"``), as a suggestion sends it: the engine
    judges those itself (a stale suggestion, a card in someone else's hand)."""
    return ":" in text and card_name(text, "en") != text


class TerrorCog(commands.GroupCog, group_name="terror", group_description="Night of Terror moves"):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- playing ----------------------------------------------------------------------------

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        build: Callable[[View | None], dict[str, Any]],
    ) -> None:
        """Answer in time, build the action from the caller's view, play it."""

        async def work(locale: str) -> str:
            record = await active_table_of(self.bot, interaction, GAME)
            seat = record.seat_of(interaction.user.id)
            started = record.state is not None and seat is not None
            view = self.bot.tables.view(record, seat) if started else None
            return await flows.play(self.bot, interaction, record.id, build(view))

        await answer(interaction, work)

    @app_commands.command(
        name="place", description="Apparition: put a Being, or an Event on a Being"
    )
    @app_commands.describe(
        card="A Being or Event from your hand (a Necronomicon summons a Being)",
        target="For an Event: the Being it goes on; for a Necronomicon: the Being it summons",
    )
    async def place(
        self, interaction: discord.Interaction[Any], card: str, target: str | None = None
    ) -> None:
        def build(view: View | None) -> dict[str, Any]:
            chosen = typed_move(view, "terror place", {"card": card, "target": target})
            return place_action(view, chosen["card"], chosen.get("target"))

        await self._play(interaction, build)

    @app_commands.command(name="pass", description="Apparition: place nothing more this turn")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, lambda view: {"type": "pass"})

    @app_commands.command(
        name="attack", description="Resolution: kill a Being with one or two Weapons"
    )
    @app_commands.describe(
        target="The Being to kill",
        weapon="A Weapon on your table (or a Necronomicon from your hand)",
        weapon2="A second Weapon, for a combination",
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        target: str,
        weapon: str,
        weapon2: str | None = None,
    ) -> None:
        def build(view: View | None) -> dict[str, Any]:
            typed = {"target": target, "weapon": weapon, "weapon2": weapon2}
            chosen = typed_move(view, "terror attack", typed)
            return attack_action(chosen["target"], chosen["weapon"], chosen.get("weapon2"))

        await self._play(interaction, build)

    @app_commands.command(
        name="swap", description="Resolution: swap a table Weapon with the one in your hand"
    )
    @app_commands.describe(weapon="The table Weapon that goes back to your hand")
    async def swap(self, interaction: discord.Interaction[Any], weapon: str) -> None:
        def build(view: View | None) -> dict[str, Any]:
            chosen = typed_move(view, "terror swap", {"weapon": weapon})
            return {"type": "swap_weapon", "card": chosen["weapon"]}

        await self._play(interaction, build)

    @app_commands.command(name="flee", description="Resolution: flee this Place (not the last one)")
    async def flee(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, lambda view: {"type": "flee"})

    @app_commands.command(name="end", description="Resolution: stop fighting; survivors scare you")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._play(interaction, lambda view: {"type": "end_resolution"})

    @app_commands.command(
        name="discard", description="End of turn: discard a Weapon or a forbidden Being"
    )
    @app_commands.describe(card="The card to discard")
    async def discard(self, interaction: discord.Interaction[Any], card: str) -> None:
        def build(view: View | None) -> dict[str, Any]:
            chosen = typed_move(view, "terror discard", {"card": card})
            return {"type": "discard", "card": chosen["card"]}

        await self._play(interaction, build)

    @app_commands.command(name="refill", description="End of turn: draw back to a full hand")
    @app_commands.describe(events="How many of the cards you draw are Events (the rest are Beings)")
    async def refill(
        self, interaction: discord.Interaction[Any], events: app_commands.Range[int, 0, 20]
    ) -> None:
        await self._play(interaction, lambda view: {"type": "refill", "events": events})

    @app_commands.command(name="split", description="Start: how many Events in your first hand")
    @app_commands.describe(events="How many Events (the rest of your hand are Beings)")
    async def split(
        self, interaction: discord.Interaction[Any], events: app_commands.Range[int, 0, 20]
    ) -> None:
        await self._play(interaction, lambda view: {"type": "choose_split", "events": events})

    @app_commands.command(
        name="arrange", description="End of turn: the two Weapons kept on the table"
    )
    @app_commands.describe(keep="A Weapon to keep on the table", keep2="The other one")
    async def arrange(self, interaction: discord.Interaction[Any], keep: str, keep2: str) -> None:
        def build(view: View | None) -> dict[str, Any]:
            chosen = typed_move(view, "terror arrange", {"keep": keep, "keep2": keep2})
            return {"type": "arrange_weapons", "table": [chosen["keep"], chosen["keep2"]]}

        await self._play(interaction, build)

    # -- autocomplete -----------------------------------------------------------------------

    async def _legal(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[dict[str, Any] | None, Legal]:
        """The caller's view and legal actions (dumped), or (None, []) when they cannot act."""
        here = await seat_here(self.bot, interaction, GAME)
        if here is None:
            return None, []
        view = self.bot.tables.view(*here)
        return view, list(view.get("legal", []))

    async def _card_choices(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        pick: Callable[[Legal, Filled], Iterable[str]],
    ) -> list[app_commands.Choice[str]]:
        """Cards named by the caller's legal actions (``pick`` chooses which, given what the
        other options hold), as choices."""
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        known = _candidates(view)
        command = interaction.command.qualified_name if interaction.command else ""
        filled = Filled(view, command, interaction.namespace)
        choices = []
        for card in dict.fromkeys(pick(legal, filled)):
            label = card_label(view, card, locale)[:100]
            if suggests(current, label, known[card]):
                choices.append(app_commands.Choice(name=label, value=card))
        return choices[:MAX_CHOICES]

    async def _number_choices(
        self, interaction: discord.Interaction[Any], current: str, kind: str
    ) -> list[app_commands.Choice[int]]:
        """The legal splits (``refill`` or ``choose_split``), worded as the DM buttons are."""
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        presenter = PRESENTERS[GAME]
        choices = [
            app_commands.Choice(
                name=presenter.action_label(view, action, locale)[:100], value=action["events"]
            )
            for action in legal
            if action["type"] == kind
        ]
        return [c for c in choices if current.strip() in str(c.value)][:MAX_CHOICES]

    @place.autocomplete("card")
    async def place_card_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(
            interaction,
            current,
            lambda legal, filled: (a["card"] for a in legal if a["type"] in PLACING),
        )

    @place.autocomplete("target")
    async def place_target_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        def targets(legal: Legal, filled: Filled) -> Iterable[str]:
            for a in legal:
                if a["type"] == "place_event" and filled.fits("card", a["card"]):
                    yield a["target"]
                elif a["type"] == "summon" and filled.fits("card", a["card"]):
                    yield a["being"]

        return await self._card_choices(interaction, current, targets)

    @attack.autocomplete("target")
    async def attack_target_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(
            interaction, current, lambda legal, filled: (a["target"] for a in _attacks(legal))
        )

    @attack.autocomplete("weapon")
    async def attack_weapon_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        def weapons(legal: Legal, filled: Filled) -> Iterable[str]:
            for a in _attacks(legal):
                if filled.fits("target", a["target"]):
                    yield from a["weapons"]

        return await self._card_choices(interaction, current, weapons)

    @attack.autocomplete("weapon2")
    async def attack_weapon2_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        def partners(legal: Legal, filled: Filled) -> Iterable[str]:
            for a in _attacks(legal):
                if len(a["weapons"]) == 2 and filled.fits("target", a["target"]):
                    yield from filled.partners("weapon", a["weapons"])

        return await self._card_choices(interaction, current, partners)

    @swap.autocomplete("weapon")
    async def swap_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(
            interaction, current, lambda legal, filled: _cards_of(legal, "swap_weapon")
        )

    @discard.autocomplete("card")
    async def discard_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._card_choices(
            interaction, current, lambda legal, filled: _cards_of(legal, "discard")
        )

    @arrange.autocomplete("keep")
    async def arrange_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        def kept(legal: Legal, filled: Filled) -> Iterable[str]:
            for a in legal:
                if a["type"] == "arrange_weapons":
                    yield from a["table"]

        return await self._card_choices(interaction, current, kept)

    @arrange.autocomplete("keep2")
    async def arrange_second_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        def partners(legal: Legal, filled: Filled) -> Iterable[str]:
            for a in legal:
                if a["type"] == "arrange_weapons":
                    yield from filled.partners("keep", a["table"])

        return await self._card_choices(interaction, current, partners)

    @refill.autocomplete("events")
    async def refill_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._number_choices(interaction, current, "refill")

    @split.autocomplete("events")
    async def split_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._number_choices(interaction, current, "choose_split")


PLACING = ("place_being", "place_event", "summon")


def _attacks(legal: Legal) -> list[dict[str, Any]]:
    return [a for a in legal if a["type"] == "attack"]


def _cards_of(legal: Legal, kind: str) -> Iterable[str]:
    return (a["card"] for a in legal if a["type"] == kind)


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(TerrorCog(bot))
