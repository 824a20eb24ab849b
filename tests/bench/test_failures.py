"""A bench run survives its worst tasks: verus hanging, verus crashing, a task over its limit, the task process
killed, garbage suite entries. Each gets a clear reason; the others finish; no process is left behind."""

import json
import os
import sys
import time

import pytest

from verusagent.bench.jobs import TaskJob
from verusagent.bench.worker import run_job
from verusagent.record import read_run

from tests.bench.bench_support import bench, count_up_task, results_of, write_suite

SCENARIO = {
    "name": "bench failures",
    "rules": [
        {"when_contains": "HANG_VERUS", "hang": True},
        {"when_contains": "PANIC_VERUS", "panic": True, "exit": 101},
        {"when_contains": "SLOW_VERUS", "sleep": 5, "verdict": "failed", "errors": [{"message": "slow"}]},
        {"when_contains": "decreases n - r", "verdict": "verified"},  # the proof, not the comment on it
        {"verdict": "failed", "errors": [{"message": "postcondition not satisfied", "line_contains": "ensures"}]},
    ],
}


@pytest.fixture(scope="module")
def failures_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("failures")
    suite = write_suite(
        root / "suite",
        {
            name: count_up_task(name.upper())
            for name in ("ok_1", "ok_2", "hang_verus", "panic_verus", "slow_verus", "crash_task")
        },
        extra_lines=(
            "{broken",
            json.dumps({"task_id": "missing", "task_path": "T/none.rs"}),
            json.dumps({"task_id": "a_folder", "task_path": "T"}),
            json.dumps({"task_id": "latin1", "task_path": "latin1.rs"}),
        ),
    )
    (suite / "latin1.rs").write_bytes(b"// caf\xe9\nfn main() {}\n")
    (root / "scenario.json").write_text(json.dumps(SCENARIO))
    launcher = root / "verus"
    launcher.write_text(
        "#!/bin/sh\n# the verus STAND-IN; a file tagged CRASH_TASK kills the task process that runs it\n"
        'for last; do :; done\nif [ -f "$last" ] && grep -q CRASH_TASK "$last"; then kill -9 $PPID; fi\n'
        f"VERUS_STANDIN_SCENARIO={root / 'scenario.json'} VERUS_STANDIN_PIDFILE={root / 'pids'} "
        f'exec {sys.executable} -m verusagent.standin "$@"\n'
    )
    launcher.chmod(0o755)
    out = root / "out"
    code, stdout, stderr = bench(
        str(suite),
        "--oracle",
        "--verus",
        str(launcher),
        "--out",
        str(out),
        "--task-timeout",
        "8",
        "--timeout",
        "60",
        "--workers",
        "6",
        "--json",
    )
    assert code == 0, stderr
    return {r["task_id"]: r for r in results_of(out)}, json.loads(stdout), root, out


def test_the_good_tasks_finish(failures_run):
    results, summary = failures_run[:2]
    assert results["ok_1"]["outcome"] == results["ok_2"]["outcome"] == "solved"
    assert results["ok_1"]["calls"] == 1 and results["ok_1"]["verus_runs"] == 3  # the oracle's proof verified
    assert (summary["total"], summary["solved"], summary["unsolved"], summary["errors"], summary["skipped"]) == (
        10,
        2,
        2,
        6,
        0,
    )


def test_a_hanging_verus_is_stopped_at_the_task_limit(failures_run):
    hang = failures_run[0]["hang_verus"]
    assert (hang["outcome"], hang["verdict"]) == ("unsolved", "timeout")
    assert hang["reason"] == "over the per-task limit of 8 s (0 verus runs finished)"
    assert hang["record"] and hang["error"] is None
    assert 8 <= hang["wall_s"] < 8 + 12
    stopped = read_run(failures_run[3] / hang["record"]).of_kind("run_stopped")
    assert [e.reason for e in stopped] == ["interrupted"]  # asked to stop, the agent closed its record itself


def test_a_slow_task_over_the_limit_keeps_what_it_did(failures_run):
    slow = failures_run[0]["slow_verus"]
    assert (slow["outcome"], slow["verdict"]) == ("unsolved", "timeout")
    assert slow["reason"] == "over the per-task limit of 8 s (1 verus runs finished)"


def test_a_crashing_verus_is_an_error_not_unsolved(failures_run):
    panic = failures_run[0]["panic_verus"]
    assert panic["outcome"] == "error" and panic["error"] == panic["reason"]
    assert panic["reason"].startswith("verus gave no verdict on any of its 2 runs: verus panicked")


def test_a_killed_task_process_is_an_error(failures_run):
    crash = failures_run[0]["crash_task"]
    assert crash["outcome"] == "error"
    assert crash["reason"].startswith("the task process died (killed by signal 9) before it finished")


def test_garbage_entries_say_why(failures_run):
    results = failures_run[0]
    assert results["tasks.jsonl:7"]["reason"].startswith("tasks.jsonl:7 is not JSON")
    assert "does not exist" in results["missing"]["reason"]
    assert "cannot read the task file" in results["a_folder"]["reason"]
    assert "is not UTF-8 (byte 6)" in results["latin1"]["reason"]
    assert all(results[t]["outcome"] == "error" for t in ("tasks.jsonl:7", "missing", "a_folder", "latin1"))


def test_no_verus_process_outlives_its_task(failures_run):
    pids = [int(p) for p in (failures_run[2] / "pids").read_text().split()]
    assert len(pids) >= 2  # the hanging stand-in and its child
    time.sleep(0.5)
    assert [pid for pid in pids if _running(pid)] == []


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as handle:
        return handle.read().split(")")[-1].split()[0] != "Z"


def _job(task_id: str, text: str, config: dict) -> TaskJob:
    return TaskJob(
        task_id=task_id,
        source="Misc",
        suite="tests",
        mode="prove",
        file_name=f"{task_id}.rs",
        text=text,
        config={"model": "scripted/test", **config},
        standin_scenario={"name": "verified", "rules": [{"verdict": "verified"}]},
        script={"replies": []},
        timeout_s=60,
    )


def test_a_task_stopped_before_its_run_sends_its_exit_code_and_message():
    """A usage error in the task process comes back through the pipe as its exit code, the message in stderr."""
    report = run_job(_job("no_function", "struct S;\n", {}))
    assert report.result.outcome == "error"
    assert (
        report.result.reason.startswith("the agent stopped: usage error") and "has no function" in report.result.reason
    )
    assert b"has no function" in report.files["bench/stderr.txt"]


def test_a_task_whose_agent_raises_sends_its_traceback():
    report = run_job(_job("bad_config", "fn main() {}\n", {"rounds": 0}))
    assert report.result.outcome == "error" and report.result.reason.startswith("the agent raised: ")
    assert "ValidationError" in report.files["bench/crash.txt"].decode()
