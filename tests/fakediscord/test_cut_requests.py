"""The fake Discord when the bot dies mid-request: what Discord does with a body cut short."""

from __future__ import annotations

import asyncio

from tests.fakediscord import FakeDiscord


async def test_a_client_killed_while_uploading_is_not_a_fake_server_error(
    fake: FakeDiscord,
) -> None:
    """A bot SIGKILLed mid-upload leaves its request's body cut short (CI, session 24: the
    fake logged the ConnectionResetError as its own bug and failed a smoke test that kills
    the bot on purpose). Discord acts on nothing it did not receive whole: the request is
    recorded as abandoned, no message is made, and the fake has no error to report."""
    tables = fake.add_text_channel(fake.add_guild("Test"), "tables")
    reader, writer = await asyncio.open_connection("127.0.0.1", fake.port)
    path = f"/api/v10/channels/{tables.id}/messages"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bot {fake.token}\r\n"
        "Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: 100000\r\n\r\n"
        '--cut\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "ha'
    )
    writer.write(head.encode())
    await writer.drain()
    for _ in range(500):  # the record is made as the headers arrive, before any notify
        if any(r.path.endswith("/messages") for r in fake.requests):
            break
        await asyncio.sleep(0.01)
    writer.transport.abort()
    await fake.wait_until(lambda: fake.abandoned, what="the cut request to be abandoned")
    assert [r.path for r in fake.abandoned] == [path.removeprefix("/api/v10")]
    assert fake.server_errors == [] and fake.messages(tables) == []
    del reader
