"""Benchmark: the static pre-check's cost per candidate, over every ground truth of the shared corpora.

Run: python -m tests.benchmarks.bench_precheck [SHARED_DIR] [--repeat N]

Candidates: the ground truths of Verus-Bench (154), VeruSAGE-Bench (488), the verus examples (99) and the state
machines (11): files of a few dozen to ~5,600 lines. Rules off where they cannot decide are part of the cost.
"rules" has the file parsed already, as in the agent (the guard parsed the candidate just before): what the
pre-check adds to a candidate. "cold" parses it too (the lens's cache cleared): the figure for `verusagent
precheck FILE` and the gate. Each figure in wall time and this process's CPU time (the steadier one on a machine
shared with other jobs). vstd's names are loaded once (from the cache), as a run does.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from verusagent.lemmas import find_vstd
from verusagent.lens.parse import _parsed as parse_shared
from verusagent.precheck import PrecheckContext, crate_of, precheck_parsed, vstd_methods, vstd_names


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def ground_truths(corpus: Path) -> list[Path]:
    return (
        sorted((corpus / "verus-bench").glob("*/verified/*.rs"))
        + sorted((corpus / "verusage-bench").glob("*/verified/**/*.rs"))
        + sorted((corpus / "verus-examples").rglob("*.rs"))
        + sorted((corpus / "verus-state-machines").rglob("*.rs"))
    )


def timings(
    files: list[tuple[str, bytes]], names: frozenset[str], methods, cold: bool
) -> list[tuple[float, float, int]]:
    """(wall ms, CPU ms, findings) per file."""
    measured = []
    for name, data in files:
        parse_shared.cache_clear()
        if not cold:
            parse_shared(data, "")
        context = PrecheckContext(crate_name=crate_of(name), vstd_names=names, vstd_methods=methods)
        wall, cpu = time.perf_counter(), time.process_time()
        report = precheck_parsed({name: parse_shared(data, "")}, context)
        measured.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, len(report.findings)))
    return measured


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"  {label}: median {statistics.median(times):.2f} ms, mean {statistics.mean(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {max(times):.2f} ms per candidate"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("shared", nargs="?")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    corpus = shared_dir(args.shared) / "corpus"
    paths = ground_truths(corpus)
    if not paths:
        print(f"no ground truths under {corpus}", file=sys.stderr)
        return 2
    source = find_vstd(corpus / "vstd")
    names, methods = vstd_names(source), vstd_methods(source)
    files = [(p.name, p.read_bytes()) for p in paths]
    lines = sum(data.count(b"\n") for _, data in files)
    print(f"pre-check on {len(files)} ground truths ({lines} lines), vstd names: {len(names)}")
    for cold in (False, True):
        runs = [t for _ in range(args.repeat) for t in timings(files, names, methods, cold)]
        findings = sum(found for _, _, found in runs)
        print(f"{'cold (parse included)' if cold else 'rules (parsed already, as in the agent)'}: {findings} findings")
        print(summary("wall", [wall for wall, _, _ in runs]))
        print(summary("CPU ", [cpu for _, cpu, _ in runs]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
