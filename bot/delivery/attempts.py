"""How one attempt at a delivery ends: sent, to be tried again later, or never possible.

Why a module of its own: the courier decides *what* to send and when; which of Discord's and
the network's failures may pass (a 429, a 5xx, a lost connection: :class:`Retry`, with
:func:`backoff`) and which never will (no access, a refused payload: :class:`GiveUp`) is one
policy, read the same way by every kind of delivery.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import aiohttp
import discord

from bot.store import Delivery

log = logging.getLogger(__name__)

DISCORD_CANNOT_DM = 50007
MAX_BACKOFF_SECONDS = 300.0
GIVE_UP_AFTER_SECONDS = 24 * 3600.0
MAX_BROKEN_ATTEMPTS = 5
"""A delivery that fails with an error of ours (not Discord's) is tried this often."""


class Retry(Exception):
    """Discord or the network failed in a way that may pass: try again later."""


class GiveUp(Exception):
    """This delivery can never succeed (no access, a refused payload): record why."""


def nonce(delivery: Delivery) -> str:
    """At most 25 characters, unique per delivery, the same on every attempt."""
    return f"mt{delivery.id}"


def backoff(attempts: int) -> float:
    """1, 2, 4 ... seconds, at most five minutes."""
    return float(min(MAX_BACKOFF_SECONDS, 2.0 ** max(attempts, 0)))


@contextlib.contextmanager
def classified(delivery: Delivery) -> Iterator[None]:
    """Discord's and the network's errors inside, as :class:`Retry` or :class:`GiveUp`."""
    try:
        yield
    except discord.Forbidden as error:
        raise GiveUp(f"forbidden ({error.code}): {error.text}") from error
    except discord.NotFound as error:
        raise GiveUp(f"not found ({error.code}): {error.text}") from error
    except discord.HTTPException as error:
        if error.status == 429 or error.status >= 500:
            raise Retry(f"HTTP {error.status}") from error
        log.error("Discord refused delivery %d (%s) of table %d: %s", delivery.id,
                  delivery.kind, delivery.game_id, error)  # fmt: skip
        raise GiveUp(f"HTTP {error.status} ({error.code}): {error.text}") from error
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        raise Retry(repr(error)) from error
