"""From command-line options to a finished run: plan, build, run, print; every stop has its exit code."""

import os
import sys
from pathlib import Path

from rich.console import Console

from verusagent.agent.config import AgentConfig, Mode, Task
from verusagent.agent.progress import Reporter
from verusagent.agent.summary import print_outcome

EXIT_VERIFIED, EXIT_PARTIAL, EXIT_USAGE, EXIT_VERUS, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class UsageError(Exception):
    pass


def run_from_cli(mode: str, options: dict) -> int:
    from verusagent.verus import VerusNotFound, VerusUnusable

    console = Console(stderr=True)
    try:
        plan, log = _plan(mode, options)
        return _run(plan, log, options.get("as_json", False), console)
    except UsageError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_USAGE
    except (VerusNotFound, VerusUnusable) as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_VERUS
    except KeyboardInterrupt:
        console.print("interrupted: the run record is complete up to here; continue with --resume RUN")
        return EXIT_INTERRUPTED


def _plan(mode: str, options: dict):
    from verusagent.agent.resume import CannotResume, load_plan
    from verusagent.agent.setup import RunPlan
    from verusagent.record import RunNotFound, resolve_run

    if options.get("resume"):
        try:
            return load_plan(resolve_run(options["resume"], options["runs_dir"]))
        except (RunNotFound, CannotResume, FileNotFoundError) as error:
            raise UsageError(str(error)) from error
    from verusagent.agent.targets import UnknownTarget, resolve_targets

    task = read_task(options)
    config = agent_config(mode, options)
    try:
        resolve_targets(task.original, config.targets)
    except UnknownTarget as error:
        raise UsageError(str(error)) from error
    return RunPlan(task=task, config=config, verus=options.get("verus"), runs_dir=options["runs_dir"]), None


def read_task(options: dict) -> Task:
    source: Path = options["file"]
    try:
        original = source.read_bytes().decode("utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {source}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise UsageError(f"{source} is not UTF-8 (byte {error.start}); verus reads UTF-8 source") from error
    out = options.get("out") or source.with_name(source.stem + ".verified.rs")
    if out.resolve() == source.resolve() and not options.get("in_place"):
        raise UsageError(f"--out {out} is the input file: pass --in-place to overwrite it (a backup is kept)")
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write the proof to {out}: {folder} is not a writable folder")
    log_text = _read_log(options.get("log"))
    return Task(source_path=source, original=original, out_path=out, in_place=options.get("in_place", False),
                log_text=log_text)


def _read_log(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"cannot read the log {path}: {error.strerror or error}") from error


def agent_config(mode: str, options: dict) -> AgentConfig:
    samples = options.get("samples", 1)
    temperature = options.get("temperature")
    return AgentConfig(
        mode=Mode(mode), targets=list(options.get("fn") or []), model=options["model"],
        api_base=options.get("api_base"), temperature=temperature if temperature is not None else (
            0.0 if samples == 1 else 0.7), samples=samples, strategies=options.get("strategies", 2),
        rounds=options.get("rounds", 4), max_calls=options.get("max_calls"), max_tokens=options.get("max_tokens"),
        max_cost_usd=options.get("max_cost"), max_verus_runs=options.get("max_verus_runs"),
        jobs=options.get("jobs", 2), timeout_s=options.get("timeout", 300.0),
    )


def _run(plan, log, as_json: bool, console: Console) -> int:
    from verusagent.agent.resume import restore
    from verusagent.agent.setup import build_agent
    from verusagent.record import RunWriter
    from verusagent.verus import find_verus

    install = find_verus(plan.verus)  # before the record exists: a slow or failing probe leaves no empty run
    record = RunWriter.reopen(log.folder) if log is not None else RunWriter.create(plan.runs_dir)
    reporter = Reporter(console, quiet=as_json)
    reporter.line(f"run {record.run_id} ({plan.config.mode.value} {plan.task.source_path}); record in {record.folder}")
    try:
        agent = build_agent(plan, record, reporter, install=install, resumed=log is not None)
        if log is not None:
            restore(agent, log)
        outcome = agent.run()
    finally:
        reporter.close()
    print_outcome(outcome, as_json, Console(file=sys.stdout))
    return EXIT_VERIFIED if outcome.verdict == "verified" else EXIT_PARTIAL
