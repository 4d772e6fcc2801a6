"""What a table says about its clock: the time control, each running deadline as a Discord
timestamp, the vote buttons and the reminder DM (Discord-facing text only; the arithmetic is
:mod:`bot.clock`, the decisions :mod:`bot.deadlines`).

Deadlines are written as ``<t:unix:R>`` timestamps: each reader's Discord client shows them
in their own time zone and language, and counts down, so the bot never edits a message to
keep a countdown current.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.clock import BOT, MOVE, SKIP, VOTE, WAIT, WINDOW, Clock
from bot.components import ComponentRef
from bot.i18n import N_, t
from bot.limits import BUTTON_LABEL, clip
from bot.store import ACTIVE, GameRecord

DURATION_NAMES = {
    10 * 60: N_("10 minutes"),
    60 * 60: N_("1 hour"),
    12 * 60 * 60: N_("12 hours"),
    24 * 60 * 60: N_("24 hours"),
    3 * 24 * 60 * 60: N_("3 days"),
}
BANK_NAMES = {
    60 * 60: N_("1 hour"),
    24 * 60 * 60: N_("1 day"),
    3 * 24 * 60 * 60: N_("3 days"),
}
VOTE_LABELS = {
    WAIT: (N_("Wait longer"), "⏳"),
    SKIP: (N_("Skip the turn"), "⏭️"),
    BOT: (N_("A bot plays on"), "🤖"),
}


def timestamp(moment: float, style: str = "R") -> str:
    """A Discord timestamp: ``R`` counts down ("in 3 hours"), ``f`` is the date and time."""
    return f"<t:{int(moment)}:{style}>"


def duration_text(seconds: int, locale: str, names: dict[int, str] = DURATION_NAMES) -> str:
    if seconds in names:
        return t(locale, names[seconds])
    return t(locale, "{n} minutes", n=seconds // 60)


def time_control_text(clock: Clock, locale: str) -> str:
    """The table's time control in words ("1 hour per move, plus a 1 day bank")."""
    if not clock.enabled:
        return t(locale, "No clock")
    text = t(locale, "{time} per move", time=duration_text(clock.per_move, locale))
    if clock.bank:
        bank = duration_text(clock.bank, locale, BANK_NAMES)
        text += t(locale, ", plus a {bank} bank each", bank=bank)
    return text


def deadline_lines(
    record: GameRecord, locale: str, names: list[str], voters: Callable[[int], str]
) -> list[str]:
    """One line per running deadline of an active table: who, and by when (``voters(seat)``
    names, as mentions, who votes on an absent seat: the line asks them)."""
    clock = Clock.load(record.clock)
    if record.status != ACTIVE or not clock.deadlines:
        return []
    lines = window_lines(clock, locale, names)
    for deadline in sorted(clock.deadlines, key=lambda d: d.due):
        who = names[deadline.seat]
        when = timestamp(deadline.due)
        if deadline.kind == MOVE:
            lines.append(t(locale, "⏳ {who} moves by {when}", who=who, when=when))
        elif deadline.kind == VOTE:
            lines.append(
                t(
                    locale,
                    "🗳️ {who}'s time ran out: {voters}, vote until {when} (no vote: a bot "
                    "plays on).",
                    who=who,
                    voters=voters(deadline.seat),
                    when=when,
                )
            )
    return lines


def window_lines(clock: Clock, locale: str, names: list[str]) -> list[str]:
    """One line per open window: everyone it still waits for, and when it closes (the seats
    of one window share one deadline, so they share one line)."""
    by_due: dict[float, list[str]] = {}
    for deadline in sorted(clock.deadlines, key=lambda d: (d.due, d.seat)):
        if deadline.kind == WINDOW:
            by_due.setdefault(deadline.due, []).append(names[deadline.seat])
    return [
        t(
            locale,
            "⏱️ Waiting for {who}: the window closes {when}.",
            who=", ".join(who),
            when=timestamp(due),
        )
        for due, who in by_due.items()
    ]


def due_of(record: GameRecord, seat: int) -> float | None:
    """When ``seat``'s running move deadline falls due, if it has one."""
    deadline = Clock.load(record.clock).get(MOVE, seat)
    return deadline.due if deadline is not None else None


def vote_buttons(record: GameRecord, choices: dict[int, list[str]], locale: str) -> list[Any]:
    """The buttons of every open vote (``choices``: the seat -> what its vote offers)."""
    clock = Clock.load(record.clock)
    buttons: list[Any] = []
    for deadline in clock.deadlines:
        if deadline.kind != VOTE or record.status != ACTIVE:
            continue
        for choice in choices.get(deadline.seat, []):
            label, emoji = VOTE_LABELS[choice]
            ref = ComponentRef(f"vote{choice}", record.id, deadline.opened, deadline.seat)
            buttons.append(
                discord.ui.Button(
                    label=clip(t(locale, label), BUTTON_LABEL),
                    custom_id=ref.custom_id,
                    emoji=emoji,
                    style=discord.ButtonStyle.secondary,
                )
            )
    return buttons


def votes(record: GameRecord) -> list[tuple[int, int]]:
    """``(seat, opened)`` of every open vote: part of what a table message announces."""
    clock = Clock.load(record.clock)
    return sorted((d.seat, d.opened) for d in clock.deadlines if d.kind == VOTE)


def reminder_text(locale: str, game: str, table_id: int, due: float, url: str | None) -> str:
    """The reminder DM, in the player's language."""
    text = t(
        locale,
        "⏰ Your move at {game} (table #{id}) is due {when} ({date}).",
        game=game,
        id=table_id,
        when=timestamp(due),
        date=timestamp(due, "f"),
    )
    return f"{text} {url}" if url else text
