"""Benchmark: the slicer on the large VeruSAGE-Bench task files, beside the one lens parse it needs.

Reports, per 1,000 lines, the lens parse (`parse_with_tokens`) and the slicer's own work on top of it (outline,
names and types, the dependency closure, selection, rendering) at the default budget, for every task file the
prompt would slice, its target from the file name; then the same per task for the largest files. Times are
CPU (process) time.

Run: python -m tests.benchmarks.bench_slicer [SHARED_DIR] [--largest N]
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
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    largest = int(sys.argv[sys.argv.index("--largest") + 1]) if "--largest" in sys.argv else 5
    arguments = [a for a in arguments if a != str(largest)]
    bench = shared_dir(arguments[0] if arguments else None) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return 2
    jobs = []
    for task in discover(bench):
        text = task.task_path.read_text(encoding="utf-8", errors="replace")
        target = target_of(task, text)
        if target and needs_slicing(text):
            jobs.append((text, target, task.task_id))
    timed = []  # (lines, parse s, slice s, task)
    for text, target, name in jobs:
        started = time.process_time()
        model, stream = parse_with_tokens(text)
        parsed = time.process_time()
        slice_parsed(text, model, stream, [target])
        timed.append((text.count("\n") + 1, parsed - started, time.process_time() - parsed, name))
    lines = sum(t[0] for t in timed)
    parse_s, slice_s = sum(t[1] for t in timed), sum(t[2] for t in timed)
    print(f"{len(jobs)} large task files, {lines:,} lines")
    print(f"lens parse: {1000 * parse_s / lines * 1000:.1f} ms per 1,000 lines")
    print(
        f"slicer on top of it: {1000 * slice_s / lines * 1000:.1f} ms per 1,000 lines "
        f"({100 * slice_s / parse_s:.0f}% of the parse)"
    )
    print(f"the {largest} largest files, per task:")
    for count, parse_one, slice_one, name in sorted(timed, reverse=True)[:largest]:
        print(
            f"  {name}: {count:,} lines, parse {1000 * parse_one:.0f} ms, slicer {1000 * slice_one:.0f} ms, "
            f"in all {1000 * (parse_one + slice_one):.0f} ms CPU (goal 150)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
