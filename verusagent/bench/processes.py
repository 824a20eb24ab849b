"""Stopping a task process and everything it started, verus's own process groups included.

verus runs in a session of its own (so that its z3 workers die with it), so killing the task's group is not
enough: the groups of all its descendants are found in /proc first, the task is asked to stop (SIGINT: the agent
kills its verus runs and closes its record), and after a grace period every group left is killed.
"""

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

PROC = Path("/proc")


def _stat(pid_dir: Path) -> tuple[int, int, int] | None:
    """(pid, parent pid, process group) from /proc/PID/stat; None when the process is gone."""
    try:
        text = (pid_dir / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rfind(")") + 2 :].split()  # the command name may hold spaces and parentheses
    return int(pid_dir.name), int(fields[1]), int(fields[2])


def descendant_groups(pid: int) -> set[int]:
    """The process groups of `pid` and of all its descendants (not ours); empty where /proc is absent."""
    if not PROC.is_dir():
        return set()
    table = [s for s in (_stat(p) for p in PROC.iterdir() if p.name.isdigit()) if s is not None]
    children: dict[int, list[tuple[int, int]]] = {}
    for child, parent, group in table:
        children.setdefault(parent, []).append((child, group))
    groups, queue = {g for p, _, g in table if p == pid}, [pid]
    while queue:
        for child, group in children.get(queue.pop(), []):
            groups.add(group)
            queue.append(child)
    return groups - {os.getpgrp(), 0, 1}


def kill_groups(groups: set[int]) -> None:
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            continue  # already gone


def stop_tree(pid: int, grace_s: float, wait: Callable[[float], bool]) -> None:
    """SIGINT to `pid`, up to `grace_s` for it to end (`wait(seconds)` says whether it did), then SIGKILL to every
    process group of it and its descendants, including those seen before it was asked to stop."""
    groups = descendant_groups(pid) | {pid}
    try:
        os.kill(pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    else:
        wait(grace_s)
    groups |= descendant_groups(pid)
    kill_groups(groups)


def wait_for_exit(pid: int) -> Callable[[float], bool]:
    """A `wait` for `stop_tree` on a process that is not our child: polls /proc."""

    def wait(seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not (PROC / str(pid)).exists():
                return True
            time.sleep(0.05)
        return False

    return wait
