"""A table seen through Discord: its seats, its table messages, each person's hand DMs."""

from __future__ import annotations

from dataclasses import dataclass

from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.models import Revision
from tests.smoke.bot_process import World
from tests.smoke.seen import _ids


@dataclass
class SeatedTable:
    """A table seen through Discord: its seats (``None`` for a bot seat), the channel's table
    messages and each human's hand DMs. Each game's driver builds its moves on this."""

    world: World
    seats: list[FakeUser | None]  # None: a bot seat

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    @property
    def channel(self) -> FakeChannel:
        return self.world.channel

    @property
    def humans(self) -> list[FakeUser]:
        return [u for u in self.seats if u is not None]

    def seat_of(self, user: FakeUser) -> int:
        return self.seats.index(user)

    # -- reading ------------------------------------------------------------------------

    def table_messages(self) -> list[FakeMessage]:
        """Public table messages (they carry the board) in the channel, oldest first."""
        return [
            m
            for m in self.fake.messages(self.channel)
            if any(a.filename == "board.png" for a in m.attachments)
        ]

    def latest_table(self) -> FakeMessage:
        messages = self.table_messages()
        assert messages, "no table message yet\n" + self.fake.diagnostics()
        return messages[-1]

    def hand_dms(self, user: FakeUser) -> list[FakeMessage]:
        return [
            m
            for m in self.fake.messages(user)
            if any(a.filename == "hand.png" for a in m.attachments)
        ]

    def hand_deliveries(self, user: FakeUser) -> list[Revision]:
        """Each hand the user was shown by DM, in order: a hand DM as sent, and each update
        that showed a new hand or new move buttons in it (the mover's new hand arrives in
        the answer to the move button they tapped, by updating that DM: issue 27); an update
        that only took spent buttons away is none."""
        shown: list[Revision] = []
        previous: dict[int, Revision] = {}
        for revision in self.fake.revisions_of(self.hand_dms(user)):
            before = previous.get(revision.message.id)
            previous[revision.message.id] = revision
            moves = [c for c in _ids(revision.components) if c.startswith("mt:act:")]
            if before is None or revision.embeds != before.embeds or moves:
                shown.append(revision)
        return shown
