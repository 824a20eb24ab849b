"""The driver: selects the suite's tasks, keeps every worker busy, writes each result as it comes back, stops
dispatching when `--max-total-cost` is spent, and on Ctrl-C stops the workers and keeps what finished."""

import math
import time
from pathlib import Path

from verusagent.bench.jobs import TaskJob, TaskReport, TaskResult
from verusagent.bench.prepare import prepare
from verusagent.bench.progress import BenchProgress
from verusagent.bench.results import RESULTS_FILE, ResultsWriter, latest_by_task, read_results
from verusagent.bench.settings import BENCH_FILE, BenchSettings
from verusagent.bench.suites import BenchTask

WAIT_S = 0.5


class BenchUsageError(ValueError):
    pass


def open_bench_folder(out: Path, settings: BenchSettings, resume: bool) -> list[TaskResult]:
    """Creates (or, with --resume, checks) the bench folder; the finished results it already holds."""
    if resume:
        if not (out / BENCH_FILE).is_file():
            raise BenchUsageError(f"--resume: {out} holds no bench run ({BENCH_FILE} is missing)")
        differs = BenchSettings.load(out).comparable_to(settings)
        if differs:
            raise BenchUsageError(
                f"--resume: {out} was run with other settings ({', '.join(differs)}); "
                "resume with the same suite, selection, mode, model and agent options"
            )
        return list(latest_by_task(read_results(out)).values())
    if (out / RESULTS_FILE).exists() or (out / BENCH_FILE).exists():
        raise BenchUsageError(f"{out} already holds a bench run: pass --resume to continue it, or another --out")
    out.mkdir(parents=True, exist_ok=True)
    settings.save(out)
    return []


class BenchRunner:
    def __init__(
        self,
        settings: BenchSettings,
        tasks: list[BenchTask],
        out: Path,
        executor,
        progress: BenchProgress,
        finished: list[TaskResult],
    ) -> None:
        self.settings, self.out, self.executor, self.progress = settings, out, executor, progress
        done = {r.task_id for r in finished}
        self.queue = [t for t in tasks if t.task_id not in done]
        self.spent = sum(r.cost_usd for r in finished)
        self.writer = ResultsWriter(out)
        self.pending: dict[object, str] = {}  # a worker's handle -> the task id it runs
        self.jobs: dict[str, TaskJob] = {}
        self.stopped_for_budget = False

    def run(self) -> None:
        """Runs every queued task; raises KeyboardInterrupt after stopping the workers on Ctrl-C."""
        try:
            self._loop()
        except BaseException:
            self.executor.cancel(self.pending)
            raise
        finally:
            self.writer.close()
            self.progress.close()
            self.executor.close()

    def _loop(self) -> None:
        while self.queue or self.pending:
            self._fill()
            if not self.pending:
                continue
            for handle, value in self.executor.wait_any(self.pending, WAIT_S):
                task_id = self.pending.pop(handle)
                self._record(self._report(task_id, value))

    def _fill(self) -> None:
        while self.queue and len(self.pending) < self.executor.slots and not self._budget_spent():
            task = self.queue.pop(0)
            job = prepare(task, self.settings, self._config())
            if isinstance(job, TaskResult):
                self._record(TaskReport(result=job))
                continue
            self.jobs[job.task_id] = job
            try:
                self.pending[self.executor.submit(job)] = job.task_id
            except Exception as error:  # e.g. Ray could not take the job: this task's error, not the run's
                self._record(self._report(job.task_id, error))
        if self.queue and self._budget_spent():
            self.stopped_for_budget = True
            self.queue = []

    def _config(self) -> dict:
        config = dict(self.settings.agent_config)
        if self.settings.max_total_cost is not None:
            left = max(self.settings.max_total_cost - self.spent, 0.0)
            budget = dict(config.get("budget") or {})
            budget["max_cost_usd"] = min(budget.get("max_cost_usd") or math.inf, left)
            config["budget"] = budget
        return config

    def _budget_spent(self) -> bool:
        limit = self.settings.max_total_cost
        return limit is not None and self.spent >= limit

    def _report(self, task_id: str, value: TaskReport | BaseException) -> TaskReport:
        job = self.jobs.pop(task_id)
        if isinstance(value, TaskReport):
            return value
        detail = "".join(getattr(value, "__notes__", []))[-1500:]
        reason = f"the worker failed: {type(value).__name__}: {value}"
        result = TaskResult(
            task_id=task_id,
            source=job.source,
            suite=job.suite,
            outcome="error",
            reason=reason,
            error=reason + (f"\n{detail}" if detail else ""),
        )
        return TaskReport(result=result)

    def _record(self, report: TaskReport) -> None:
        report.result.finished_at = report.result.finished_at or time.time()
        result = self.writer.add(report)
        self.spent += result.cost_usd
        self.progress.finished(result)
