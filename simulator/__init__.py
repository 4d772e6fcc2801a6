"""Balance simulator: many seeded games between bot players, and a report of what happened.

    python -m simulator notte_di_terrore --games 2000 --players 4 [--seed 0]
        [--variant short_night] [--option places=5 --option victory=home_first ...]
        [--jobs J] [--chart out.png] [--json out.json]

Why: Notte di Terrore's author writes that the player who ends the game (gets home first) does
not always win, and asked for help finding out why; any game's balance (seat advantage, length,
score spread) is easier to discuss with thousands of games than with a handful. See
``docs/simulator.md`` for what each number means and what we found.

An application on top of the engines, not part of them: it imports :mod:`rules` (the games,
their declared options and variants) and :mod:`render.charts` (the chart), and nothing in
``rules/``, ``render/``, ``bot/`` or ``cogs/`` imports it. Generic over :data:`rules.GAMES`:
every game is driven through the engine contract (:mod:`rules.base`) with ``engine.bot_action``
at every seat. What only one game knows (how to count its turns, who played first, Notte di
Terrore's home player and where its Terror came from) is one :class:`GameStats` entry in
:data:`simulator.games.STATS`; a game without an entry still gets the generic report.

Modules: :mod:`~simulator.numbers` (statistics and their printing), :mod:`~simulator.games`
(per-game knowledge), :mod:`~simulator.core` (playing and summarising), :mod:`~simulator.report`
(text and chart), :mod:`~simulator.cli` (the command line).
"""

from simulator.cli import checked_config, chosen_options, main, variant_options
from simulator.core import Config, ConfigError, play_game, run, simulate, summarize
from simulator.games import STATS, GameStats, stats_for
from simulator.numbers import describe, histogram, share, split_wins, wilson
from simulator.report import chart_panels, format_report, write_chart

__all__ = [
    "STATS",
    "Config",
    "ConfigError",
    "GameStats",
    "chart_panels",
    "checked_config",
    "chosen_options",
    "describe",
    "format_report",
    "histogram",
    "main",
    "play_game",
    "run",
    "share",
    "simulate",
    "split_wins",
    "stats_for",
    "summarize",
    "variant_options",
    "wilson",
    "write_chart",
]
