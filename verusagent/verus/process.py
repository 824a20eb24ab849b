"""Runs one command in its own process group with a wall-clock limit, and leaves no process of it behind.

The group is killed when the leader exits (z3 workers it left), on timeout, and on any exception in the
caller (Ctrl-C). The leader is waited for without being reaped (`waitid` with WNOWAIT) until the group is
killed, so its pid, which is the group id, cannot be reused by an unrelated process before the kill.
"""

import contextlib
import io
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO, cast

MAX_CAPTURE_BYTES = 32 * 1024 * 1024  # per stream; beyond this the output is dropped and marked truncated
PIPE_GRACE_S = 10.0  # how long to wait for the pipes to close once the group is killed


@dataclass
class ProcessOutcome:
    exit_code: int | None  # negative: killed by that signal
    stdout: str
    stderr: str
    duration_s: float
    timed_out: bool
    truncated: bool


class ProcessRegistry:
    """The process groups running now, so that a pool can kill them all at once (Ctrl-C). A batch's registry
    (`batch()`) also holds its groups in its parent's: killing the batch kills only its own runs, killing the
    parent kills every batch's."""

    def __init__(self, parent: "ProcessRegistry | None" = None) -> None:
        self._lock = threading.Lock()
        self._groups: set[int] = set()
        self._parent = parent
        self._killed = False

    @property
    def cancelled(self) -> bool:
        return self._killed or (self._parent is not None and self._parent.cancelled)

    def batch(self) -> "ProcessRegistry":
        return ProcessRegistry(parent=self)

    def add(self, pgid: int) -> None:
        if self._parent is not None:
            self._parent.add(pgid)
        with self._lock:
            self._groups.add(pgid)
        if self.cancelled:
            kill_group(pgid)

    def remove(self, pgid: int) -> None:
        with self._lock:
            self._groups.discard(pgid)
        if self._parent is not None:
            self._parent.remove(pgid)

    def kill_all(self) -> None:
        self._killed = True
        with self._lock:
            groups = list(self._groups)
        for pgid in groups:
            kill_group(pgid)


class Cancelled(Exception):
    """The run was killed because its pool (or its batch of runs) was cancelled."""


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        return  # every process of the group has already exited: nothing is left to kill


class _Capture(threading.Thread):
    def __init__(self, stream: IO[bytes] | None) -> None:
        if stream is None:
            raise ValueError("the process was started without this pipe")
        super().__init__(daemon=True)
        self.stream = cast(io.BufferedReader, stream)  # Popen's pipes (default bufsize) are buffered readers
        self.chunks: list[bytes] = []
        self.size = 0
        self.truncated = False

    def run(self) -> None:
        for chunk in iter(lambda: self.stream.read1(65536), b""):
            if self.size < MAX_CAPTURE_BYTES:
                self.chunks.append(chunk)
                self.size += len(chunk)
            else:
                self.truncated = True
        self.stream.close()

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", errors="replace")


def run_in_group(
    argv: list[str], *, cwd: str, timeout_s: float, registry: ProcessRegistry | None = None
) -> ProcessOutcome:
    started = time.perf_counter()
    process = subprocess.Popen(
        argv,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    captures = [_Capture(process.stdout), _Capture(process.stderr)]
    for capture in captures:
        capture.start()
    if registry is not None:
        registry.add(process.pid)
    try:
        timed_out = not _leader_exited(process.pid, timeout_s)
    finally:
        kill_group(process.pid)
        process.wait()
        if registry is not None:
            registry.remove(process.pid)
        for capture in captures:
            capture.join(PIPE_GRACE_S)
    if registry is not None and registry.cancelled:
        raise Cancelled(f"{argv[0]} was killed: its pool was cancelled")
    return ProcessOutcome(
        exit_code=None if timed_out else process.returncode,
        stdout=captures[0].text(),
        stderr=captures[1].text(),
        duration_s=time.perf_counter() - started,
        timed_out=timed_out,
        truncated=any(c.truncated or c.is_alive() for c in captures),
    )


def _leader_exited(pid: int, timeout_s: float) -> bool:
    """Waits until the leader exits (without reaping it) or the time is up."""
    exited = threading.Event()

    def wait_without_reaping() -> None:
        with contextlib.suppress(ChildProcessError):  # reaped already by process.wait() after a timeout
            os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        exited.set()

    threading.Thread(target=wait_without_reaping, daemon=True).start()
    return exited.wait(timeout_s)
