"""Ctrl-C (a real SIGINT to `verusagent bench`) keeps every finished result and stops the workers; --resume
runs only the rest and ends with the same per-task verdicts and counts as an uninterrupted run."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.bench_support import ORACLE_TASKS, bench, results_of

VERUSAGENT = Path(sys.executable).parent / "verusagent"
VERDICT_FIELDS = (
    "outcome",
    "verdict",
    "reason",
    "guard_clean",
    "guard_rules",
    "calls",
    "verus_runs",
    "verus_is_standin",
    "model_is_standin",
)
COUNTS = ("total", "solved", "unsolved", "errors", "skipped")


def _wait_for_results(out: Path, count: int, process: subprocess.Popen, limit_s: float = 180) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline and process.poll() is None:
        path = out / "results.jsonl"
        if path.is_file() and len(path.read_text().splitlines()) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"no {count} results in time (exit {process.poll()})")


def _verdicts(out: Path) -> dict[str, tuple]:
    return {r["task_id"]: tuple(r[f] for f in VERDICT_FIELDS) for r in results_of(out)}


def test_interrupt_then_resume_equals_an_uninterrupted_run(bench_dir, oracle_run, tmp_path):
    out = tmp_path / "out"
    command = [
        str(VERUSAGENT),
        "bench",
        str(bench_dir),
        "--oracle",
        "--out",
        str(out),
        "--tasks",
        ORACLE_TASKS,
        "--workers",
        "1",
    ]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_results(out, 1, first)
    first.send_signal(signal.SIGINT)  # while the second task runs
    _, stderr = first.communicate(timeout=60)
    assert first.returncode == 130, stderr
    assert "interrupted: finished results are kept" in stderr
    kept = (out / "results.jsonl").read_text().splitlines()
    assert len(kept) == 1 and json.loads(kept[0])["task_id"] == "cloverbench_binary_search"
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["total"], summary["solved"], summary["not_run"]) == (3, 1, 2)

    code, _, stderr = bench(str(bench_dir), "--oracle", "--out", str(out), "--tasks", ORACLE_TASKS, "--resume")
    assert code == 0, stderr
    assert "1 already finished" in stderr and "[1/3]" not in stderr  # the finished task did not run again
    lines = (out / "results.jsonl").read_text().splitlines()
    assert lines[0] == kept[0]
    assert sorted(json.loads(line)["task_id"] for line in lines) == sorted(_verdicts(oracle_run))  # each once
    assert len(list((out / "runs").iterdir())) == 2  # two records: the skipped task has none
    assert _verdicts(out) == _verdicts(oracle_run)
    after, straight = (json.loads((d / "summary.json").read_text()) for d in (out, oracle_run))
    assert [after[k] for k in COUNTS] == [straight[k] for k in COUNTS] == [3, 2, 0, 0, 1]


def test_resume_refuses_other_settings_and_a_fresh_run_refuses_an_old_folder(bench_dir, tmp_path):
    out, only = tmp_path / "out", "misc_bubble"  # skipped under --oracle (no ground truth): no task process
    assert bench(str(bench_dir), "--oracle", "--out", str(out), "--tasks", only)[0] == 0
    code, _, stderr = bench(str(bench_dir), "--oracle", "--out", str(out), "--tasks", only)
    assert code == 2 and "already holds a bench run" in stderr
    code, _, stderr = bench(str(bench_dir), "--oracle", "--out", str(out), "--tasks", "misc_b*", "--resume")
    assert code == 2 and "other settings (selected)" in stderr
    code, _, stderr = bench(str(bench_dir), "--oracle", "--out", str(out), "--tasks", only, "--resume")
    assert code == 0 and "1 already finished" in stderr and len(results_of(out)) == 1
