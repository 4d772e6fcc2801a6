"""``python -m rules.replay``: a published log replays to the same outcome."""

from __future__ import annotations

import json
import random
from pathlib import Path

import rules
from rules.replay import main, replay


def _finished_game(seed: int) -> tuple[dict, dict]:
    engine = rules.GAMES["monster_day"]
    state = engine.setup(2, {"extended_deck": True}, seed)
    chooser, log = random.Random(seed), []
    while engine.pending(state):
        seat = engine.pending(state)[0]
        action = chooser.choice(engine.legal_actions(state, seat))
        log.append({"seat": seat, "action": engine.dump_action(action)})
        state, _ = engine.apply(state, seat, action)
    record = {"game": "monster_day", "seed": seed, "options": {"extended_deck": True},
              "players": 2, "actions": log}  # fmt: skip
    return record, engine.outcome(state)


def test_replay_reproduces_the_outcome(tmp_path: Path, capsys) -> None:
    record, outcome = _finished_game(77)
    assert replay(record)[1] == outcome
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 0
    printed = capsys.readouterr().out
    assert rules.seed_commitment(77) in printed and json.dumps(outcome) in printed


def test_a_tampered_log_is_reported(tmp_path: Path, capsys) -> None:
    record, _ = _finished_game(78)
    record["actions"][0]["action"]["card"] = "excuse_of_nothing"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 1
    assert "does not replay" in capsys.readouterr().err
