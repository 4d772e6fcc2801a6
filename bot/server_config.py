"""A server's own settings (``/game config``, issue 30) and what they do to a new table.

Stored per server (:class:`bot.store.GuildSettings`); changed and shown only by members with
*Manage Server*. ``/game new`` reads them once, here: which games the server offers, where
tables open and who may open one are checked, and the table's language, clock and thread are
the server's unless the table's own choices say otherwise. The effective values are stored
with the table (its ``locale`` and ``clock``; a thread is the table's channel), so a later
change of the settings never changes a table already open.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.clock import BANK_CHOICES, PER_MOVE_CHOICES, Clock
from bot.flows import time_control
from bot.i18n import N_, SUPPORTED, t
from bot.layout import CLASSIC, LAYOUTS, MODERN
from bot.limits import FIELD_VALUE, clip
from bot.payload import COLOUR, Payload
from bot.store import GuildSettings
from bot.table import TableError
from bot.threads import THREAD_TYPES
from bot.timing import time_control_text
from rules import GAMES

if TYPE_CHECKING:
    from bot.client import MonsterTableBot

LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}
"""Each language in its own words: whoever reads the settings finds theirs."""
SERVER_LANGUAGE = "server"
"""The ``language`` choice that goes back to the server's Discord language."""
ALL_GAMES = "all"
LAYOUT_NAMES = {
    CLASSIC: N_("classic (embeds: every client shows it)"),
    MODERN: N_("modern (one container: Discord's newer layout)"),
}
"""Each table layout (:mod:`bot.layout`) as ``/game config`` shows it."""


@dataclass(frozen=True, slots=True)
class NewTable:
    """What a ``/game new`` opens with, once the server's settings are applied."""

    locale: str
    time_control: Clock | None
    thread: bool


async def new_table_choices(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    game: str,
    *,
    clock: str | None,
    bank: str | None,
    thread: bool | None,
) -> NewTable:
    """The refusals a server's settings make (a game it does not offer, another channel than
    its games channel, an opener without its host role), then the table's language, clock and
    thread: each the table's own choice, else the server's. In DMs: no settings."""
    settings = GuildSettings()
    if interaction.guild_id is not None:
        settings = await bot.store.guild_settings(interaction.guild_id)
        _require_allowed(settings, interaction, game)
    if clock is None and bank is None:
        clock, bank = settings.clock, settings.bank
    per_move = clock if clock is not None else settings.clock
    extra = bank if bank is not None else "none"
    return NewTable(
        locale=settings.locale or server_locale(interaction, bot.settings.default_locale),
        time_control=time_control(per_move, extra),
        thread=settings.threads and not _in_thread(interaction) if thread is None else thread,
    )


def _in_thread(interaction: discord.Interaction[Any]) -> bool:
    """Typed inside a thread: the server's "tables in threads" is already met there (a thread
    holds no thread), so the table opens in it."""
    return getattr(interaction.channel, "type", None) in THREAD_TYPES


def _require_allowed(
    settings: GuildSettings, interaction: discord.Interaction[Any], game: str
) -> None:
    if settings.games is not None and game not in settings.games:
        raise TableError("game_not_offered", game_key=game)
    if settings.channel_id is not None and settings.channel_id not in _here(interaction):
        raise TableError("games_channel", channel=f"<#{settings.channel_id}>")
    if settings.host_role_id is not None and not _may_host(settings.host_role_id, interaction):
        raise TableError("host_role", role=f"<@&{settings.host_role_id}>")


def _here(interaction: discord.Interaction[Any]) -> set[int | None]:
    """The channel the command was typed in, and its parent when it is a thread: a table's
    thread opened from the games channel is in the games channel."""
    return {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}


def _may_host(role_id: int, interaction: discord.Interaction[Any]) -> bool:
    """The host role's members open tables, and so do the server's managers."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return any(role.id == role_id for role in roles)


def server_locale(interaction: discord.Interaction[Any], default: str) -> str:
    """The language a table speaks in public when its server chose none: the server's, when
    the bot speaks it (English or Italian), else ``default`` (a server in another language,
    or one whose language Discord did not send). Never the opener's: everyone at the table
    reads its posts, and the opener's language already answers the opener privately."""
    if interaction.guild_id is not None and interaction.guild_locale is not None:
        spoken = str(interaction.guild_locale.value).split("-")[0].lower()
        if spoken in SUPPORTED:
            return spoken
    return default


# -- /game config ------------------------------------------------------------------------


async def configure(
    bot: MonsterTableBot,
    interaction: discord.Interaction[Any],
    locale: str,
    **changes: Any,
) -> Payload:
    """Change the server's settings (those given) and show them all; a manager's only."""
    if interaction.guild_id is None:
        raise TableError("config_in_dm")
    if not interaction.permissions.manage_guild:
        raise TableError("config_not_manager")
    settings = await bot.store.guild_settings(interaction.guild_id)
    given = {name: value for name, value in changes.items() if value is not None}
    if given:
        settings = changed(settings, **given)
        await bot.store.set_guild_settings(interaction.guild_id, settings)
    return Payload(embed=settings_embed(settings, locale))


def changed(
    settings: GuildSettings,
    *,
    language: str | None = None,
    clock: str | None = None,
    bank: str | None = None,
    games: str | None = None,
    channel: int | None = None,
    threads: bool | None = None,
    host_role: int | None = None,
    layout: str | None = None,
    clear: str | None = None,
) -> GuildSettings:
    """``settings`` with what a manager gave; a clock and bank that do not go together, a
    language or a game the bot does not know, are refused and change nothing."""
    if clear == "all":
        settings = GuildSettings()
    elif clear == "channel":
        settings = replace(settings, channel_id=None)
    elif clear == "host_role":
        settings = replace(settings, host_role_id=None)
    elif clear is not None:
        raise TableError("bad_option", option="clear")
    if language is not None:
        if language != SERVER_LANGUAGE and language not in SUPPORTED:
            raise TableError("bad_option", option="language")
        settings = replace(settings, locale=None if language == SERVER_LANGUAGE else language)
    if clock is not None or bank is not None:
        per_move = clock if clock is not None else settings.clock
        extra = bank if bank is not None else ("none" if per_move == "none" else settings.bank)
        time_control(per_move, extra)  # refuses a bank without a clock
        settings = replace(settings, clock=per_move, bank=extra)
    if games is not None:
        settings = replace(settings, games=offered(games))
    if channel is not None:
        settings = replace(settings, channel_id=channel)
    if host_role is not None:
        settings = replace(settings, host_role_id=host_role)
    if threads is not None:
        settings = replace(settings, threads=threads)
    if layout is not None:
        if layout not in LAYOUTS:
            raise TableError("bad_option", option="layout")
        settings = replace(settings, layout=layout)
    return settings


def offered(text: str) -> tuple[str, ...] | None:
    """The games named in ``text`` (ids or names in either language, comma-separated), in the
    bot's order; ``all``: every game (None)."""
    if text.strip().lower() == ALL_GAMES:
        return None
    known = {key.lower(): game for game, engine in GAMES.items()
             for key in (game, *engine.names.values())}  # fmt: skip
    chosen: set[str] = set()
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        if part.lower() not in known:
            raise TableError("unknown_game", game=clip(part, 40))
        chosen.add(known[part.lower()])
    if not chosen:
        raise TableError("bad_option", option="games")
    return tuple(game for game in GAMES if game in chosen)


def settings_embed(settings: GuildSettings, locale: str) -> discord.Embed:
    """The settings in a short embed: one field each."""
    embed = discord.Embed(title=t(locale, "Server settings"), colour=COLOUR)
    language = (
        LANGUAGE_NAMES[settings.locale]
        if settings.locale in LANGUAGE_NAMES
        else t(locale, "the server's Discord language")
    )
    clock = Clock(PER_MOVE_CHOICES[settings.clock], BANK_CHOICES[settings.bank])
    games = (
        ", ".join(GAMES[game].names[locale] for game in settings.games if game in GAMES)
        if settings.games is not None
        else t(locale, "all")
    )
    yes, no = t(locale, "yes"), t(locale, "no")
    for name, value in (
        (t(locale, "Language of the tables"), language),
        (t(locale, "Clock"), time_control_text(clock, locale)),
        (t(locale, "Games offered"), games),
        (
            t(locale, "Games channel"),
            f"<#{settings.channel_id}>" if settings.channel_id else t(locale, "any channel"),
        ),
        (t(locale, "Tables in threads"), yes if settings.threads else no),
        (
            t(locale, "Host role"),
            f"<@&{settings.host_role_id}>" if settings.host_role_id else t(locale, "anyone"),
        ),
        (t(locale, "Table layout"), t(locale, LAYOUT_NAMES.get(settings.layout, "?"))),
    ):
        embed.add_field(name=name, value=clip(value, FIELD_VALUE), inline=False)
    return embed
