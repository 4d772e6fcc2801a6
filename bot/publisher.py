"""Everything the bot shows, as payloads: the public table message, the lobby, each player's
hand, and the closed-DM notice. Sending them is the courier's job (:mod:`bot.delivery.courier`).

This is the one way hidden information leaves the bot: a seat's hand is built only from that
seat's view and goes only to that seat's DM (or to that player's ephemeral reply). Public
messages are built only from the public view and the public events.

Every text fits Discord's limits (:mod:`bot.limits`) whatever the names and counts, and names
are shown as typed but can never mention, link or format: only the users a message means to
ping are in its allowed mentions.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import discord

import render
from bot import alt_text, rematch, text_mode, timing
from bot.clock import Clock
from bot.components import ComponentRef, choices_digest
from bot.deadlines import Deadlines
from bot.delivery.plan import START_ASKED_NOTE, START_NOTE
from bot.dm_channels import DmChannels
from bot.games import PRESENTERS, GamePresenter
from bot.i18n import N_, normalise, t
from bot.layout import CLASSIC, DEFAULT_LAYOUT, layout_of
from bot.limits import (
    BUTTON_LABEL,
    FIELD_VALUE,
    clip,
    clip_lines,
)
from bot.limits import safe_name as _safe_name
from bot.narration import (
    game_name,
    humans,
    jump_url,
    listed,
    markdown_names,
    mention,
    narrate,
    option_text,
    safe_name,
    seat_names,
)
from bot.payload import COLOUR, MAX_BUTTONS, Payload, pings
from bot.render_pool import drawn
from bot.snapshots import Decoded
from bot.store import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord
from bot.table import TableService

PREPARED_KEPT = 32
"""Table images drawn ahead (:meth:`Publisher.prepare_table`) kept for the courier to pick
up; a few tables' worth of quick moves."""


def _forget_failure(drawing: asyncio.Future[Any]) -> None:
    """A prepared drawing's error is reported when the post draws again, not as "never
    retrieved"."""
    if not drawing.cancelled():
        drawing.exception()


class Publisher:
    """Builds the bot's messages for a table, from views and public events only."""

    def __init__(self, client: discord.Client, tables: TableService) -> None:
        self.client = client
        self.tables = tables
        self.deadlines = Deadlines(tables)
        self.dms = DmChannels(client, store=tables.store)
        self._prepared: OrderedDict[tuple[Any, ...], asyncio.Future[list[bytes]]] = OrderedDict()

    # -- public table message ---------------------------------------------------------------

    def prepare_table(self, record: GameRecord) -> None:
        """Start drawing the table's images for ``record`` now, in the render pool, while the
        courier reads the outbox: the table post picks them up (:meth:`_table_images`).
        Nothing new when a move's drawing began before its commit (:meth:`prepare_move`).

        Why: a move's public post waits for its board, which is most of a move's time
        (issue 12 times interaction -> table post); started at the commit, the drawing
        overlaps the outbox reads. A drawing nobody picks up (its deliveries merged into a
        later move's, or a backlog of posts older than it) is dropped with the oldest, and
        cancelled: under load, drawings queued for posts that will draw again would double
        the workers' work."""
        if record.status not in (ACTIVE, FINISHED):
            return
        self._prepare(record, self.tables.decoded(record))

    def prepare_move(self, record: GameRecord, decoded: Decoded) -> None:
        """Start drawing the board of a move not yet committed (``TableService.act``'s
        ``computed``): ``record`` as the move read it, ``decoded`` the state it leads to.

        Why before the commit: the commit takes a few milliseconds the board need not wait
        for (issue 12's p99). Why this is safe: drawings are keyed by the decoded state
        itself, which the table service returns only for a committed version; a move that
        loses its compare-and-swap leaves a drawing nobody picks up, dropped with the oldest.
        """
        self._prepare(record, decoded)

    def _prepare(self, record: GameRecord, decoded: Decoded) -> None:
        key = self._images_key(record, decoded, record.locale)
        if key in self._prepared:
            return
        drawing = asyncio.ensure_future(self._draw_table(record, record.locale, decoded))
        drawing.add_done_callback(_forget_failure)
        self._prepared[key] = drawing
        while len(self._prepared) > PREPARED_KEPT:
            _, dropped = self._prepared.popitem(last=False)
            dropped.cancel()  # not drawn at all if it is still waiting for a worker

    async def _table_images(self, record: GameRecord, locale: str) -> list[bytes]:
        """The board (and any seat boards) as PNGs: prepared at the commit, or drawn now."""
        decoded = self.tables.decoded(record)
        prepared = self._prepared.pop(self._images_key(record, decoded, locale), None)
        if prepared is not None:
            with contextlib.suppress(Exception):  # a failed drawing is tried again below
                return await asyncio.shield(prepared)
        return await self._draw_table(record, locale, decoded)

    async def _draw_table(self, record: GameRecord, locale: str, decoded: Decoded) -> list[bytes]:
        return await drawn(
            render.render_table,
            record.game,
            self._board_view(record, decoded),
            locale=normalise(locale),
            players=seat_names(record),
        )

    @staticmethod
    def _images_key(record: GameRecord, decoded: Decoded, locale: str) -> tuple[Any, ...]:
        """Everything the table's images depend on: the table's state (the decoded state
        itself: see :meth:`prepare_move`), the language and the seat names."""
        return (record.id, decoded, normalise(locale), tuple(seat_names(record)))

    def _board_view(self, record: GameRecord, decoded: Decoded) -> dict[str, Any]:
        """The view the table's image is drawn from: the public one, or the seat's own view
        when the presenter names a seat (``board_seat(view)``: Monsterpocalypse, which hides
        nothing, shows the active seat's reachable squares and targets on the map)."""
        view = self.tables.view(record, None, decoded)
        board_seat = getattr(PRESENTERS[record.game], "board_seat", None)
        seat = board_seat(view) if board_seat is not None else None
        return self.tables.view(record, seat, decoded) if isinstance(seat, int) else view

    async def table_payload(
        self,
        record: GameRecord,
        events: list[dict[str, Any]] | None = None,
        notes: Iterable[str] = (),
        *,
        locale: str | None = None,
        text: bool = False,
        layout: str = CLASSIC,
    ) -> Payload:
        """The public table: board image, what just happened, whose turn, scores. ``locale``
        is the reader's (``/game status``); a post to the channel speaks the table's.
        ``text``: the text mode (:mod:`bot.text_mode`), the board in words and no image.
        ``layout``: classic or modern (:mod:`bot.layout`; the text mode is always classic).

        The images are awaited last: a move's board is drawing in a worker (see
        :meth:`prepare_move`) while the words are written here."""
        locale = locale or record.locale
        view = self.tables.view(record, None)
        names = markdown_names(record)
        presenter = PRESENTERS[record.game]
        embed = discord.Embed(
            title=t(locale, "{game} — table #{id}", game=game_name(record, locale), id=record.id),
            colour=COLOUR,
        )
        lines = narrate(presenter, events or [], locale, names, view)
        if lines:
            # The newest lines matter most: keep the end of a long chain of moves.
            embed.description = "\n".join(lines)[-4000:]
        embed.add_field(name=t(locale, "Players"), value=_summary(presenter, view, locale, names))
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=self._fairness_line(record, locale))
        content, pinged = self.turn_line(record, locale)
        notes_text = [self._note(record, note, locale) for note in notes]
        votes = {seat: self.deadlines.choices(record, seat) for seat, _ in timing.votes(record)}
        for seat in votes:  # whoever votes is asked by name
            pinged += [u for u in self.deadlines.voters(record, seat) if u not in pinged]
        clock_lines = timing.deadline_lines(
            record, locale, names, lambda seat: self._voters_named(record, seat, locale)
        )
        content = "\n".join(filter(None, [content, *clock_lines, *notes_text]))
        buttons = discord.ui.View(timeout=None)
        for button in timing.vote_buttons(record, votes, locale):
            buttons.add_item(button)
        if record.status == ACTIVE:
            buttons.add_item(_button(t(locale, "My hand"), ComponentRef("hand", record.id), "🃏"))
        if record.status == FINISHED:  # the same table again, one tap (bot.rematch)
            buttons.add_item(
                _button(t(locale, "Rematch"), ComponentRef("rematch", record.id), "🔁")
            )
        buttons.add_item(
            _button(
                t(locale, "History"),
                ComponentRef("history", record.id),
                "📜",
                style=discord.ButtonStyle.secondary,
            )
        )
        if text:  # the public view in words, led by the turn (or outcome) line
            users = {s.user_id: f"**{_safe_name(s.name)}**" for s in record.seats if s.user_id}
            headline = alt_text.unmention(self.turn_line(record, locale)[0], users)
            embed.description = text_mode.table_text(presenter, view, locale, names, headline)
            embed.clear_fields().set_image(url=None)
            return Payload(content=content or None, embed=embed, view=buttons,
                           mentions=pings(pinged))  # fmt: skip
        board, *seat_boards = await self._table_images(record, locale)
        names = seat_names(record)
        more = [(f"seat-{seat + 1}.png", names[seat], png) for seat, png in enumerate(seat_boards)]
        return Payload(
            content=content or None,
            embed=embed,
            image=board,
            view=buttons,
            mentions=pings(pinged),
            more_images=more,
            layout=layout,
            descriptions=alt_text.table(
                record,
                self._board_view(record, self.tables.decoded(record)),
                self.turn_line(record, locale)[0],
                locale,
                len(seat_boards),
            ),
        )

    async def table_layout(self, record: GameRecord) -> str:
        """The layout of the table's next post or edit: the layout its table message was sent
        in (stored with it, :func:`bot.layout.keyed`: Discord refuses to change a message's
        layout, and a table keeps one look), else its server's choice (``/game config``)."""
        stored = layout_of(record.message_key)
        if stored is not None:
            return stored
        if record.guild_id is None:
            return DEFAULT_LAYOUT
        return (await self.tables.store.guild_settings(record.guild_id)).layout

    def _voters_named(self, record: GameRecord, seat: int, locale: str) -> str:
        voters = set(self.deadlines.voters(record, seat))
        seats = [s for s, info in enumerate(record.seats) if info.user_id in voters]
        return listed(locale, [mention(record, s) for s in seats])

    @staticmethod
    def _note(record: GameRecord, note: str, locale: str) -> str:
        if note == START_NOTE:
            return t(locale, "🎬 The game begins! Hands are on their way by DM.")
        if note == START_ASKED_NOTE:
            return t(locale, "🎬 The game begins! Each player gets their hand by DM when their "
                     "turn comes; 🃏 My hand shows yours now.")  # fmt: skip
        return ""

    def turn_line(self, record: GameRecord, locale: str | None = None) -> tuple[str, list[int]]:
        """Whose turn it is (or who won), and the users that line should ping."""
        locale = locale or record.locale
        if record.status == FINISHED:
            return self.outcome_line(record, locale)
        pending = self.tables.pending(record)
        if not pending:
            return "", []
        who = listed(locale, [mention(record, seat) for seat in pending])
        return t(locale, "▶️ {who}, it is your turn.", who=who), humans(record, pending)

    def outcome_line(self, record: GameRecord, locale: str | None = None) -> tuple[str, list[int]]:
        """Who won, with every player's score by name; a win several players share is said
        so (it is not a draw)."""
        locale = locale or record.locale
        outcome = self.tables.outcome(record) or {}
        winners = list(outcome.get("winners", []))
        everyone = list(range(len(record.seats)))
        named = listed(locale, [mention(record, w) for w in winners])
        if "resigned" in outcome:
            text = t(
                locale,
                "🏁 {loser} resigned. {winner} wins!",
                loser=mention(record, outcome["resigned"]),
                winner=named,
            )
            return text, humans(record, everyone)
        rivals = [r for r in outcome.get("rivals", []) if isinstance(r, dict)]
        rival_won = [_safe_name(str(r.get("name", "?"))) for r in rivals if r.get("won")]
        if len(winners) == 1:
            text = t(locale, "🏆 {winner} wins!", winner=named)
        elif winners:
            text = t(locale, "🏆 {winners} share the win!", winners=named)
        elif rival_won:  # a solo game lost to the game's automa
            text = t(locale, "🏆 {winner} wins!", winner=listed(locale, rival_won))
        else:
            text = t(locale, "🏁 The game is over.")
        scores = list(outcome.get("scores") or [])[: len(record.seats)]
        if scores:
            table = " · ".join(
                [f"{safe_name(record, seat)} {score}" for seat, score in enumerate(scores)]
                + [f"{_safe_name(str(r.get('name', '?')))} {r.get('score')}" for r in rivals]
            )
            text += "\n" + t(locale, "Scores: {scores}", scores=table)
        taken = record.extra.get("taken_over", [])
        if taken:  # a result a bot finished for someone says so
            bots = listed(locale, [safe_name(record, seat) for seat in taken])
            text += "\n" + t(locale, "🤖 Finished by a bot: {seats}.", seats=bots)
        return text, humans(record, everyone)

    def _fairness_line(self, record: GameRecord, locale: str) -> str:
        if record.status in (FINISHED, ABANDONED):  # nothing left to hide: show the seed
            return t(
                locale,
                "Seed {seed} (SHA-256 {hash}…) — replay it with /game history",
                seed=record.seed,
                hash=record.seed_hash[:16],
            )
        return t(locale, "Seed SHA-256: {hash}", hash=record.seed_hash)

    # -- lobby ----------------------------------------------------------------------------

    def lobby_payload(self, record: GameRecord, locale: str | None = None) -> Payload:
        locale = locale or record.locale
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
                max=self.tables.seat_range(record)[1],
            )
        elif record.status == ACTIVE:
            embed.description = t(locale, "The game is on: follow it in the table messages below.")
        elif record.status == FINISHED:
            embed.description = t(locale, "This game is over.")
        else:
            embed.description = t(locale, "This table is closed.")
        embed.add_field(
            name=t(locale, "Players"),
            value="\n".join(self._seat_line(record, i) for i in range(len(record.seats))) or "-",
        )
        options = ", ".join(
            option_text(record.game, name, value, locale) for name, value in record.options.items()
        )
        if options:
            embed.add_field(name=t(locale, "Options"), value=options)
        clock = Clock.load(record.clock)
        if clock.enabled:
            embed.add_field(name=t(locale, "Clock"), value=timing.time_control_text(clock, locale))
        buttons = None
        if record.status == LOBBY:
            buttons = discord.ui.View(timeout=None)
            buttons.add_item(_button(t(locale, "Join"), ComponentRef("join", record.id), "🪑"))
            for level in self.tables.engine(record.game).bot_levels:
                buttons.add_item(_add_bot_button(record, level, locale))
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
        waiting = rematch.awaiting(record)
        if waiting and buttons is not None:
            self._rematch_lobby(record, locale, buttons)
        return Payload(
            content=self._rematch_line(record, waiting, locale),
            embed=embed,
            view=buttons or discord.ui.View(timeout=None),
            mentions=pings(waiting),
        )

    @staticmethod
    def _rematch_line(record: GameRecord, waiting: list[int], locale: str) -> str | None:
        """A rematch's lobby asks the players its seats wait for (pinged when it is posted)."""
        if not waiting:
            return None
        return t(
            locale,
            "🔁 Rematch of table #{old}! {who}: your seat is kept; tap **I'm in** or "
            "**Not this time**.",
            old=record.extra.get(rematch.REMATCH_OF, "?"),
            who=", ".join(f"<@{user_id}>" for user_id in waiting),
        )

    @staticmethod
    def _rematch_lobby(record: GameRecord, locale: str, buttons: discord.ui.View) -> None:
        """The two answers to a kept seat, after the lobby's buttons."""
        yes = ComponentRef("rmyes", record.id)
        buttons.add_item(_button(t(locale, "I'm in"), yes, "✅", discord.ButtonStyle.success))
        no = ComponentRef("rmno", record.id)
        buttons.add_item(
            _button(t(locale, "Not this time"), no, None, style=discord.ButtonStyle.secondary)
        )

    def _seat_line(self, record: GameRecord, seat: int) -> str:
        named = record.seats[seat].name.startswith("🤖")  # a bot named with its level
        icon = "" if named else "🤖 " if record.seats[seat].is_bot else "👤 "
        host = " 👑" if record.seats[seat].user_id == record.host_id else ""
        return f"{seat + 1}. {icon}{mention(record, seat)}{host}"

    # -- hands ----------------------------------------------------------------------------

    async def hand_payload(
        self, record: GameRecord, seat: int, locale: str, *, images: bool | None = None
    ) -> Payload:
        """A seat's hand from that seat's view only, with one-tap moves when it must act, or
        may play something "at any time" though nobody waits for it. Without ``images`` (the
        player's choice when not given: ``/game notify images:off``) the hand is in words
        (:mod:`bot.text_mode`), with the same buttons and no picture."""
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
        embed.add_field(name=t(locale, "Table"), value=_summary(presenter, view, locale, names))
        buttons = discord.ui.View(timeout=None)
        move_buttons = self._move_buttons(record, seat, view, locale)
        if seat in self.tables.pending(record):
            embed.set_footer(text=t(locale, "Your turn: tap a move below."))
        elif move_buttons:
            embed.set_footer(
                text=t(locale, "Nobody is waiting for you, but you may play these now.")
            )
        for button in move_buttons:
            buttons.add_item(button)
        if images is None:
            images = await self.images_wanted(record.seats[seat].user_id)
        if not images:
            embed.description = text_mode.hand_text(presenter, view, locale)
            return Payload(embed=embed, view=buttons)
        image = await drawn(render.render_hand, record.game, view, locale=normalise(locale))
        embed.set_image(url="attachment://hand.png")
        alt = alt_text.hand(presenter, view, locale)
        return Payload(
            embed=embed, image=image, filename="hand.png", view=buttons, descriptions=[alt]
        )

    async def images_wanted(self, user_id: int | None) -> bool:
        """Whether this player sees pictures (a bot seat: yes; the text mode: no)."""
        return user_id is None or (await self.tables.store.prefs(user_id)).images

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
        """Where the game is, with a link to its latest table message."""
        guild = self.client.get_guild(record.guild_id) if record.guild_id else None
        channel = self.client.get_channel(record.channel_id)
        where = t(
            locale,
            "**{game}** in **{server}**, #{channel}",
            game=game_name(record, locale),
            server=_safe_name(guild.name) if guild else "?",
            channel=_safe_name(str(getattr(channel, "name", record.channel_id))),
        )
        url = jump_url(record)
        return f"{where} — {url}" if url else where

    def seat_offer(self, record: GameRecord, seat: int) -> Payload:
        """Ask the member a seat is offered to, in the channel, with two buttons."""
        target = record.extra.get("seat_offers", {}).get(str(seat))
        text = t(
            record.locale,
            "🪑 <@{target}>, {who} offers you their seat at table #{id}. Take it?",
            target=target,
            who=mention(record, seat),
            id=record.id,
        )
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(
            _button(
                t(record.locale, "Take the seat"),
                ComponentRef("seatyes", record.id, version=seat),
                "🪑",
                style=discord.ButtonStyle.success,
            )
        )
        buttons.add_item(
            _button(
                t(record.locale, "No, thanks"),
                ComponentRef("seatno", record.id, version=seat),
                None,
                style=discord.ButtonStyle.secondary,
            )
        )
        return Payload(content=text, view=buttons, mentions=pings([target] if target else []))

    def closed_dm_notice(self, record: GameRecord, seat: int) -> Payload:
        """Said once per table and player, in the channel: their hand cannot reach them."""
        user_id = record.seats[seat].user_id
        text = t(
            record.locale,
            "📪 I can't DM {who}: open your DMs for this server, or use `/game hand` to see "
            "your hand.",
            who=mention(record, seat),
        )
        return Payload(content=text, mentions=pings([user_id] if user_id else []))


ADD_BOT_LABELS = {"easy": N_("Easy bot"), "normal": N_("Normal bot"), "hard": N_("Hard bot")}


def _summary(presenter: GamePresenter, view: dict[str, Any], locale: str, names: list[str]) -> str:
    """The presenter's summary of the table, as much as an embed field holds, the rest
    counted: the table post's "Players" and a hand DM's "Table" say the same."""
    return clip_lines(
        presenter.summary_lines(view, locale, names),
        FIELD_VALUE,
        lambda n: t(locale, "…and {n} more", n=n),
    )


def _add_bot_button(record: GameRecord, level: str, locale: str) -> discord.ui.Button[Any]:
    """The lobby's button seating a bot at ``level``."""
    label = t(locale, ADD_BOT_LABELS[level]) if level in ADD_BOT_LABELS else level
    ref = ComponentRef(f"addbot{level}", record.id)
    return _button(label, ref, "🤖", style=discord.ButtonStyle.secondary)


def _button(
    label: str,
    ref: ComponentRef,
    emoji: str | None,
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=clip(label, BUTTON_LABEL), custom_id=ref.custom_id, emoji=emoji, style=style
    )
