"""The fake proven against an unmodified discord.py client defined here.

If discord.py can log in, sync, answer, upload, DM, retry and resume against the fake without
logging a single warning, the fake speaks the protocol well enough for the bot's smoke tests.
"""

from __future__ import annotations

import asyncio
import io
import struct
import sys
import textwrap
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import discord
import discord.gateway
import discord.http
import pytest
import yarl
from discord import app_commands
from discord.app_commands import locale_str
from PIL import Image

from tests.fakediscord import (
    DiscordLogGuard,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeTimeout,
    FakeUser,
    connected,
    pointed_at,
    run_bot_process,
)

ITALIAN = {
    "game": "partita",
    "Tabletop games": "Giochi da tavolo",
    "new": "nuova",
    "Start a new table": "Apri un nuovo tavolo",
}


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A solid-colour PNG, written by hand so the test needs no image library to make one."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class ItalianTranslator(app_commands.Translator):
    """Gives the `game` group Italian names, as the real bot does for all its commands."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return ITALIAN.get(string.message) if locale is discord.Locale.italian else None


class TableView(discord.ui.View):
    """Persistent (timeout=None, fixed custom_ids) so it works on any message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="table:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"joined: {interaction.user.name}")

    @discord.ui.button(label="Roll", custom_id="table:roll")
    async def roll(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.followup.send("rolled 6", ephemeral=True)

    @discord.ui.select(
        custom_id="table:pick",
        options=[
            discord.SelectOption(label="Red", value="red"),
            discord.SelectOption(label="Blue", value="blue"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class HandView(discord.ui.View):
    """The button on a DM'd hand."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Refresh", custom_id="hand:refresh")
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"hand refreshed in {interaction.channel.type}")


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Text", custom_id="feedback:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class SmokeBot(discord.Client):
    """A tiny bot exercising every route the real bot uses."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.guild_id = guild_id
        self.tree = app_commands.CommandTree(self)
        self.posted: discord.Message | None = None
        self.board_interaction: discord.Interaction | None = None
        self.resumed = asyncio.Event()
        self.dm_errors: list[discord.HTTPException] = []
        self._build_commands()

    async def setup_hook(self) -> None:
        self.add_view(TableView())
        self.add_view(HandView())
        await self.tree.set_translator(ItalianTranslator())
        guild = discord.Object(self.guild_id)
        await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before every re-IDENTIFY (Discord's identify limit);
        nothing to protect here, so the invalid-session test stays fast."""

    async def on_resumed(self) -> None:
        self.resumed.set()

    def _build_commands(self) -> None:
        game = app_commands.Group(name=locale_str("game"), description=locale_str("Tabletop games"))
        bot = self

        @game.command(name=locale_str("new"), description=locale_str("Start a new table"))
        async def new(
            interaction: discord.Interaction,
            kind: str,
            players: int = 2,
            public: bool = True,
            rival: discord.Member | None = None,
        ) -> None:
            text = f"new {kind} players={players!r} public={public!r}"
            text += f" rival={rival.name if rival else None} locale={interaction.locale.value}"
            await interaction.response.send_message(text, ephemeral=True)

        @game.command(description="Think, then answer")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await asyncio.sleep(0.01)
            await interaction.followup.send("done thinking")

        @game.command(description="Show the board with its buttons")
        async def board(interaction: discord.Interaction) -> None:
            embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
            file = discord.File(io.BytesIO(png(4, 3, (255, 0, 0))), "board.png")
            await interaction.response.send_message(embed=embed, file=file, view=TableView())
            bot.board_interaction = interaction
            original = await interaction.original_response()
            assert original.attachments[0].filename == "board.png"

        @game.command(description="Post the board through the channel")
        async def post(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            file = discord.File(io.BytesIO(png(2, 2, (0, 0, 255))), "post.png")
            bot.posted = await interaction.channel.send("the board", file=file)
            await interaction.edit_original_response(content="posted")

        @game.command(description="Redraw both boards")
        async def redraw(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            new_png = discord.File(io.BytesIO(png(8, 8, (0, 255, 0))), "post.png")
            await bot.posted.edit(attachments=[new_png])
            board_png = discord.File(io.BytesIO(png(6, 6, (0, 255, 0))), "board.png")
            await bot.board_interaction.edit_original_response(attachments=[board_png])
            await interaction.followup.send("redrawn", ephemeral=True)

        @game.command(description="Play a card")
        async def play(interaction: discord.Interaction, card: str) -> None:
            await interaction.response.send_message(f"played {card}", ephemeral=True)

        @play.autocomplete("card")
        async def play_card(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            cards = ["Moon", "Monster", "Mask", "Sun"]
            return [
                app_commands.Choice(name=c, value=c.lower())
                for c in cards
                if c.lower().startswith(current.lower())
            ]

        @game.command(description="DM my hand")
        async def hand(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("your hand: Moon, Sun", view=HandView())
            except discord.Forbidden as exc:
                bot.dm_errors.append(exc)
                await interaction.response.send_message(f"DMs closed ({exc.code})", ephemeral=True)
                return
            await interaction.response.send_message("check your DMs", ephemeral=True)

        @game.command(description="Never answers (a bug the fake must report, not hang on)")
        async def silent(interaction: discord.Interaction) -> None:
            return None

        @game.command(description="Send feedback")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(FeedbackModal())

        @app_commands.command(description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        self.tree.add_command(game, guild=discord.Object(self.guild_id))
        self.tree.add_command(ping)


@dataclass
class World:
    guild: FakeGuild
    tables: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    guild = fake.add_guild("Test", locale="it")
    tables = fake.add_text_channel(guild, "tables")
    alice = fake.add_user("alice", locale="it")
    bob = fake.add_user("bob", dms_open=False)
    return World(guild, tables, alice, bob)


@pytest.fixture
async def client(fake: FakeDiscord, world: World) -> AsyncIterator[SmokeBot]:
    async with connected(fake, SmokeBot(world.guild.id)) as bot:
        yield bot


async def test_login_ready_and_guild_cache(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    assert client.user is not None and client.user.id == fake.bot.id
    assert [(r.method, r.path) for r in fake.requests[:2]] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
    ]
    guild = client.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.tables.id).name == "tables"
    assert guild.me is not None  # members of other users are cached only with that intent
    assert fake.gateway.identify_payloads[0]["intents"] == discord.Intents.default().value
    assert fake.gateway.connections[0].query["compress"] == "zlib-stream"
    assert fake.gateway.heartbeats >= 1


async def test_sync_stores_localised_command_group(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    guild_cmds = fake.synced_commands(world.guild)
    (game,) = guild_cmds
    assert game["name"] == "game" and game["name_localizations"]["it"] == "partita"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["it"] == "nuova"
    assert new["description_localizations"]["it"] == "Apri un nuovo tavolo"
    assert [c["name"] for c in fake.synced_commands()] == ["ping"]
    fetched = await client.tree.fetch_commands(guild=discord.Object(world.guild.id))
    assert fetched[0].id == int(game["id"])


async def test_slash_with_typed_options_replies_ephemeral(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    result = await fake.slash(
        world.alice,
        world.tables,
        "game new",
        kind="monster_day",
        players=3,
        public=False,
        rival=world.bob,
    )
    assert result.callback_type == 4 and result.ephemeral and result.flags & 64
    assert result.content == "new monster_day players=3 public=False rival=bob locale=it"
    assert fake.messages(world.tables) == []  # ephemeral: not in the channel history
    with pytest.raises(TypeError):
        await fake.slash(world.alice, world.tables, "game new", kind="x", players="3")
    with pytest.raises(ValueError, match="required"):
        await fake.slash(world.alice, world.tables, "game new")


async def test_deferred_command_then_followup(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    result = await fake.slash(world.alice, world.tables, "game slow")
    assert result.deferred and result.callback_type == 5
    assert result.content == "done thinking" and not result.original.loading
    assert result.followups == [result.original]
    assert [m.content for m in fake.messages(world.tables)] == ["done thinking"]


async def test_a_waiter_given_keys_is_checked_after_those_changes_only(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    """A load keeps thousands of moves waiting: each is checked after its own interaction's
    requests and after changes told without a key, never after every other move's."""
    first = await fake.slash(world.alice, world.tables, "game slow")
    checks = 0

    def never() -> bool:
        nonlocal checks
        checks += 1
        return False

    waiting = asyncio.create_task(fake.wait_until(never, 5, keys=[first.changes]))
    await asyncio.sleep(0)
    assert checks == 1  # at once
    second = await fake.slash(world.bob, world.tables, "game slow")  # its own token's changes
    assert second.content == "done thinking" and checks == 1
    fake.notify(second.changes)
    await asyncio.sleep(0)
    assert checks == 1
    fake.notify(first.changes)
    await asyncio.sleep(0)
    assert checks == 2
    await client.create_dm(discord.Object(world.alice.id))  # a DM channel: no message in it
    await client.fetch_channel(world.tables.id)  # a read
    await asyncio.sleep(0)
    assert checks == 2
    fake.notify()  # a change told without a key: every waiter
    await asyncio.sleep(0)
    assert checks == 3
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting


async def test_png_attachment_posted_then_replaced(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    board = await fake.slash(world.alice, world.tables, "game board")
    (att,) = board.attachments
    assert att.filename == "board.png" and Image.open(io.BytesIO(att.data)).size == (4, 3)
    assert board.embeds[0]["image"]["url"] == att.url  # attachment:// resolved as Discord does
    posted = await fake.slash(world.alice, world.tables, "game post")
    assert posted.content == "posted"
    (channel_post,) = posted.posted
    assert channel_post.attachment("post.png").data.startswith(b"\x89PNG")

    redraw = await fake.slash(world.alice, world.tables, "game redraw")
    await redraw.wait_followups(1)
    assert Image.open(io.BytesIO(channel_post.attachment("post.png").data)).size == (8, 8)
    assert Image.open(io.BytesIO(board.original.attachment("board.png").data)).size == (6, 6)
    assert len(channel_post.history) == 1 and channel_post.edited_timestamp
    assert fake.requests_to("PATCH", "/channels/*/messages/*")[0].files[0].filename == "post.png"
    url = board.original.attachments[0].url  # the URL serves the bytes, as the CDN would
    async with aiohttp.ClientSession() as http, http.get(url) as resp:
        assert await resp.read() == board.original.attachments[0].data


async def test_persistent_buttons_and_select(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    board = await fake.slash(world.alice, world.tables, "game board")
    message = board.original
    assert message.custom_ids == ["table:join", "table:roll", "table:pick"]

    joined = await fake.click(world.bob, message, "table:join")
    assert joined.callback_type == 7 and message.content == "joined: bob"

    rolled = await fake.click(world.alice, message, "table:roll")
    assert rolled.callback_type == 6 and rolled.followups[0].content == "rolled 6"
    assert rolled.followups[0].ephemeral

    picked = await fake.select(world.alice, message, "table:pick", ["blue"])
    assert picked.content == "picked blue"
    with pytest.raises(ValueError):
        await fake.select(world.alice, message, "table:pick", ["green"])
    with pytest.raises(ValueError):
        await fake.click(world.alice, message, "table:nope")


async def test_autocomplete_returns_choices(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    choices = await fake.autocomplete(
        world.alice, world.tables, "game play", focused="card", card="mo"
    )
    assert choices == [{"name": "Moon", "value": "moon"}, {"name": "Monster", "value": "monster"}]
    played = await fake.slash(world.alice, world.tables, "game play", card="moon")
    assert played.content == "played moon"


async def test_modal_opened_and_submitted(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    opened = await fake.slash(world.alice, world.tables, "game feedback")
    assert opened.modal is not None and opened.modal["title"] == "Feedback"
    submitted = await fake.submit_modal(world.alice, opened, {"feedback:text": "great"})
    assert submitted.content == "thanks: great"


async def test_dm_with_button_and_closed_dms(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    sent = await fake.slash(world.alice, world.tables, "game hand")
    assert sent.content == "check your DMs"
    (dm,) = fake.messages(world.alice)
    assert dm.content == "your hand: Moon, Sun" and dm.channel is fake.dm_channel(world.alice)
    refreshed = await fake.click(world.alice, dm, "hand:refresh")
    assert refreshed.content == "hand refreshed in private"

    closed = await fake.slash(world.bob, world.tables, "game hand")
    assert closed.content == "DMs closed (50007)" and closed.ephemeral
    user = await client.fetch_user(world.bob.id)
    with pytest.raises(discord.Forbidden) as info:
        await user.send("hello")
    assert info.value.code == 50007 and info.value.status == 403

    pong = await fake.slash(world.alice, None, "ping")  # a global command in the DM
    assert pong.content == "pong" and pong.channel.is_dm


async def test_429_on_message_send_is_retried(
    fake: FakeDiscord, world: World, client: SmokeBot, discord_log_guard: DiscordLogGuard
) -> None:
    discord_log_guard.allow(r"rate limited")
    fault = fake.fail_next("POST", "/channels/*/messages", 429, retry_after=0.05)
    await client.get_channel(world.tables.id).send("hello")
    sends = fake.requests_to("POST", "/channels/*/messages")
    assert [r.status for r in sends] == [429, 200] and fault.exhausted
    assert [m.content for m in fake.messages(world.tables)] == ["hello"]

    fake.fail_next("POST", "/interactions/*/callback", 429, retry_after=0.05, is_global=True)
    result = await fake.slash(world.alice, world.tables, "game new", kind="x")
    assert result.content.startswith("new x")


async def test_5xx_retried_or_raised(fake: FakeDiscord, world: World, client: SmokeBot) -> None:
    channel = client.get_channel(world.tables.id)
    fake.fail_next("POST", "/channels/*/messages", 500)
    await channel.send("after a 500")  # discord.py retries 500/502/504 after a 1 s pause
    assert [r.status for r in fake.requests_to("POST", "/channels/*/messages")] == [500, 200]
    fake.fail_next("POST", "/channels/*/messages", 503)
    with pytest.raises(discord.DiscordServerError):  # ... but not 503
        await channel.send("after a 503")


async def test_a_fault_lets_the_first_pass_and_resets_the_connection(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    """``after=1``: the first matching send passes untouched; ``effect="reset"``: the second
    is posted, then the connection drops with no answer, so the client cannot tell whether
    it was (issue 27: a followup's fate unknown)."""
    channel = client.get_channel(world.tables.id)
    fault = fake.fail_next("POST", "/channels/*/messages", 0, effect="reset", after=1)
    await channel.send("first")
    with pytest.raises(aiohttp.ClientError):
        await channel.send("second")
    assert fault.exhausted
    assert [m.content for m in fake.messages(world.tables)] == ["first", "second"]


async def test_dropped_gateway_resumes_and_replays(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    await fake.drop_gateway()
    assert fake.gateway.resume_count == 1 and len(fake.gateway.identify_payloads) == 1
    await asyncio.wait_for(client.resumed.wait(), 5)

    await fake.drop_gateway(wait=False)
    # Sent while the bot is away: delivered on RESUME from the session's event log.
    result = await fake.slash(world.alice, world.tables, "game new", kind="late")
    assert result.content.startswith("new late") and fake.gateway.resume_count == 2

    await fake.drop_gateway(resumable=False)  # INVALID_SESSION -> a fresh IDENTIFY
    assert len(fake.gateway.identify_payloads) == 2
    assert (await fake.slash(world.alice, world.tables, "game new", kind="again")).answered


async def test_unanswered_interaction_fails_fast(
    fake: FakeDiscord, world: World, client: SmokeBot
) -> None:
    with pytest.raises(FakeTimeout, match="no callback"):
        await fake.slash(world.alice, world.tables, "game silent", timeout=0.5)


async def test_rest_contract_details(
    fake: FakeDiscord, world: World, discord_log_guard: DiscordLogGuard
) -> None:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(fake.api_base + "/users/@me", headers=headers) as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert resp.headers["X-RateLimit-Remaining"]
        async with http.get(fake.api_base + "/users/@me") as resp:
            assert resp.status == 401
        bad = [{"name": "Game", "description": "x", "name_localizations": {"it-IT": "partita"}}]
        url = f"{fake.api_base}/applications/{fake.application_id}/commands"
        async with http.put(url, json=bad, headers=headers) as resp:
            body = await resp.json()
            assert resp.status == 400 and body["code"] == 50035
            assert "LOCALE_INVALID" in str(body["errors"]) and "INVALID_NAME" in str(body["errors"])
        async with http.get(fake.api_base + "/nowhere", headers=headers) as resp:
            assert resp.status == 404
    assert [r.path for r in fake.unhandled] == ["/nowhere"]


async def test_pointed_at_restores_endpoints(fake: FakeDiscord) -> None:
    def endpoints() -> tuple[str, yarl.URL]:
        return discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY

    before = endpoints()
    with pointed_at(fake):
        inside = endpoints()
    assert inside == (fake.api_base, yarl.URL(fake.gateway_url))
    assert endpoints() == before


SUBPROCESS_BOT = textwrap.dedent(
    """
    import os, discord, yarl
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    guild = discord.Object(int(os.environ["DEV_GUILD_ID"]))

    class Bot(discord.Client):
        async def setup_hook(self):
            await tree.sync(guild=guild)

    client = Bot(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = discord.app_commands.CommandTree(client)

    @tree.command(guild=guild)
    async def ping(interaction):
        await interaction.response.send_message("pong from " + os.environ["DATABASE_PATH"])

    print("starting", flush=True)
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
    print("stopped cleanly", flush=True)
    """
)


async def test_run_bot_process_env_and_shutdown(fake: FakeDiscord, world: World, tmp_path) -> None:
    db = tmp_path / "bot.sqlite3"
    async with run_bot_process(
        fake, args=["-c", SUBPROCESS_BOT], dev_guild=world.guild, database_path=db
    ) as proc:
        await proc.wait_ready(fake, timeout=20)
        result = await fake.slash(world.alice, world.tables, "ping")
        assert result.content == f"pong from {db}"
    assert proc.returncode is not None
    assert "starting" in proc.output and "stopped cleanly" in proc.output, proc.output
    assert fake.unhandled == []


async def test_run_bot_process_reports_early_exit(fake: FakeDiscord) -> None:
    async with run_bot_process(fake, args=["-c", "raise SystemExit('boom')"]) as proc:
        with pytest.raises(AssertionError, match="boom"):
            await proc.wait_ready(fake, timeout=10)
    assert proc.returncode == 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
async def test_run_bot_process_kills_a_stuck_process(fake: FakeDiscord) -> None:
    stuck = (
        "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN);"
        "print('up', flush=True); time.sleep(60)"
    )
    async with run_bot_process(fake, args=["-c", stuck], grace=0.5) as proc:
        await proc.wait_for_output("up")
    assert proc.returncode is not None and proc.returncode != 0
