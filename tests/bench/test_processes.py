"""Stopping a task process: its verus runs live in sessions of their own and must be killed too."""

import subprocess
import sys
import time

from verusagent.bench.processes import descendant_groups, stop_tree

# A task stand-in: ignores nothing, starts a "verus" in a session of its own that starts a "z3", then waits.
TREE = """
import subprocess, sys, time
verus = subprocess.Popen([sys.executable, "-c",
    "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); "
    "print('ready', flush=True); time.sleep(60)"], start_new_session=True, stdout=sys.stdout)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_stop_tree_kills_the_task_and_the_groups_of_its_verus_runs():
    task = subprocess.Popen([sys.executable, "-c", TREE], stdout=subprocess.PIPE, text=True, start_new_session=True)
    assert task.stdout.readline().strip() == "ready"
    time.sleep(0.2)  # the "z3" is started before "ready" is printed; give /proc a moment
    groups = descendant_groups(task.pid)
    assert task.pid in groups and len(groups) == 2  # the task's own group and the "verus" session
    members = [pid for pid in _pids() if _group(pid) in groups]
    assert len(members) == 3
    stop_tree(task.pid, 5.0, lambda seconds: task.wait(seconds) is not None)
    task.wait(5)
    time.sleep(0.2)
    assert not [pid for pid in members if _alive(pid)]


def _pids() -> list[int]:
    from pathlib import Path

    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _group(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return int(handle.read().split(")")[-1].split()[2])
    except OSError:
        return None
