"""The whole pipeline on real Verus-Bench tasks: a scripted model (a stand-in) answers each task with its
published ground truth; extraction, the guard, the verus stand-in (not verus) and acceptance must carry it
through to `verified`, and the written file must be exactly the ground truth."""

import json
from pathlib import Path

from verusagent.bench.oracle import first_added_line, without_main_tests
from verusagent.guard import guard

from tests.agent.agent_harness import assert_audited, file_reply

PER_SOURCE = 2  # of each of the four sources: the same pipeline for each; `bench --oracle` carries all 150 through


def sample_tasks(bench_dir: Path) -> list[dict]:
    """The first PER_SOURCE tasks of each source whose ground truth the guard passes (no `fn main` tests)."""
    chosen: dict[str, list[dict]] = {}
    for line in (bench_dir / "tasks.jsonl").read_text().splitlines():
        task = json.loads(line)
        if not task.get("solution_path") or len(chosen.setdefault(task["source"], [])) >= PER_SOURCE:
            continue
        unverified = (bench_dir / task["task_path"]).read_text()
        verified = without_main_tests(unverified, (bench_dir / task["solution_path"]).read_text())
        if guard(unverified, verified).clean and unverified != verified:
            chosen[task["source"]].append({**task, "unverified": unverified, "verified": verified})
    return [task for tasks in chosen.values() for task in tasks]


def test_ground_truths_go_through_the_whole_pipeline(harness, bench_dir: Path) -> None:
    tasks = sample_tasks(bench_dir)
    assert len(tasks) == 4 * PER_SOURCE
    for task in tasks:
        source = harness.task(f"{task['name']}.rs", task["unverified"])
        marker = first_added_line(task["unverified"], task["verified"])
        assert marker is not None, task["task_id"]
        harness.script([file_reply(task["verified"])])
        baseline_error = {"message": "postcondition not satisfied", "line_contains": "ensures"}
        harness.scenario(
            [{"when_contains": marker, "verdict": "verified"}, {"verdict": "failed", "errors": [baseline_error]}]
        )
        run = harness.run("prove", source, rounds=1)
        assert run.outcome["verdict"] == "verified", (task["task_id"], run.outcome)
        written = source.with_name(f"{task['name']}.standin-verified.rs").read_text()
        assert written.rstrip("\n") == task["verified"].rstrip("\n"), task["task_id"]
        assert_audited(run)
