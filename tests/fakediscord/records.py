"""A REST request as the fake sees it: its log record, its body (JSON or multipart with files)
and the answers every route gives to a body Discord would refuse.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .faults import discord_error, json_response
from .ratelimits import ARRIVED_HEADER

if TYPE_CHECKING:
    from .faults import Fault
    from .validation import FormErrors

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass(eq=False)
class Upload:
    """A file part of a multipart request (`files[n]`)."""

    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(eq=False)
class RequestRecord:
    """One HTTP request the bot made, as the fake saw it."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str] = field(repr=False)
    json: Any = field(default=None, repr=False)
    files: list[Upload] = field(default_factory=list, repr=False)
    status: int | None = None
    fault: Fault | None = field(default=None, repr=False)
    received_at: float = field(default_factory=time.perf_counter, repr=False)
    """``time.perf_counter()`` when the request's headers had arrived (before its body was
    read): when the bot sent it, as near as the fake can tell (the benchmark's server-side
    latencies)."""
    arrived_at: float | None = field(default=None, repr=False)
    """``time.monotonic()`` when the request reached the fake's edge (:mod:`.edge`), which
    is when Discord counts it against the limits; None when it came straight to the fake."""

    @property
    def reached_at(self) -> float:
        """When the request reached Discord: its edge's stamp, else when the fake had its
        headers (both on ``time.monotonic``'s clock on Linux, which ``perf_counter`` is)."""
        return self.arrived_at if self.arrived_at is not None else self.received_at

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


RECORD = web.RequestKey("record", RequestRecord)


class BadBody(Exception):
    """The body could not be parsed (Discord: 50109 invalid JSON)."""


async def read_body(request: web.Request) -> tuple[Any, dict[int, Upload]]:
    """JSON body or multipart `payload_json` + `files[n]`; records both on the request log."""
    files: dict[int, Upload] = {}
    payload: Any = None
    try:
        # The raw header, not request.content_type: aiohttp parses that with the email
        # package, which cost the load benchmark's fake more than reading the body.
        if request.headers.get("Content-Type", "").lower().startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                match = FILE_FIELD.match(part.name or "")
                if part.name == "payload_json":
                    payload = json.loads(await part.read())  # UTF-8, as Discord reads it
                elif match:
                    data = bytes(await part.read())
                    ctype = part.headers.get("Content-Type")
                    files[int(match[1])] = Upload(part.filename or "file", data, ctype)
        else:
            raw = await request.read()
            payload = json.loads(raw) if raw else None
    except ValueError as exc:
        raise BadBody(str(exc)) from exc
    record = request.get(RECORD)
    if record is not None:
        record.json, record.files = payload, [files[k] for k in sorted(files)]
    return payload, files


def arrival(request: web.Request) -> float | None:
    """When the fake's edge had the request (its stamp), or None when it came straight in."""
    stamp = request.headers.get(ARRIVED_HEADER)
    return float(stamp) if stamp is not None else None


def uploaded(body: dict[str, Any], files: dict[int, Upload]) -> list[str]:
    """The names of the files a request uploads (an ``attachments`` entry may rename one)."""
    named = {
        int(e["id"]): e["filename"]
        for e in body.get("attachments") or []
        if isinstance(e, dict) and str(e.get("id", "")).isdigit() and e.get("filename")
    }
    return [named.get(index, upload.filename) for index, upload in files.items()]


def form_error(errors: FormErrors) -> web.Response:
    """400 Invalid Form Body."""
    return json_response(errors.body(), status=400)


def empty_message() -> web.Response:
    """400 Cannot send an empty message."""
    return discord_error(400, 50006, "Cannot send an empty message")


def is_empty(body: dict[str, Any], files: dict[int, Upload]) -> bool:
    """No content, embeds, components, files, stickers or poll."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return not files and not any(body.get(k) for k in keys)


def _int(value: Any) -> int:
    """A snowflake from a path segment or JSON value; 0 when it is not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
