"""``/game move``: any game's legal moves as one autocomplete list, for every choice that does
not fit in a DM's 25 buttons (Monsters on Board's servant moves: six servants, thirty spaces).

Why one command for every game: the engine already lists a seat's legal moves and each game's
presenter already names them for buttons (``action_label``), so a list the player filters by
typing needs no per-game command. A suggestion's value is the same reference a move button
carries, ``<digest>:<index>``: the digest of the seat's legal moves when the list was shown and
the move's index in it (:meth:`bot.table.TableService.act_choice`), so a suggestion picked after
the seat's choices changed is refused as stale instead of playing some other move. A player who
types instead of picking gets the one move whose name matches what they typed, or a refusal.

Which table: the one in this channel (or thread, or DM) when the caller is seated there, else
the one table anywhere that waits for the caller's move (a DM with the bot has no table of its
own when the game is played in a server), else the one table where the caller may play
something "at any time" though nobody waits for them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import flows
from bot.components import choices_digest
from bot.games import PRESENTERS
from bot.i18n import normalise
from bot.store import ACTIVE, OPEN_STATUSES, GameRecord
from bot.table import TableError

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

MAX_SUGGESTIONS = 25
"""Discord shows at most 25 autocomplete suggestions."""
CHOICE_NAME = 100
"""An autocomplete suggestion's name and value: at most 100 characters each."""
_VALUE = re.compile(r"(?P<digest>f[0-9a-f]{9}):(?P<index>\d{1,4})")


async def table_for_move(bot: MonsterTableBot, interaction: discord.Interaction[Any]) -> GameRecord:
    """The table the caller means: this channel's if they are seated at it, else the one table
    waiting for their move. Refused when there is none, or several and none here."""
    user_id = interaction.user.id
    if interaction.channel_id is not None:
        try:
            here = await bot.tables.in_channel(interaction.channel_id)
        except TableError:
            here = None
        if here is not None and here.seat_of(user_id) is not None:
            return here
    active = [
        record
        for record in await bot.store.list_seated(user_id, OPEN_STATUSES)
        if record.status == ACTIVE
    ]
    waiting = [record for record in active if _waits_for(bot, record, user_id)]
    if not waiting:
        waiting = [record for record in active if _seat_to_move(bot, record, user_id) is not None]
    if len(waiting) == 1:
        return waiting[0]
    if waiting:
        raise TableError("which_table", tables=", ".join(f"#{r.id}" for r in waiting))
    raise TableError("no_move_waiting")


def _waits_for(bot: MonsterTableBot, record: GameRecord, user_id: int) -> bool:
    seat = record.seat_of(user_id)
    return seat is not None and seat in bot.tables.pending(record)


def _seat_to_move(bot: MonsterTableBot, record: GameRecord, user_id: int) -> int | None:
    """The caller's seat if they may move now (waited for, or an "at any time" play)."""
    seat = record.seat_of(user_id)
    return seat if seat is not None and bot.tables.may_act(record, seat) else None


def _named_moves(
    bot: MonsterTableBot, record: GameRecord, seat: int, locale: str
) -> tuple[str, list[str]]:
    """The digest of the seat's legal moves and each move's name, in the engine's order."""
    engine = bot.tables.engine(record.game)
    state = bot.tables.state(record)
    actions = [engine.dump_action(a) for a in engine.legal_actions(state, seat)]
    view = bot.tables.view(record, seat)
    presenter = PRESENTERS[record.game]
    names = [presenter.action_label(view, action, locale)[:CHOICE_NAME] for action in actions]
    return choices_digest(actions), names


def _matches(typed: str, name: str) -> bool:
    """Every word typed appears in the name, in any case and order."""
    folded = name.casefold()
    return all(word in folded for word in typed.casefold().split())


async def suggestions(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves whose names match what they typed so far; none (never an
    error) when they have no move to make."""
    try:
        record = await table_for_move(bot, interaction)
    except TableError:
        return []
    seat = _seat_to_move(bot, record, interaction.user.id) if record.status == ACTIVE else None
    if seat is None:
        return []
    digest, names = _named_moves(bot, record, seat, normalise(interaction.locale))
    return [
        app_commands.Choice(name=name, value=f"{digest}:{index}")
        for index, name in enumerate(names)
        if _matches(typed, name)
    ][:MAX_SUGGESTIONS]


def _typed_choice(names: list[str], typed: str) -> int:
    """The one move whose name is ``typed`` (ignoring case), else the one whose name holds
    every typed word; refused when none or several do."""
    exact = [i for i, name in enumerate(names) if name.casefold() == typed.strip().casefold()]
    if len(exact) == 1:
        return exact[0]
    found = [i for i, name in enumerate(names) if typed.strip() and _matches(typed, name)]
    if len(found) == 1:
        return found[0]
    if found:
        raise TableError("move_ambiguous", n=len(found))
    raise TableError("move_not_understood", typed=typed.strip()[:CHOICE_NAME])


async def play_listed(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], choice: str
) -> str:
    """Play the move ``choice`` names: a suggestion's reference, or the name of a move."""
    record = await table_for_move(bot, interaction)
    picked = _VALUE.fullmatch(choice.strip())
    if picked is not None:
        result = await bot.tables.act_choice(
            record.id,
            interaction.user.id,
            picked["digest"],
            int(picked["index"]),
            computed=bot.publisher.prepare_move,
        )
        return await flows.move_result_reply(bot, interaction, result)
    if record.status != ACTIVE:
        raise TableError("not_started" if record.state is None else "game_over")
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("not_seated")
    if not bot.tables.may_act(record, seat):
        raise TableError("not_your_turn")
    digest, names = _named_moves(bot, record, seat, normalise(interaction.locale))
    index = _typed_choice(names, choice)
    result = await bot.tables.act_choice(
        record.id, interaction.user.id, digest, index, computed=bot.publisher.prepare_move
    )
    return await flows.move_result_reply(bot, interaction, result)
