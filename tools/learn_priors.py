#!/usr/bin/env python3
"""Learn the slicer's mention priors from what ground-truth proofs use (verusagent/context/mention_priors.json).

Every shared VeruSAGE-Bench task with a ground truth is sliced around its target, and each candidate the ranking
offers by a mention is recorded with its (mentioning kind, candidate kind) pair and whether the ground-truth proof
uses it (verusagent.bench.mention_evidence). The chance of a pair is its smoothed share used. `--held-out`
measures what the table generalizes to: for each project, a table learned on the six others ranks that project's
prompts (tools/slice_report.py's measure), beside the table learned on all seven.

    python tools/learn_priors.py [SHARED_DIR] [--write] [--held-out] [--evidence FILE]
"""

import argparse
import json
import sys
from pathlib import Path

from slice_report import REPO, summary, verusage_bench  # beside this script: python puts its folder first

TABLE = REPO / "verusagent" / "context" / "mention_priors.json"


def figures(rows: list) -> dict:
    """Coverage, missed definitions and prompt sizes of one project's rows, as slice_report sums them."""
    total = summary([r.model_dump() for r in rows])
    return {k: total[k] for k in ("coverage_percent", "missing", "median_tokens", "p90_tokens")}


def held_out(tasks: list, offers: list) -> list[dict]:
    from verusagent.bench.mention_evidence import learn
    from verusagent.bench.slice_coverage import measure_task
    from verusagent.context.priors import MentionTable, mention_table

    report = []
    for project in sorted({t.project for t in tasks}):
        mine = [t for t in tasks if t.project == project]
        learned = learn(o for o in offers if o.project != project)
        with mention_table(MentionTable(learned.table(), learned.default)):
            rows = [r for r in (measure_task(t) for t in mine) if r is not None]
        in_sample = [r for r in (measure_task(t) for t in mine) if r is not None]
        report.append({"project": project, "held_out": figures(rows), "all": figures(in_sample)})
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", help="the shared data folder (default ../shared or $VERUSAGENT_CORPUS)")
    parser.add_argument("--write", action="store_true", help=f"write the table learned on all projects to {TABLE}")
    parser.add_argument("--held-out", action="store_true", help="measure each project under a table without it")
    parser.add_argument("--evidence", type=Path, help="read (if present) or write the recorded offers here")
    args = parser.parse_args()
    bench = verusage_bench(args.shared)
    if bench is None:
        return 2
    from verusagent.bench.mention_evidence import Offer, learn, task_offers
    from verusagent.bench.verusage import discover

    tasks = discover(bench)
    if args.evidence and args.evidence.is_file():
        offers = [Offer(**o) for o in json.loads(args.evidence.read_text(encoding="utf-8"))]
    else:
        offers = [o for task in tasks for o in task_offers(task)]
        if args.evidence:
            args.evidence.write_text(json.dumps([o.model_dump() for o in offers]), encoding="utf-8")
    table = learn(offers)
    print(f"{len(offers)} offers from {len(tasks)} tasks; default {table.default}")
    for key, pair in table.pairs.items():
        print(f"  {key:20s} {pair.offered:6,} offered {pair.used:6,} used  chance {pair.chance:.3f}")
    if args.write:
        TABLE.write_text(table.model_dump_json(indent=1) + "\n", encoding="utf-8")
    if args.held_out:
        print("held out: each project ranked by a table learned on the six others / by the table of all seven")
        for row in held_out(tasks, offers):
            h, a = row["held_out"], row["all"]
            print(
                f"  {row['project']:18s} coverage {h['coverage_percent']:5.1f}% / {a['coverage_percent']:5.1f}%  "
                f"missing {h['missing']:3d} / {a['missing']:3d}  median {h['median_tokens']:6,} / "
                f"{a['median_tokens']:6,}  p90 {h['p90_tokens']:6,} / {a['p90_tokens']:6,}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
