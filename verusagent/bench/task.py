"""The task process: one agent run, in a process (and session) of its own, inside a scratch folder.

It writes the task file, the oracle's script and the stand-in's scenario there, plans and runs the agent with the
run API (`verusagent.agent.api`) as `verusagent prove|repair|synth --json` would, and sends its worker a `TaskEnd`
(the exit code, the outcome, a traceback if the agent raised) through a pipe. It leaves behind, for the record:
`stdout.txt` (the outcome as JSON), `stderr.txt` (the run's error lines), `crash.txt` (the traceback) and
`runs/<id>/` (the run record). If its worker dies, it stops itself and its verus runs.
"""

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

from verusagent.agent.api import RunInputs, plan, run
from verusagent.agent.config import AgentConfig
from verusagent.bench.jobs import TaskJob
from verusagent.bench.metrics import TaskEnd
from verusagent.bench.processes import descendant_groups, kill_groups
from verusagent.commands.agent_run import STOPS, outcome_code, stop_code
from verusagent.commands.progress import Reporter
from verusagent.commands.summary import print_outcome
from verusagent.console import make_console

EXIT_CRASHED = 70
ORPHAN_GRACE_S = 5.0


def task_main(job: TaskJob, workdir: str, answer: Connection) -> None:
    """The task process: `answer` takes its `TaskEnd` (the worker adds how the process ended)."""
    os.setsid()  # a group of its own, so the worker can stop it and nothing it started
    folder = Path(workdir)
    _watch_parent()
    _redirect_output(folder)
    try:
        end = run_task(job, folder)
    except BaseException:  # noqa: BLE001 - any failure of the agent is this task's error, sent to the worker
        crash = traceback.format_exc()
        (folder / "crash.txt").write_text(crash, encoding="utf-8")  # the record keeps it (bench/crash.txt)
        sys.stderr.flush()
        answer.send(TaskEnd(crash=crash))
        os._exit(EXIT_CRASHED)
    sys.stdout.flush()
    sys.stderr.flush()
    answer.send(end)


def run_task(job: TaskJob, folder: Path) -> TaskEnd:
    """The job's run, planned and run by the run API: its exit code and outcome (a stop: its code only)."""
    inputs = _inputs(job, folder)
    console = make_console(stderr=True)
    try:
        outcome = run(plan(inputs, AgentConfig.model_validate(job.config)), Reporter(console, quiet=True))
    except STOPS as error:
        return TaskEnd(exit_code=stop_code(console, error))
    print_outcome(outcome, True, make_console(file=sys.stdout))  # stdout.txt: the outcome as `--json` prints it
    return TaskEnd(exit_code=outcome_code(outcome), outcome=outcome.model_dump(mode="json"))


def _inputs(job: TaskJob, folder: Path) -> RunInputs:
    """The task's file, the oracle's script and the stand-in's scenario written in `folder`: the run's inputs."""
    source = folder / "task" / job.file_name  # the proof goes beside it, named as `prove` names it
    source.parent.mkdir()
    source.write_text(job.text, encoding="utf-8")
    os.environ["VERUSAGENT_CACHE_DIR"] = str(folder / "cache")  # a bench run is never answered from old runs
    if job.script is not None:
        script = folder / "script.json"
        script.write_text(json.dumps(job.script), encoding="utf-8")
        os.environ["VERUSAGENT_SCRIPT"] = str(script)
    return RunInputs(file=source, runs_dir=folder / "runs", verus=_verus(job, folder), as_json=True)


def _verus(job: TaskJob, folder: Path) -> str | None:
    """The job's verus (None: $VERUS_PATH or PATH), or the shipped verus stand-in with the job's scenario."""
    os.environ.pop("VERUS_STANDIN_SCENARIO", None)  # a scenario only ever comes from the job
    if job.standin_scenario is None:
        return job.verus
    scenario = folder / "standin-scenario.json"
    scenario.write_text(json.dumps(job.standin_scenario), encoding="utf-8")
    os.environ["VERUS_STANDIN_SCENARIO"] = str(scenario)
    return standin_launcher(folder)


def standin_launcher(folder: Path) -> str:
    launcher = folder / "verus-standin"
    launcher.write_text(
        "#!/bin/sh\n# The verus STAND-IN (not the real verus): its verdicts prove nothing.\n"
        f'exec "{sys.executable}" -m verusagent.standin "$@"\n',
        encoding="utf-8",
    )
    launcher.chmod(0o755)
    return str(launcher)


def _redirect_output(folder: Path) -> None:
    for stream, name in ((sys.stdout, "stdout.txt"), (sys.stderr, "stderr.txt")):
        stream.flush()
        handle = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(handle, stream.fileno())
        os.close(handle)


def _watch_parent() -> None:
    """If the worker goes away (killed, its node lost), stop the run as Ctrl-C would, then hard."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        groups = descendant_groups(os.getpid())
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(ORPHAN_GRACE_S)
        kill_groups(groups | descendant_groups(os.getpid()))
        os._exit(EXIT_CRASHED)

    threading.Thread(target=watch, daemon=True, name="watch-worker").start()
