"""From `verusagent bench` options to a finished bench folder; every stop has its exit code."""

import json
import os
import signal
import sys
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from verusagent import __version__
from verusagent.agent.config import AgentConfig
from verusagent.bench.local import LocalExecutor
from verusagent.bench.options import BenchOptions
from verusagent.bench.oracle import ORACLE_MODEL
from verusagent.bench.progress import BenchProgress
from verusagent.bench.ray_executor import RayExecutor
from verusagent.bench.report import compare as compare_runs
from verusagent.bench.report import rebuild
from verusagent.bench.runner import BenchRunner, BenchUsageError, open_bench_folder
from verusagent.bench.settings import BENCH_FILE, BenchSettings, SelectedTask
from verusagent.bench.suites import SuiteError, load_suite
from verusagent.choices import ReviewMode
from verusagent.commands.agent_options import TaskOptions
from verusagent.commands.exits import EXIT_DONE, EXIT_INTERRUPTED, EXIT_USAGE, UsageError
from verusagent.console import make_console
from verusagent.llm.litellm_data import known_to_litellm

MODES = ("prove", "repair", "synth")


def run_bench_from_cli(suite: Path, options: BenchOptions, as_json: bool) -> int:
    """`options`: bench's own and every task's agent options (the budgets are per task)."""
    console = make_console(stderr=True)
    try:
        settings, tasks = plan(suite, options)
        finished = open_bench_folder(options.out, settings, options.resume)
        executor = make_executor(options, has_work=has_work(tasks, finished))
    except (BenchUsageError, SuiteError, UsageError, RuntimeError) as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_USAGE
    return _run(settings, tasks, finished, executor, options.out, as_json, console)


def plan(suite: Path, options: BenchOptions) -> tuple[BenchSettings, list]:
    if options.mode is not None and options.mode not in MODES:
        raise BenchUsageError(f"--mode must be one of {', '.join(MODES)}, not {options.mode!r}")
    model = options.model
    if options.oracle == bool(model):
        raise BenchUsageError("give --model M, or --oracle (the ground truth as the reply) instead of a model")
    if model and not known_to_litellm(model):  # offline: the driver never loads litellm
        raise BenchUsageError(
            f"unknown model {model!r}: litellm names no such provider or model; write "
            "provider/model, e.g. openai/gpt-4o"
        )
    suite = suite.resolve()
    tasks = load_suite(suite, options.tasks, options.limit)
    mode = _mode(options.mode, tasks)
    settings = BenchSettings(
        suite=suite,
        suite_kind=tasks[0].suite if tasks else "verus-bench",
        mode=mode,
        oracle=options.oracle,
        model=model,
        agent_config=agent_config(options, mode, options.oracle).model_dump(mode="json"),
        verus=_verus_path(options.verus),
        task_timeout_s=options.task_timeout,
        max_total_cost=options.max_total_cost,
        tasks_glob=options.tasks,
        limit=options.limit,
        selected=[SelectedTask(task_id=t.task_id, source=t.source) for t in tasks],
        version=__version__,
    )
    return settings, tasks


def _mode(given: str | None, tasks: list) -> str:
    """The bench's mode: --mode, else the tasks' own (a vericoding suite synthesizes), else prove. A task with a
    mode of its own runs in it: another --mode for it is a usage error."""
    own = {t.mode for t in tasks if t.mode is not None}
    if given is not None and own - {given}:
        raise BenchUsageError(
            f"--mode {given}: this suite's tasks run in {', '.join(sorted(own))} mode (their bodies are to be written)"
        )
    return given or (own.pop() if len(own) == 1 else "prove")


def agent_config(options: TaskOptions, mode: str, oracle: bool) -> AgentConfig:
    """Every task's config (the one conversion, `TaskOptions.to_config`). Under --oracle the scripted model answers
    with the ground truth, once, with no server and no review: the run measures our side only."""
    if not oracle:
        return options.to_config(mode)
    # the ground truth answers once, unreviewed: the review's other options stay as given (they do nothing when off)
    once = replace(options, model=None, api_base=None, strategies=1, rounds=1, samples=1, review=ReviewMode.OFF)
    return once.to_config(mode, ORACLE_MODEL)


def _verus_path(given: str | None) -> str | None:
    if given is None:
        return None
    path = Path(given).expanduser()
    return str(path.resolve()) if path.exists() else given  # a path on the workers may not exist here


def has_work(tasks, finished) -> bool:
    done = {result.task_id for result in finished}
    return any(task.task_id not in done for task in tasks)


def make_executor(options: BenchOptions, has_work: bool = True) -> LocalExecutor | RayExecutor:
    """has_work: a task will run (not `--limit 0`, not a resumed run that is complete): only then does the local
    pool start its fork server, which loads litellm (seconds of CPU)."""
    if options.ray:
        return RayExecutor(options.ray, options.workers)
    return LocalExecutor(options.workers or os.cpu_count() or 1, warm=has_work)


def _run(settings: BenchSettings, tasks, finished, executor, out: Path, as_json: bool, console: Console) -> int:
    console.print(_header(settings, executor, len(tasks), len(finished)), highlight=False, soft_wrap=True)
    progress = BenchProgress(len(tasks), finished, console)
    runner = BenchRunner(settings, tasks, out, executor, progress, finished)
    code = EXIT_DONE
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a scheduler's stop is a Ctrl-C: results are kept
    try:
        runner.run()
    except KeyboardInterrupt:
        console.print(
            f"interrupted: finished results are kept in {out}; continue with --resume", highlight=False, soft_wrap=True
        )
        code = EXIT_INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, previous)
    if runner.stopped_for_budget:
        console.print(f"--max-total-cost ${settings.max_total_cost:.2f} spent: the remaining tasks did not start")
    summary = rebuild(out)
    _print_summary(summary, out, as_json, console)
    return code


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _header(settings: BenchSettings, executor, total: int, done: int) -> str:
    verus = (
        "the verus STAND-IN (not verus: its verdicts prove nothing)"
        if settings.verus is None and settings.oracle
        else settings.verus or "verus from $VERUS_PATH or PATH on each worker"
    )
    model = "the scripted model (a stand-in answering with the ground truth)" if settings.oracle else settings.model
    resumed = f", {done} already finished" if done else ""
    return (
        f"bench: {total} tasks of {settings.suite} ({settings.suite_kind}, {settings.mode}){resumed}; "
        f"{executor.name}, {executor.slots} workers\n  verdicts by: {verus}\n  replies by: {model}"
    )


def _print_summary(summary: dict, out: Path, as_json: bool, console: Console) -> None:
    """The summary as JSON on stdout with --json; the counts, and for --oracle the pipeline check, on stderr."""
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    who, guard = summary["answered_by"], summary["guard"]
    console.print(
        f"{summary['solved']} of {summary['total']} solved, {summary['unsolved']} unsolved, "
        f"{summary['errors']} errors, {summary['skipped']} skipped; verdicts by {who['verus']}; "
        f"replies by {who['model']}",
        highlight=False,
        soft_wrap=True,
    )
    if summary["oracle"]:
        console.print(
            f"pipeline check: {guard['clean']} tasks whose ground truth the guard passed, "
            f"{guard['clean_solved']} of them verified; {guard['flagged']} guard-flagged",
            highlight=False,
            soft_wrap=True,
        )
    console.print(f"report: {out / 'report.md'}", highlight=False, soft_wrap=True)


def report_from_cli(folder: Path, compare: Path | None, as_json: bool) -> int:
    console = make_console(stderr=True)
    for path in filter(None, (folder, compare)):
        if not (path / BENCH_FILE).is_file():
            console.print(
                f"[red]error:[/red] {path} is not a bench folder ({BENCH_FILE} is missing)",
                highlight=False,
                soft_wrap=True,
            )
            return EXIT_USAGE
    summary = rebuild(folder)
    if compare is not None:
        rebuild(compare)
        console.print(f"comparison: {compare_runs(folder, compare)}", highlight=False)
    _print_summary(summary, folder, as_json, console)
    return EXIT_DONE
