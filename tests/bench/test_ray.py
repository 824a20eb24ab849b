"""`verusagent bench --ray ADDRESS`: a Ray head on 127.0.0.1, two workers, the same results as the local pool,
the records sent back to the driver; the cluster is shut down afterwards."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from verusagent.record import read_run

from tests.bench.bench_support import ORACLE_TASKS, bench, results_of

RAY = Path(sys.executable).parent / "ray"
FIELDS = ("outcome", "verdict", "reason", "guard_clean", "guard_rules", "calls", "verus_runs", "verus_is_standin")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def ray_head(monkeypatch):
    port, scratch = _free_port(), tempfile.mkdtemp(prefix="vbray")  # Ray's socket paths must stay short
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # a throwaway cluster on 127.0.0.1: no token to share
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    head = subprocess.Popen(
        [
            str(RAY),
            "start",
            "--head",
            "--node-ip-address",
            "127.0.0.1",
            "--port",
            str(port),
            "--num-cpus",
            "2",
            "--include-dashboard",
            "false",
            "--disable-usage-stats",
            "--block",
            "--temp-dir",
            scratch,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        _wait_until_listening(port, head)
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGTERM)  # `ray start --block` stops the processes it started
        try:
            head.wait(60)
        finally:
            if head.poll() is None:
                os.killpg(head.pid, signal.SIGKILL)
            shutil.rmtree(scratch, ignore_errors=True)


def _wait_until_listening(port: int, head: subprocess.Popen, limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        assert head.poll() is None, head.stdout.read()
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError("the Ray head did not start in time")


def test_oracle_tasks_on_a_ray_cluster_equal_the_local_pool(bench_dir, oracle_run, ray_head, tmp_path):
    import ray

    out = tmp_path / "out"
    code, stdout, stderr = bench(
        str(bench_dir),
        "--oracle",
        "--out",
        str(out),
        "--tasks",
        ORACLE_TASKS,
        "--ray",
        ray_head,
        "--workers",
        "2",
        "--json",
    )
    assert code == 0, stderr
    assert f"Ray cluster at {ray_head} (2 CPUs), 2 workers" in stderr
    assert not ray.is_initialized()  # the driver let go of the cluster
    ours = {r["task_id"]: tuple(r[f] for f in FIELDS) for r in results_of(out)}
    local = {r["task_id"]: tuple(r[f] for f in FIELDS) for r in results_of(oracle_run)}
    assert ours == local
    for result in results_of(out):
        if result["record"]:
            assert read_run(out / result["record"]).result.verdict == "verified"
    summary = json.loads(stdout)
    assert (summary["solved"], summary["skipped"], summary["answered_by"]["verus_is_standin"]) == (2, 1, True)
