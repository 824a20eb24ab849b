#!/usr/bin/env python3
"""Prompt sizes and context coverage of `prove --dry-run` on every shared VeruSAGE-Bench task.

For each task (target from the file name, as verusagent.bench.verusage finds it) the prove prompt of the first
strategy is rendered exactly as `verusagent prove TASK --fn TARGET --dry-run` renders it, and counted with
tiktoken's o200k_base (read from litellm's bundled copy), instructions included. Coverage: every function, spec
function, type and constant of the task file that the ground-truth target mentions must appear in the prompt by
its definition (verusagent.bench.slice_coverage). The floor is what a prompt with full coverage must hold at least:
the instructions, the target and the smallest text of each needed definition.

    python tools/slice_report.py [SHARED_DIR] [--budget TOKENS] [--missing] [--json]
"""

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GOAL_MEDIAN, GOAL_P90 = 2500, 6000


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    return Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)] if ordered else 0


def summary(rows: list[dict]) -> dict:
    tokens = [r["prompt_tokens"] for r in rows]
    covered = [r for r in rows if r["needed"] is not None]
    floors = [r["floor_tokens"] for r in covered]
    return {
        "tasks": len(rows), "sliced": sum(r["sliced"] for r in rows),
        "median_tokens": int(statistics.median(tokens)) if tokens else 0, "p90_tokens": percentile(tokens, 0.9),
        "max_tokens": max(tokens, default=0), "with_ground_truth": len(covered),
        "mentions_needed": sum(r["needed"] for r in covered),
        "mentions_missing": sum(len(r["missing"]) for r in covered),
        "tasks_fully_covered": sum(not r["missing"] for r in covered),
        "floor_median_tokens": int(statistics.median(floors)) if floors else 0,
        "floor_p90_tokens": percentile(floors, 0.9),
        "tasks_whose_floor_exceeds_6000": sum(f > GOAL_P90 for f in floors),
    }


def print_report(rows: list[dict], skipped: int, seconds: float, show_missing: bool) -> None:
    total = summary(rows)
    print(f"{total['tasks']} tasks with a target ({skipped} without one), {total['sliced']} sliced; {seconds:.0f} s")
    print(f"prompt tokens (o200k, instructions included): median {total['median_tokens']:,} "
          f"(goal <= {GOAL_MEDIAN:,}), p90 {total['p90_tokens']:,} (goal <= {GOAL_P90:,}), max {total['max_tokens']:,}")
    needed, missing = total["mentions_needed"], total["mentions_missing"]
    share = 100 * (needed - missing) / needed if needed else 100.0
    print(f"coverage: {needed - missing:,} of {needed:,} mentions shown ({share:.1f}%); "
          f"{total['tasks_fully_covered']} of {total['with_ground_truth']} tasks fully covered (goal: all)")
    print(f"floor for full coverage: median {total['floor_median_tokens']:,}, p90 {total['floor_p90_tokens']:,}; "
          f"{total['tasks_whose_floor_exceeds_6000']} tasks cannot be fully covered within {GOAL_P90:,} tokens")
    by_project = defaultdict(list)
    for row in rows:
        by_project[row["project"]].append(row)
    for project, mine in sorted(by_project.items()):
        part = summary(mine)
        print(f"  {project:18s} {part['tasks']:3d} tasks, {part['sliced']:3d} sliced, median {part['median_tokens']:6,}, "
              f"p90 {part['p90_tokens']:6,}; mentions missing {part['mentions_missing']:4d} of "
              f"{part['mentions_needed']:5d}; fully covered {part['tasks_fully_covered']}/{part['with_ground_truth']}")
    if show_missing:
        for row in rows:
            if row.get("missing"):
                print(f"  missing in {row['task']} ({row['prompt_tokens']:,} tokens): {', '.join(row['missing'])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", help="the shared data folder (default ../shared or $VERUSAGENT_CORPUS)")
    parser.add_argument("--budget", type=int, help="the slice budget in tokens (default: the slicer's)")
    parser.add_argument("--missing", action="store_true", help="list what each task's prompt misses")
    parser.add_argument("--json", action="store_true", help="print the rows and the summary as JSON")
    args = parser.parse_args()
    bench = shared_dir(args.shared) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO))
    from verusagent.bench.slice_coverage import measure_task
    from verusagent.bench.verusage import discover
    from verusagent.context import slicer

    if args.budget:
        slicer.SLICE_BUDGET_TOKENS = args.budget
    started = time.monotonic()
    tasks = discover(bench)
    measured = [measure_task(task) for task in tasks]
    rows = [row.model_dump() for row in measured if row is not None]
    if args.json:
        print(json.dumps({"summary": summary(rows), "rows": rows}, indent=2))
    else:
        print_report(rows, len(tasks) - len(rows), time.monotonic() - started, args.missing)
    return 0


if __name__ == "__main__":
    sys.exit(main())
