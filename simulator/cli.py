"""The command line: ``python -m simulator GAME [--variant NAME] [--option NAME=VALUE ...]``.

Options and variants come from the engine's declared schema (``rules.GAMES[game].option_specs``
and ``.variants``, see :mod:`rules.options`): names and values are typed as on Discord, in
English or Italian (``places=5``, ``vittoria=primo_a_casa``), and checked by the same
``validate`` before any worker starts.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules import GAMES, OptionError, validate
from rules.options import find_variant, parse_assignments
from simulator.arena import LevelError, checked_bots
from simulator.core import Config, ConfigError, simulate
from simulator.report import format_report, write_chart


def variant_options(game: str, typed: str | None) -> tuple[str | None, dict[str, Any]]:
    """The variant ``typed`` names (key or name in either language) and its options."""
    if typed is None:
        return None, {}
    variants = GAMES[game].variants
    key = find_variant(variants, typed)
    if key is None:
        known = ", ".join(variants) or "none"
        raise ConfigError(f"{game} has no variant {typed!r}; known: {known}")
    return key, dict(variants[key].options)


def chosen_options(game: str, base: dict[str, Any], assignments: Sequence[str]) -> dict[str, Any]:
    """``base`` (a variant's options) with ``--option`` assignments on top, checked."""
    specs = GAMES[game].option_specs
    try:
        options = {**base, **parse_assignments(specs, assignments)}
        validate(specs, options)
    except OptionError as error:
        raise ConfigError(f"bad option for {game}: {error}") from error
    return options


def checked_config(config: Config) -> Config:
    """Reject what the engine would reject, before starting any worker: options outside the
    schema, options that do not fit this many players (the engine's ``setup`` is the judge),
    player counts, game counts."""
    engine = GAMES[config.game]
    if config.games < 1:
        raise ConfigError("--games must be at least 1")
    fewest, most = engine.seat_range(dict(config.options))
    if not fewest <= config.players <= most:
        raise ConfigError(f"{config.game} is for {fewest}..{most} players, not {config.players}")
    try:
        engine.setup(config.players, dict(config.options), config.seed)
    except ValueError as error:  # OptionError included
        raise ConfigError(f"bad option for {config.game}: {error}") from error
    return config


def _variants_help() -> str:
    return "; ".join(f"{game}: {', '.join(engine.variants)}" for game, engine in GAMES.items())


def _options_help() -> str:
    return "; ".join(
        f"{game}: {', '.join(f'{s.name} ({s.allowed()})' for s in engine.option_specs)}"
        for game, engine in GAMES.items()
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m simulator",
        description="Play many seeded games between bot players and report on balance.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="a game id from rules.GAMES")
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--players", type=int, help="seats per game (default: the minimum)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--variant", metavar="NAME", help=f"a named variant of the game ({_variants_help()})"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a table option, on top of the variant's (repeatable): {_options_help()}",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)"
    )
    parser.add_argument(
        "--bots",
        metavar="LEVELS",
        help="bot levels seated in rotation, e.g. hard,normal (default: normal everywhere)",
    )
    parser.add_argument("--chart", type=Path, help="write a PNG chart here")
    parser.add_argument("--json", type=Path, help="write the summary and every game here")
    return parser


def config_from_args(args: argparse.Namespace) -> Config:
    for path in (args.chart, args.json):
        if path is not None and not path.resolve().parent.is_dir():
            raise ConfigError(f"no folder for {path}: create {path.resolve().parent} first")
    variant, base = variant_options(args.game, args.variant)
    options = chosen_options(args.game, base, args.option)
    players = args.players or GAMES[args.game].seat_range(dict(options))[0]
    jobs = max(1, args.jobs)
    try:
        bots = checked_bots(args.game, args.bots.split(",")) if args.bots else ()
    except LevelError as error:
        raise ConfigError(str(error)) from error
    config = Config(args.game, args.games, players, args.seed, options, jobs, variant, bots)
    return checked_config(config)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
    except ConfigError as error:
        parser.error(str(error))  # prints the usage and the message, exits with status 2
    summary, records = simulate(config)
    print(format_report(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "records": records}, indent=1))
    if args.chart:
        write_chart(args.chart, summary)
    return 0
