"""``/game replay``: a finished game told again as an animation of its public board.

The frames come from the game's public record only: the seed, the options and the action log
are replayed with the engine (:func:`rules.replay.public_views`) and each state is drawn from
``view(state, None)``, exactly as the channel saw it; hands never enter a frame. Refusals are
plain localised replies: they change nothing.

Drawing a long game takes seconds (about 0.1 s a Notte di Terrore board), so each frame is one
task in the publisher's render pool: off the event loop, and other tables' boards queue between
our frames instead of waiting for the whole animation. The flow's deferral keeps Discord's 3 s
deadline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import alt_text, flows
from bot.i18n import normalise, t
from bot.narration import game_name, seat_names
from bot.payload import Payload
from bot.render_pool import in_threads
from bot.store import ABANDONED, FINISHED, ActionRecord, GameRecord
from render.animation import Animation, assemble, frame
from rules.replay import public_views

if TYPE_CHECKING:
    from PIL import Image

    from bot.client import MonsterTableBot


def refusal(record: GameRecord, actions: list[ActionRecord], locale: str) -> str | None:
    """Why this table has no replay (not over yet, or over before anyone moved), or None."""
    if record.status not in (FINISHED, ABANDONED):
        return t(locale, "⚠️ Table #{id} is not over yet: its replay comes once the game ends. "
                 "Nothing was changed.", id=record.id)  # fmt: skip
    if not actions:
        return t(locale, "⚠️ Table #{id} ended before anyone moved: there is nothing to replay.",
                 id=record.id)  # fmt: skip
    return None


def _record(record: GameRecord, actions: list[ActionRecord]) -> dict[str, Any]:
    """The replay file's fields, as ``/game history`` publishes them."""
    return {
        "game": record.game,
        "seed": record.seed,
        "options": record.options,
        "players": len(record.seats),
        "actions": [{"seat": a.seat, "action": a.action} for a in actions],
    }


async def animation(record: GameRecord, actions: list[ActionRecord], locale: str) -> Animation:
    """Replay the public record and draw it, one render-pool task per frame."""
    views = await in_threads(public_views, _record(record, actions))
    names, lang = seat_names(record), normalise(locale)
    frames: list[Image.Image] = []
    for index, view in enumerate(views):
        frames.append(await in_threads(frame, record.game, view, index=index,
                                     total=len(views), players=names, locale=lang))  # fmt: skip
    result: Animation = await in_threads(assemble, frames)
    return result


async def replay(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], record: GameRecord, locale: str
) -> flows.Reply:
    """Send the animation, then answer with the move log and seed as ``/game history`` does;
    or the refusal, with nothing sent."""
    actions = await bot.store.actions(record.id)
    refused = refusal(record, actions, locale)
    if refused is not None:
        return refused
    made = await animation(record, actions, locale)
    caption = t(locale, "🎞️ {game} — table #{id}, told again: {n} moves. Seed: {seed}",
                game=game_name(record, locale), id=record.id, n=len(actions),
                seed=record.seed)  # fmt: skip
    alt = t(locale, "An animation of the whole game, one picture per move: {caption}",
            caption=alt_text.plain(caption))  # fmt: skip
    named = f"table-{record.id}-{made.filename}"
    payload = Payload(content=caption, image=made.data, filename=named, descriptions=[alt])
    await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
    return await flows.history(bot, record, locale)
