"""Refit Monsters on Board's leaf (:mod:`rules.monsters_on_board.leaf`) on normal-bot games.

Why a script: the hard bot's leaf predicts a seat's final Juice from its board of now, with
weights fitted on how games of the normal bot end (issue 28). This plays two-seat normal-bot
games, records every seat's features every few moves with the final scores, fits one set of
weights per stage (ridge least squares, plain Python: no numpy in the venv) and a sharpness
turning the predicted lead into a win chance, reports how well the fit and ``value.py``
predict the end on held-out games (Brier score of the win, correlation with the final
Juice), and with ``--write`` stores the weights in
``rules/monsters_on_board/data/leaf_weights.json``.

    python -m simulator.mob_leaf --games 400 --seed 5000 --held 100 --write
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules import GAMES, levels
from rules.monsters_on_board import leaf
from rules.monsters_on_board.value import search_value

ENGINE = GAMES["monsters_on_board"]
RIDGE = 1.0
"""Ridge penalty on every weight but the bias: rows of one game are alike, so plain least
squares over-fits a stage with few games."""

SWEEPS = 20_000
"""Coordinate descent's sweeps at most (the committed weights were fitted with this many; a
stage of few rows with goods that hardly vary converges slowly)."""

Row = dict[str, Any]


def play(seed: int, every: int = 3, players: int = 2) -> list[Row]:
    """One normal-bot game: a row per seat every ``every`` moves (stage, features of the
    seat as it sees itself and as a rival sees it, value.py's win chance), then the end."""
    state = ENGINE.setup(players, {}, seed)
    snaps: list[Row] = []
    moves = 0
    while pending := ENGINE.pending(state):
        seat = pending[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        moves += 1
        if moves % every == 0 and ENGINE.pending(state):
            snaps.append(
                {
                    "stage": leaf.stage(state),
                    "own": [leaf.features(s) for s in state.seats],
                    "public": [leaf.features(s, public=True) for s in state.seats],
                    "value": [search_value(state, s) for s in range(players)],
                }
            )
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    for snap in snaps:
        snap["seed"] = seed
        snap["scores"] = list(outcome["scores"])
        snap["winners"] = list(outcome["winners"])
    return snaps


def solve(
    rows: list[list[float]], targets: list[float], ridge: float, sweeps: int = SWEEPS
) -> list[float]:
    """Ridge least squares with every weight but the first (the bias) kept at 0 or above,
    by coordinate descent on the normal equations. Why not signed: a weight fitted on how
    the normal bot's games went is no cause (a seat that called Spider Jack early ended
    lower, so a signed fit valued a call at -2.5 Juice), and the search plays whatever a
    weight rewards: with signed weights hard won 4 of 34 games."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, y in zip(rows, targets, strict=True):
        for i, x in enumerate(row):
            if x:
                b[i] += x * y
                ai = a[i]
                for j, z in enumerate(row):
                    ai[j] += x * z
    for i in range(1, n):
        a[i][i] += ridge
    w = [0.0] * n
    for _ in range(sweeps):
        moved = 0.0
        for i in range(n):
            if a[i][i] <= 1e-12:
                continue
            rest = b[i] - sum(a[i][j] * w[j] for j in range(n) if j != i)
            new = rest / a[i][i] if i == 0 else max(0.0, rest / a[i][i])
            moved = max(moved, abs(new - w[i]))
            w[i] = new
        if moved < 1e-9:
            break
    return w


def fit(
    snaps: list[Row], names: Sequence[str], kind: str, sweeps: int = SWEEPS
) -> dict[str, dict[str, float]]:
    """Per stage, the weights predicting what a seat gains by the end beyond the Juice it
    holds now (:func:`rules.monsters_on_board.leaf.held`) from its ``kind`` features."""
    rows: dict[str, tuple[list[list[float]], list[float]]] = defaultdict(lambda: ([], []))
    for snap in snaps:
        xs, ys = rows[snap["stage"]]
        for seat, values in enumerate(snap[kind]):
            xs.append([values[name] for name in names])
            ys.append(float(snap["scores"][seat]) - leaf.held(values))
    weights = {}
    for key, (xs, ys) in sorted(rows.items()):
        solved = solve(xs, ys, RIDGE * len(xs) / 100, sweeps)
        weights[key] = {n: round(w, 4) for n, w in zip(names, solved, strict=True) if w}
    return weights


def leads(
    snaps: list[Row], own: dict[str, Any], public: dict[str, Any]
) -> list[tuple[Row, int, float]]:
    """(snapshot, seat, predicted lead over the best rival): the seat read whole, rivals public."""
    out = []
    for snap in snaps:
        stage = snap["stage"]
        for seat in range(len(snap["own"])):
            mine = leaf.predict(own.get(stage, {}), snap["own"][seat])
            rivals = [
                leaf.predict(public.get(stage, {}), values)
                for s, values in enumerate(snap["public"])
                if s != seat
            ]
            out.append((snap, seat, mine - max(rivals)))
    return out


def sharpness(pairs: list[tuple[Row, int, float]]) -> dict[str, float]:
    """Per stage, the scale turning a predicted lead into a win chance with the least Brier."""
    by_stage: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for snap, seat, lead in pairs:
        by_stage[snap["stage"]].append((lead, _won(snap, seat)))
    grid = [0.01 * k for k in range(1, 61)]
    return {
        stage: min(grid, key=lambda k: _brier([(_sigmoid(k * x), y) for x, y in rows]))
        for stage, rows in by_stage.items()
    }


def report(
    held: list[Row], own: dict[str, Any], public: dict[str, Any], sharp: dict[str, float]
) -> None:
    """Per stage, the Brier score of the win and the correlation with the final Juice of the
    board scored now (value.py) and of the fit."""
    pairs = leads(held, own, public)
    by_stage: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    for snap, seat, lead in pairs:
        fitted = _sigmoid(sharp.get(snap["stage"], 0.1) * lead)
        row = (_won(snap, seat), snap["value"][seat], fitted)
        by_stage[snap["stage"]].append(row)
        by_stage["all"].append(row)
    print("stage        n  brier value  brier fit  corr(now,end)  corr(fit,end)")
    for stage, rows in sorted(by_stage.items()):
        b_value = _brier([(v, w) for w, v, _ in rows])
        b_fit = _brier([(f, w) for w, _, f in rows])
        now, fit_ = _corr_end(pairs, stage, own, "now"), _corr_end(pairs, stage, own, "fit")
        print(
            f"{stage:10} {len(rows):5}  {b_value:.4f}      {b_fit:.4f}     {now:+.3f}  {fit_:+.3f}"
        )


def _corr_end(
    pairs: list[tuple[Row, int, float]], stage: str, own: dict[str, Any], what: str
) -> float:
    xs, ys = [], []
    for snap, seat, _ in pairs:
        if stage != "all" and snap["stage"] != stage:
            continue
        values = snap["own"][seat]
        if what == "fit":
            xs.append(leaf.predict(own.get(snap["stage"], {}), values))
        else:
            xs.append(
                sum(values[n] for n in ("juice", "final_creatures", "prophecy", "arch_score"))
            )
        ys.append(float(snap["scores"][seat]))
    return _corr(xs, ys)


def _corr(xs: list[float], ys: list[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def _won(snap: Row, seat: int) -> float:
    winners = snap["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def _sigmoid(x: float) -> float:
    return levels.race_share([x, 0.0], 0, 1.0)


def _brier(pairs: list[tuple[float, float]]) -> float:
    return sum((p - y) ** 2 for p, y in pairs) / max(1, len(pairs))


def write(own: dict[str, Any], public: dict[str, Any], sharp: dict[str, float], note: str) -> None:
    """Store the fit where :func:`rules.monsters_on_board.leaf.weights` reads it."""
    data = {"note": note, "own": own, "public": public, "sharpness": sharp}
    leaf.WEIGHTS_FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--held", type=int, default=100, help="games kept out of the fit")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--data", type=Path, help="keep the games' rows here (reused if it exists)")
    args = parser.parse_args(argv)
    snaps: list[Row] = []
    if args.data and args.data.exists():
        snaps = json.loads(args.data.read_text())
    else:
        for seed in range(args.seed, args.seed + args.games):
            snaps += play(seed, args.every)
        if args.data:
            args.data.write_text(json.dumps(snaps))
    cut = args.seed + args.games - args.held
    train = [s for s in snaps if s["seed"] < cut]
    held = [s for s in snaps if s["seed"] >= cut]
    own = fit(train, leaf.GAINS, "own")
    public = fit(train, leaf.GAINS, "public")
    sharp = sharpness(leads(train, own, public))
    report(held or train, own, public, sharp)
    if args.write:
        note = f"{args.games - args.held} two-seat games, seeds {args.seed}..{cut - 1}"
        write(own, public, sharp, note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
