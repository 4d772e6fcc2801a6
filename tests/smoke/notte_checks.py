"""Checking a finished Notte di Terrore game played through the fake Discord, against the engine.

:func:`replay` rebuilds every state from the seed and the log that ``/game history``
publishes, and :func:`reconcile` checks every table message, every hand DM and every choice
the humans of a :class:`~tests.smoke.notte_driver.NotteTable` were offered against that
replay: the right state, built from the right seat's view, the offered moves exactly the
legal ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.components import choices_digest
from bot.i18n import normalise
from bot.payload import MAX_BUTTONS
from tests.fakediscord import FakeUser
from tests.fakediscord.models import Revision
from tests.smoke.notte_driver import (
    ENGINE,
    GAME,
    PLACING,
    PRESENTER,
    HumanMove,
    NotteTable,
    button_ref,
    first_line,
    move_buttons,
)
from tests.smoke.seen import assert_png


@dataclass
class Replay:
    """A finished game rebuilt from its published seed, options and log."""

    block: dict[str, Any]
    states: list[Any]  # states[k]: the game after k actions
    events: list[list[dict[str, Any]]]  # events[j]: what action j made happen
    actions: list[dict[str, Any]]  # {"seat", "action"} as logged

    @property
    def seed(self) -> int:
        return int(self.block["seed"])

    @property
    def final(self) -> Any:
        return self.states[-1]

    def legal(self, k: int, seat: int) -> list[dict[str, Any]]:
        return [ENGINE.dump_action(a) for a in ENGINE.legal_actions(self.states[k], seat)]


def replay(block: dict[str, Any]) -> Replay:
    """Set the game up from the published seed and options and apply the logged actions."""
    assert block["game"] == GAME, block["game"]
    state = ENGINE.setup(block["players"], dict(block["options"]), block["seed"])
    states, events = [state], []
    for entry in block["actions"]:
        state, happened = ENGINE.apply(state, entry["seat"], ENGINE.load_action(entry["action"]))
        states.append(state)
        events.append(happened)
    assert ENGINE.outcome(state) is not None, "the published log does not end the game"
    return Replay(block, states, events, list(block["actions"]))


def forced_moves(rep: Replay, seats: list[FakeUser | None]) -> int:
    """How many logged moves the table made for a human player, public information alone
    forcing each (the engine's ``forced_action``)."""
    return sum(
        seats[entry["seat"]] is not None
        and ENGINE.forced_action(rep.states[j], entry["seat"]) is not None
        for j, entry in enumerate(rep.actions)
    )


def logged_moves(history: str) -> list[str]:
    """The move lines of a /game history reply (``12. alice: {"type":...}``)."""
    return [line for line in history.splitlines() if re.match(r'^\d+\. .*: \{.*"type":', line)]


# ----- the game against the replay --------------------------------------------------------------


def shown_points(table: NotteTable, rep: Replay, locale: str) -> list[int]:
    """After how many actions each rendering of the table was made, read from what it
    shows: the public summary of that state, and the narration of every event since the
    table message it belongs to was first posted (an edit narrates the whole turn)."""
    names = table.names()
    points: list[int] = []
    first_of_message: dict[int, int] = {}  # message id -> where its narration starts
    k = 0
    for revision in table.renderings():
        since = first_of_message.setdefault(revision.message.id, k)
        k = _rendered_state(table, rep, revision, since, k, locale, names)
        points.append(k)
    return points


def _rendered_state(
    table: NotteTable, rep: Replay, revision: Revision, since: int, at_least: int, locale: str,
    names: list[str],
) -> int:  # fmt: skip
    (embed,) = revision.embeds
    summary = embed["fields"][0]["value"]
    narration = embed.get("description") or ""
    for k in range(at_least, len(rep.states)):
        public = ENGINE.view(rep.states[k], None)
        if "\n".join(PRESENTER.summary_lines(public, locale, names)) != summary:
            continue
        happened = [e for events in rep.events[since:k] for e in events]
        told = "\n".join(PRESENTER.event_lines(happened, locale, names))[-4000:]
        if told == narration and _names_who_acts(table, rep, revision, k):
            return k
    close = [
        k
        for k in range(at_least, len(rep.states))
        if "\n".join(PRESENTER.summary_lines(ENGINE.view(rep.states[k], None), locale, names))
        == summary
    ]
    raise AssertionError(
        f"rendering {revision.seq} shows no state from {at_least} on (narrating from "
        f"{since}); states with its summary: {close}\n{revision.content}\n{narration}"
    )


def _names_who_acts(table: NotteTable, rep: Replay, revision: Revision, k: int) -> bool:
    if k == len(rep.actions):
        return True  # the outcome line: checked by the test
    pending = ENGINE.pending(rep.states[k])
    expected = [table.seats[s] for s in pending if table.seats[s] is not None]
    names = table.names()
    bots = {names[s] for s in pending if table.seats[s] is None}
    line = first_line(revision)
    shown_bots = {n for n in table.bot_names if f"**{n}**" in line}
    return table.named(revision) == expected and shown_bots == bots


def reconcile(table: NotteTable, rep: Replay, table_locale: str) -> None:
    """Every rendering of the table, hand DM and human move against the replayed game:
    the renderings show states in order, end with the last, and each narrates exactly
    the events since its message was posted; no state a human acted on went unshown."""
    shown = table.renderings()
    points = shown_points(table, rep, table_locale)
    assert points == sorted(points) and points[-1] == len(rep.actions), points
    for revision in shown:
        assert_png(revision.attachment("board.png").data)
    for user in table.humans:
        _check_dms(table, rep, user, shown, points)
    _check_moves(table, rep, points)


def _check_dms(
    table: NotteTable, rep: Replay, user: FakeUser, shown: list[Revision], points: list[int]
) -> None:
    """Each hand DM shows the owner's hand as the table showed it just before, with
    exactly the moves the presenter offers for the owner's legal moves then; whenever
    the owner must act, a DM with working buttons has reached them."""
    seat = table.seat_of(user)
    locale = normalise(user.locale)
    held: list[tuple[int, str | None]] = []  # (rendering index, digest of its moves)
    for hand in table.hand_deliveries(user):
        dm = hand.message
        assert dm.channel.recipient is user and dm.author is table.fake.bot
        when = hand.seq
        before = [i for i, r in enumerate(shown) if r.seq < when]
        assert before, "a hand DM came before any table"
        i = before[-1]
        k = points[i]
        view = ENGINE.view(rep.states[k], seat)
        expected = "\n".join(PRESENTER.hand_lines(view, locale))
        assert hand.embeds[0]["description"] == expected, (user.username, k)
        buttons = move_buttons(hand)
        legal = rep.legal(k, seat)
        if seat not in ENGINE.pending(rep.states[k]):
            assert not buttons, (user.username, k, buttons)
            held.append((i, None))
            continue
        digest = choices_digest(legal)
        picked = PRESENTER.button_actions(view, legal)[:MAX_BUTTONS]
        assert [button_ref(c) for c, _ in buttons] == [(digest, p) for p in picked]
        labels = [PRESENTER.action_label(view, legal[p], locale)[:80] for p in picked]
        assert [label for _, label in buttons] == labels, (user.username, k)
        kinds = {a["type"] for a in legal} - set(PLACING)
        offered = {legal[p]["type"] for p in picked}
        assert kinds <= offered, (user.username, k, kinds - offered)
        held.append((i, digest))
    sent = [j for j, _ in held]
    assert len(sent) == len(set(sent)), f"{user.username} got two DMs for one rendering"
    for i, k in enumerate(points[:-1]):
        if seat not in ENGINE.pending(rep.states[k]) or table.seats[seat] is None:
            continue
        digest = choices_digest(rep.legal(k, seat))
        mine = [d for j, d in held if j <= i]
        assert mine and mine[-1] == digest, f"{user.username} had no working moves at {k}"


def _check_moves(table: NotteTable, rep: Replay, points: list[int]) -> None:
    """The humans' moves are the logged ones, and every choice offered was legal: buttons
    name their legal move, autocomplete offered exactly the legal values. The others a
    human seat logged were made for them, each the one move public information forced
    (nobody was asked for those)."""
    by_seat: dict[int, list[int]] = {}
    for j, entry in enumerate(rep.actions):
        forced = ENGINE.forced_action(rep.states[j], entry["seat"])
        if forced is not None and table.seats[entry["seat"]] is not None:
            assert ENGINE.dump_action(forced) == entry["action"], (j, entry)
            continue
        by_seat.setdefault(entry["seat"], []).append(j)
    for user in table.humans:
        seat = table.seat_of(user)
        made = [m for m in table.moves if m.seat == seat]
        logged = by_seat.get(seat, [])
        assert len(made) == len(logged), (user.username, len(made), len(logged))
        for move, j in zip(made, logged, strict=True):
            assert points[move.renderings - 1] == j, (user.username, j)
            _check_move(rep, move, j)


def _check_move(rep: Replay, move: HumanMove, j: int) -> None:
    action = rep.actions[j]["action"]
    legal = rep.legal(j, move.seat)
    if move.via == "button":
        assert move.custom_id is not None
        digest, index = button_ref(move.custom_id)
        assert digest == choices_digest(legal) and legal[index] == action, (j, action)
        assert action["type"] == move.kind, (move.label, action)
        return
    given = move.given
    if move.kind == "place":
        assert action["type"] in PLACING and action["card"] == given["card"], action
        assert move.offered["card"] == _unique(a["card"] for a in legal if a["type"] in PLACING)
        targets = [
            a.get("target") or a.get("being")
            for a in legal
            if a["type"] in ("place_event", "summon") and a["card"] == given["card"]
        ]
        assert move.offered["target"] == _unique(targets), (move.offered, targets)
        if "target" in given:
            assert given["target"] in (action.get("target"), action.get("being")), action
        return
    assert action["type"] == move.kind, (move.kind, action)
    if move.kind == "attack":
        attacks = [a for a in legal if a["type"] == "attack"]
        assert move.offered["target"] == _unique(a["target"] for a in attacks)
        against = [a for a in attacks if a["target"] == given["target"]]
        weapons = [w for a in against for w in a["weapons"]]
        assert move.offered["weapon"] == _unique(weapons), move.offered
        pairs = [a["weapons"] for a in against if len(a["weapons"]) == 2]
        partners = [w for pair in pairs if given["weapon"] in pair for w in pair]
        partners = [w for w in partners if w != given["weapon"]]
        assert move.offered["weapon2"] == _unique(partners), move.offered
        chosen = [given["weapon"], *([given["weapon2"]] if "weapon2" in given else [])]
        # Either Weapon of a pair may be picked first: the same two make the same move.
        assert action["target"] == given["target"], action
        assert sorted(action["weapons"]) == sorted(chosen), (action, chosen)
    elif move.kind in ("choose_split", "refill"):
        numbers = [a["events"] for a in legal if a["type"] == move.kind]
        assert move.offered["events"] == numbers and action["events"] == given["events"]
    elif move.kind in ("swap_weapon", "discard"):
        (option,) = move.offered
        cards = [a["card"] for a in legal if a["type"] == move.kind]
        assert move.offered[option] == _unique(cards) and action["card"] == given[option]
    elif move.kind == "arrange_weapons":
        pairs = [a["table"] for a in legal if a["type"] == "arrange_weapons"]
        assert move.offered["keep"] == _unique(w for pair in pairs for w in pair)
        partners = [w for pair in pairs if given["keep"] in pair for w in pair]
        assert move.offered["keep2"] == _unique(w for w in partners if w != given["keep"])
        assert sorted(action["table"]) == sorted([given["keep"], given["keep2"]]), action
    else:
        assert move.kind in ("pass", "flee", "end_resolution"), move.kind


def _unique(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(values))
