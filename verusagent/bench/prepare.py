"""From a suite entry to a job for a worker, or straight to a result (a garbage entry, a task with no ground
truth under --oracle). The driver reads the files, so workers need none of the suite's."""

import time

from verusagent.bench.jobs import Outcome, TaskJob, TaskResult
from verusagent.bench.oracle import OracleAnswer, oracle_answer, standin_scenario
from verusagent.bench.settings import BenchSettings
from verusagent.bench.suites import BenchTask, read_source
from verusagent.bench.verusage import VerusageTask, target_of


def prepare(task: BenchTask, settings: BenchSettings, config: dict) -> TaskJob | TaskResult:
    if task.problem is not None:
        return _ended(task, "error", task.problem)
    text, problem = read_source(task.task_path, "task file")
    if text is None:
        return _ended(task, "error", problem or "unreadable task file")
    description, problem = (
        read_source(task.description_path, "task statement") if task.description_path else (None, None)
    )
    if problem is not None:
        return _ended(task, "error", problem)
    job = TaskJob(
        task_id=task.task_id,
        source=task.source,
        suite=task.suite,
        mode=task.mode or settings.mode,
        file_name=task.file_name,
        text=text,
        config=dict(config),
        verus=settings.verus,
        timeout_s=settings.task_timeout_s,
    )
    if description is not None:  # the task statement: every prompt of the task's run shows it
        job.config["description"] = description
    if task.suite == "verusage-bench" and not settings.oracle:
        target = target_of(_verusage(task), text)
        job.config["targets"] = [target] if target else []
    return _with_oracle(task, job) if settings.oracle else job


def _with_oracle(task: BenchTask, job: TaskJob) -> TaskJob | TaskResult:
    answer = oracle_answer(task, job.text)
    if not isinstance(answer, OracleAnswer):
        return _ended(task, "skipped", f"--oracle: {answer}")
    job.script = {"replies": [{"text": answer.reply}]}
    if answer.target:
        job.config["targets"] = [answer.target]
    if job.verus is None:
        scenario = standin_scenario(job.text, answer)
        if isinstance(scenario, str):
            return _ended(task, "skipped", f"--oracle with the verus stand-in: {scenario}")
        job.standin_scenario = scenario
    return job


def _verusage(task: BenchTask) -> VerusageTask:
    if task.task_path is None:
        raise ValueError(f"verusage task {task.task_id} has no task file")
    return VerusageTask(
        project=task.source,
        name=task.task_path.stem,
        task_path=task.task_path,
        ground_truth_path=task.ground_truth_path,
    )


def _ended(task: BenchTask, outcome: Outcome, reason: str) -> TaskResult:
    return TaskResult(
        task_id=task.task_id,
        source=task.source,
        suite=task.suite,
        outcome=outcome,
        reason=reason,
        error=reason if outcome == "error" else None,
        finished_at=time.time(),
    )
