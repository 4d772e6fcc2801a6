"""REST routes of interactions: the callback (the initial response) and the webhook routes of an
interaction token (followups, and reading, editing or deleting @original or a followup).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import interactions as ix
from .faults import discord_error, json_response, no_content
from .message_routes import MessageRoutes
from .models import FakeMessage
from .records import Upload, _int, empty_message, form_error, is_empty, read_body, uploaded
from .validation import FormErrors, validate_choices, validate_message


class InteractionRoutes(MessageRoutes):
    """The interaction routes, above the message routes whose body checks they share."""

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the initial response."""
        fake = self.fake
        rec = fake.interactions.get(_int(request.match_info["interaction"]))
        if rec is None or rec.token != request.match_info["token"]:
            return discord_error(404, 10062, "Unknown interaction")
        if rec.callback_type is not None:
            rec.errors.append("second callback")
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        body, files = await read_body(request)
        body = body or {}
        ctype, data = body.get("type"), body.get("data") or {}
        errors = self._check_callback(rec, ctype, data, files)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        if ctype == ix.CHANNEL_MESSAGE and is_empty(data, files):
            rec.errors.append("empty message")
            return empty_message()
        message = fake.apply_callback(rec, ctype, data, files)
        return json_response(self._callback_body(rec, ctype, message))

    def _check_callback(
        self, rec: ix.InteractionResult, ctype: Any, data: dict[str, Any], files: dict[int, Upload]
    ) -> FormErrors:
        errors = FormErrors()
        if ctype not in ix.VALID_CALLBACKS[rec.type]:
            errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", f"Bad type {ctype}")
            return errors
        if ctype in (ix.CHANNEL_MESSAGE, ix.UPDATE_MESSAGE):
            errors = validate_message(data, files=uploaded(data, files))
        elif ctype == ix.AUTOCOMPLETE_RESULT:
            errors = validate_choices(data.get("choices"))
        elif ctype == ix.MODAL and not (data.get("custom_id") and data.get("title")):
            errors.add(("data",), "BASE_TYPE_REQUIRED", "A modal needs custom_id and title")
        self._check_files(errors, files)
        return errors

    def _callback_body(
        self, rec: ix.InteractionResult, ctype: int, message: FakeMessage | None
    ) -> dict[str, Any]:
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        resource: dict[str, Any] = {"type": ctype}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if ctype != ix.DEFERRED_UPDATE:
                resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    def _webhook_interaction(
        self, request: web.Request
    ) -> tuple[ix.InteractionResult | None, web.Response | None]:
        rec = self.fake.interaction_by_token(request.match_info["token"])
        app_ok = _int(request.match_info["app"]) == self.fake.application_id
        if rec is None or not app_ok or rec.callback_type is None:
            return None, discord_error(404, 10015, "Unknown Webhook")
        return rec, None

    def _webhook_target(
        self, request: web.Request, rec: ix.InteractionResult
    ) -> FakeMessage | None:
        ref = request.match_info["message"]
        if ref == "@original":
            return rec.original
        msg = self.fake.message_by_id(_int(ref))
        if msg is None or msg.deleted:
            return None
        mine = msg.id == rec.original_id or msg.interaction_id == rec.id
        return msg if mine else None

    def _webhook_message(
        self, request: web.Request
    ) -> tuple[ix.InteractionResult, FakeMessage] | web.Response:
        """The interaction and the message (@original or a followup) a webhook-message route
        names, or the error Discord answers when either is unknown."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        msg = self._webhook_target(request, rec)
        if msg is None:
            return discord_error(404, 10008, "Unknown Message")
        return rec, msg

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup (the first one after a thinking defer
        replaces the loading message, as on Discord)."""
        rec, error = self._webhook_interaction(request)
        if error is not None:
            return error
        assert rec is not None
        body, files, errors = await self._message_body(request)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        if is_empty(body, files):
            rec.errors.append("empty followup")
            return empty_message()
        message = self.fake.add_followup(rec, body, files)
        if request.query.get("wait", "false").lower() in ("1", "true"):
            return json_response(message.payload())
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        """GET @original or a followup."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        _, msg = found
        return json_response(msg.payload())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        """PATCH @original or a followup (also completes a deferred response)."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        rec, msg = found
        body, files, errors = await self._message_body(request, msg)
        if errors:
            rec.errors.append(errors.summary())
            return form_error(errors)
        self.fake.edit_message(msg, body, files)
        rec.updates += 1
        return json_response(msg.payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        """DELETE @original or a followup."""
        found = self._webhook_message(request)
        if isinstance(found, web.Response):
            return found
        rec, msg = found
        self.fake.delete_message(msg)
        rec.updates += 1
        return no_content()
