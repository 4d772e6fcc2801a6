"""``python -m bench [--quick] [--only SECTION ...] [--seed N]``: run, print, save.

Sections run one after another (never overlapping, so none steals a core from another) and the
tables are printed at the end; progress goes to stderr so stdout is just the report.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime

from bench import (
    OUT_DIR,
    REPO_ROOT,
    boards,
    channel,
    clocks,
    engine,
    interaction,
    load,
    memory,
    mf,
    mob,
    mob_interaction,
    mp,
    notte,
    notte_interaction,
    rendering,
    report,
    store,
    summary,
)
from bench.profile import FULL, QUICK, Profile
from bench.report import Result

Section = Callable[[Profile, random.Random], list[Result] | Awaitable[list[Result]]]
SECTIONS: dict[str, Section] = {
    "engine": engine.run,
    "store": store.run,
    "render": rendering.run,
    "boards": boards.run,
    "interaction": interaction.run,
    "memory": memory.run,
    "load": load.run,
    "notte": notte.run,
    "notte-interaction": notte_interaction.run,
    "mob": mob.run,
    "mob-interaction": mob_interaction.run,
    "mf": mf.run,
    "mp": mp.run,
    "channel": channel.run,
    "clocks": clocks.run,
}


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench", description="Monster Table benchmarks: p50/p99 per layer."
    )
    parser.add_argument("--quick", action="store_true", help="smaller samples, about 1 minute")
    parser.add_argument(
        "--only", nargs="+", choices=list(SECTIONS), metavar="SECTION", help="run only these"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument(
        "--database-url",
        help="also run the load on this empty PostgreSQL database ('pgserver': a throwaway "
        "server from the pgserver wheel); default: $DATABASE_URL, else SQLite only",
    )
    return parser.parse_args(argv)


def run_section(name: str, profile: Profile, seed: int) -> list[Result]:
    """One section with its own seeded randomness, so ``--only`` reproduces the full run's."""
    sys.stderr.write(f"[bench] {name} ...\n")
    started = time.perf_counter()
    outcome = SECTIONS[name](profile, random.Random(f"{seed}/{name}"))
    results = asyncio.run(outcome) if asyncio.iscoroutine(outcome) else outcome
    assert isinstance(results, list)
    sys.stderr.write(f"[bench] {name} done in {time.perf_counter() - started:.1f} s\n")
    return results


@dataclass
class RunInfo:
    """Where and how the numbers were taken; the load average says whether anything else was
    competing for the cores (every section is sensitive to that)."""

    profile: str
    seed: int
    python: str = platform.python_version()
    cpus: int | None = os.cpu_count()
    when: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    load_before: float = field(default_factory=lambda: round(os.getloadavg()[0], 2))
    load_after: float = 0.0
    seconds: float = 0.0

    def finish(self, started: float) -> None:
        self.seconds = round(time.perf_counter() - started, 1)
        self.load_after = round(os.getloadavg()[0], 2)

    def header(self) -> str:
        return (
            f"Monster Table benchmark, {self.profile} run: {self.seconds} s on {self.cpus} "
            f"CPUs, Python {self.python}, 1-min load average {self.load_before} before / "
            f"{self.load_after} after (seed {self.seed})"
        )


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    profile = QUICK if args.quick else FULL
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url  # read by the load section only
    info = RunInfo(profile.name, args.seed)
    if info.load_before > 0.5:
        sys.stderr.write("[bench] other processes are busy: expect noisy numbers\n")
    started = time.perf_counter()
    results = [r for name in args.only or SECTIONS for r in run_section(name, profile, args.seed)]
    info.finish(started)
    print(info.header() + "\n")
    print(report.render(results))
    targets = summary.render(results)
    if targets:
        print("\n" + targets)
    path = OUT_DIR / f"results-{profile.name}.json"
    report.save(results, path, asdict(info))
    print(f"\nsaved {path.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
