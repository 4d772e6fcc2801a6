"""A server's own settings (``/game config``, issue 30) as both stores keep them: the
defaults until a manager changes them, one record per server, written whole."""

from __future__ import annotations

from bot.store import GameStore, GuildSettings


async def test_a_servers_settings_default_until_set_and_are_kept_per_server(
    store: GameStore,
) -> None:
    assert await store.guild_settings(5) == GuildSettings()
    chosen = GuildSettings(
        locale="it",
        clock="1h",
        bank="1d",
        games=("monster_day", "munchkin_fu"),
        channel_id=2**62,
        threads=True,
        host_role_id=2**61,
    )
    await store.set_guild_settings(5, chosen)
    await store.set_guild_settings(6, GuildSettings(clock="10m"))
    assert await store.guild_settings(5) == chosen
    assert await store.guild_settings(6) == GuildSettings(clock="10m")
    await store.set_guild_settings(5, GuildSettings(locale="en"))
    assert await store.guild_settings(5) == GuildSettings(locale="en")


def test_settings_read_back_from_their_dump_and_ignore_unknown_keys() -> None:
    chosen = GuildSettings(games=("monsterpocalypse",), threads=True)
    assert GuildSettings.load({**chosen.dump(), "someday": 1}) == chosen
    assert GuildSettings.load({}) == GuildSettings()
