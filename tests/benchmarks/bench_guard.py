"""Benchmark: guard time per pair; target under 30 ms per pair.

Run: python -m tests.benchmarks.bench_guard [VERUS_BENCH_DIR] [--repeat N]
     python -m tests.benchmarks.bench_guard --verusage [VERUSAGE_BENCH_DIR] [--repeat N]

Pairs: Verus-Bench (task input, ground truth), or with --verusage the honest VeruSAGE-Bench pairs (task, task with
the ground truth's target spliced in; `verusagent.bench.verusage`), files of up to ~5,600 lines.
"cold" parses both texts on every call (the analysis cache is cleared first): the figure for a CI gate.
"warm" keeps the original's analysis, as the agent does when it guards many candidates of one task.
"rules" keeps both analyses: the guard's own comparison, without the lens's parsing.
Each figure is given twice: wall time, and this process's CPU time (the steadier one on a machine shared with other
jobs, whose time the wall clock counts too).
"""

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

from verusagent.guard import guard
from verusagent.guard.source import analyse
from verusagent.lens.parse import _parsed as parse_shared


def bench_dir(argument: str | None, name: str = "verus-bench") -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    shared = Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"
    return shared / "corpus" / name


def pairs(folder: Path) -> list[tuple[bytes, bytes]]:
    found = []
    for truth in sorted(folder.glob("*/verified/*.rs")):
        inputs = truth.parent.parent / "unverified"
        task = inputs / truth.name
        task = task if task.exists() else inputs / (re.sub(r"_v\d+$", "", truth.stem) + ".rs")
        found.append((task.read_bytes(), truth.read_bytes()))
    return found


def verusage_pairs(folder: Path) -> list[tuple[bytes, bytes]]:
    from verusagent.bench.verusage import SplicedPair
    from verusagent.bench.verusage import pairs as spliced_pairs

    found = [p for p in spliced_pairs(folder) if isinstance(p, SplicedPair)]
    return [(p.original.encode("utf-8"), p.spliced.encode("utf-8")) for p in found]


def timings(work: list[tuple[bytes, bytes]], mode: str) -> list[tuple[float, float]]:
    """(wall, CPU) milliseconds per pair."""
    times = []
    for original, candidate in work:
        analyse.cache_clear()
        parse_shared.cache_clear()  # the lens's own cache of recent texts: "cold" means parsed here
        if mode != "cold":
            analyse(original)
        if mode == "rules":
            analyse(candidate)
        wall, cpu = time.perf_counter(), time.process_time()
        guard(original, candidate)
        times.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
    return times


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"  {label}: mean {statistics.mean(times):.2f} ms, median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {max(times):.2f} ms per pair"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bench", nargs="?")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--verusage", action="store_true", help="the spliced VeruSAGE-Bench pairs")
    args = parser.parse_args()
    if args.verusage:
        work, what = verusage_pairs(bench_dir(args.bench, "verusage-bench")), "VeruSAGE task vs spliced ground truth"
    else:
        work, what = pairs(bench_dir(args.bench)), "task input vs ground truth"
    if not work:
        print("no pairs found: pass the benchmark folder or set VERUSAGENT_CORPUS", file=sys.stderr)
        return 2
    guard(*work[0])  # load the grammar outside the timing
    lines = sum(original.count(b"\n") + 1 for original, _ in work) / len(work)
    print(
        f"guard: {len(work)} pairs ({what}, {lines:.0f} lines on average), {args.repeat} rounds; "
        "target: mean under 30 ms"
    )
    for mode, label in (("cold", "cold (both parsed)"), ("warm", "warm (original cached)"), ("rules", "rules only")):
        measured = [t for _ in range(args.repeat) for t in timings(work, mode)]
        print(summary(f"{label}, wall", [wall for wall, _ in measured]))
        print(summary(f"{label}, CPU", [cpu for _, cpu in measured]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
