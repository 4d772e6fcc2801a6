"""``python -m bench [--quick] [--only SECTION ...] [--seed N]``: run, print, save.

Sections run one after another (never overlapping, so none steals a core from another) and the
tables are printed at the end; progress goes to stderr so stdout is just the report.

Why the results file is rewritten after every section: a full run takes about twenty minutes,
and a crash or a Ctrl-C in its last section must not lose the figures already measured. The
file says ``"partial": true`` until the run ends; a section that raises is reported ("section
X failed: ...") and the run goes on with the next one, then exits non-zero. Ctrl-C stops the
run, but what was measured is still saved and printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from bench import (
    OUT_DIR,
    REPO_ROOT,
    boards,
    bots,
    burst,
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
    rest,
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
    "burst": burst.run,
    "rest": rest.run,
    "clocks": clocks.run,
    "bots": bots.run,
}


STORES = {"sqlite": ("sqlite",), "postgres": ("postgres",), "both": ("sqlite", "postgres")}
"""``--store``: the stores the load runs on, in this order."""


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
        "--store",
        choices=list(STORES),
        default="both",
        help="the load's store: SQLite, PostgreSQL (a throwaway server started as the tests "
        "start theirs, unless --database-url names one), or both one after the other",
    )
    parser.add_argument(
        "--database-url",
        help="run the load's PostgreSQL part on this empty database instead of a throwaway "
        "server (default: $DATABASE_URL when set)",
    )
    parser.add_argument(
        "--load",
        type=load_size,
        metavar="TABLES,RATE,SECONDS",
        help="the load's size instead of the profile's (e.g. 500,50,10: a short run at the "
        "full rate, for iterating)",
    )
    return parser.parse_args(argv)


def load_size(text: str) -> tuple[int, float, float]:
    """``TABLES,RATE,SECONDS`` for ``--load``."""
    tables, rate, seconds = text.split(",")
    return int(tables), float(rate), float(seconds)


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
    competing for the cores (every section is sensitive to that). ``partial`` stays true until
    every section was tried, so a file saved midway (or by a run cut short) says so."""

    profile: str
    seed: int
    python: str = platform.python_version()
    cpus: int | None = os.cpu_count()
    when: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    load_before: float = field(default_factory=lambda: round(os.getloadavg()[0], 2))
    load_after: float = 0.0
    seconds: float = 0.0
    partial: bool = True
    sections: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def finish(self, started: float) -> None:
        self.seconds = round(time.perf_counter() - started, 1)
        self.load_after = round(os.getloadavg()[0], 2)

    def header(self) -> str:
        partial = ", PARTIAL" if self.partial else ""
        return (
            f"Monster Table benchmark, {self.profile} run{partial}: {self.seconds} s on "
            f"{self.cpus} CPUs, Python {self.python}, 1-min load average {self.load_before} "
            f"before / {self.load_after} after (seed {self.seed})"
        )


def failure_line(name: str, exc: Exception) -> str:
    """How a failed section shows in the report and the saved file: one line, the error's type
    and message (the traceback went to stderr when it happened)."""
    error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return f"section {name} failed: {error}"


def save(results: list[Result], path: Path, info: RunInfo, started: float) -> None:
    """Write what was measured so far, so a crash later loses only the section it hit."""
    info.finish(started)
    report.save(results, path, asdict(info))


def run_all(
    names: list[str], profile: Profile, seed: int, path: Path
) -> tuple[list[Result], RunInfo]:
    """Run the sections, saving after each; a failing section is recorded and skipped."""
    info = RunInfo(profile.name, seed)
    if info.load_before > 0.5:
        sys.stderr.write("[bench] other processes are busy: expect noisy numbers\n")
    started = time.perf_counter()
    results: list[Result] = []
    for name in names:
        try:
            results.extend(run_section(name, profile, seed))
        except KeyboardInterrupt:
            info.failures.append(f"section {name} interrupted (Ctrl-C); later sections not run")
            sys.stderr.write(f"[bench] interrupted in {name}: saving what was measured\n")
            break
        except Exception as exc:  # whatever broke, the other sections still have figures
            traceback.print_exc(file=sys.stderr)
            info.failures.append(failure_line(name, exc))
            sys.stderr.write(f"[bench] {name} failed; going on with the next section\n")
        else:
            info.sections.append(name)
        save(results, path, info, started)
    else:
        info.partial = False
    save(results, path, info, started)
    return results, info


def shown(path: Path) -> Path:
    """The saved file's path as the reader would type it: relative to the repository."""
    return path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    profile = QUICK if args.quick else FULL
    if args.load is not None:
        tables, rate, seconds = args.load
        name = f"{profile.name}-load-{tables}x{rate:g}x{seconds:g}"
        profile = replace(
            profile, name=name, load_tables=tables, load_rate=rate, load_seconds=seconds
        )
    profile = replace(profile, load_stores=STORES[args.store])
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url  # read by the load section only
    path = OUT_DIR / f"results-{profile.name}.json"
    results, info = run_all(list(args.only or SECTIONS), profile, args.seed, path)
    print(info.header() + "\n")
    print(report.render(results))
    targets = summary.render(results)
    if targets:
        print("\n" + targets)
    if info.failures:
        print("\n" + "\n".join(info.failures))
    print(f"\nsaved {shown(path)}")
    if info.partial:
        return 130
    return 1 if info.failures else 0


if __name__ == "__main__":
    sys.exit(main())
