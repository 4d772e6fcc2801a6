"""Monster Day in the simulator: one action per turn; scores are the monsters' points."""

from __future__ import annotations

from typing import Any

from rules.monster_day import State as MdState
from simulator.games.base import GameStats
from simulator.numbers import (
    Record,
    describe,
    pct,
    share,
    stats_header,
    stats_row,
)


def _md_first(state: MdState) -> int | None:
    return state.current


def _md_summarize(records: list[Record], players: int) -> dict[str, Any]:
    margins = [max(r["scores"]) - min(r["scores"]) for r in records]
    return {
        "draws": sum(1 for r in records if len(r["winners"]) > 1),
        "margin": describe(margins),
        "totals": describe(sum(r["scores"]) for r in records),
    }


def _md_report(summary: dict[str, Any]) -> list[str]:
    extra = summary["extra"]
    return [
        "Monster Day points",
        f"  drawn games (equal points)   {extra['draws']:>6}  "
        f"{pct(share(extra['draws'], summary['games']))}",
        f"  {'':<28} {stats_header()}",
        f"  {'winning margin':<28} {stats_row(extra['margin'])}",
        f"  {'points scored in a game':<28} {stats_row(extra['totals'])}",
    ]


STATS = GameStats(score_name="points", first=_md_first, summarize=_md_summarize, report=_md_report)
