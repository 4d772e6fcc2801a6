"""What every command and button does around the game: answer in time, act, publish, explain.

Cogs stay thin: they parse a Discord interaction into arguments and call one of these flows.
Every flow defers first (Discord's 3 s deadline holds even when a board takes long to draw),
turns a :class:`TableError` into a localised ephemeral reply that changes nothing, and lets
unexpected errors reach the tree's error handler (logged, with an apology to the user).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot import rematch, replies
from bot.clock import BANK_CHOICES, PER_MOVE_CHOICES, Clock
from bot.components import ADD_BOT_KINDS, ComponentRef
from bot.delivery import followup, in_answer
from bot.errors import error_text
from bot.games.texts import history_text
from bot.i18n import normalise, t
from bot.limits import safe_name
from bot.payload import Payload
from bot.replies import COMMITTED, move_reply
from bot.store import ABANDONED, ACTIVE, FINISHED, LOBBY, GameRecord
from bot.table import MoveResult, TableError

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

log = logging.getLogger(__name__)

Reply = str | Payload
DEFERRING = "monster_table.deferring"
"""Where :func:`answer` leaves its deferral under way (``interaction.extras``), for an update
of the tapped message to wait for."""


async def answer(
    interaction: discord.Interaction[Any],
    work: Callable[[str], Awaitable[Reply | None]],
    *,
    update: bool = False,
) -> None:
    """Defer ephemerally, run ``work(locale)`` and send its reply, or the refusal.
    ``update``: a tap on a message that the work updates itself (:func:`spend_own`) defers
    as an update of that message instead; the reply is an ephemeral followup. A work that
    sent its reply itself (:func:`opened`) returns None.

    The deferral goes out while the work runs, not before it: its round trip to Discord is
    then off the path to the public table post (issue 12 times interaction -> table post).
    Every answer waits for it, and so does an error on its way to the tree's handler (which
    must know whether the interaction was acknowledged)."""
    with interaction.client.in_flight.tracking():
        await _answer(interaction, work, update)


async def _answer(
    interaction: discord.Interaction[Any],
    work: Callable[[str], Awaitable[Reply | None]],
    update: bool,
) -> None:
    locale = normalise(interaction.locale)
    kept: replies.Kept | None = None
    deferring: asyncio.Task[Any] | None = None
    if not interaction.response.is_done():
        # Kept until answered, so a restart answers it if this process dies first.
        kept = replies.keep(interaction.client, interaction, update=update)
        deferring = _defer(interaction, update, kept)
    interaction.extras[DEFERRING] = deferring
    interaction.extras[replies.KEPT] = kept
    try:
        reply = await work(locale)
    except TableError as error:
        await _deferred(deferring)
        await interaction.followup.send(f"⚠️ {error_text(error, locale)}", ephemeral=True)
        await replies.close(interaction.client, kept)
        return
    except BaseException:
        await _deferred(deferring, quietly=True)  # the work's error is the one to report
        raise
    finally:
        if kept is not None:
            kept.unmark()
    await _deferred(deferring)
    if isinstance(reply, Payload):
        reply = await _as_wanted(interaction, reply)
        await interaction.followup.send(ephemeral=True, **reply.send_kwargs())
    elif reply is not None:
        await interaction.followup.send(reply, ephemeral=True)
    await replies.close(interaction.client, kept)


async def _as_wanted(interaction: discord.Interaction[Any], reply: Payload) -> Payload:
    """A private reply with pictures as the player wants it: for one who chose the text mode
    (``/game notify images:off``), each picture's alt text in its place. Hands and tables
    have a fuller text view of their own (:mod:`bot.text_mode`), built before this."""
    if not reply.pictures():
        return reply
    wanted = await interaction.client.publisher.images_wanted(interaction.user.id)
    return reply if wanted else reply.without_pictures()


KEEP_BEFORE_ACK_SECONDS = 0.5
"""How long an acknowledgement waits for its token's write. Acknowledged only once the token
is stored, an interaction cut off by a crash right after is answered by the restarted bot
(issue 27: a SIGKILL 30 ms after the acknowledgement); a write usually lands in a few ms, and
a stalled store delays the acknowledgement by this much at most, well inside Discord's 3 s."""


def _defer(
    interaction: discord.Interaction[Any], update: bool, kept: replies.Kept
) -> asyncio.Task[None]:
    """Start acknowledging the interaction (an ephemeral "thinking...", or with ``update``
    a deferred update of the tapped message) once its token is kept (the work runs
    meanwhile; a move committed before the write lands writes the row itself)."""

    async def deferral() -> None:
        await replies.written(kept, KEEP_BEFORE_ACK_SECONDS)
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    return asyncio.create_task(deferral(), name="defer")


async def spend_own(interaction: discord.Interaction[Any]) -> None:
    """Remove the spent move buttons of the tapped message, through the interaction's answer
    (deferred as an update by :func:`answer`)."""
    with contextlib.suppress(discord.HTTPException):
        await _deferred(interaction.extras.get(DEFERRING))
        await interaction.edit_original_response(view=None)


def shown_in_place(interaction: discord.Interaction[Any]) -> in_answer.Show:
    """How the courier shows a delivery in the tapped message (the mover's new hand in their
    hand DM, the lobby in the lobby message): through the interaction's answer (free), once
    the deferred update is sent."""

    async def show(payload: Payload) -> int:
        await _deferred(interaction.extras.get(DEFERRING))
        message = await interaction.edit_original_response(**payload.edit_kwargs())
        return message.id

    return show


def posted_in_answer(
    interaction: discord.Interaction[Any], *, ephemeral: bool = False
) -> in_answer.Posting:
    """How the courier posts a new message in the interaction's channel (``/game new``'s
    lobby, the first table of a Start tapped on the lobby): as a public followup of the
    interaction's answer, which Discord does not count against the bot's 50 requests a second
    (issue 27), where a channel post does. It is a channel message like any other: the bot
    edits it later by its id, after the token's 15 minutes too. Only once the followup is
    public: after a deferred update, or after the private reply filled an ephemeral
    "thinking…" (the first followup would fill it). A followup carries no nonce: it is sent
    once, and one whose answer is lost is found, not sent again (:mod:`bot.delivery.followup`).
    ``ephemeral``: for the interaction's user alone (the starting hand of whoever tapped
    Start, :func:`cogs.components._lobby`)."""

    async def post(payload: Payload) -> int:
        await _deferred(interaction.extras.get(DEFERRING))
        with followup.sent_once():
            message = await interaction.followup.send(
                **payload.send_kwargs(), ephemeral=ephemeral, wait=True
            )
        return message.id

    return in_answer.Posting(interaction.id, post)


async def _deferred(deferring: asyncio.Task[Any] | None, *, quietly: bool = False) -> None:
    """Wait for the deferral to be sent; ``quietly``: whatever became of it (another error
    is on its way)."""
    if deferring is None:
        return
    if not quietly:
        await deferring
        return
    with contextlib.suppress(Exception, asyncio.CancelledError):
        await asyncio.shield(deferring)


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


async def play(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    game_id: int,
    action: Any,
    expected_version: int | None = None,
) -> str:
    """Apply a move for the interaction's user, have it shown, and say what happened."""
    result = await bot.tables.act(
        game_id,
        interaction.user.id,
        action,
        expected_version=expected_version,
        computed=bot.publisher.prepare_move,
    )
    return await move_result_reply(bot, interaction, result)


async def play_button(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    game_id: int,
    ref: ComponentRef,
    *,
    in_place: bool = False,
    in_channel: bool = False,
) -> str:
    """A move button: the move it names, if the player's choices are still those it showed.
    ``in_place``: the tapped message is the mover's hand DM, answered by an update of it,
    through which the courier shows their new hand while the answer waits for the table to
    be shown (:func:`shown_in_place`). ``in_channel``: it is a private hand in the table's
    channel instead (issue 27): a new table message is posted as the answer's public
    followup, free (:func:`posted_in_answer`), and the new hand is shown in it only while the
    mover has no hand DM at this table, which would otherwise go stale."""
    digest, index = ref.digest, ref.index
    if digest is None or index is None:
        raise TableError("malformed_component")
    user_id = interaction.user.id

    async def move() -> str:
        result = await bot.tables.act_choice(
            game_id, user_id, digest, index, computed=bot.publisher.prepare_move
        )
        return await move_result_reply(bot, interaction, result)

    if not in_place:
        return await move()
    hand_here, table_here = True, False
    if in_channel:
        hand_here, table_here = await _private_hand_answers(bot, interaction, game_id)
    courier = bot.courier
    with contextlib.ExitStack() as answers:
        shown = None
        if hand_here:
            hand = shown_in_place(interaction)
            shown = answers.enter_context(
                courier.answering(game_id, user_id, hand, in_dm=not in_channel)
            )
        if table_here:
            table = posted_in_answer(interaction)
            answers.enter_context(courier.answering(game_id, in_answer.TABLE_ANSWER, table))
        reply = await move()
    if shown is None or not shown.close():
        await spend_own(interaction)  # no new hand to show: the same, without its buttons
    return reply


async def _private_hand_answers(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], game_id: int
) -> tuple[bool, bool]:
    """For a move tapped on a private hand: whether its answer shows the mover's new hand
    (only while they have no hand DM at this table, which would go stale), and whether it
    posts a new table message (only in the table's own channel)."""
    record = await bot.store.get(game_id)
    if record is None:
        return False, False
    seat = record.seat_of(interaction.user.id)
    no_dm = seat is not None and await bot.store.last_hand_message(game_id, seat) is None
    return no_dm, interaction.channel_id == record.channel_id


async def move_result_reply(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], result: MoveResult
) -> str:
    shown = await committed(bot, interaction, result.after)
    closed = bot.courier.dm_is_closed(interaction.user.id)
    return move_reply(normalise(interaction.locale), shown, closed)


async def committed(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], record: GameRecord
) -> bool:
    """After a change is stored: start showing it (and any automatic move it makes due) and
    wait a little for it to be shown. True when everything it announced reached Discord."""
    interaction.extras[COMMITTED] = True
    bot.publisher.prepare_table(record)
    bot.courier.kick(record.id)
    bot.scheduler.after_change(record)
    return await bot.courier.wait_delivered(
        record.id, record.version, bot.settings.reply_wait_seconds
    )


async def opened(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], record: GameRecord, reply: str
) -> None:
    """A table just opened in the command's own channel: the private ``reply`` first (it fills
    the ephemeral "thinking…"), then the lobby as a public followup of the same answer
    (:func:`posted_in_answer`) rather than a channel post of the courier's own. If Discord
    refuses the followup, or the answer stopped waiting, the courier posts the lobby as
    before. The work that calls this returns None to :func:`answer`: its reply is sent."""
    await _deferred(interaction.extras.get(DEFERRING))
    try:
        await interaction.followup.send(reply, ephemeral=True)
    except discord.HTTPException:  # a followup now would fill "thinking…": the courier posts
        await committed(bot, interaction, record)
        raise
    with bot.courier.answering(record.id, in_answer.LOBBY_ANSWER, posted_in_answer(interaction)):
        await committed(bot, interaction, record)


async def join(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    record = await bot.tables.join(
        game_id, interaction.user.id, display_name(interaction.user), locale
    )
    await committed(bot, interaction, record)
    return t(locale, "✅ You are seated at table #{id}.", id=record.id)


async def leave(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    """Leave a lobby; leaving a started game is resigning it."""
    before = await bot.tables.get(game_id)
    if before.status == ACTIVE:
        return await resign(bot, interaction, locale, game_id)
    record = await bot.tables.leave(game_id, interaction.user.id)
    await committed(bot, interaction, record)
    if record.status != LOBBY:
        return t(locale, "✅ You left; table #{id} is closed.", id=record.id)
    return t(locale, "✅ You left table #{id}.", id=record.id)


async def add_bot(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    level: str = "normal",
) -> str:
    """Seat a bot at ``level``; its name ("🤖 Ada (hard)") says which."""
    record = await bot.tables.add_bot(game_id, interaction.user.id, level)
    await committed(bot, interaction, record)
    return t(locale, "{name} takes a seat.", name=safe_name(record.seats[-1].name))


def _add_bot_at(level: str) -> Callable[..., Awaitable[str]]:
    """The lobby step of the button that seats a bot at ``level``."""

    async def step(
        bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
    ) -> str:
        return await add_bot(bot, interaction, locale, game_id, level)

    return step


async def start(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    await rematch.free_unanswered(bot.tables, game_id, interaction.user.id)
    record = await bot.tables.start(game_id, interaction.user.id)
    shown = await committed(bot, interaction, record)
    reply = t(locale, "🎬 Table #{id} has started.", id=record.id)
    if not shown:
        slow = t(locale, "Discord is slow right now: the table and the hands are on their way.")
        reply += "\n" + slow
    if bot.courier.dm_is_closed(interaction.user.id):
        reply += "\n" + t(locale, "📪 Your DMs are closed, so use `/game hand` to see your hand.")
    return reply


async def resign(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, game_id: int
) -> str:
    result = await bot.tables.resign(game_id, interaction.user.id)
    await committed(bot, interaction, result.after)
    return t(locale, "🏳️ You resigned from table #{id}.", id=game_id)


LOBBY_STEPS: dict[str, Callable[..., Awaitable[str]]] = {
    "join": join,
    "leave": leave,
    "addbot": add_bot,
    "start": start,
    **{kind: _add_bot_at(level) for kind, level in ADD_BOT_KINDS.items()},
}


async def notify_settings(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    *,
    dm: bool | None,
    reminders: bool | None,
    images: bool | None = None,
) -> str:
    """Change (where given) and show the caller's notification choices; they hold for every
    table, in every server. ``images`` off is the text mode (:mod:`bot.text_mode`)."""
    prefs = await bot.store.prefs(interaction.user.id)
    chosen = {"dm_on_turn": dm, "reminders": reminders, "images": images}
    changed = {name: value for name, value in chosen.items() if value is not None}
    if changed:
        prefs = replace(prefs, **changed)
        await bot.store.set_prefs(interaction.user.id, prefs)
    on, off = t(locale, "on"), t(locale, "off")
    text = t(
        locale,
        "🔔 DM with your hand and moves when it is your turn: **{dm}**. Reminders: "
        "**{reminders}**.\nWith DMs off, the channel mentions you at every decision and "
        "`/game hand` shows your hand.",
        dm=on if prefs.dm_on_turn else off,
        reminders=on if prefs.reminders else off,
    )
    if prefs.images:
        said = t(locale, "🖼️ Images: **on**. With images off, your hands and private replies "
                   "come as text with the same buttons.")  # fmt: skip
    else:
        said = t(locale, "🖼️ Images: **off**: your hands and private replies come as text "
                   "with the same buttons.")  # fmt: skip
    return f"{text}\n{said}"


def can_see(record: GameRecord, interaction: discord.Interaction[Any]) -> bool:
    """Whether the caller may look at this table: a server's tables from that server, a table
    played in DMs only by its players."""
    if record.guild_id is not None:
        return record.guild_id == interaction.guild_id
    return record.seat_of(interaction.user.id) is not None


async def table_by_id(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], game_id: int
) -> GameRecord:
    """A table the caller may look at, by its number (from a command or a button)."""
    record = await bot.store.get(game_id)
    if record is None or not can_see(record, interaction):
        raise TableError("no_such_table", game_id=game_id)
    return record


async def show_hand(bot: MonsterTableBot, record: GameRecord, user_id: int, locale: str) -> Payload:
    seat = record.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated")
    if record.state is None:
        raise TableError("not_started")
    return await bot.publisher.hand_payload(record, seat, locale)


async def status(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], locale: str, text: bool | None
) -> Payload:
    """``/game status``: the table in this channel, from its public view, as the picture the
    channel shows or, with ``text`` (by default: the caller's text mode), in words; then, for
    a seated caller only (the reply is theirs alone), their own hand in words below it."""
    record = await table_in_channel(bot, interaction)
    if record.status == LOBBY:
        return bot.publisher.lobby_payload(record, locale)
    if text is None:
        text = not await bot.publisher.images_wanted(interaction.user.id)
    shown = await bot.publisher.table_payload(record, locale=locale, text=text)
    seat = record.seat_of(interaction.user.id)
    if text and seat is not None and record.status == ACTIVE:
        hand = await bot.publisher.hand_payload(record, seat, locale, images=False)
        shown.more_embeds += [hand.embed] if hand.embed is not None else []
    return shown


async def table_in_channel(
    bot: MonsterTableBot, interaction: discord.Interaction[Any]
) -> GameRecord:
    if interaction.channel_id is None:
        raise TableError("no_table_here")
    return await bot.tables.in_channel(interaction.channel_id)


async def latest_table_here(
    bot: MonsterTableBot, interaction: discord.Interaction[Any]
) -> GameRecord:
    """The open table in this channel, else the one that ended last (for history)."""
    if interaction.channel_id is None:
        raise TableError("no_table_here")
    record = await bot.store.latest_in_channel(interaction.channel_id)
    if record is None:
        raise TableError("no_table_here")
    return record


async def active_table_of(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], game: str | None = None
) -> GameRecord:
    """The open table in this channel (of ``game`` if given) the user may act on."""
    record = await table_in_channel(bot, interaction)
    if game is not None and record.game != game:
        raise TableError("no_table_here")
    return record


async def seat_here(
    bot: MonsterTableBot, interaction: discord.Interaction[Any], game: str
) -> tuple[GameRecord, int] | None:
    """The started table of ``game`` in this channel and the caller's seat at it, or None
    (autocomplete then offers nothing rather than an error)."""
    try:
        record = await active_table_of(bot, interaction, game)
    except TableError:
        return None
    seat = record.seat_of(interaction.user.id)
    if record.status != ACTIVE or seat is None:
        return None
    return record, seat


async def history(bot: MonsterTableBot, record: GameRecord, locale: str) -> Payload:
    """The move log, inline when short, else as a text file."""
    actions = await bot.store.actions(record.id)
    text = history_text(record, actions, locale, finished=record.status in (FINISHED, ABANDONED))
    if len(text) <= 1900:
        return Payload(content=text)
    return Payload(
        content=t(locale, "The full log is attached."),
        image=text.encode(),
        filename=f"table-{record.id}-history.txt",
    )


async def cast_vote(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    game_id: int,
    seat: int,
    opened: int,
    choice: str,
) -> str:
    """A vote on a seat whose time ran out (one click each; see :mod:`bot.deadlines`)."""
    result = await bot.scheduler.deadlines.vote(game_id, interaction.user.id, seat, opened, choice)
    if result.decision is None:
        return t(
            locale,
            "🗳️ Your vote is counted ({votes} of {voters}).",
            votes=result.votes,
            voters=result.voters,
        )
    await committed(bot, interaction, result.record)
    return t(locale, "🗳️ Your vote decided it: the table shows what happens next.")


def time_control(per_move: str, bank: str) -> Clock | None:
    """The clock ``/game new`` asked for (choice ids of :data:`bot.clock.PER_MOVE_CHOICES`
    and :data:`bot.clock.BANK_CHOICES`), or None for no clock."""
    seconds = PER_MOVE_CHOICES.get(per_move)
    extra = BANK_CHOICES.get(bank)
    if seconds is None or extra is None:
        raise TableError("bad_option", option="clock" if seconds is None else "bank")
    if not seconds:
        if extra:
            raise TableError("bad_clock")
        return None
    return Clock(per_move=seconds, bank=extra)


async def open_table(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    channel_id: int,
    *,
    game: str,
    options: dict[str, Any],
    locale: str,
    time_control: Clock | None = None,
) -> GameRecord:
    """The caller opens and hosts a table of ``game`` in ``channel_id``: the channel the
    command was typed in, or the thread opened for it (``bot.threads``). ``locale`` is the
    table's; the host's seat speaks the host's own language, as a joining player's does."""
    return await bot.tables.new_table(
        game,
        guild_id=interaction.guild_id,
        channel_id=channel_id,
        user_id=interaction.user.id,
        name=display_name(interaction.user),
        locale=locale,
        options=options,
        time_control=time_control,
        host_locale=normalise(interaction.locale),
    )
