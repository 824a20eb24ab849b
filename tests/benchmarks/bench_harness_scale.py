"""Benchmark: the bench harness's throughput with 1 and 2 workers, on the local pool and on Ray, and its own
overhead per task.

Every task is rust_fixtures/agent/count_up.rs (tagged, so each is its own file) under --oracle; the verus
stand-in (not verus) answers every run after a fixed 2 s, so a task is 3 verus runs (baseline, the oracle's
candidate, the acceptance run) = 6 s of "verus" and what is left of its wall time is the harness's and the
agent's. Each configuration first runs a warm-up (the task fork server, Ray's worker processes), then is timed.

    python -m tests.benchmarks.bench_harness_scale [--tasks 8] [--no-ray]

Figures: tasks per minute from the first task's start to the last result (the bench's startup and its report
at the end are fixed costs, printed apart); speed-up of 2 workers over 1 (goal >= 1.8); per task, wall time
minus verus time (the agent and the task process) and the driver's share (span x workers / tasks - mean task
wall time: dispatch, record writing, results).
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from typer.testing import CliRunner

from tests.paths import REPO_ROOT

TASK = (REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text()
PROVED = TASK.replace(
    "    while r < n {", "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {"
)
VERUS_SLEEP_S = 2.0


def write_suite(root: Path, count: int, tag: str) -> Path:
    (root / "S" / "unverified").mkdir(parents=True)
    (root / "S" / "verified").mkdir(parents=True)
    lines = []
    for index in range(count):
        name = f"{tag}_{index:02d}"
        (root / "S" / "unverified" / f"{name}.rs").write_text(TASK + f"// {name}\n")
        (root / "S" / "verified" / f"{name}.rs").write_text(PROVED + f"// {name}\n")
        lines.append(
            json.dumps(
                {
                    "task_id": name,
                    "source": "S",
                    "task_path": f"S/unverified/{name}.rs",
                    "solution_path": f"S/verified/{name}.rs",
                }
            )
        )
    (root / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    return root


def write_verus(folder: Path) -> Path:
    scenario = folder / "scenario.json"
    scenario.write_text(
        json.dumps(
            {
                "name": "2 s per run",
                "rules": [
                    {"when_contains": "decreases n - r", "verdict": "verified", "sleep": VERUS_SLEEP_S},
                    {
                        "verdict": "failed",
                        "sleep": VERUS_SLEEP_S,
                        "errors": [{"message": "postcondition not satisfied"}],
                    },
                ],
            }
        )
    )
    launcher = folder / "verus-standin"
    launcher.write_text(
        f"#!/bin/sh\n# the verus STAND-IN, 2 s per run\nVERUS_STANDIN_SCENARIO={scenario} "
        f'exec {sys.executable} -m verusagent.standin "$@"\n'
    )
    launcher.chmod(0o755)
    return launcher


def run(folder: Path, verus: Path, count: int, workers: int, ray: str | None, tag: str) -> dict:
    from verusagent.cli import app

    suite = write_suite(folder / f"suite-{tag}", count, tag)
    out = folder / f"out-{tag}"
    args = [
        "bench",
        str(suite),
        "--oracle",
        "--verus",
        str(verus),
        "--out",
        str(out),
        "--workers",
        str(workers),
        "--json",
    ] + (["--ray", ray] if ray else [])
    started = time.perf_counter()
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    elapsed = time.perf_counter() - started
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert all(r["outcome"] == "solved" for r in rows), [r["reason"] for r in rows]
    walls = [r["wall_s"] for r in rows]
    span = max(r["finished_at"] for r in rows) - min(r["finished_at"] - r["wall_s"] for r in rows)
    return {
        "elapsed_s": elapsed,
        "span_s": span,
        "per_minute": 60 * count / span,
        "in_task_overhead_s": statistics.fmean(r["wall_s"] - r["verus_seconds"] for r in rows),
        "driver_overhead_s": span * workers / count - statistics.fmean(walls),
        "verus_s_per_task": statistics.fmean(r["verus_seconds"] for r in rows),
    }


def measure(folder: Path, verus: Path, count: int, ray: str | None, name: str) -> dict[int, dict]:
    run(folder, verus, 2, 2, ray, f"{name}_warmup")
    figures = {workers: run(folder, verus, count, workers, ray, f"{name}_{workers}w") for workers in (1, 2)}
    for workers, f in figures.items():
        print(
            f"{name:5s} {workers} worker(s): {count} tasks in {f['span_s']:6.1f} s (first start to last result; "
            f"{f['elapsed_s']:.1f} s with startup and the report) = {f['per_minute']:5.1f} tasks/min; per task: "
            f"verus {f['verus_s_per_task']:.1f} s, agent and task process {f['in_task_overhead_s']:.2f} s, "
            f"driver {f['driver_overhead_s']:.2f} s"
        )
    print(f"{name:5s} speed-up with 2 workers: {figures[2]['per_minute'] / figures[1]['per_minute']:.2f} (goal >= 1.8)")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; verus: the verus STAND-IN "
        f"(not verus), {VERUS_SLEEP_S:g} s per run; replies: the scripted model (a stand-in)"
    )
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as scratch:
        folder = Path(scratch)
        verus = write_verus(folder)
        measure(folder, verus, args.tasks, None, "local")
        if not args.no_ray:
            import ray

            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            try:
                measure(folder, verus, args.tasks, "auto", "ray")
            finally:
                ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
