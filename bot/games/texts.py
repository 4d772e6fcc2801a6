"""Longer texts: the rules summary of each game, and a table's move log for ``/game history``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from bot.games import PRESENTERS
from bot.i18n import normalise, t
from bot.limits import safe_name
from bot.store import ActionRecord, GameRecord

RULES_DIR = Path(__file__).parent / "rules"


@cache
def rules_text(game: str, locale: str) -> str:
    """``bot/games/rules/<game>.<lang>.md``: a summary written for players, not the rulebook."""
    lang = normalise(locale)
    path = RULES_DIR / f"{game}.{lang}.md"
    if not path.exists():
        path = RULES_DIR / f"{game}.en.md"
    return path.read_text(encoding="utf-8")[:4000]


def history_text(
    record: GameRecord, actions: list[ActionRecord], locale: str, *, finished: bool
) -> str:
    """The move log; once the game is over, the seed and a replay file anyone can check with
    ``python -m rules.replay``."""
    presenter = PRESENTERS[record.game]
    names = [safe_name(seat.name) for seat in record.seats]  # shown as Markdown: never a ping
    lines = [
        t(locale, "Table #{id} — {n} moves", id=record.id, n=len(actions)),
        t(locale, "Seed SHA-256: {hash}", hash=record.seed_hash),
    ]
    for entry in actions:
        who = names[entry.seat] if entry.seat < len(names) else "?"
        rolls = [e["dice"] for e in entry.events if e.get("type") == "dice"]
        roll_text = f" 🎲 {rolls[0][0]}+{rolls[0][1]}" if rolls else ""
        shown = entry.action if finished else presenter.public_action(entry.action)
        move = json.dumps(shown, separators=(",", ":"), ensure_ascii=False)
        lines.append(f"{entry.seq}. {who}: {move}{roll_text}")
    if finished:
        replay = {
            "game": record.game,
            "seed": record.seed,
            "options": record.options,
            "players": len(record.seats),
            "actions": [{"seat": a.seat, "action": a.action} for a in actions],
        }
        lines.append(
            t(
                locale,
                "Seed: {seed} — check it: the SHA-256 of the seed must match the "
                "one published at the start; replay with `python -m rules.replay`.",
                seed=record.seed,
            )
        )
        lines.append("```json\n" + json.dumps(replay, separators=(",", ":")) + "\n```")
    return "\n".join(lines)
