#!/usr/bin/env python3
"""`verusagent review` on every Verus-Bench ground truth the guard passes, with a scripted reviewer (a stand-in,
not a language model) that proposes a finding on every changed unit, quoting the unit's own code, and on every
other unit a second finding quoting text that is not in the file; validators vote `minor` on critical findings
and `not_real` on gaps. Honest proofs must come through: zero rejections, every fake-quote finding recorded as
dropped, and `verusagent audit` clean on every run record. No verus runs.

Ground truths are paired with their tasks as the oracle bench pairs them (the task's `fn main` put
back); a ground truth the guard flags (exec or spec changed) is left out, as it never reaches the review.

    python tools/review_corpus_check.py [SHARED_DIR] [--limit N]
"""

import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FAKE_QUOTE = "assert(forall|q: int| q == q + 1);"


def pairs(bench: Path) -> list[tuple[str, str, str]]:
    """(task id, original, ground truth with the task's main) for every task with a ground truth."""
    from verusagent.bench.oracle import without_main_tests

    found = []
    for line in (bench / "tasks.jsonl").read_text().splitlines():
        task = json.loads(line)
        if task.get("solution_path"):
            original = (bench / task["task_path"]).read_text()
            found.append(
                (task["task_id"], original, without_main_tests(original, (bench / task["solution_path"]).read_text()))
            )
    return found


def reviewer_script(original: str, candidate: str) -> tuple[dict, int, int]:
    """The scripted replies for one pair; the number of units and of fake-quote findings proposed."""
    from verusagent.lens import parse
    from verusagent.review.units import changed_units

    units = changed_units(parse(candidate), parse(original))
    replies, fakes = [], 0
    for index, unit in enumerate(units):
        quote = next(line.strip() for line in unit.text.splitlines() if len("".join(line.split())) >= 3)
        severity = "critical" if index % 2 == 0 else "gap"
        findings = [
            {
                "severity": severity,
                "reason": f"scripted claim on {unit.id}",
                "quote": quote,
                "evidence": "a scripted reviewer's claim",
                "check": "logic",
            }
        ]
        if index % 2 == 0:
            fakes += 1
            findings.append(
                {
                    "severity": "critical",
                    "reason": "a claim quoting text that is not in the file",
                    "quote": FAKE_QUOTE,
                    "evidence": "fabricated",
                    "check": "logic",
                }
            )
        replies.append({"when": f"Unit to review: `{unit.id}`", "text": "```json\n" + json.dumps(findings) + "\n```"})
    replies += [
        {"when": "- severity: critical", "text": '{"vote": "minor"}', "repeat": True},
        {"when": "- severity: gap", "text": '{"vote": "not_real"}', "repeat": True},
    ]
    return {"replies": replies}, len(units), fakes


def check_pair(task_id: str, original: str, candidate: str, work: Path) -> dict:
    """One `verusagent review` run; what it found and whether its record audits clean."""
    from typer.testing import CliRunner

    from verusagent.audit import audit_run
    from verusagent.cli import app
    from verusagent.llm import Script
    from verusagent.llm.provider import install_script

    folder = work / task_id
    folder.mkdir()
    (folder / "original.rs").write_text(original)
    (folder / "candidate.rs").write_text(candidate)
    script, units, fakes = reviewer_script(original, candidate)
    install_script(Script.model_validate(script))
    result = CliRunner().invoke(
        app,
        [
            "review",
            str(folder / "original.rs"),
            str(folder / "candidate.rs"),
            "--model",
            "scripted/reviewer",
            "--json",
            "--runs-dir",
            str(folder / "runs"),
        ],
    )
    data = json.loads(result.stdout)
    dropped = [d for d in data["dropped"] if d["finding"].get("quote") == FAKE_QUOTE]
    audit = audit_run(Path(data["run_folder"]))
    return {
        "task": task_id,
        "exit": result.exit_code,
        "units": units,
        "reviewed": len(data["units"]),
        "kept": len(data["findings"]),
        "fakes": fakes,
        "fakes_dropped": len(dropped),
        "other_drops": len(data["dropped"]) - len(dropped),
        "rejects": data["rejects"],
        "audit_ok": audit.ok,
        "breaches": [b.message for b in audit.breaches],
    }


def guard_passes(original: str, candidate: str) -> bool:
    from verusagent.guard import guard

    return guard(original, candidate).clean


def run(shared: Path, limit: int | None = None) -> tuple[list[dict], int]:
    bench = shared / "corpus" / "verus-bench"
    chosen = [p for p in pairs(bench) if guard_passes(p[1], p[2])]
    flagged = len(pairs(bench)) - len(chosen)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VERUSAGENT_CACHE_DIR"] = str(Path(tmp) / "cache")
        return [check_pair(*pair, Path(tmp)) for pair in chosen[:limit]], flagged


def summary(rows: list[dict], flagged: int, seconds: float) -> list[str]:
    totals = Counter()
    for row in rows:
        totals.update({key: row[key] for key in ("units", "reviewed", "kept", "fakes", "fakes_dropped", "other_drops")})
    bad = [
        r
        for r in rows
        if r["exit"] != 0
        or r["rejects"]
        or not r["audit_ok"]
        or r["fakes"] != r["fakes_dropped"]
        or r["other_drops"]
        or r["reviewed"] != r["units"]
    ]
    return [
        f"review corpus check: {len(rows)} Verus-Bench ground truths the guard passes ({flagged} flagged by the "
        f"guard, left out), in {seconds:.0f} s; scripted reviewer (a stand-in), no verus",
        f"  units changed {totals['units']}, reviewed {totals['reviewed']}; findings kept {totals['kept']}",
        f"  fake-quote findings proposed {totals['fakes']}, recorded as dropped {totals['fakes_dropped']}; "
        f"other drops {totals['other_drops']}",
        f"  rejections {sum(r['rejects'] for r in rows)}; audits clean {sum(r['audit_ok'] for r in rows)} "
        f"of {len(rows)}; runs not as expected: {len(bad)}",
        *(f"  ! {r['task']}: {r}" for r in bad),
    ]


def main() -> int:
    args = sys.argv[1:]
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    positional = [a for i, a in enumerate(args) if a != "--limit" and (i == 0 or args[i - 1] != "--limit")]
    shared = Path(positional[0]) if positional else Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))
    started = time.perf_counter()
    rows, flagged = run(shared, limit)
    print("\n".join(summary(rows, flagged, time.perf_counter() - started)))
    return 0 if rows and all(r["audit_ok"] and not r["rejects"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
