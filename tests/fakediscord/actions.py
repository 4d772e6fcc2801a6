"""What users do in the fake (slash commands, autocomplete, clicks, selects, modals, posts) and
the interactions' bookkeeping: the INTERACTION_CREATE they send, and how the bot's callback and
followups answer them.

A mixin of :class:`~tests.fakediscord.server.FakeDiscord` (above :mod:`.store`); the attributes
it declares are set by ``FakeDiscord.__init__``.
"""

# A `timeout` argument on each wait is the point of this test API (every wait is bounded).
# ruff: noqa: ASYNC109

from __future__ import annotations

import copy
import secrets
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import interactions as ix
from .interactions import InteractionResult, OptionBuilder
from .models import (
    EDITABLE_FLAGS,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    snowflake,
)
from .store import DIRECT_MESSAGES, GUILD_MESSAGES, MESSAGE_CONTENT, MessageStore
from .waiting import DEFAULT_TIMEOUT

if TYPE_CHECKING:
    from .records import Upload


class Actions(MessageStore):
    """Users' actions and the interactions they start."""

    guilds: dict[int, FakeGuild]
    commands: dict[int | None, list[dict[str, Any]]]
    attachment_size_limit: int
    _tokens: dict[str, InteractionResult]

    def interaction_by_token(self, token: str) -> InteractionResult | None:
        """The interaction a webhook token belongs to."""
        return self._tokens.get(token)

    def apply_callback(
        self, rec: InteractionResult, ctype: int, data: dict[str, Any], files: dict[int, Upload]
    ) -> FakeMessage | None:
        """Carry out an (already validated) interaction callback."""
        rec.callback_type, rec.callback_data = ctype, copy.deepcopy(data)
        keep = FLAG_EPHEMERAL | EDITABLE_FLAGS
        msg: FakeMessage | None = None
        if ctype == ix.CHANNEL_MESSAGE:
            flags = (data.get("flags") or 0) & keep
            msg = self.create_message(rec.channel, data, files, interaction=rec, flags=flags)
        elif ctype == ix.DEFERRED_CHANNEL_MESSAGE:
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self.create_message(rec.channel, {}, {}, interaction=rec, flags=flags)
        elif ctype in (ix.DEFERRED_UPDATE, ix.UPDATE_MESSAGE):
            msg = rec.source_message
            if msg is not None and ctype == ix.UPDATE_MESSAGE:
                self.edit_message(msg, data, files)
        rec.original_id = msg.id if msg is not None else None
        self.notify(rec.changes, *(self._changes_of(msg) if msg is not None else ()))
        return msg

    def add_followup(
        self, rec: InteractionResult, body: dict[str, Any], files: dict[int, Upload]
    ) -> FakeMessage:
        """A followup; the first after a thinking defer fills the loading message instead."""
        original = rec.original
        if (
            rec.callback_type == ix.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            self.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, files)
            msg = original
        else:
            flags = (body.get("flags") or 0) & (FLAG_EPHEMERAL | EDITABLE_FLAGS)
            msg = self.create_message(rec.channel, body, files, interaction=rec, flags=flags)
        rec.followup_ids.append(msg.id)
        rec.updates += 1
        self.notify(rec.changes)
        return msg

    # ----- actions: what users do -------------------------------------------------------

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> InteractionResult:
        """Run `/command` ("game new" = group + subcommand) in `channel` (None = the user's
        DM with the bot). Option values are typed from the synced schema: str, int, bool,
        float, FakeUser, FakeChannel, FakeRole, FakeAttachment; None means "not given".
        Use `options={...}` for option names that clash with these keywords.
        With `wait`, return once answered (after a deferral: once the edit/followup came)."""
        values = {**(options or {}), **values}
        channel = self._check_channel(user, channel)
        path = command.lstrip("/").split()
        definition = self._find_command(path[0], channel)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        data = OptionBuilder(guild, None, user.id).build(definition, path, values)
        name = "/" + " ".join(path)
        rec = await self._interact(ix.APPLICATION_COMMAND, user, channel, data, name, locale=locale)
        return await rec.wait_answered(timeout) if wait else rec

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        /,
        focused: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        locale: str | None = None,
        options: Mapping[str, Any] | None = None,
        **values: Any,
    ) -> list[dict[str, Any]]:
        """Type into option `focused` of /command and return the bot's choices
        ([{"name", "value", ...}]). The focused value is sent as the typed string."""
        values = {**(options or {}), **values}
        channel = self._check_channel(user, channel)
        path = command.lstrip("/").split()
        definition = self._find_command(path[0], channel)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        data = OptionBuilder(guild, focused, user.id).build(definition, path, values)
        name = f"autocomplete /{' '.join(path)} {focused}"
        rec = await self._interact(ix.AUTOCOMPLETE, user, channel, data, name, locale=locale)
        await rec.wait_answered(timeout)
        return rec.choices

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Press the button `custom_id` on `message` (guild channel or DM). Raises
        ValueError if the user could not: no such button, disabled, message not visible.
        With `wait`, return once answered; a deferred update (callback 6) counts as answered
        only once the bot edited the message or sent a followup (else use wait=False and
        `result.wait_until(...)`)."""
        comp = self._component(user, message, custom_id)
        if comp.get("type") != 2:
            raise ValueError(
                f"{custom_id!r} is not a button (type {comp.get('type')}); use select()"
            )
        data = {"custom_id": custom_id, "component_type": 2}
        rec = await self._interact(
            ix.COMPONENT, user, message.channel, data, f"click {custom_id}", message, locale=locale
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Choose `values` in the select menu `custom_id` (string selects are checked
        against their options and min/max_values)."""
        comp = self._component(user, message, custom_id)
        if comp.get("type") not in (3, 5, 6, 7, 8):
            raise ValueError(f"{custom_id!r} is not a select menu")
        chosen = ix.component_values(comp, [str(v) for v in values])
        data = {"custom_id": custom_id, "component_type": comp["type"], "values": chosen}
        rec = await self._interact(
            ix.COMPONENT, user, message.channel, data, f"select {custom_id}", message, locale=locale
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def submit_modal(
        self,
        user: FakeUser,
        opened: InteractionResult,
        values: Mapping[str, str | list[str]],
        /,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        wait: bool = True,
    ) -> InteractionResult:
        """Fill and submit the modal the bot opened in `opened` (callback type 9);
        `values` maps text-input custom_id -> text (select custom_id -> list)."""
        modal = opened.modal
        if modal is None:
            raise ValueError(f"{opened.name} did not open a modal")
        components = _modal_submission(modal.get("components", []), dict(values))
        data = {"custom_id": modal["custom_id"], "components": components}
        rec = await self._interact(
            ix.MODAL_SUBMIT,
            user,
            opened.channel,
            data,
            f"modal {modal['custom_id']}",
            opened.source_message,
        )
        return await rec.wait_answered(timeout) if wait else rec

    async def post_message(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """A user writes in a channel (MESSAGE_CREATE; content hidden from the bot without
        the message_content intent, except in DMs and mentions, as on Discord)."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        msg = FakeMessage(snowflake(), channel, user, content=content)
        msg.member = guild.members.get(user.id) if guild else None
        self._messages[msg.id] = msg
        self._message_log.append(msg)
        channel.last_message_id = msg.id
        data = msg.payload()
        can_read = (
            self.gateway.wants(MESSAGE_CONTENT) or channel.is_dm or self.bot.mention in content
        )
        if not can_read:
            data["content"] = ""
        await self.gateway.flush()
        if self.gateway.wants(DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES):
            await self.gateway.dispatch("MESSAGE_CREATE", data)
        self.notify()
        return msg

    # ----- action helpers ---------------------------------------------------------------

    def _check_channel(self, user: FakeUser, channel: FakeChannel | None) -> FakeChannel:
        if channel is None:
            return self.dm_channel(user)
        if channel.is_dm and channel.recipient is not user:
            raise ValueError(f"{user.username} is not in DM channel {channel.id}")
        if channel.guild_id is not None and user.id not in self.guilds[channel.guild_id].members:
            raise ValueError(f"{user.username} is not a member of guild {channel.guild_id}")
        return channel

    def _find_command(self, name: str, channel: FakeChannel) -> dict[str, Any]:
        scopes: list[int | None] = [channel.guild_id, None] if channel.guild_id else [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    if channel.is_dm and not _dm_allowed(cmd):
                        raise ValueError(f"/{name} is not available in DMs")
                    return cmd
        synced = {s: [c["name"] for c in cmds] for s, cmds in self.commands.items()}
        raise LookupError(f"/{name} was not synced for channel {channel.id}; synced: {synced}")

    def _component(self, user: FakeUser, message: FakeMessage, custom_id: str) -> dict[str, Any]:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if message.ephemeral and message.interaction_user is not user:
            raise ValueError(f"{user.username} cannot see ephemeral message {message.id}")
        self._check_channel(user, message.channel)
        comp = message.component(custom_id)
        if comp is None:
            raise ValueError(f"no component {custom_id!r} on message; has {message.custom_ids}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return comp

    async def _interact(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        name: str,
        message: FakeMessage | None = None,
        *,
        locale: str | None = None,
    ) -> InteractionResult:
        await self.gateway.flush()
        if self.gateway.session is None:
            raise RuntimeError("the bot has not identified yet: await fake.wait_ready() first")
        rec = InteractionResult(
            fake=self,
            id=snowflake(),
            token=secrets.token_urlsafe(48),
            type=itype,
            user=user,
            channel=channel,
            name=name,
            payload={},
            source_message=message,
            mark=self.mark(),
        )
        rec.payload = self._interaction_payload(rec, data, locale)
        self.interactions[rec.id] = rec
        self._tokens[rec.token] = rec
        await self.gateway.dispatch("INTERACTION_CREATE", rec.payload)
        rec.dispatched_at = time.perf_counter()
        return rec

    def _interaction_payload(
        self, rec: InteractionResult, data: dict[str, Any], locale: str | None
    ) -> dict[str, Any]:
        channel, user = rec.channel, rec.user
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.application_id),
            "type": rec.type,
            "token": rec.token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "locale": locale or user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": self.attachment_size_limit,
        }
        if guild is not None:
            member = guild.members[user.id].payload()
            member["permissions"] = str(guild.permissions_of(user.id))
            payload["channel"]["permissions"] = member["permissions"]
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "member": member,
                "app_permissions": str(guild.permissions_of(self.bot.id)),
            }
        else:
            payload |= {"user": user.payload(), "app_permissions": str(EVERYONE_PERMISSIONS)}
        if rec.source_message is not None:
            payload["message"] = rec.source_message.payload()
        return payload


def _dm_allowed(cmd: dict[str, Any]) -> bool:
    """Whether a global command may run in a bot DM (contexts / legacy dm_permission)."""
    contexts = cmd.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return cmd.get("dm_permission") is not False


def _modal_submission(
    components: list[dict[str, Any]], values: dict[str, Any]
) -> list[dict[str, Any]]:
    """The modal-submit `components` tree mirroring the modal's rows / labels."""
    out: list[dict[str, Any]] = []
    for comp in components:
        ctype = comp.get("type")
        if ctype == 1:
            out.append(
                {"type": 1, "components": _modal_submission(comp.get("components", []), values)}
            )
        elif ctype == 18:
            inner = _modal_submission([comp["component"]], values)
            if inner:
                out.append({"type": 18, "component": inner[0]})
        elif "custom_id" in comp:
            out.append(_modal_value(comp, values))
    return out


def _modal_value(comp: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    cid, ctype = comp["custom_id"], comp["type"]
    value = values.get(cid)
    if ctype == 4:
        if value is None and comp.get("required", True):
            raise ValueError(f"modal text input {cid!r} is required")
        return {"type": 4, "custom_id": cid, "value": value or ""}
    chosen = [str(v) for v in (value or [])]
    return {"type": ctype, "custom_id": cid, "values": chosen}
