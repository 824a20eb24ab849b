"""Benchmark: the slicer on the large VeruSAGE-Bench task files, beside the one lens parse it needs.

Reports, per 1,000 lines, the lens parse (`parse_with_tokens`) and the slicer's own work on top of it (outline,
names, selection, rendering), for every task file the prompt would slice, its target from the file name.

Run: python -m tests.bench.bench_slicer [SHARED_DIR]
"""

import os
import sys
import time
from pathlib import Path

from verusagent.bench.verusage import discover, target_of
from verusagent.context import needs_slicing, slice_parsed
from verusagent.lens import parse_with_tokens


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    configured = os.environ.get("VERUSAGENT_CORPUS")
    return Path(configured) if configured else Path(__file__).resolve().parents[3] / "shared"


def main() -> int:
    bench = shared_dir(sys.argv[1] if len(sys.argv) > 1 else None) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return 2
    jobs = []
    for task in discover(bench):
        text = task.task_path.read_text(encoding="utf-8", errors="replace")
        target = target_of(task, text)
        if target and needs_slicing(text):
            jobs.append((text, target))
    parse_s = slice_s = 0.0
    for text, target in jobs:
        started = time.perf_counter()
        model, stream = parse_with_tokens(text)
        parsed = time.perf_counter()
        slice_parsed(text, model, stream, [target], budget_tokens=0)  # always cut, never the whole file
        parse_s, slice_s = parse_s + parsed - started, slice_s + time.perf_counter() - parsed
    lines = sum(text.count("\n") + 1 for text, _ in jobs)
    print(f"{len(jobs)} large task files, {lines:,} lines")
    print(f"lens parse: {1000 * parse_s / lines * 1000:.1f} ms per 1,000 lines")
    print(f"slicer on top of it: {1000 * slice_s / lines * 1000:.1f} ms per 1,000 lines "
          f"({100 * slice_s / parse_s:.0f}% of the parse)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
