"""Benchmark: guard time per (task input, ground truth) pair over Verus-Bench; target under 30 ms per pair.

Run: python tests/bench/bench_guard.py [VERUS_BENCH_DIR] [--repeat N]

"cold" parses both texts on every call (the analysis cache is cleared first): the figure for a CI gate.
"warm" keeps the original's analysis, as the agent does when it guards many candidates of one task.
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


def bench_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    shared = Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"
    return shared / "corpus" / "verus-bench"


def pairs(folder: Path) -> list[tuple[bytes, bytes]]:
    found = []
    for truth in sorted(folder.glob("*/verified/*.rs")):
        inputs = truth.parent.parent / "unverified"
        task = inputs / truth.name
        task = task if task.exists() else inputs / (re.sub(r"_v\d+$", "", truth.stem) + ".rs")
        found.append((task.read_bytes(), truth.read_bytes()))
    return found


def timings(work: list[tuple[bytes, bytes]], cold: bool) -> list[float]:
    times = []
    for original, candidate in work:
        analyse.cache_clear()
        if not cold:
            analyse(original)
        start = time.perf_counter()
        guard(original, candidate)
        times.append((time.perf_counter() - start) * 1000)
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
    args = parser.parse_args()
    work = pairs(bench_dir(args.bench))
    if not work:
        print("no ground truths found: pass the verus-bench folder or set VERUSAGENT_CORPUS", file=sys.stderr)
        return 2
    guard(*work[0])  # load the grammar outside the timing
    cold = [t for _ in range(args.repeat) for t in timings(work, cold=True)]
    warm = [t for _ in range(args.repeat) for t in timings(work, cold=False)]
    print(f"guard: {len(work)} pairs (task input vs ground truth), {args.repeat} rounds; target: mean under 30 ms")
    print(summary("cold (both parsed)", cold))
    print(summary("warm (original cached)", warm))
    return 0


if __name__ == "__main__":
    sys.exit(main())
