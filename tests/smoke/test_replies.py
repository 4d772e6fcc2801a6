"""The mover's reply survives a crash and a stop (issue 27 §1).

bob plays Munchkin Fu with two bot seats. He sends a move; 30 ms after the bot acknowledged it
("thinking..."), the real bot process is SIGKILLed (or, in the second test, stopped cleanly).
The move was saved; after a restart, the reply that was left at "thinking..." must say so, as
Discord allows for 15 minutes after the interaction. Without the kept token the reply stayed
loading for ever (Discord: "The application did not respond").
"""

from __future__ import annotations

import asyncio

from bot.i18n import t
from tests.fakediscord import FakeMessage, Fault, InteractionResult
from tests.smoke.bot_process import WAIT, World, bot_running, bot_to_kill, kill
from tests.smoke.seen import assert_accepted
from tests.smoke.test_munchkin_fu import GAME, bobs_move, stored

NOTHING_CHANGED = (
    "⚠️ I restarted before your request was done: nothing was changed. Please try again."
)
ACKNOWLEDGED_TO_KILL = 0.03
"""The issue's figure: the bot dies 30 ms after Discord got its deferral."""


async def open_table(world: World) -> None:
    fake, bob, channel = world.fake, world.bob, world.channel
    assert_accepted(await fake.slash(bob, channel, "game new", game=GAME, timeout=WAIT))
    for _ in range(2):
        assert_accepted(await fake.slash(bob, channel, "game addbot", timeout=WAIT))
    assert_accepted(await fake.slash(bob, channel, "game start", timeout=WAIT))
    await fake.wait_until(
        lambda: bobs_move(world.database) is not None, WAIT, what="bob's first move"
    )


def hold_answers(world: World, sent: InteractionResult) -> Fault:
    """Hold this interaction's followups (its answer) in the fake for 20 s: armed for its own
    token, so a late followup of an earlier interaction (the start's) is not the one held,
    and the bot cannot answer before it is killed, however fast it works."""
    return world.fake.fail_next("POST", f"/webhooks/*/{sent.token}", stall=20)


async def send_move(world: World, *, held: bool = False) -> InteractionResult:
    """bob's move by ``/game move``, returned once the bot acknowledged it (not answered;
    ``held``: its answer held up in the fake)."""
    name = bobs_move(world.database)
    assert name is not None
    offered = await world.fake.autocomplete(
        world.bob, world.channel, "game move", "move", move=name
    )
    (choice,) = [c for c in offered if c["name"] == name]
    sent = await world.fake.slash(
        world.bob, world.channel, "game move", move=choice["value"], wait=False
    )
    if held:
        hold_answers(world, sent)
    await sent.wait_until(lambda r: r.callback_type is not None, WAIT)
    assert sent.deferred, sent.describe()
    return sent


async def saved(world: World, version: int) -> None:
    """Wait until the table's version in the database passed ``version``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while stored(world.database)[1] <= version:
        assert loop.time() < deadline, "the move was never saved"
        await asyncio.sleep(0.002)


async def killed_during_a_move(
    world: World, *, after_commit: bool
) -> tuple[InteractionResult, bool]:
    """bob's move, the bot SIGKILLed 30 ms after the acknowledgement (``after_commit``: as
    soon as the move is in the database), then started again: the move's interaction and
    whether the move was saved."""
    async with bot_to_kill(world) as proc:
        await open_table(world)
        version = stored(world.database)[1]
        sent = await send_move(world, held=not after_commit)
        if after_commit:
            await saved(world, version)
        else:
            await asyncio.sleep(ACKNOWLEDGED_TO_KILL)
        await kill(proc)
    assert not sent.answered, "the bot answered before it died: nothing was left open"
    return sent, stored(world.database)[1] > version


async def test_a_move_acknowledged_30ms_before_a_sigkill_is_answered_after_the_restart(
    world: World,
) -> None:
    sent, committed = await killed_during_a_move(world, after_commit=False)
    async with bot_running(world):
        await sent.wait_answered(WAIT)
    assert sent.ephemeral
    assert sent.content.startswith("✅" if committed else "⚠️"), (committed, sent.content)


async def test_a_move_saved_just_before_a_sigkill_is_confirmed_after_the_restart(
    world: World,
) -> None:
    sent, committed = await killed_during_a_move(world, after_commit=True)
    assert committed
    async with bot_running(world):
        await sent.wait_answered(WAIT)
    assert sent.ephemeral
    assert sent.content.startswith("✅"), sent.content


async def test_a_move_button_saved_just_before_a_sigkill_is_confirmed_after_the_restart(
    world: World,
) -> None:
    """The same for a button: bob taps the first move button of his latest hand DM. The
    answer updates that DM (his new hand may already show in it, issue 27); the verdict is
    what the crash left unsaid."""
    fake, bob = world.fake, world.bob
    async with bot_to_kill(world) as proc:
        await open_table(world)
        version = stored(world.database)[1]
        dm = await fake.wait_until(
            lambda: ([m for m in fake.messages(bob) if _move_buttons(m)][-1:] or [None])[0],
            WAIT,
            what="bob's hand DM with his moves",
        )
        sent = await fake.click(bob, dm, _move_buttons(dm)[0], wait=False)
        await sent.wait_until(lambda r: r.callback_type is not None, WAIT)
        await saved(world, version)
        await kill(proc)
    said = [sent.content, *(m.content for m in sent.followups)]
    assert not any(text.startswith("✅") for text in said), "the bot answered before it died"
    async with bot_running(world):
        answer = await answered_aside(sent)
    assert answer.content.startswith("✅"), answer.content
    assert _move_buttons(dm) or not dm.content.startswith(VERDICTS), dm.content


VERDICTS = ("✅", "⚠️")
"""How the answers a restarted bot sends begin: saved, or nothing was changed."""


async def answered_aside(sent: InteractionResult) -> FakeMessage:
    """The answer a restarted bot gave a tap deferred as an update of the tapped message: an
    ephemeral followup, the tapped message left as it was (issue 27 §1: editing the original
    response replaced the lobby, the table or the hand with the verdict)."""
    await sent.wait_until(lambda r: any(m.content.startswith(VERDICTS) for m in r.followups), WAIT)
    (answer,) = [m for m in sent.followups if m.content.startswith(VERDICTS)]
    assert answer.ephemeral, answer
    tapped = sent.original
    assert tapped is not None and not tapped.content.startswith(VERDICTS), tapped.content
    return answer


def _move_buttons(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids if c.startswith("mt:act:")]


async def test_a_refusal_cut_off_by_a_sigkill_says_nothing_was_changed_after_the_restart(
    world: World,
) -> None:
    """The other answer, made certain: alice (Italian, not seated) sends a move, which is
    refused; its answer is held up in the fake and the bot killed while it waits. After the
    restart she is told, in her language, that nothing was changed."""
    fake, alice = world.fake, world.alice
    async with bot_to_kill(world) as proc:
        await open_table(world)
        version = stored(world.database)[1]
        sent = await fake.slash(alice, world.channel, "game move", move="nonsense", wait=False)
        held = hold_answers(world, sent)
        await fake.wait_until(lambda: bool(held.fired), WAIT, what="the refusal on its way")
        await kill(proc)
    assert not sent.answered
    async with bot_running(world):
        await sent.wait_answered(WAIT)
    assert sent.ephemeral
    assert sent.content == t("it", NOTHING_CHANGED), sent.content
    assert stored(world.database)[1] == version


async def test_a_move_in_flight_at_a_clean_stop_is_answered(world: World) -> None:
    async with bot_running(world) as proc:
        await open_table(world)
        version = stored(world.database)[1]
        sent = await send_move(world)
        await asyncio.sleep(ACKNOWLEDGED_TO_KILL)
        await proc.stop()
    if not sent.answered:
        async with bot_running(world):
            await sent.wait_answered(WAIT)
    committed = stored(world.database)[1] > version
    assert sent.content.startswith("✅" if committed else "⚠️"), (committed, sent.content)


async def test_a_start_tap_cut_off_by_a_sigkill_keeps_the_lobby_and_answers_aside(
    world: World,
) -> None:
    """alice taps Start on her lobby; the bot deferred the tap as an update of the lobby and
    is SIGKILLed while its first followup (the first table) is held up in the fake, so
    nothing answered the tap yet. After the restart the lobby still shows the table (its embed,
    not the verdict in its place), and alice reads the verdict in a private followup."""
    fake, alice = world.fake, world.alice
    async with bot_to_kill(world) as proc:
        assert_accepted(await fake.slash(alice, world.channel, "game new", game=GAME,
                                         timeout=WAIT))  # fmt: skip
        assert_accepted(await fake.slash(alice, world.channel, "game addbot", timeout=WAIT))
        lobby = await fake.wait_until(
            lambda: next((m for m in fake.messages(world.channel) if _start(m)), None),
            WAIT,
            what="the lobby with its Start button",
        )
        sent = await fake.click(alice, lobby, _start(lobby)[0], wait=False)
        held = hold_answers(world, sent)  # the first table
        await fake.wait_until(lambda: bool(held.fired), WAIT, what="the first table on its way")
        assert sent.deferred and sent.original is lobby, sent.describe()
        await kill(proc)
    assert not any(m.content.startswith(VERDICTS) for m in sent.followups)
    async with bot_running(world):
        await answered_aside(sent)
    assert lobby.embeds, lobby.text


def _start(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids if c.startswith("mt:start:")]
