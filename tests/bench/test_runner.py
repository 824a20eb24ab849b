"""The driver with a scripted executor (no task processes): the total cost limit, a worker failure recorded as
that task's error, and the agent options passed to every job."""

import time
from pathlib import Path

from verusagent.agent.config import AgentConfig
from verusagent.bench.cli_run import agent_config
from verusagent.bench.jobs import TaskReport, TaskResult
from verusagent.bench.progress import BenchProgress
from verusagent.bench.results import read_results
from verusagent.bench.runner import BenchRunner, open_bench_folder
from verusagent.bench.settings import BenchSettings, SelectedTask
from verusagent.bench.suites import load_suite
from verusagent.bench.summary import summarize
from verusagent.choices import ReviewMode
from verusagent.commands.agent_options import TaskOptions
from verusagent.llm import Budget, ModelSettings
from verusagent.verus import RunOptions

from tests.bench.bench_support import count_up_task, write_suite


class Handle:
    def __init__(self, value) -> None:
        self.value = value


class ScriptedExecutor:
    """Answers each job at once: a TaskReport costing `cost`, or the exception named by the task id."""

    name, slots = "scripted executor", 2

    def __init__(self, cost: float) -> None:
        self.cost, self.jobs, self.cancelled = cost, [], False

    def submit(self, job):
        self.jobs.append(job)
        if "broken" in job.task_id:
            return Handle(RuntimeError("the worker node was lost"))
        result = TaskResult(
            task_id=job.task_id,
            source=job.source,
            suite=job.suite,
            outcome="solved",
            verdict="verified",
            cost_usd=self.cost,
            calls=2,
            finished_at=time.time(),
        )
        return Handle(TaskReport(result=result))

    def wait_any(self, pending, timeout_s):
        return [(handle, handle.value) for handle in list(pending)[:1]]

    def cancel(self, pending=None):
        self.cancelled = True

    def close(self):
        pass


def _run(tmp_path: Path, names: list[str], max_total_cost: float | None, cost: float, **given):
    suite = write_suite(tmp_path / "suite", {name: count_up_task(name) for name in names})
    tasks = load_suite(suite)
    settings = BenchSettings(
        suite=suite,
        suite_kind="verus-bench",
        model="m",
        max_total_cost=max_total_cost,
        agent_config=agent_config(TaskOptions(model="m", **given), "prove", oracle=False).model_dump(mode="json"),
        selected=[SelectedTask(task_id=t.task_id, source=t.source) for t in tasks],
    )
    out = tmp_path / "out"
    open_bench_folder(out, settings, resume=False)
    executor = ScriptedExecutor(cost)
    runner = BenchRunner(settings, tasks, out, executor, BenchProgress(len(tasks), []), [])
    runner.run()
    return runner, executor, summarize(settings, read_results(out))


def test_no_task_starts_once_the_total_cost_is_spent(tmp_path):
    runner, executor, summary = _run(tmp_path, [f"t{i}" for i in range(6)], max_total_cost=1.0, cost=0.4)
    assert runner.stopped_for_budget
    assert len(executor.jobs) == 4  # 2 in flight at a time: 0.4, 0.8 < 1.0 -> two more start; then 1.6 >= 1.0
    assert [job.config["budget"]["max_cost_usd"] for job in executor.jobs][:2] == [1.0, 1.0]
    assert (summary["solved"], summary["skipped"], summary["not_run"], summary["total"]) == (4, 2, 2, 6)


def test_a_worker_failure_is_that_tasks_error(tmp_path):
    _, _, summary = _run(tmp_path, ["a", "broken", "c"], max_total_cost=None, cost=0.0)
    assert (summary["solved"], summary["errors"]) == (2, 1)
    broken = next(r for r in read_results(tmp_path / "out") if r.task_id == "broken")
    assert broken.reason == "the worker failed: RuntimeError: the worker node was lost"


def test_agent_options_reach_every_job_as_its_config(tmp_path):
    _, executor, _ = _run(
        tmp_path,
        ["a"],
        max_total_cost=None,
        cost=0.0,
        samples=3,
        rounds=2,
        max_calls=9,
        timeout=42.0,
        api_base="http://127.0.0.1:1/v1",
    )
    config = AgentConfig.model_validate(executor.jobs[0].config)
    assert config == AgentConfig(
        model_settings=ModelSettings(model="m", temperature=0.7, api_base="http://127.0.0.1:1/v1"),
        samples=3,
        rounds=2,
        budget=Budget(max_calls=9),
        run_options=RunOptions(timeout_s=42.0),
    )


def test_oracle_overrides_the_model_and_the_search_and_turns_the_review_off():
    given = TaskOptions(samples=4, rounds=9, api_base="http://x", jobs=1, review=ReviewMode.ON, review_votes=5)
    config = agent_config(given, "prove", oracle=True)
    assert config.review == agent_config(given, "prove", oracle=False).review.model_copy(
        update={"mode": ReviewMode.OFF}
    )
    assert (config.model_settings.model, config.samples, config.strategies, config.rounds, config.jobs) == (
        "scripted/oracle",
        1,
        1,
        1,
        1,
    )
    assert (
        config.model_settings.api_base is None
        and config.model_settings.temperature == 0.0
        and config.review.mode == ReviewMode.OFF
    )


def test_every_agent_option_of_bench_is_a_task_option():
    import inspect
    from dataclasses import fields

    from verusagent.bench.command import bench

    bench_only = {
        "suite",
        "out",
        "oracle",
        "mode",
        "tasks",
        "limit",
        "workers",
        "ray",
        "resume",
        "task_timeout",
        "max_total_cost",
        "as_json",
    }
    parameters = set(inspect.signature(bench).parameters)
    assert parameters - bench_only == {field.name for field in fields(TaskOptions)} and "focus" in parameters


def test_a_results_line_cut_by_a_kill_is_set_aside_and_its_task_runs_again(tmp_path):
    from verusagent.bench.results import ResultsWriter

    whole = TaskResult(task_id="a", source="T", suite="verus-bench", outcome="solved").model_dump_json()
    (tmp_path / "results.jsonl").write_text(whole + "\n" + whole[:30])
    assert [r.task_id for r in read_results(tmp_path)] == ["a"]
    ResultsWriter(tmp_path).close()
    assert (tmp_path / "results.jsonl").read_text() == whole + "\n"
    assert (tmp_path / "results.jsonl.cut").read_text() == whole[:30] + "\n"
