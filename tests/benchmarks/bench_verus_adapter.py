"""Benchmark: the verus adapter's own cost per run (everything except verus itself) and the cache lookups.

Run: python -m tests.benchmarks.bench_verus_adapter [--runs N] [--diagnostics D]   (target: overhead under 20 ms/run)

The verus stand-in (tools/verus_standin.py) plays verus; its process time (start to exit) is verus time and is
left out of the overhead. Overhead = run_verus's wall time minus that process time: flags, cache key and
lookup, scratch copy, pipes and process-group handling, parsing, verdict, cache store. A private cache folder
is used.
"""

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"


def source_with(functions: int) -> str:
    body = "".join(
        f"fn f{n}(x: u32) -> (r: u32)\n    requires x < 10,\n    ensures r == x,\n{{\n    x\n}}\n"
        for n in range(functions)
    )
    return "use vstd::prelude::*;\nverus! {\n" + body + "}\n"


def scenario(folder: Path, diagnostics: int) -> Path:
    errors = [
        {
            "message": "postcondition not satisfied",
            "line_contains": "r == x",
            "occurrence": n + 1,
            "label": "failed this postcondition",
            "related": [{"line_contains": "x < 10", "occurrence": n + 1, "label": "failed precondition"}],
        }
        for n in range(diagnostics)
    ]
    path = folder / "bench.json"
    path.write_text(json.dumps({"name": "bench", "verdict": "failed" if errors else "verified", "errors": errors}))
    return path


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * fraction), len(ordered) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def measure_runs(install, runs: int, source: str) -> dict[str, list[float]]:
    from verusagent.verus import RunOptions, run_verus

    phases: dict[str, list[float]] = {"overhead": []}
    for n in range(runs):  # distinct bytes each time: a cache miss, then a store, as for a new candidate
        result = run_verus(install, f"{source}// candidate {n}\n", options=RunOptions())
        phases["overhead"].append(result.timings["total"] - result.timings["verus"])
        for phase, seconds in result.timings.items():
            phases.setdefault(phase, []).append(seconds)
    return phases


def measure_cache(install, runs: int, source: str) -> tuple[list[float], list[float]]:
    from verusagent.verus import run_verus
    from verusagent.verus.cache import default_cache

    first = run_verus(install, source)
    hits = [run_verus(install, source).timings["total"] for _ in range(runs)]
    cache, lookups = default_cache(), []
    for n in range(2000):  # a cache that has seen many candidates
        cache.put(f"filler-{n}", first)
    for n in range(runs):
        start = time.perf_counter()
        cache.get(f"filler-{n * 7 % 2000}")
        lookups.append(time.perf_counter() - start)
    return hits, lookups


def measure_process_handling(runs: int) -> list[float]:
    """What the process-group machinery (pipe threads, waitid, group kill) adds to a bare subprocess.run."""
    import subprocess

    from verusagent.verus.process import run_in_group

    extra = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(["/bin/true"], capture_output=True, check=True)
        bare = time.perf_counter() - start
        start = time.perf_counter()
        run_in_group(["/bin/true"], cwd="/", timeout_s=10)
        extra.append(time.perf_counter() - start - bare)
    return extra


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--diagnostics", type=int, default=20, help="diagnostics per run (stderr JSON lines)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-verus-") as scratch:
        os.environ["VERUSAGENT_CACHE_DIR"] = str(Path(scratch) / "cache")
        os.environ["VERUS_STANDIN_SCENARIO"] = str(scenario(Path(scratch), args.diagnostics))
        from verusagent.verus import find_verus

        install = find_verus(str(STANDIN))
        source = source_with(max(args.diagnostics, 1))
        phases = measure_runs(install, args.runs, source)
        hits, lookups = measure_cache(install, args.runs, source)
        handling = measure_process_handling(args.runs)
    print(f"verus adapter overhead ({args.runs} runs, {args.diagnostics} diagnostics each, stand-in as verus)")
    for phase in ("overhead", "prepare", "cache_lookup", "scratch", "parse", "cache_store", "verus", "total"):
        values = phases[phase]
        print(f"  {phase:<13} median {ms(statistics.median(values))}   p95 {ms(percentile(values, 0.95))}")
    print(f"cache hit, whole run_verus call:  median {ms(statistics.median(hits))}   p95 {ms(percentile(hits, 0.95))}")
    print(
        f"cache lookup among 2,000 entries: median {ms(statistics.median(lookups))}   "
        f"p95 {ms(percentile(lookups, 0.95))}"
    )
    print(
        f"process-group handling beyond a bare subprocess.run (counted in `verus` above): "
        f"median {ms(statistics.median(handling))}   p95 {ms(percentile(handling, 0.95))}"
    )
    target = statistics.median(phases["overhead"]) < 0.020
    print(f"target overhead < 20 ms per run: {'met' if target else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
