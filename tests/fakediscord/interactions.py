"""Interactions a test sends to the bot, and what the bot answered.

Options are typed from the command schema the bot synced, not from the Python values a test
passes, because that is what Discord's client does: a test that passes `players="2"` to an
integer option fails here as it would be impossible for a real user.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .models import (
    FLAG_EPHEMERAL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
)

T = TypeVar("T")


class MessageLog(Protocol):
    """What an :class:`InteractionResult` reads of the fake (its :mod:`.store` and
    :mod:`.waiting`), named here so this module, which those import, imports none of them."""

    def message_by_id(self, message_id: int | None) -> FakeMessage | None: ...

    def messages_since(self, mark: int) -> list[FakeMessage]: ...

    async def wait_until(
        self,
        predicate: Callable[[], T],
        timeout: float = ...,
        *,
        what: str = ...,
        keys: Iterable[Hashable] = ...,
    ) -> T: ...


# Interaction types.
PING, APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Interaction callback types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE = 1, 4, 5, 6
UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 7, 8, 9
VALID_CALLBACKS: dict[int, frozenset[int]] = {
    PING: frozenset({PONG}),
    APPLICATION_COMMAND: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL}),
    COMPONENT: frozenset(
        {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL}
    ),
    AUTOCOMPLETE: frozenset({AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset(
        {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE}
    ),
}

# Application command option types.
SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE = 1, 2, 3, 4, 5, 6, 7, 8
MENTIONABLE, NUMBER, ATTACHMENT = 9, 10, 11


class FakeTimeout(AssertionError):
    """The bot did not do what the test waited for in time (an AssertionError for pytest)."""


@dataclass(eq=False)
class InteractionResult:
    """One interaction sent to the bot and everything the bot did with its token.

    The message properties (`content`, `embeds`, ...) read the *current* original response,
    so after a deferred response they show the final message, not the loading state.
    """

    fake: MessageLog = field(repr=False)
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    name: str
    payload: dict[str, Any] = field(repr=False)
    source_message: FakeMessage | None = field(default=None, repr=False)
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = field(default=None, repr=False)
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    updates: int = 0
    errors: list[str] = field(default_factory=list)
    mark: int = 0
    dispatched_at: float | None = None
    """``time.perf_counter()`` once INTERACTION_CREATE was written to the bot's gateway
    connection (the benchmark's server-side latencies start here)."""

    @property
    def answered(self) -> bool:
        """Callback received, and a deferral was followed by the real answer."""
        if self.callback_type is None:
            return False
        if self.callback_type == DEFERRED_CHANNEL_MESSAGE:
            original = self.original
            return original is not None and not original.loading
        if self.callback_type == DEFERRED_UPDATE:
            return self.updates > 0
        return True

    @property
    def callback(self) -> dict[str, Any] | None:
        """The initial response as the bot sent it: {"type": ..., "data": {...}}."""
        if self.callback_type is None:
            return None
        return {"type": self.callback_type, "data": self.callback_data or {}}

    @property
    def deferred(self) -> bool:
        """The bot acknowledged first (callback 5 or 6) and answered later."""
        return self.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def original(self) -> FakeMessage | None:
        """The response message (for 6/7 on a component: the message clicked)."""
        return self.fake.message_by_id(self.original_id) if self.original_id else None

    @property
    def followups(self) -> list[FakeMessage]:
        """Followup messages, in order (a first followup after a thinking defer is the original)."""
        found = (self.fake.message_by_id(i) for i in self.followup_ids)
        return [m for m in found if m is not None]

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages this interaction created: the response (if new) and the followups."""
        out: list[FakeMessage] = []
        original = self.original
        if original is not None and original.interaction_id == self.id:
            out.append(original)
        out += [m for m in self.followups if m not in out]
        return out

    @property
    def posted(self) -> list[FakeMessage]:
        """Messages the bot posted through channel routes (channel.send, DMs) since this
        interaction was sent. Attribution is by time: concurrent activity shows up too."""
        return [m for m in self.fake.messages_since(self.mark) if m.interaction_id is None]

    def _field(self, name: str, default: Any) -> Any:
        original = self.original
        if original is not None:
            return getattr(original, name)
        return (self.callback_data or {}).get(name, default)

    @property
    def content(self) -> str:
        """Content of the response message."""
        return self._field("content", "") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds of the response message."""
        return self._field("embeds", [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """Components of the response message."""
        return self._field("components", [])

    @property
    def flags(self) -> int:
        """Message flags of the response (64 = ephemeral)."""
        return self._field("flags", 0) or 0

    @property
    def ephemeral(self) -> bool:
        """Whether the response is visible only to the user."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def attachments(self) -> list[FakeAttachment]:
        """Files of the response message, with their bytes."""
        original = self.original
        return list(original.attachments) if original is not None else []

    @property
    def text(self) -> str:
        """Response content + embed text (see FakeMessage.text)."""
        original = self.original
        return original.text if original is not None else self.content

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of the response's components."""
        original = self.original
        return original.custom_ids if original is not None else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        return list((self.callback_data or {}).get("choices", []))

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9): custom_id, title, components."""
        return self.callback_data if self.callback_type == MODAL else None

    async def wait_until(self, predicate: Callable[[InteractionResult], T], timeout: float) -> T:
        """Wait until predicate(self) is truthy; FakeTimeout after `timeout` seconds."""
        return await self.fake.wait_until(lambda: predicate(self), timeout, what=self.describe())

    async def wait_answered(self, timeout: float) -> InteractionResult:
        """Wait for the callback and, after a deferral, the edit or followup: checked only
        after requests to this interaction's routes (and changes the fake makes itself)."""
        await self.fake.wait_until(
            lambda: self.answered, timeout, what=self.describe(), keys=[self.changes]
        )
        return self

    @property
    def changes(self) -> tuple[str, str]:
        """The key the fake tells its requests' changes by (:meth:`FakeDiscord.notify`)."""
        return ("token", self.token)

    async def wait_followups(self, count: int = 1, *, timeout: float = 5.0) -> list[FakeMessage]:
        """Wait until the bot sent at least `count` followups."""
        await self.wait_until(lambda r: len(r.followups) >= count, timeout)
        return self.followups

    def describe(self) -> str:
        """Short description for failure messages."""
        state = "no callback" if self.callback_type is None else f"callback {self.callback_type}"
        extra = f"; rejected: {self.errors}" if self.errors else ""
        return f"{self.name} by {self.user.username} ({state}, {self.updates} updates{extra})"


def find_option(options: list[dict[str, Any]], name: str, types: tuple[int, ...]) -> dict | None:
    """The option definition with this name and one of these types."""
    return next((o for o in options if o.get("name") == name and o.get("type") in types), None)


class OptionBuilder:
    """Builds `data.options` and `data.resolved` for a command path from the synced schema."""

    def __init__(self, guild: FakeGuild | None, focused: str | None, user_id: int) -> None:
        self.guild = guild
        self.focused = focused
        self.user_id = user_id
        self.resolved: dict[str, dict[str, Any]] = {}

    def build(
        self, command: dict[str, Any], path: list[str], values: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The interaction `data` for /path with these option values."""
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": command.get("type", 1),
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        node, container = command, data.setdefault("options", [])
        for token in path[1:]:
            sub = find_option(node.get("options") or [], token, (SUBCOMMAND, GROUP))
            if sub is None:
                raise ValueError(f"/{' '.join(path)}: {token!r} is not a subcommand")
            entry: dict[str, Any] = {"name": token, "type": sub["type"], "options": []}
            container.append(entry)
            node, container = sub, entry["options"]
        definitions = node.get("options") or []
        if any(o.get("type") in (SUBCOMMAND, GROUP) for o in definitions):
            names = [o["name"] for o in definitions]
            raise ValueError(f"/{' '.join(path)} needs a subcommand: {names}")
        container.extend(self._leaf_options(path, definitions, values))
        if self.resolved:
            data["resolved"] = self.resolved
        return data

    def _leaf_options(
        self, path: list[str], definitions: list[dict[str, Any]], values: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        known = {o["name"] for o in definitions}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"/{' '.join(path)} has no option(s) {sorted(unknown)}; has {known}")
        if self.focused is not None and self.focused not in known:
            raise ValueError(f"/{' '.join(path)}: focused option {self.focused!r} does not exist")
        out = []
        for definition in definitions:
            name = definition["name"]
            value = values.get(name)
            if name == self.focused:
                out.append(self._focused(path, definition, value))
            elif value is not None:
                out.append(self._typed(definition, value))
            elif definition.get("required") and self.focused is None:
                raise ValueError(f"/{' '.join(path)}: required option {name!r} missing")
        return out

    def _focused(self, path: list[str], definition: dict[str, Any], value: Any) -> dict[str, Any]:
        if not definition.get("autocomplete"):
            raise ValueError(
                f"/{' '.join(path)}: option {definition['name']!r} has no autocomplete"
            )
        text = "" if value is None else str(value)
        return {
            "name": definition["name"],
            "type": definition["type"],
            "value": text,
            "focused": True,
        }

    def _typed(self, definition: dict[str, Any], value: Any) -> dict[str, Any]:
        name, otype = definition["name"], definition["type"]
        check = _CHECKS.get(otype)
        if check is not None and not check(value):
            raise TypeError(f"option {name!r} (type {otype}) cannot take {value!r}")
        _check_range(definition, value)
        wire = self._resolve(otype, value)
        choices = definition.get("choices")
        if choices and wire not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r}: {value!r} is not one of the choices {choices}")
        return {"name": name, "type": otype, "value": wire}

    def _resolve(self, otype: int, value: Any) -> Any:
        """Wire value; snowflake options also go into `resolved` as Discord sends them."""
        if isinstance(value, FakeUser):
            self.resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = self.guild.members.get(value.id) if self.guild else None
            if member is not None and self.guild is not None:
                data = member.payload(with_user=False)
                data["permissions"] = str(self.guild.permissions_of(value.id))
                self.resolved.setdefault("members", {})[str(value.id)] = data
            return str(value.id)
        if isinstance(value, FakeRole):
            self.resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str(self.guild.permissions_of(self.user_id) if self.guild else 0)
            self.resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if isinstance(value, FakeAttachment):
            self.resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            return str(value.id)
        if otype == NUMBER:
            return float(value)
        return value


_CHECKS: dict[int, Callable[[Any], bool]] = {
    STRING: lambda v: isinstance(v, str),
    INTEGER: lambda v: isinstance(v, int) and not isinstance(v, bool),
    BOOLEAN: lambda v: isinstance(v, bool),
    USER: lambda v: isinstance(v, FakeUser),
    CHANNEL: lambda v: isinstance(v, FakeChannel),
    ROLE: lambda v: isinstance(v, FakeRole),
    MENTIONABLE: lambda v: isinstance(v, FakeUser | FakeRole),
    NUMBER: lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    ATTACHMENT: lambda v: isinstance(v, FakeAttachment),
}


def _check_range(definition: dict[str, Any], value: Any) -> None:
    """min/max value and length limits, which the Discord client enforces before sending."""
    name = definition["name"]
    if isinstance(value, str):
        lo, hi = definition.get("min_length", 0), definition.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise ValueError(f"option {name!r}: length {len(value)} outside {lo}..{hi}")
    elif isinstance(value, int | float) and not isinstance(value, bool):
        lo, hi = definition.get("min_value"), definition.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ValueError(f"option {name!r}: {value} outside {lo}..{hi}")


def component_values(component: dict[str, Any], values: list[str]) -> list[str]:
    """Check select values the way the Discord client would allow them."""
    lo, hi = component.get("min_values", 1), component.get("max_values", 1)
    if not lo <= len(values) <= hi:
        raise ValueError(f"select {component['custom_id']!r}: pick {lo}..{hi} values, got {values}")
    if component.get("type") == 3:
        allowed = [o["value"] for o in component.get("options", [])]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ValueError(f"select {component['custom_id']!r}: {bad} not in options {allowed}")
    return values
