"""Small helpers for simcord cog tests: a table world, whose turn it is, what each player saw."""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from PIL import Image
from simcord.results import to_discord_message

import render
import rules
from bot.client import MonsterTableBot
from bot.config import Settings
from bot.store import GameRecord

ENGINE = rules.GAMES["monster_day"]
ANN_FIRST, BOB_FIRST = 3, 11
"""Monster Day seeds (``world.bot.tables.seed_source``) where seat 0 (ann) or seat 1 (bob)
plays first: only the first player's starting hand is sent at once (the rules doc's I15), so
a test of a DM at the start seats its player first."""


@dataclass
class World:
    env: Any
    bot: MonsterTableBot
    guild: Any
    channel: Any
    ann: Any
    bob: Any
    more: list[Any] = field(default_factory=list)  # players beyond ann and bob

    def actor_for(self, user_id: int | None) -> Any:
        for actor in (self.ann, *self.more):
            if actor.id == user_id:
                return actor
        return self.bob

    def add_player(self, name: str) -> Any:
        actor = self.guild.add_member(self.env.create_user(name))
        self.more.append(actor)
        return actor

    async def record(self) -> GameRecord:
        record = await self.bot.store.get(1)
        assert record is not None
        return record


@contextlib.asynccontextmanager
async def restarted(world: World, settings: Settings) -> AsyncIterator[None]:
    """The bot process dies (its scheduler stops, its database closes: what it held in memory
    goes) and a new one starts on the same database and Discord; ``world.bot`` is the new
    one, stopped the same way on leaving."""
    await world.bot.scheduler.stop()
    await world.bot.store.close()
    await world.env.restart_bot(MonsterTableBot(settings))
    world.bot = world.env.bot
    try:
        yield
    finally:
        await world.bot.scheduler.stop()
        await world.bot.store.close()


def make_world(env: Any) -> World:
    guild = env.create_guild()
    channel = guild.create_text_channel("tables")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    return World(env, env.bot, guild, channel, ann, bob)


def text_of(message: discord.Message) -> str:
    """Everything a person can read in a message: content, embeds, button labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    for component in walked(message.components):
        parts.append(getattr(component, "content", "") or getattr(component, "label", "") or "")
    return "\n".join(parts)


def walked(components: list[Any]) -> list[Any]:
    """Every component, depth first: rows and their buttons, and a v2 message's container,
    text displays, galleries and sections (components v2, issue 29)."""
    found = []
    for component in components:
        found.append(component)
        found += walked(list(getattr(component, "children", None) or []))
        accessory = getattr(component, "accessory", None)
        found += walked([accessory]) if accessory is not None else []
    return found


def replies(result: Any) -> list[Any]:
    """What the user saw: the deferred response (which the first followup fills) and the rest."""
    return ([result.response] if result.response is not None else []) + list(result.followups)


def private(result: Any) -> bool:
    """Only the player saw the answer: an ephemeral response, or ephemeral followups after
    the tapped hand DM was updated in its place (a move button, issue 27)."""
    followups = list(result.followups)
    return bool(result.ephemeral or (followups and all(f.ephemeral for f in followups)))


def followup_text(result: Any) -> str:
    return "\n".join(text_of(reply.message) for reply in replies(result))


async def slash_as_offered(world: World, actor: Any, command: str, options: dict[str, Any]) -> Any:
    """Run ``command`` with ``options``, first checking that autocomplete offered each value
    (given the options filled before it, as Discord sends them)."""
    filled: dict[str, Any] = {}
    for option, value in options.items():
        offered = await actor.autocomplete(world.channel, command, option, "", **filled)
        assert value in [c["value"] for c in offered], (command, option, value, offered)
        filled[option] = value
    return await actor.slash(world.channel, command, **options)


async def open_table(world: World, *, bob_joins: bool = True, **options: Any) -> GameRecord:
    result = await world.ann.slash(world.channel, "game new", game="monster_day", **options)
    assert "Table #1 is open" in followup_text(result)
    if bob_joins:
        result = await world.bob.slash(world.channel, "game join")
        assert "seated" in followup_text(result)
    return await world.record()


async def assert_png(attachment: discord.Attachment) -> Image.Image:
    data = await attachment.read()
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.width >= 400
    return image


def hand_names(view: dict[str, Any]) -> list[str]:
    return [card["name"]["en"] for card in view.get("hand", [])]


def latest_with_buttons(channel: Any) -> discord.Message | None:
    for message in reversed(channel.history()):
        if message.components:
            return message
    return None


def message_now(channel: Any, message_id: int) -> discord.Message:
    """``message_id`` as it reads now (after any edit)."""
    return next(m for m in channel.history() if m.id == message_id)


async def play_stale_button(actor: Any, channel: Any, custom_id: str) -> Any:
    """Play what a move button drawn earlier referred to, as a player can still do once its
    message was edited: by the same reference typed into ``/game move`` (the button itself is
    gone, and Discord lets nobody click a component a message no longer has)."""
    _mt, _act, _table, digest, index = custom_id.split(":")
    return await actor.slash(channel, "game move", move=f"{digest}:{index}")


async def start_table(
    world: World, game: str, guests: list[Any], bots: int = 0, seed: int = 11, **options: Any
) -> GameRecord:
    """Open a table of ``game``, seat ``guests`` and ``bots``, and start it, each step through
    its command; a fixed seed keeps the test's game the same every run."""
    world.bot.tables.seed_source = lambda: seed
    opened = await world.ann.slash(world.channel, "game new", game=game, **options)
    assert "is open" in followup_text(opened), followup_text(opened)
    for guest in guests:
        assert "seated" in followup_text(await guest.slash(world.channel, "game join"))
    for _ in range(bots):
        assert "takes a seat" in followup_text(await world.ann.slash(world.channel, "game addbot"))
    started = await world.ann.slash(world.channel, "game start")
    assert "has started" in followup_text(started), followup_text(started)
    await world.bot.scheduler.wait_idle()
    return await world.record()


# --- whole games: images drawn once, buttons found in the newest DMs ---------------------------


def drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every image is the first one drawn again: a whole game posts hundreds of
    tables and DMs, and drawing each (a board and a board per seat, 1,100 px wide) would take
    minutes; the images themselves are checked before this and in ``tests/render``."""
    drawn: dict[str, Any] = {}

    def table(game_id: str, view: dict[str, Any], **kwargs: Any) -> list[bytes]:
        if "table" not in drawn:
            drawn["table"] = real_table(game_id, view, **kwargs)
        return list(drawn["table"])

    def hand(game_id: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        if "hand" not in drawn:
            drawn["hand"] = real_hand(game_id, view, **kwargs)
        return bytes(drawn["hand"])

    real_table, real_hand = render.render_table, render.render_hand
    monkeypatch.setattr(render, "render_table", table)
    monkeypatch.setattr(render, "render_hand", hand)


def stored_messages(channel: Any) -> dict[int, Any]:
    """The channel's messages as simcord keeps them, by id: reading them builds nothing."""
    return dict(channel._env.backend.messages.get(channel.id, {}))


def recent(channel: Any, count: int) -> list[discord.Message]:
    """The channel's newest ``count`` messages, oldest first. ``history()`` builds every
    message of the channel, and a whole game leaves hundreds in each DM."""
    stored = stored_messages(channel)
    return [to_discord_message(channel._env, stored[i]) for i in sorted(stored)[-count:]]


def first_move_button(message: discord.Message) -> str:
    """The custom id of the first move button on ``message`` (a preview's "Confirm")."""
    return next(
        str(child.custom_id)
        for row in message.components
        for child in row.children
        if (child.custom_id or "").startswith("mt:act:")
    )


def button_for(actor: Any, index: int) -> tuple[discord.Message, str] | None:
    """The move button for legal move ``index`` in the actor's latest DM with move buttons
    (a hand DM updated in place may be older than a table post in the same DM). The stored
    messages are searched and only the one found is built: building the newest six each
    move was 2 % of a whole Munchkin Fu game's test."""
    channel = actor.user.dm_channel
    stored = stored_messages(channel)
    for key in reversed(sorted(stored)[-6:]):
        ids = [
            str(child.get("custom_id") or "")
            for row in stored[key].components
            for child in row.get("components", [])
            if str(child.get("custom_id") or "").startswith("mt:act:")
        ]
        if ids:
            found = next((i for i in ids if i.endswith(f":{index}")), None)
            return None if found is None else (to_discord_message(channel._env, stored[key]), found)
    return None
