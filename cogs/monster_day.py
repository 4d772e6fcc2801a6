"""``/monsterday play``: play a card beside an Ace, with autocomplete of legal choices only.

A card typed instead of picked ("castello", "the calamity") is read by :mod:`bot.choices`
against the caller's hand, preferring a card that can go on the chosen space. The space is an
integer option: Discord's client accepts only a number there, which is the space itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import flows
from bot.choices import Candidate, name_forms, named, resolve_move, suggests
from bot.flows import active_table_of, answer, seat_here
from bot.games.monster_day import card_label, space_label
from bot.i18n import normalise
from bot.store import ACTIVE, GameRecord
from rules.decktet import cards as decktet_cards

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

GAME = "monster_day"
MAX_CHOICES = 25


class MonsterDayCog(
    commands.GroupCog, group_name="monsterday", group_description="Monster Day moves"
):
    def __init__(self, bot: MonsterTableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="play", description="Play a card from your hand beside an Ace")
    @app_commands.describe(card="A card from your hand", space="The space (Ace) to play it on")
    async def play(self, interaction: discord.Interaction[Any], card: str, space: int) -> None:
        async def work(locale: str) -> str:
            record = await active_table_of(self.bot, interaction, GAME)
            view, legal = self._choices(record, record.seat_of(interaction.user.id))
            chosen = typed_card(view, legal, card, space - 1)
            return await flows.play(
                self.bot, interaction, record.id, {"card": chosen, "space": space - 1}
            )

        await answer(interaction, work)

    async def _legal(self, interaction: discord.Interaction[Any]) -> tuple[Any, list[Any]]:
        """The caller's view and legal plays, or empty when they cannot play here now."""
        here = await seat_here(self.bot, interaction, GAME)
        return (None, []) if here is None else self._choices(*here)

    def _choices(self, record: GameRecord, seat: int | None) -> tuple[Any, list[Any]]:
        """The seat's view and legal plays, or empty when it cannot play now."""
        if record.status != ACTIVE or seat is None:
            return None, []
        state = self.bot.tables.state(record)
        engine = self.bot.tables.engine(GAME)
        if seat not in engine.pending(state):
            return None, []
        return self.bot.tables.view(record, seat), engine.legal_actions(state, seat)

    @play.autocomplete("card")
    async def card_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        playable = {action.card for action in legal}
        choices = []
        for card in view["hand"]:
            label = card_label(card, locale)[:100]
            if card["id"] in playable and suggests(current, label, candidate(card)):
                choices.append(app_commands.Choice(name=label, value=card["id"]))
        return choices[:MAX_CHOICES]

    @play.autocomplete("space")
    async def space_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        view, legal = await self._legal(interaction)
        if view is None:
            return []
        locale = normalise(interaction.locale)
        cards = meant_cards(view, getattr(interaction.namespace, "card", None))
        spaces = sorted({a.space for a in legal if cards is None or a.card in cards})
        return [
            app_commands.Choice(name=space_label(view, s, locale)[:100], value=s + 1)
            for s in spaces
        ][:MAX_CHOICES]


def candidate(card: dict[str, Any]) -> Candidate:
    """A card of the hand as a player may type it: "the Castle", "Castle", "il Castello"..."""
    names = tuple(form for name in card.get("name", {}).values() for form in name_forms(name))
    return Candidate(card["id"], names, card["id"])


def typed_card(view: dict[str, Any] | None, legal: list[Any], card: str, space: int) -> str:
    """The id of the card the caller meant by ``card``. Without a legal play (not their turn,
    not seated) the text goes to the engine as typed, whose refusal says why."""
    if view is None or not legal:
        return card
    hand = {c["id"]: candidate(c) for c in view["hand"]}
    moves = [{"card": hand[a.card]} for a in legal if a.space == space and a.card in hand]
    chosen = resolve_move({"card": card}, moves, {"card": list(hand.values())}, _is_card_id)
    return chosen["card"]


def meant_cards(view: dict[str, Any], text: object) -> set[str] | None:
    """The hand cards the card option may mean while the player picks a space (a typed name
    as much as a picked id); None, narrowing nothing, when it is empty or names nothing."""
    if not isinstance(text, str) or not text.strip():
        return None
    return {c.value for c in named(text, [candidate(c) for c in view["hand"]])} or None


def _is_card_id(text: str) -> bool:
    """A Decktet card id (``"castle"``), as a suggestion sends it: the engine judges it."""
    return text in decktet_cards()


async def setup(bot: MonsterTableBot) -> None:
    await bot.add_cog(MonsterDayCog(bot))
