"""What a committed change must show, decided when it is committed (no Discord here).

The table service asks these functions for an :class:`~bot.store.Announcement` and stores it in
the change's own transaction; the courier (:mod:`bot.delivery.courier`) sends it later. Deciding
here, not at sending time, keeps the answer tied to the exact change: the hands that changed
and the seats newly asked to act.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any

from bot.games import PRESENTERS
from bot.store import (
    HAND_DM,
    HAND_UPDATE,
    LOBBY_MESSAGE,
    SEAT_OFFER,
    TABLE_POST,
    Announcement,
    GameRecord,
)
from rules import Engine

ViewOf = Callable[[Any, int], dict[str, Any]]
"""``(state, seat) -> view``: how the plan reads a seat's view of a state."""

START_NOTE = "start"
"""Note code: the first table post of a game says that hands are on their way."""
START_ASKED_NOTE = "start_asked"
"""Note code: the first table post says that each hand comes by DM with its first turn."""


def lobby_changed() -> Announcement:
    """A lobby changed (opened, joined, left, a bot seated, cancelled): show it."""
    return Announcement(deliveries=((LOBBY_MESSAGE, None),))


def started(record: GameRecord, asked: Collection[int]) -> Announcement:
    """A game started: close the lobby, post the first table, deal every human their hand;
    in a game whose presenter says ``hands_with_first_turn`` (Monster Day), only the humans
    ``asked`` to act first: a DM to a player with nothing to do would notify them for nothing
    and cost a request (issue 27); theirs comes with their first turn (:func:`moved`: a seat
    newly asked gets its hand DM), and the table's "My hand" shows it meanwhile."""
    humans = [seat for seat, info in enumerate(record.seats) if not info.is_bot]
    note = START_NOTE
    if getattr(PRESENTERS[record.game], "hands_with_first_turn", False):
        humans, note = [seat for seat in humans if seat in asked], START_ASKED_NOTE
    return Announcement(
        deliveries=(
            (LOBBY_MESSAGE, None),
            (TABLE_POST, None),
            *((HAND_DM, seat) for seat in humans),
        ),
        notes=(note,),
    )


def moved(
    engine: Engine,
    record: GameRecord,
    state_before: Any,
    state_after: Any,
    actor: int,
    events: list[dict[str, Any]],
    *,
    view: ViewOf | None = None,
) -> Announcement:
    """A move: the table post; a new DM to every human who must act now and did not before
    (it notifies them), and for every other human whose hand changed, a new DM too, or, in a
    game whose presenter says ``hand_updates_in_place`` (where everyone acts on everyone's
    turn and hands change all the time), their latest DM edited in place: a card drawn in
    someone else's fight is no reason to buzz a phone. ``view``: ``(state, seat) -> view``,
    the engine's unless the caller keeps views (:mod:`bot.snapshots`)."""
    asked, changed = hands_to_send(engine, record, state_before, state_after, actor, view=view)
    if not getattr(PRESENTERS[record.game], "hand_updates_in_place", False):
        asked, changed = sorted(asked + changed), []
    return Announcement(
        deliveries=(
            (TABLE_POST, None),
            *((HAND_DM, seat) for seat in asked),
            *((HAND_UPDATE, seat) for seat in changed),
        ),
        events=tuple(events),
    )


def seat_changed(record: GameRecord, events: list[dict[str, Any]]) -> Announcement:
    """A seat changed hands or the game ended without a move (a resignation)."""
    return Announcement(deliveries=((TABLE_POST, None),), events=tuple(events))


def seat_offered(seat: int) -> Announcement:
    """A player offers their seat to a member: ask that member, in the channel."""
    return Announcement(deliveries=((SEAT_OFFER, seat),))


def seat_handed(record: GameRecord, seat: int, events: list[dict[str, Any]]) -> Announcement:
    """A seat changed players: the table says so, and the new player gets the seat's hand
    (a lobby shows the new seat list instead)."""
    if record.state is None:
        return lobby_changed()
    return Announcement(deliveries=((TABLE_POST, None), (HAND_DM, seat)), events=tuple(events))


def hands_to_send(
    engine: Engine,
    record: GameRecord,
    state_before: Any,
    state_after: Any,
    actor: int,
    *,
    view: ViewOf | None = None,
) -> tuple[list[int], list[int]]:
    """Human seats who must act now and did not before (the actor too when it must act again:
    its buttons are spent), and the other human seats whose hand (what their hand DM shows)
    changed."""
    if engine.outcome(state_after) is not None:
        return [], []
    presenter = PRESENTERS[record.game]
    view_of = view or engine.view
    pending_after = set(engine.pending(state_after))
    pending_before = set(engine.pending(state_before))
    asked: list[int] = []
    changed: list[int] = []
    for seat, info in enumerate(record.seats):
        if info.is_bot:
            continue
        if seat in pending_after and (seat not in pending_before or seat == actor):
            asked.append(seat)
            continue
        before = presenter.hand_lines(view_of(state_before, seat), info.locale)
        after = presenter.hand_lines(view_of(state_after, seat), info.locale)
        if before != after:
            changed.append(seat)
    return asked, changed


def turn_key(game: str, view: dict[str, Any], pending: list[int]) -> str:
    """What a table message announces: while it stays the same, the latest table message is
    edited in place; when it changes, a new message is posted (and pings whoever must act).

    A game's presenter may say (``turn_key(view)``); otherwise a game turn is its number and
    whose it is, so placing a card in someone else's turn edits the board instead of adding a
    message to the channel; a game without turn numbers posts whenever who must act changes.
    """
    presenter = PRESENTERS.get(game)
    custom = getattr(presenter, "turn_key", None)
    if custom is not None:
        return str(custom(view))
    if "turn_number" in view:
        return json.dumps([view.get("turn_number"), view.get("current")])
    return json.dumps(sorted(pending))


UNREACHED = "|unreached="
"""Where a table message's key names the seats it pinged in the channel (see
:func:`table_key`)."""


def table_key(announced: str, unreached: list[int]) -> str:
    """A table message's key: what it announces (status, :func:`turn_key`, votes) and the
    seats it must ping in the channel because no DM reaches them (closed DMs, DMs off)."""
    return f"{announced}{UNREACHED}{json.dumps(sorted(unreached))}"


def edits_in_place(shown: str | None, key: str) -> bool:
    """Whether a table message with key ``shown`` may be edited to show ``key``: the same
    announcement, and nobody to ping who was not pinged by it. A seat that cannot be reached
    by DM and just acted (it left the seats to ping) needs no new post: an edit notifies
    nobody, and nobody new needs notifying (issue 27: in a simultaneous phase every pick of
    theirs posted anew). (The courier calls this with no seats to ping: whoever no DM reaches
    and is asked anew within the turn gets a short line, once a turn, ``bot.delivery.pings``.)"""
    if shown is None:
        return False
    before, sep, pinged = shown.rpartition(UNREACHED)
    now, _, wanted = key.rpartition(UNREACHED)
    if not sep or before != now:
        return False
    return set(json.loads(wanted)) <= set(json.loads(pinged))
