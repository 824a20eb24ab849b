"""Runs one task: a task process forked from a warm fork server (litellm and the agent already imported), a
wall-clock limit, a clean stop (verus's groups included), and a `TaskReport` with the record's files.

The same function runs in a local worker thread and in a Ray task, so a hang or crash of the agent can never
take the driver (or the Ray worker) down, and the record travels back with the result.
"""

import multiprocessing
import tempfile
import threading
import time
from multiprocessing import forkserver
from multiprocessing.connection import Connection
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


class TaskCancelled(Exception):
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
        end = _run_process(job, folder, cancel)
        return collect(job, folder, end)


def _run_process(job: TaskJob, folder: Path, cancel: threading.Event | None) -> TaskEnd:
    """Runs the task process to its end: what it sent, with whether it was stopped at the limit, its exit status
    and its wall seconds (from its start: the fork server's first start is not the task's). Raises TaskCancelled."""
    receiver, sender = _context().Pipe(duplex=False)
    process = _context().Process(target=task_main, args=(job, str(folder), sender), name=f"task {job.task_id}")
    process.start()
    sender.close()  # the task holds the only sending end: its exit ends the pipe
    started = time.monotonic()
    deadline = started + job.timeout_s
    sent = TaskEnd()
    try:
        while process.is_alive() and time.monotonic() < deadline:
            if cancel is not None and cancel.is_set():
                raise TaskCancelled(job.task_id)
            sent = _received(receiver, sent)
            process.join(min(POLL_S, max(deadline - time.monotonic(), 0)))
        timed_out = process.is_alive()
    finally:  # the limit, Ctrl-C in a Ray task, TaskCancelled: never leave the task or its verus behind
        if process.is_alive():
            stop_tree(process.pid, STOP_GRACE_S, lambda seconds: _joined(process, seconds))
            process.join()
    sent = _received(receiver, sent)
    receiver.close()
    stderr = _read(folder / "stderr.txt")
    return sent.model_copy(
        update={
            "process_exit": process.exitcode,
            "stderr_tail": " ".join(stderr.split())[-STDERR_TAIL_CHARS:],
            "timed_out": timed_out,
            "wall_s": time.monotonic() - started,
        }
    )


def _received(receiver: Connection, sent: TaskEnd) -> TaskEnd:
    """The task's `TaskEnd` once it has sent it (read while it runs: a large one must not block its exit)."""
    try:
        return receiver.recv() if receiver.poll() else sent
    except EOFError:  # the task ended without sending (killed, or stopped at the limit)
        return sent


def _joined(process, seconds: float) -> bool:
    process.join(seconds)
    return not process.is_alive()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""


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
