"""Everything the bot shows: the public table message, the lobby, and each player's hand.

This is the one way hidden information leaves the bot: a seat's hand is built only from that
seat's view and goes only to that seat's DM (or to that player's ephemeral reply). Public
messages are built only from the public view and the public events.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import discord

import render
from bot.components import ComponentRef, choices_digest
from bot.games import PRESENTERS
from bot.i18n import N_, normalise, t
from bot.store import ACTIVE, FINISHED, LOBBY, GameRecord
from bot.table import MoveResult, TableService

log = logging.getLogger(__name__)

DISCORD_MISSING_ACCESS_DM = 50007
DM_RETRY_AFTER_SECONDS = 3600
COLOUR = discord.Colour.from_rgb(196, 110, 50)
MAX_BUTTONS = 25  # Discord: five rows of five

# Drawing is CPU work: off the event loop, but in two threads only. The default executor
# grows to many threads, and each gives glibc another memory arena (the benchmark saw RSS
# double with no more tables).
_RENDER_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render")


async def _in_render_pool(function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    return await asyncio.get_running_loop().run_in_executor(
        _RENDER_POOL, functools.partial(function, *args, **kwargs)
    )


@dataclass
class Payload:
    """A message to send or edit. Files are rebuilt per send: a discord.File is single-use."""

    content: str | None = None
    embed: discord.Embed | None = None
    image: bytes | None = None
    filename: str = "board.png"
    view: discord.ui.View | None = None
    mentions: discord.AllowedMentions = field(
        default_factory=lambda: discord.AllowedMentions(users=True, roles=False, everyone=False)
    )

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"allowed_mentions": self.mentions}
        if self.content is not None:
            kwargs["content"] = self.content
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.image is not None:
            kwargs["file"] = discord.File(io.BytesIO(self.image), filename=self.filename)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs


OPTION_NAMES = {
    "extended_deck": N_("Extended Decktet"),
    "places": N_("Places to cross"),
    "victory": N_("Victory"),
    "necronomicon_removed": N_("Necronomicon leaves the game after use as a Weapon"),
}
OPTION_VALUES = {
    "least_terror": N_("fewest Terror"),
    "home_first": N_("first home"),
}


def option_text(name: str, value: Any, locale: str) -> str:
    """``Extended Decktet: yes`` in the table's language."""
    label = t(locale, OPTION_NAMES[name]) if name in OPTION_NAMES else name
    if isinstance(value, bool):
        value = t(locale, "yes") if value else t(locale, "no")
    elif isinstance(value, str) and value in OPTION_VALUES:
        value = t(locale, OPTION_VALUES[value])
    return f"{label}: {value}"


def mention(record: GameRecord, seat: int) -> str:
    user_id = record.seats[seat].user_id
    if user_id is not None:
        return f"<@{user_id}>"
    return f"**{discord.utils.escape_markdown(record.seats[seat].name)}**"


def seat_names(record: GameRecord) -> list[str]:
    return [seat.name for seat in record.seats]


def markdown_names(record: GameRecord) -> list[str]:
    """Seat names for Markdown text: a player called ``*star*`` reads as such, not in italics
    (the images get the names as they are)."""
    return [discord.utils.escape_markdown(seat.name) for seat in record.seats]


def jump_url(record: GameRecord) -> str | None:
    if record.message_id is None:
        return None
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.channel_id}/{record.message_id}"


def game_name(record: GameRecord, locale: str) -> str:
    from rules import GAMES

    engine = GAMES.get(record.game)
    return engine.names.get(normalise(locale), record.game) if engine else record.game


class Publisher:
    """Builds and sends the bot's messages for a table."""

    def __init__(self, client: discord.Client, tables: TableService) -> None:
        self.client = client
        self.tables = tables
        self._dm_closed: dict[int, float] = {}

    # -- public table message ---------------------------------------------------------------

    async def table_payload(
        self,
        record: GameRecord,
        events: list[dict[str, Any]] | None = None,
        notes: list[str] | None = None,
    ) -> Payload:
        """The public table: board image, what just happened, whose turn, scores."""
        locale = record.locale
        view = self.tables.view(record, None)
        names = markdown_names(record)
        presenter = PRESENTERS[record.game]
        image = await _in_render_pool(
            render.render_board,
            record.game,
            view,
            locale=normalise(locale),
            players=seat_names(record),
        )
        embed = discord.Embed(
            title=t(locale, "{game} — table #{id}", game=game_name(record, locale), id=record.id),
            colour=COLOUR,
        )
        lines = presenter.event_lines(events or [], locale, names)
        if lines:
            embed.description = "\n".join(lines)[-4000:]
        embed.add_field(
            name=t(locale, "Players"), value="\n".join(presenter.summary_lines(view, locale, names))
        )
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=self._fairness_line(record))
        content = self._turn_line(record)
        if notes:
            content = "\n".join([content, *notes]) if content else "\n".join(notes)
        buttons = discord.ui.View(timeout=None)
        if record.status == ACTIVE:
            buttons.add_item(_button(t(locale, "My hand"), ComponentRef("hand", record.id), "🃏"))
        buttons.add_item(
            _button(
                t(locale, "History"),
                ComponentRef("history", record.id),
                "📜",
                style=discord.ButtonStyle.secondary,
            )
        )
        return Payload(content=content or None, embed=embed, image=image, view=buttons)

    def _turn_line(self, record: GameRecord) -> str:
        locale = record.locale
        if record.status == FINISHED:
            return self.outcome_line(record)
        pending = self.tables.pending(record)
        if not pending:
            return ""
        who = ", ".join(mention(record, seat) for seat in pending)
        return t(locale, "▶️ {who}, it is your turn.", who=who)

    def outcome_line(self, record: GameRecord) -> str:
        locale = record.locale
        outcome = self.tables.outcome(record) or {}
        winners = outcome.get("winners", [])
        scores = outcome.get("scores")
        score_text = " – ".join(str(s) for s in scores) if scores else ""
        if "resigned" in outcome:
            return t(
                locale,
                "🏁 {loser} resigned. {winner} wins!",
                loser=mention(record, outcome["resigned"]),
                winner=", ".join(mention(record, w) for w in winners),
            )
        if len(winners) == 1:
            return t(
                locale,
                "🏆 {winner} wins, {score}!",
                winner=mention(record, winners[0]),
                score=score_text,
            )
        return t(
            locale,
            "🤝 A draw, {score}: {who}.",
            score=score_text,
            who=", ".join(mention(record, w) for w in winners),
        )

    def _fairness_line(self, record: GameRecord) -> str:
        if record.status == FINISHED:
            return t(
                record.locale,
                "Seed {seed} (SHA-256 {hash}…) — replay it with /game history",
                seed=record.seed,
                hash=record.seed_hash[:16],
            )
        return t(record.locale, "Seed SHA-256: {hash}", hash=record.seed_hash)

    async def post_table(
        self,
        record: GameRecord,
        events: list[dict[str, Any]] | None = None,
        notes: list[str] | None = None,
    ) -> discord.Message:
        """Post a fresh table message (so the turn's mention pings) and remember it."""
        payload = await self.table_payload(record, events, notes)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        message = await channel.send(**payload.send_kwargs())
        await self.tables.store.set_message(record.id, message.id)
        return message

    # -- lobby ----------------------------------------------------------------------------

    def lobby_payload(self, record: GameRecord) -> Payload:
        locale = record.locale
        engine = self.tables.engine(record.game)
        embed = discord.Embed(
            title=t(locale, "{game} — table #{id}", game=game_name(record, locale), id=record.id),
            colour=COLOUR,
        )
        if record.status == LOBBY:
            embed.description = t(
                locale,
                "A new table is open! Join with the button or `/game join`; the host starts "
                "it with `/game start`. Seats: {have}/{max}.",
                have=len(record.seats),
                max=engine.max_players,
            )
        elif record.status == ACTIVE:
            embed.description = t(locale, "The game is on: follow it in the table messages below.")
        elif record.status == FINISHED:
            embed.description = t(locale, "This game is over.")
        else:
            embed.description = t(locale, "This table is closed.")
        embed.add_field(
            name=t(locale, "Players"),
            value="\n".join(self._seat_line(record, i) for i in range(len(record.seats))),
        )
        options = ", ".join(
            option_text(name, value, locale) for name, value in record.options.items()
        )
        if options:
            embed.add_field(name=t(locale, "Options"), value=options)
        buttons = None
        if record.status == LOBBY:
            buttons = discord.ui.View(timeout=None)
            buttons.add_item(_button(t(locale, "Join"), ComponentRef("join", record.id), "🪑"))
            buttons.add_item(
                _button(
                    t(locale, "Add a bot"),
                    ComponentRef("addbot", record.id),
                    "🤖",
                    style=discord.ButtonStyle.secondary,
                )
            )
            buttons.add_item(
                _button(
                    t(locale, "Leave"),
                    ComponentRef("leave", record.id),
                    None,
                    style=discord.ButtonStyle.secondary,
                )
            )
            buttons.add_item(
                _button(
                    t(locale, "Start"),
                    ComponentRef("start", record.id),
                    "▶️",
                    style=discord.ButtonStyle.success,
                )
            )
        return Payload(embed=embed, view=buttons)

    async def post_lobby(self, record: GameRecord) -> None:
        payload = self.lobby_payload(record)
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        message = await channel.send(**payload.send_kwargs())
        await self.tables.store.set_message(record.id, message.id)

    def _seat_line(self, record: GameRecord, seat: int) -> str:
        icon = "🤖" if record.seats[seat].is_bot else "👤"
        host = " 👑" if record.seats[seat].user_id == record.host_id else ""
        return f"{seat + 1}. {icon} {mention(record, seat)}{host}"

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Edit the lobby message after a join or leave (it is young: no old-message limit)."""
        if record.message_id is None:
            return
        channel = self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        payload = self.lobby_payload(record)
        try:
            await channel.get_partial_message(record.message_id).edit(
                embed=payload.embed, view=payload.view
            )
        except discord.HTTPException as error:
            log.info("could not refresh lobby of table %d: %s", record.id, error)

    # -- hands ----------------------------------------------------------------------------

    async def hand_payload(self, record: GameRecord, seat: int, locale: str) -> Payload:
        """A seat's hand from that seat's view only, with one-tap moves when it must act."""
        view = self.tables.view(record, seat)
        presenter = PRESENTERS[record.game]
        names = markdown_names(record)
        lines = presenter.hand_lines(view, locale) or [t(locale, "(no cards)")]
        embed = discord.Embed(
            title=t(
                locale, "Your hand — {game} #{id}", game=game_name(record, locale), id=record.id
            ),
            description="\n".join(lines),
            colour=COLOUR,
        )
        embed.add_field(
            name=t(locale, "Table"), value="\n".join(presenter.summary_lines(view, locale, names))
        )
        buttons = discord.ui.View(timeout=None)
        if seat in self.tables.pending(record):
            embed.set_footer(text=t(locale, "Your turn: tap a move below."))
            for button in self._move_buttons(record, seat, view, locale):
                buttons.add_item(button)
        image = await _in_render_pool(
            render.render_hand, record.game, view, locale=normalise(locale)
        )
        embed.set_image(url="attachment://hand.png")
        return Payload(embed=embed, image=image, filename="hand.png", view=buttons)

    def _move_buttons(
        self, record: GameRecord, seat: int, view: dict[str, Any], locale: str
    ) -> list[discord.ui.Button[Any]]:
        """One button per move worth a tap (the presenter picks them when there are more than
        Discord's 25), each naming its index among the seat's legal moves."""
        engine = self.tables.engine(record.game)
        actions = [
            engine.dump_action(a) for a in engine.legal_actions(self.tables.state(record), seat)
        ]
        presenter = PRESENTERS[record.game]
        digest = choices_digest(actions)
        picked = presenter.button_actions(view, actions)[:MAX_BUTTONS]
        return [
            _button(
                presenter.action_label(view, actions[index], locale),
                ComponentRef("act", record.id, index=index, digest=digest),
                None,
                style=discord.ButtonStyle.primary,
            )
            for index in picked
        ]

    def dm_header(self, record: GameRecord, locale: str) -> str:
        guild = self.client.get_guild(record.guild_id) if record.guild_id else None
        channel = self.client.get_channel(record.channel_id)
        where = t(
            locale,
            "**{game}** in **{server}**, #{channel}",
            game=game_name(record, locale),
            server=guild.name if guild else "?",
            channel=getattr(channel, "name", record.channel_id),
        )
        url = jump_url(record)
        return f"{where} — {url}" if url else where

    async def send_hand(self, record: GameRecord, seat: int) -> bool:
        """DM a seat its hand; False when the player's DMs are closed (not retried for an
        hour: repeated 403s count toward Discord's invalid-request ban)."""
        user_id = record.seats[seat].user_id
        if user_id is None:
            return True
        closed_at = self._dm_closed.get(user_id)
        if closed_at is not None and time.monotonic() - closed_at < DM_RETRY_AFTER_SECONDS:
            return False
        locale = record.seats[seat].locale
        payload = await self.hand_payload(record, seat, locale)
        payload.content = self.dm_header(record, locale)
        try:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            await channel.send(**payload.send_kwargs())
        except discord.Forbidden as error:
            if error.code == DISCORD_MISSING_ACCESS_DM:
                self._dm_closed[user_id] = time.monotonic()
                return False
            raise
        self._dm_closed.pop(user_id, None)
        return True

    def dm_is_closed(self, user_id: int) -> bool:
        return user_id in self._dm_closed

    async def send_hands(self, record: GameRecord, seats: list[int]) -> list[int]:
        """DM each seat in ``seats``; the seats whose DMs are closed."""
        failed: list[int] = []
        for seat in seats:
            try:
                if not await self.send_hand(record, seat):
                    failed.append(seat)
            except discord.HTTPException:
                log.exception("could not DM seat %d of table %d", seat, record.id)
                failed.append(seat)
        return failed

    def closed_dm_notes(self, record: GameRecord, failed: list[int]) -> list[str]:
        return [
            t(
                record.locale,
                "📪 I can't DM {who}: open your DMs or use `/game hand`.",
                who=mention(record, seat),
            )
            for seat in failed
        ]

    # -- after a change -------------------------------------------------------------------

    def seats_to_notify(self, result: MoveResult) -> list[int]:
        """Human seats whose hand (what their hand DM shows) changed, or who must act now and
        did not before."""
        after = result.after
        if after.status != ACTIVE:
            return []
        engine = self.tables.engine(after.game)
        presenter = PRESENTERS[after.game]
        seats: list[int] = []
        pending_after = set(engine.pending(result.state_after))
        pending_before = set(engine.pending(result.state_before))
        for seat, info in enumerate(after.seats):
            if info.is_bot:
                continue
            hand_before = presenter.hand_lines(engine.view(result.state_before, seat), info.locale)
            hand_after = presenter.hand_lines(engine.view(result.state_after, seat), info.locale)
            newly_pending = seat in pending_after and (
                seat not in pending_before or seat == result.seat
            )
            if hand_before != hand_after or newly_pending:
                seats.append(seat)
        return seats

    async def publish_move(self, result: MoveResult) -> Published:
        """Post the table, then DM the hands that changed (their DMs link to the new table
        message)."""
        return await self._publish(result.after, result.events, [], self.seats_to_notify(result))

    async def publish_start(self, record: GameRecord) -> Published:
        humans = [i for i, s in enumerate(record.seats) if not s.is_bot]
        start = [t(record.locale, "🎬 The game begins! Hands are on their way by DM.")]
        return await self._publish(record, [], start, humans)

    async def _publish(
        self,
        record: GameRecord,
        events: list[dict[str, Any]],
        notes: list[str],
        dm_seats: list[int],
    ) -> Published:
        """The move is already committed: a Discord error here must neither hide it nor stop
        the hands from going out, so each step carries on when the one before failed."""
        message: discord.Message | None = None
        try:
            message = await self.post_table(record, events, notes)
            record = record.with_changes(message_id=message.id)
        except discord.HTTPException:
            log.exception("could not post the table message of table %d", record.id)
        failed = await self.send_hands(record, dm_seats)
        if failed and message is not None:
            await self._note_closed_dms(message, record, failed)
        return Published(table_posted=message is not None, closed_dms=failed)

    async def _note_closed_dms(
        self, message: discord.Message, record: GameRecord, failed: list[int]
    ) -> None:
        content = "\n".join(filter(None, [message.content, *self.closed_dm_notes(record, failed)]))
        try:
            await message.edit(content=content, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not note closed DMs on table %d: %s", record.id, error)


@dataclass(frozen=True, slots=True)
class Published:
    """What reached Discord after a change was committed."""

    table_posted: bool
    closed_dms: list[int]


def _button(
    label: str,
    ref: ComponentRef,
    emoji: str | None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label[:80], custom_id=ref.custom_id, emoji=emoji, style=style)
