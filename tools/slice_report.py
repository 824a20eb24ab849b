#!/usr/bin/env python3
"""Prompt sizes and context coverage of `prove --dry-run` on every shared VeruSAGE-Bench task, per project.

For each task (target from the file name, as verusagent.bench.verusage finds it) the prove prompt of the first
strategy is rendered exactly as `verusagent prove TASK --fn TARGET --dry-run` renders it, and counted with
tiktoken's o200k_base (read from litellm's bundled copy), instructions included. Coverage: the needed
definitions of the ground-truth proof (verusagent.bench.needed: the target's Self type, the spec-function
family its clauses and body reach with the types they match on or construct, the other types it names, the
signatures of what it calls) that the prompt shows. Per project: median, p90 and max prompt tokens, the share of
needed definitions shown, the tasks fully covered, the misses by reason (`self_type`: method targets whose own
type is missing; `spec_family`: spec functions and their types), the slices over budget, and the floor (the
instructions, the target and the smallest text of each needed definition). `--curve` repeats the measure at
several budgets (the budget curve). `--leave-one-out` measures that curve once, then for each project chooses
the budget on the six others (verusagent.bench.holdout) and reports the held-out project's figures under it and
the goals' clause that holds it (a project whose needed floor at p90 exceeds the p90 goal: over_budget said by
every task whose floor exceeds the cap, p90 within 12,000);
with `--constant NAME` the values are those of a constant of the selection (holdout.CONSTANTS, e.g.
LEMMA_GROWTH) at the budget given, chosen and measured the same way. Each prompt is capped at the shipped ceiling
(verusagent.choices.CONTEXT_CEILING_TOKENS) as a run caps it; `--ceiling N` caps it at N (0: no cap), `--hard`
at each budget, as `--context-budget` does.

    python tools/slice_report.py [SHARED_DIR] [--budget TOKENS] [--curve 2000,4000,6000,8000,12000]
                                 [--leave-one-out [VALUES]] [--constant NAME] [--hard | --ceiling N]
                                 [--project NAME]
                                 [--missing] [--json]
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
LOO_BUDGETS = "2000,3000,4000,5000,6000,8000"
HARD = "hard"  # the ceiling of `--hard`: each budget
REASONS = ("self_type", "spec_family", "type", "signature")
DEPTHS = ("named", "family", "deep")


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    return Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))


def verusage_bench(argument: str | None) -> Path | None:
    """The shared VeruSAGE-Bench copy (None, said on stderr, when there is none); the package made importable."""
    bench = shared_dir(argument) / "corpus" / "verusage-bench"
    if not bench.is_dir():
        print(f"no VeruSAGE-Bench copy at {bench}", file=sys.stderr)
        return None
    sys.path.insert(0, str(REPO))
    return bench


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)] if ordered else 0


def summary(rows: list[dict]) -> dict:
    tokens = [r["prompt_tokens"] for r in rows]
    covered = [r for r in rows if r["needed"] is not None]
    floors = [r["floor_tokens"] for r in covered]
    needed = sum(r["needed"] for r in covered)
    missing = sum(len(r["missing"]) for r in covered)
    methods = [r for r in covered if r["method_target"]]
    return {
        "tasks": len(rows),
        "sliced": sum(r["sliced"] for r in rows),
        "over_budget": sum(r["over_budget"] for r in rows),
        "median_tokens": int(statistics.median(tokens)) if tokens else 0,
        "p90_tokens": percentile(tokens, 0.9),
        "max_tokens": max(tokens, default=0),
        "with_ground_truth": len(covered),
        "needed": needed,
        "missing": missing,
        "coverage_percent": round(100 * (needed - missing) / needed, 1) if needed else 100.0,
        "tasks_fully_covered": sum(not r["missing"] for r in covered),
        "coverage_family_percent": _share(covered, ("named", "family")),
        "needed_by_depth": {k: sum(r["needed_by_depth"].get(k, 0) for r in covered) for k in DEPTHS},
        "missing_by_depth": {k: sum(r["missing_by_depth"].get(k, 0) for r in covered) for k in DEPTHS},
        "needed_by_reason": {k: sum(r["needed_by_reason"].get(k, 0) for r in covered) for k in REASONS},
        "missing_by_reason": {k: sum(r["missing_by_reason"].get(k, 0) for r in covered) for k in REASONS},
        "method_targets": len(methods),
        "method_targets_missing_self_type": sum(r["missing_by_reason"].get("self_type", 0) > 0 for r in methods),
        "floor_median_tokens": int(statistics.median(floors)) if floors else 0,
        "floor_p90_tokens": percentile(floors, 0.9),
        "unreported_over_budget": sum(_unreported(r) for r in covered),
    }


def _unreported(row: dict) -> bool:
    """What the task's proof needs exceeds the prompt's cap, and the prompt does not say over_budget."""
    cap = row.get("cap_tokens")
    return bool(cap) and row["floor_tokens"] > cap and not row["over_budget"]


def _share(rows: list[dict], depths: tuple[str, ...]) -> float:
    needed = sum(r["needed_by_depth"].get(d, 0) for r in rows for d in depths)
    missing = sum(r["missing_by_depth"].get(d, 0) for r in rows for d in depths)
    return round(100 * (needed - missing) / needed, 1) if needed else 100.0


def by_project(rows: list[dict]) -> dict[str, dict]:
    groups = defaultdict(list)
    for row in rows:
        groups[row["project"]].append(row)
    return {project: summary(mine) for project, mine in sorted(groups.items())}


def print_report(rows: list[dict], skipped: int, seconds: float, budget: int, show_missing: bool) -> None:
    total = summary(rows)
    print(
        f"budget {budget:,} tokens: {total['tasks']} tasks with a target ({skipped} without one), "
        f"{total['sliced']} sliced, {total['over_budget']} over budget; {seconds:.0f} s"
    )
    from verusagent.bench.holdout import GOAL_COVERAGE, GOAL_MEDIAN, GOAL_OVER_BUDGET_P90, GOAL_P90

    print(
        f"goal per project: coverage >= {GOAL_COVERAGE}%, median <= {GOAL_MEDIAN:,}, p90 <= {GOAL_P90:,} tokens; "
        f"a project whose floor at p90 exceeds {GOAL_P90:,}: over_budget said, p90 <= {GOAL_OVER_BUDGET_P90:,}"
    )
    print(
        f"  {'project':18s} {'tasks':>5s} {'sliced':>6s} {'median':>7s} {'p90':>7s} {'max':>7s} "
        f"{'coverage (missing/needed)':>25s} {'to d1':>6s} {'full':>7s} {'self_type':>9s} {'spec_fam':>10s} "
        f"{'over':>4s} {'floor med/p90':>13s}"
    )
    for project, part in [*by_project(rows).items(), ("all", total)]:
        fam = part["missing_by_reason"]["spec_family"], part["needed_by_reason"]["spec_family"]
        print(
            f"  {project:18s} {part['tasks']:5d} {part['sliced']:6d} {part['median_tokens']:7,} "
            f"{part['p90_tokens']:7,} {part['max_tokens']:7,} "
            f"{part['coverage_percent']:8.1f}% ({part['missing']:5d}/{part['needed']:5d}) "
            f"{part['coverage_family_percent']:5.1f}% "
            f"{part['tasks_fully_covered']:3d}/{part['with_ground_truth']:<3d} "
            f"{part['method_targets_missing_self_type']:3d}/{part['method_targets']:<3d} "
            f"{fam[0]:4d}/{fam[1]:<5d} {part['over_budget']:4d} "
            f"{part['floor_median_tokens']:6,}/{part['floor_p90_tokens']:<6,}"
        )
    print(
        "  coverage: all needed definitions (the spec family followed all the way); to d1: those the ground "
        "truth names and one call down; self_type: method targets missing their own type / method targets; "
        "spec_fam: spec-family definitions missed / needed"
    )
    if show_missing:
        for row in rows:
            if row.get("missing"):
                print(f"  missing in {row['task']} ({row['prompt_tokens']:,} tokens): {', '.join(row['missing'])}")


def print_curve(curve: dict[float, dict[str, dict]], name: str = "budget") -> None:
    print(
        f"{name} curve, per project: coverage of all needed definitions / of those to d1, median / p90 prompt "
        "tokens, tasks over budget, needed definitions missed"
    )
    projects = sorted({p for parts in curve.values() for p in parts})
    print(f"  {name[:7]:>7s} " + " ".join(f"{p[:30]:>42s}" for p in projects))
    for budget, parts in sorted(curve.items()):
        cells = [
            f"{parts[p]['coverage_percent']:5.1f}%/{parts[p]['coverage_family_percent']:5.1f}% "
            f"{parts[p]['median_tokens']:6,}/{parts[p]['p90_tokens']:6,} {parts[p]['over_budget']:3d} "
            f"{parts[p]['missing']:5d}"
            for p in projects
        ]
        print(f"  {budget:7,g} " + " ".join(f"{c:>42s}" for c in cells))


def print_held_out(rows, name: str = "budget") -> None:
    print(f"leave one project out: the {name} chosen on the other projects, the held-out project's figures under it")
    print(
        f"  {'held out':18s} {name[:7]:>7s} {'tuned ok':>8s} {'coverage':>9s} {'median':>7s} {'p90':>7s} "
        f"{'over':>5s} {'missed':>13s} {'floor p90':>9s} {'unsaid':>6s}  goals (clause)"
    )
    for row in rows:
        print(
            f"  {row.project:18s} {row.value:7,g} {row.tuned_meeting_goals:8d} {row.coverage_percent:8.1f}% "
            f"{row.median_tokens:7,} {row.p90_tokens:7,} {row.over_budget:5d} "
            f"{row.missing:5d}/{row.needed:7,} {row.floor_p90_tokens:9,} {row.unreported_over_budget:6d}  "
            f"{'met' if row.meets_goals else 'MISSED'} ({row.clause})"
        )
    print(
        "  clause: 98% (coverage, median, p90 within the goals), or over budget for a project whose needed floor "
        "at p90 exceeds the p90 goal (every task over the cap says over_budget: unsaid 0; p90 within the cap)"
    )


def measure_curve(tasks, values: str, constant: str | None, budget: int | None, ceiling: int | None | str) -> dict:
    """{value: {project: summary}}: the budget at each value, or the constant at each value under `budget`."""
    from verusagent.bench.holdout import setting

    curve = {}
    for value in (float(x) for x in values.split(",")):
        if constant is None:
            curve[value] = by_project(measure(tasks, int(value), ceiling))
            continue
        with setting(constant, value):
            curve[value] = by_project(measure(tasks, budget, ceiling))
    return curve


def measure(tasks, budget: int | None, ceiling: int | None | str) -> list[dict]:
    """ceiling: a number of tokens, None (no cap) or HARD (the budget is the cap, as `--context-budget` makes it)."""
    from verusagent.bench.slice_coverage import measure_task
    from verusagent.context import SLICE_BUDGET_TOKENS

    cap = (budget or SLICE_BUDGET_TOKENS) if ceiling == HARD else ceiling
    measured = (measure_task(task, budget, cap) for task in tasks)
    return [row.model_dump() | {"cap_tokens": cap} for row in measured if row is not None]


def ceiling_of(args: argparse.Namespace) -> int | None | str:
    from verusagent.choices import CONTEXT_CEILING_TOKENS

    if args.hard:
        return HARD
    if args.ceiling is None:
        return CONTEXT_CEILING_TOKENS
    return args.ceiling or None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", help="the shared data folder (default ../shared or $VERUSAGENT_CORPUS)")
    parser.add_argument("--budget", type=int, help="the slice budget in tokens (default: the slicer's)")
    parser.add_argument("--curve", help="budgets to measure, comma-separated (e.g. 2000,4000,6000,8000,12000)")
    parser.add_argument(
        "--leave-one-out", nargs="?", const=LOO_BUDGETS, help=f"budgets to choose among (default {LOO_BUDGETS})"
    )
    parser.add_argument("--constant", help="what --leave-one-out chooses: a constant of holdout.CONSTANTS")
    parser.add_argument(
        "--hard", action="store_true", help="each budget is a ceiling too, as `--context-budget` makes it"
    )
    parser.add_argument("--ceiling", type=int, help="cap every prompt at N tokens (0: none; default: the shipped cap)")
    parser.add_argument("--project", action="append", help="only this project (repeatable)")
    parser.add_argument("--missing", action="store_true", help="list what each task's prompt misses")
    parser.add_argument("--json", action="store_true", help="print the rows and the summaries as JSON")
    args = parser.parse_args()
    bench = verusage_bench(args.shared)
    if bench is None:
        return 2
    from verusagent.bench.verusage import discover
    from verusagent.context import SLICE_BUDGET_TOKENS

    tasks = [t for t in discover(bench) if not args.project or t.project in args.project]
    if args.leave_one_out:
        from verusagent.bench.holdout import leave_one_out

        curve = measure_curve(tasks, args.leave_one_out, args.constant, args.budget, ceiling_of(args))
        rows = leave_one_out(curve)
        if args.json:
            print(json.dumps({"curve": curve, "held_out": [r.model_dump() for r in rows]}, indent=2))
        else:
            print_curve(curve, args.constant or "budget")
            print_held_out(rows, args.constant or "budget")
        return 0
    if args.curve:
        curve = measure_curve(tasks, args.curve, args.constant, args.budget, ceiling_of(args))
        print(json.dumps(curve, indent=2) if args.json else "", end="")
        if not args.json:
            print_curve(curve)
        return 0
    started = time.monotonic()
    rows = measure(tasks, args.budget, ceiling_of(args))
    if args.json:
        print(json.dumps({"summary": summary(rows), "projects": by_project(rows), "rows": rows}, indent=2))
    else:
        print_report(
            rows, len(tasks) - len(rows), time.monotonic() - started, args.budget or SLICE_BUDGET_TOKENS, args.missing
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
