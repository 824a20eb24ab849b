#!/usr/bin/env python3
"""Pipeline check over every Verus-Bench task: the scripted model (a stand-in) answers with the ground truth,
the verus stand-in (not verus) verifies any candidate that contains a line the ground truth added. What is
measured is our side only: extraction, the guard, the record and acceptance carry an honest proof through.

MBPP ground truths add `assert_eq!` tests to `fn main` (exec code); the input's `main` is put back first,
as a model's proof would not add them.

    python tools/pipeline_check.py [SHARED_DIR]      # default ../shared or $VERUSAGENT_CORPUS
"""

import difflib
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STANDIN = REPO / "tools" / "verus_standin.py"


def shared_dir(argument: str | None) -> Path:
    if argument:
        return Path(argument)
    return Path(os.environ.get("VERUSAGENT_CORPUS", REPO.parent / "shared"))


def without_main_tests(unverified: str, verified: str) -> str:
    from verusagent.lens import parse

    before, after = parse(unverified).function("main"), parse(verified).function("main")
    if before is None or after is None or before.body is None or after.body is None:
        return verified
    body = unverified.encode()[before.body.start : before.body.end]
    data = verified.encode()
    return (data[: after.body.start] + body + data[after.body.end :]).decode()


def marker(before: str, after: str) -> str | None:
    for line in difflib.ndiff(before.splitlines(), after.splitlines()):
        if line.startswith("+ ") and line[2:].strip() and line[2:].strip() not in before:
            return line[2:].strip()
    return None


def check_task(task: dict, bench: Path, work: Path) -> str:
    from verusagent.agent.cli_run import run_from_cli
    from verusagent.llm import Script
    from verusagent.llm.scripted import install_script

    unverified = (bench / task["task_path"]).read_text()
    verified = without_main_tests(unverified, (bench / task["solution_path"]).read_text())
    line = marker(unverified, verified)
    if line is None:
        return "ground truth adds nothing"
    folder = work / task["task_id"]
    folder.mkdir()
    source = folder / Path(task["task_path"]).name
    source.write_text(unverified)
    reply = verified if verified.endswith("\n") else verified + "\n"
    install_script(Script.model_validate({"replies": [{"text": f"```rust\n{reply}```\n"}]}))
    rules = [{"when_contains": line, "verdict": "verified"},
             {"verdict": "failed", "errors": [{"message": "postcondition not satisfied", "line_contains": "ensures"}]}]
    (folder / "scenario.json").write_text(json.dumps({"rules": rules}))
    os.environ["VERUS_STANDIN_SCENARIO"] = str(folder / "scenario.json")
    code = run_from_cli("prove", {"file": source, "model": "scripted/check", "strategies": 1, "rounds": 1,
                                  "verus": str(STANDIN), "runs_dir": folder / "runs", "as_json": True, "jobs": 1})
    return "verified" if code == 0 else f"not verified ({_guard_rules(folder)})"


def _guard_rules(folder: Path) -> str:
    events = [json.loads(x) for x in next(folder.glob("runs/*/events.jsonl")).read_text().splitlines()]
    rules = {v["rule"] for e in events if e["kind"] == "guard_report" for v in e["violations"]}
    return ", ".join(sorted(rules)) or "guard clean"


def main() -> int:
    bench = shared_dir(sys.argv[1] if len(sys.argv) > 1 else None) / "corpus" / "verus-bench"
    tasks = [json.loads(x) for x in (bench / "tasks.jsonl").read_text().splitlines()]
    outcomes: Counter = Counter()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VERUSAGENT_CACHE_DIR"] = str(Path(tmp) / "cache")
        sys.stdout = open(os.devnull, "w")  # the per-run JSON outcomes; the report goes to stderr
        for task in tasks:
            outcome = check_task(task, bench, Path(tmp)) if task.get("solution_path") else "no ground truth"
            outcomes[outcome] += 1
            if outcome != "verified":
                print(f"{task['task_id']}: {outcome}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"pipeline check: {len(tasks)} tasks in {elapsed:.0f} s", file=sys.stderr)
    for outcome, count in outcomes.most_common():
        print(f"  {count:4d}  {outcome}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
