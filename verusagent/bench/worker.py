"""Runs one task: a task process forked from a warm fork server (litellm and the agent already imported), a
wall-clock limit, a clean stop (verus's groups included), and a `TaskReport` with the record's files.

The same function runs in a local worker thread and in a Ray task, so a hang or crash of the agent can never
take the driver (or the Ray worker) down, and the record travels back with the result.
"""

import json
import multiprocessing
import tempfile
import threading
import time
from multiprocessing import forkserver
from pathlib import Path

from verusagent.bench.jobs import TaskJob, TaskReport
from verusagent.bench.metrics import TaskEnd, task_result
from verusagent.bench.processes import stop_tree
from verusagent.bench.task import task_main
from verusagent.record import read_run

STOP_GRACE_S = 10.0  # after SIGINT, how long the agent gets to kill its verus runs and close its record
POLL_S = 0.25
STDERR_TAIL_CHARS = 600
_WARM_MODULES = ["verusagent.bench.warm"]


class Cancelled(Exception):
    """The bench run was stopped (Ctrl-C) while this task ran; it was stopped too and is not recorded."""


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_WARM_MODULES)
    return context


def warm_up() -> None:
    """Starts the fork server now, so that it loads litellm while the driver reads the suite."""
    _context()
    forkserver.ensure_running()


def run_job(job: TaskJob, cancel: threading.Event | None = None) -> TaskReport:
    with tempfile.TemporaryDirectory(prefix="verusagent-bench-") as scratch:
        folder = Path(scratch)
        timed_out, status, wall_s = _run_process(job, folder, cancel)
        end = _task_end(folder, timed_out, status, wall_s)
        return collect(job, folder, end)


def _run_process(job: TaskJob, folder: Path, cancel: threading.Event | None) -> tuple[bool, int | None, float]:
    """Runs the task process to its end: (stopped at the limit, its exit status, its wall seconds, from its
    start: the fork server's first start is not the task's). Raises Cancelled."""
    process = _context().Process(target=task_main, args=(job, str(folder)), name=f"task {job.task_id}")
    process.start()
    started = time.monotonic()
    deadline = started + job.timeout_s
    try:
        while process.is_alive() and time.monotonic() < deadline:
            if cancel is not None and cancel.is_set():
                raise Cancelled(job.task_id)
            process.join(min(POLL_S, max(deadline - time.monotonic(), 0)))
        timed_out = process.is_alive()
    finally:  # the limit, Ctrl-C in a Ray task, Cancelled: never leave the task or its verus behind
        if process.is_alive():
            stop_tree(process.pid, STOP_GRACE_S, lambda seconds: _joined(process, seconds))
            process.join()
    return timed_out, process.exitcode, time.monotonic() - started


def _joined(process, seconds: float) -> bool:
    process.join(seconds)
    return not process.is_alive()


def _task_end(folder: Path, timed_out: bool, status: int | None, wall_s: float) -> TaskEnd:
    exit_file, crash = folder / "exit.json", folder / "crash.txt"
    stderr = _read(folder / "stderr.txt")
    return TaskEnd(
        exit_code=json.loads(exit_file.read_text())["exit_code"] if exit_file.is_file() else None,
        process_exit=status,
        outcome=_outcome(_read(folder / "stdout.txt")),
        crash=_read(crash) if crash.is_file() else None,
        stderr_tail=" ".join(stderr.split())[-STDERR_TAIL_CHARS:],
        timed_out=timed_out,
        wall_s=wall_s,
    )


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""


def _outcome(stdout: str) -> dict | None:
    start = stdout.find("{")
    if start < 0:
        return None
    try:
        document = json.JSONDecoder().raw_decode(stdout[start:])[0]
    except json.JSONDecodeError:
        return None
    return document if isinstance(document, dict) and "verdict" in document else None


def collect(job: TaskJob, folder: Path, end: TaskEnd) -> TaskReport:
    runs = sorted(p for p in (folder / "runs").glob("*") if (p / "events.jsonl").is_file())
    log = read_run(runs[0]) if runs else None
    files = {str(p.relative_to(runs[0])): p.read_bytes() for p in runs[0].rglob("*") if p.is_file()} if runs else {}
    for name in ("stdout.txt", "stderr.txt", "crash.txt"):
        if (folder / name).is_file():
            files[f"bench/{name}"] = (folder / name).read_bytes()
    for proof in (folder / "task").glob("*.rs"):
        if proof.name != job.file_name:  # FILE.verified.rs, FILE.standin-verified.rs, FILE.partial.rs
            files[f"bench/output/{proof.name}"] = proof.read_bytes()
    return TaskReport(result=task_result(job, end, log), files=files)
