"""Benchmark: the vstd lemma index. Cold build (parallel as used, and on one core), cached load, search.

Run: python -m tests.benchmarks.bench_lemmas [VSTD_DIR] [--repeat N]   (target: the cold build under 2 s)

Wall time depends on what else runs on the machine: the load average and the CPU time are printed beside it.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from verusagent.lemmas import LemmaSearch, build_index, find_vstd, load_index

QUERIES = [
    "seq take len",
    "s.subrange(i, j).len() == j - i",
    "x * y == y * x",
    "set insert contains finite",
    "map dom insert",
    "multiset count add",
]


def default_vstd() -> Path:
    shared = os.environ.get("VERUSAGENT_CORPUS") or Path(__file__).resolve().parents[3] / "shared"
    return Path(shared) / "corpus" / "vstd"


def timed(action, repeat: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds over `repeat` runs, and the last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = action()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("vstd", nargs="?", default=str(default_vstd()))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source = find_vstd(Path(args.vstd))
    lines = sum(p.read_bytes().count(b"\n") for p in Path(source.root).rglob("*.rs"))
    print(
        f"lemma index over {source.describe()}: {lines} lines; load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores"
    )
    wall, _, index = timed(lambda: build_index(source), args.repeat)
    print(f"  cold build (worker processes as chosen): {wall:.2f} s wall; {len(index.lemmas)} lemmas")
    wall, cpu, _ = timed(lambda: build_index(source, jobs=1), args.repeat)
    print(f"  cold build on one core: {wall:.2f} s wall, {cpu:.2f} s CPU")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["VERUSAGENT_CACHE_DIR"] = cache
        load_index(source)
        wall, cpu, (loaded, cached) = timed(lambda: load_index(source), args.repeat)
        assert cached and len(loaded.lemmas) == len(index.lemmas)
        print(f"  cached load (hash the source, read the index): {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU")
    wall, _, search = timed(lambda: LemmaSearch(index.lemmas), args.repeat)
    print(f"  ranker setup: {wall * 1000:.0f} ms")
    started = time.perf_counter()
    for query in QUERIES * 10:
        search.search(query, 10)
    print(f"  search: {(time.perf_counter() - started) * 1000 / (len(QUERIES) * 10):.2f} ms per query (top 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
