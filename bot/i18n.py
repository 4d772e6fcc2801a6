"""Player-facing text in English and Italian.

Messages are written in English in the code, ``t(locale, "Your turn, {name}", name=...)``, and
translated through a gettext catalogue, ``bot/locales/it/LC_MESSAGES/messages.po``, read with
Babel (no compile step). ``pybabel extract -k t:2 -k t_ctx:2c,3`` finds every message, and a
test fails when one has no Italian translation. Slash command names and descriptions go
through the same catalogue with the discord.py translation location as gettext context.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.pofile import read_po
from discord import app_commands

LOCALES_DIR = Path(__file__).parent / "locales"
SUPPORTED = ("en", "it")
DOMAIN = "messages"


def normalise(locale: object) -> str:
    """``"it"`` for any Italian locale (``it``, ``it-IT``, ``discord.Locale.italian``), else
    ``"en"``: English is the fallback for every language we do not speak yet."""
    value = locale.value if isinstance(locale, discord.Locale) else str(locale or "")
    return "it" if value.lower().startswith("it") else "en"


@cache
def catalog(lang: str) -> dict[tuple[str | None, str], str]:
    """``(context, msgid) -> msgstr`` for a language; empty for English (the source)."""
    path = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == "en" or not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=lang)
    return {
        (message.context, str(message.id)): str(message.string)
        for message in po
        if message.id and message.string and not message.fuzzy
    }


def t(locale: object, message: str, /, **params: Any) -> str:
    """``message`` in ``locale``, formatted with ``params`` (``str.format`` fields)."""
    return t_ctx(locale, None, message, **params)


def t_ctx(locale: object, context: str | None, message: str, /, **params: Any) -> str:
    """Like :func:`t`, with a gettext context for words that translate differently by use."""
    text = catalog(normalise(locale)).get((context, message), message)
    return text.format(**params) if params else text


class CommandTranslator(app_commands.Translator):
    """Localises slash command names, descriptions and choices from the same catalogue."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.italian:
            return None
        return catalog("it").get((context.location.name, string.message))


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; translate it later with :func:`t`."""
    return message
