"""Check a finished game: ``python -m rules.replay replay.json``.

The file is the JSON that ``/game history`` prints once a game is over: the game id, the seed,
the options, the number of players and every action. This replays them with the same engine
and prints the seed's SHA-256 (compare it with the one the table published at the start) and
the final outcome, so anyone can verify every shuffle and roll.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rules import GAMES, IllegalAction, seed_commitment


def replay(record: dict[str, Any]) -> tuple[Any, dict[str, Any] | None]:
    """The final state and outcome of a recorded game; raises IllegalAction on a bad log."""
    engine = GAMES[record["game"]]
    state = engine.setup(int(record["players"]), dict(record["options"]), int(record["seed"]))
    for entry in record["actions"]:
        state, _ = engine.apply(state, int(entry["seat"]), engine.load_action(entry["action"]))
    return state, engine.outcome(state)


def public_views(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The public view (``view(state, None)``) at the start and after every action of a
    recorded game, replayed from its seed: what anyone watching the table saw, and no more.
    ``/game replay`` animates these. Raises IllegalAction on a bad log."""
    engine = GAMES[record["game"]]
    state = engine.setup(int(record["players"]), dict(record["options"]), int(record["seed"]))
    views = [engine.view(state, None)]
    for entry in record["actions"]:
        state, _ = engine.apply(state, int(entry["seat"]), engine.load_action(entry["action"]))
        views.append(engine.view(state, None))
    return views


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.replay", description=__doc__)
    parser.add_argument("file", type=Path, help="the replay JSON from /game history")
    args = parser.parse_args(argv)
    record = json.loads(args.file.read_text(encoding="utf-8"))
    try:
        _, outcome = replay(record)
    except (IllegalAction, KeyError, ValueError) as error:
        print(f"The log does not replay: {error}", file=sys.stderr)
        return 1
    print(f"seed SHA-256: {seed_commitment(int(record['seed']))}")
    print(f"moves replayed: {len(record['actions'])}")
    print(f"outcome: {json.dumps(outcome)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
