"""The subset of Discord's request validation that bots most often trip over.

Real Discord answers 400 with code 50035 ("Invalid Form Body") and a nested `errors` tree for
these; the fake does the same so a smoke test catches, e.g., a 101-character custom_id or an
`it-IT` name localization before a user does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol

from .models import walk_components

_LOCALES = "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs"
VALID_LOCALES = frozenset(f"{_LOCALES} el bg ru uk hi th zh-CN ja zh-TW ko".split(" "))
COMMAND_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LINK_STYLE, PREMIUM_STYLE = 5, 6
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY = 9, 10, 11, 12
FILE, SEPARATOR, CONTAINER = 13, 14, 17
LAYOUT_IN_CONTAINER = frozenset({1, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
LAYOUT_TOP = LAYOUT_IN_CONTAINER | {CONTAINER}
COMPONENTS_V2 = 1 << 15
MAX_COMPONENTS = 40  # components v2: every component, nested ones included
MAX_TEXT = 4000  # components v2: the text displays' characters, all together

Path = tuple[str | int, ...]


class FormErrors:
    """Collects (path, code, message) and renders Discord's nested `errors` object."""

    def __init__(self) -> None:
        self.items: list[tuple[Path, str, str]] = []

    def add(self, path: Path, code: str, message: str) -> None:
        """Record one error at a JSON path such as ("components", 0, "custom_id")."""
        self.items.append((path, code, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def body(self) -> dict[str, Any]:
        """The 400 response body."""
        tree: dict[str, Any] = {}
        for path, code, message in self.items:
            node = tree
            for key in path:
                node = node.setdefault(str(key), {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        return {"code": 50035, "message": "Invalid Form Body", "errors": tree}

    def summary(self) -> str:
        """One line per error, for test failure messages."""
        return "; ".join(f"{'.'.join(map(str, p))}: {m}" for p, _, m in self.items)


def _max_len(errors: FormErrors, path: Path, value: Any, limit: int, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        errors.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.")
    elif not minimum <= len(value) <= limit:
        errors.add(
            path, "BASE_TYPE_BAD_LENGTH", f"Must be between {minimum} and {limit} in length."
        )


def validate_embeds(errors: FormErrors, embeds: list[dict[str, Any]]) -> None:
    """Embed count and text limits (10 embeds, 6000 characters overall)."""
    if len(embeds) > 10:
        errors.add(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            _max_len(errors, ("embeds", i, key), embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add(("embeds", i, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer.")
        for j, fld in enumerate(fields):
            _max_len(errors, ("embeds", i, "fields", j, "name"), fld.get("name"), 256, 1)
            _max_len(errors, ("embeds", i, "fields", j, "value"), fld.get("value"), 1024, 1)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        _max_len(errors, ("embeds", i, "footer", "text"), footer, 2048)
        author = (embed.get("author") or {}).get("name")
        _max_len(errors, ("embeds", i, "author", "name"), author, 256)
        total += len(footer or "") + len(author or "")
    if total > 6000:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


def _validate_component(errors: FormErrors, path: Path, comp: dict[str, Any]) -> None:
    ctype = comp.get("type")
    if ctype == BUTTON:
        _max_len(errors, (*path, "label"), comp.get("label"), 80)
        has_id = "custom_id" in comp
        if comp.get("style") == LINK_STYLE and (has_id or "url" not in comp):
            errors.add(path, "BUTTON_COMPONENT_INVALID", "A link button needs a url, no custom_id")
        if comp.get("style") not in (LINK_STYLE, PREMIUM_STYLE) and not has_id:
            errors.add(path, "BASE_TYPE_REQUIRED", "This field is required (custom_id)")
    if ctype in SELECT_TYPES:
        _max_len(errors, (*path, "placeholder"), comp.get("placeholder"), 150)
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not 0 <= lo <= hi <= 25:
            errors.add(path, "SELECT_COMPONENT_VALUES_INVALID", "Bad min_values/max_values")
    if ctype == STRING_SELECT:
        options = comp.get("options") or []
        if not 1 <= len(options) <= 25:
            errors.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25.")
        if comp.get("max_values", 1) > len(options):
            errors.add(path, "SELECT_COMPONENT_VALUES_INVALID", "max_values exceeds options")
        for k, opt in enumerate(options):
            _max_len(errors, (*path, "options", k, "label"), opt.get("label"), 100, 1)
            _max_len(errors, (*path, "options", k, "value"), opt.get("value"), 100, 1)
    if "custom_id" in comp:
        _max_len(errors, (*path, "custom_id"), comp["custom_id"], 100, 1)


def validate_components(errors: FormErrors, components: list[dict[str, Any]], flags: int) -> None:
    """Layout limits (5 rows x 5 buttons, one select per row), custom_id length and uniqueness."""
    v2 = bool(flags & (1 << 15))
    if not v2 and len(components) > 5:
        errors.add(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        children = row.get("components", [])
        if row.get("type") == 1:
            selects = sum(1 for c in children if c.get("type") in SELECT_TYPES)
            if len(children) > 5 or (selects and len(children) > 1):
                errors.add(
                    ("components", i, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
        elif not v2:
            errors.add(("components", i, "type"), "UNION_TYPE_CHOICES", "Top level must be rows")
        for j, comp in enumerate(children):
            _validate_component(errors, ("components", i, "components", j), comp)
    seen: set[str] = set()
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        if cid is not None and cid in seen:
            errors.add(
                ("components",), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id duplicated"
            )
        if cid is not None:
            seen.add(cid)


def validate_message(
    payload: dict[str, Any], previous: Shown | None = None, files: Iterable[str] = ()
) -> FormErrors:
    """Checks a create/edit message body (files are checked by the caller). ``previous``: the
    message an edit changes; ``files``: the names of the files the request uploads."""
    errors = FormErrors()
    _max_len(errors, ("content",), payload.get("content"), 2000)
    validate_embeds(errors, payload.get("embeds") or [])
    flags = payload.get("flags")
    if flags is None:  # an edit without flags keeps the message's
        flags = previous.flags if previous is not None else 0
    validate_components(errors, payload.get("components") or [], flags)
    if previous is not None and previous.flags & COMPONENTS_V2 and not flags & COMPONENTS_V2:
        errors.add(
            ("flags",),
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message",
        )
    if flags & COMPONENTS_V2:
        validate_layout(errors, payload, previous, set(files))
    return errors


class Shown(Protocol):
    """What an edit's checks read of the message it changes."""

    flags: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]

    @property
    def filenames(self) -> list[str]: ...


def validate_layout(
    errors: FormErrors, payload: dict[str, Any], previous: Shown | None, files: set[str]
) -> None:
    """A message with the IS_COMPONENTS_V2 flag (components v2): no content nor embeds (an
    edit's left-overs included), top-level components of the layout kinds, at most 40
    components in all and 4,000 characters of text displays, and every ``attachment://``
    medium one of the message's files."""
    content = payload.get("content", previous.content if previous else None)
    embeds = payload.get("embeds", previous.embeds if previous else None)
    if content or embeds:
        errors.add(
            ("content",),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The content and embeds fields cannot be used with IS_COMPONENTS_V2",
        )
    components = payload.get("components", previous.components if previous else [])
    if not components:
        errors.add(("components",), "BASE_TYPE_REQUIRED", "A v2 message needs components")
    every = list(walk_components(components or []))
    if len(every) > MAX_COMPONENTS:
        errors.add(
            ("components",),
            "BASE_TYPE_MAX_LENGTH",
            f"Must be {MAX_COMPONENTS} or fewer components in total.",
        )
    text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
    if text > MAX_TEXT:
        errors.add(
            ("components",),
            "MAX_TEXT_DISPLAY_LENGTH",
            f"Text displays must hold {MAX_TEXT} or fewer characters in all.",
        )
    for i, comp in enumerate(components or []):
        if comp.get("type") not in LAYOUT_TOP:
            errors.add(("components", i, "type"), "UNION_TYPE_CHOICES", "Not a layout component")
        for child in comp.get("components", []) if comp.get("type") == CONTAINER else []:
            if child.get("type") not in LAYOUT_IN_CONTAINER:
                errors.add(
                    ("components", i, "components"), "UNION_TYPE_CHOICES", "Not a container's child"
                )
    kept = set(previous.filenames if previous else []) | files
    for comp in every:
        _validate_media(errors, comp, kept)


def _validate_media(errors: FormErrors, comp: dict[str, Any], files: set[str]) -> None:
    """A media gallery's items (1 to 10, descriptions up to 1,024 characters) and every
    medium's ``attachment://`` name."""
    media = [comp.get("media")] if comp.get("type") == THUMBNAIL else []
    if comp.get("type") == FILE:
        media = [comp.get("file")]
    if comp.get("type") == MEDIA_GALLERY:
        items = comp.get("items") or []
        if not 1 <= len(items) <= 10:
            errors.add(("items",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length.")
        for k, item in enumerate(items):
            _max_len(errors, ("items", k, "description"), item.get("description"), 1024)
        media = [item.get("media") for item in items]
    for medium in media:
        url = str((medium or {}).get("url") or "")
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in files:
            errors.add(
                ("media", "url"),
                "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                f"No attachment named {url.removeprefix('attachment://')!r}",
            )
        elif not url:
            errors.add(("media", "url"), "BASE_TYPE_REQUIRED", "A medium needs a url")


def validate_choices(choices: Any) -> FormErrors:
    """Autocomplete results: at most 25, names 1-100 characters."""
    errors = FormErrors()
    if not isinstance(choices, list):
        errors.add(("data", "choices"), "BASE_TYPE_REQUIRED", "This field is required")
        return errors
    if len(choices) > 25:
        errors.add(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        _max_len(errors, ("data", "choices", i, "name"), choice.get("name"), 100, 1)
        if isinstance(choice.get("value"), str):
            _max_len(errors, ("data", "choices", i, "value"), choice["value"], 100, 1)
    return errors


def _validate_name(errors: FormErrors, path: Path, name: Any, lowercase: bool) -> None:
    """Chat-input names: lowercase, no spaces; context-menu names (lowercase=False): 1-32."""
    if not lowercase:
        _max_len(errors, path, name, 32, 1)
        return
    ok = isinstance(name, str) and COMMAND_NAME.match(name) is not None
    if not ok or name != name.lower():
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _validate_localized(
    errors: FormErrors, path: Path, obj: dict[str, Any], kind: str, lowercase: bool
) -> None:
    for locale, value in (obj.get(f"{kind}_localizations") or {}).items():
        where = (*path, f"{kind}_localizations", locale)
        if locale not in VALID_LOCALES:
            errors.add(where, "LOCALE_INVALID", f"Invalid locale {locale!r}")
        elif kind == "name":
            _validate_name(errors, where, value, lowercase)
        else:
            _max_len(errors, where, value, 100, 1)


def _validate_options(errors: FormErrors, path: Path, options: list[dict[str, Any]]) -> None:
    if len(options) > 25:
        errors.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    names: set[str] = set()
    seen_optional = False
    for k, opt in enumerate(options):
        where = (*path, "options", k)
        _validate_name(errors, (*where, "name"), opt.get("name"), True)
        _max_len(errors, (*where, "description"), opt.get("description"), 100, 1)
        _validate_localized(errors, where, opt, "name", True)
        _validate_localized(errors, where, opt, "description", False)
        if opt.get("name") in names:
            errors.add(where, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Duplicate name")
        names.add(opt.get("name", ""))
        if opt.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP):
            _validate_options(errors, where, opt.get("options") or [])
            continue
        if opt.get("required"):
            if seen_optional:
                errors.add(where, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required first")
        else:
            seen_optional = True
        if opt.get("autocomplete") and opt.get("choices"):
            errors.add(where, "AUTOCOMPLETE_AND_CHOICES", "Autocomplete excludes choices")
        if len(opt.get("choices") or []) > 25:
            errors.add((*where, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer.")


def validate_commands(commands: Any) -> FormErrors:
    """A bulk-overwrite body: names, descriptions, localizations, option rules, duplicates."""
    errors = FormErrors()
    if not isinstance(commands, list):
        errors.add((), "BASE_TYPE_REQUIRED", "Expected an array of commands")
        return errors
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        ctype = cmd.get("type", 1)
        chat = ctype == 1
        _validate_name(errors, (i, "name"), cmd.get("name"), chat)
        if chat:
            _max_len(errors, (i, "description"), cmd.get("description"), 100, 1)
        _validate_localized(errors, (i,), cmd, "name", chat)
        _validate_localized(errors, (i,), cmd, "description", False)
        _validate_options(errors, (i,), cmd.get("options") or [])
        key = (ctype, cmd.get("name", ""))
        if key in seen:
            errors.add((i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Duplicate command")
        seen.add(key)
    if sum(1 for c in commands if c.get("type", 1) == 1) > 100:
        errors.add((), "BASE_TYPE_MAX_LENGTH", "At most 100 chat input commands")
    return errors
