"""From command-line options to a finished run: plan, build, run, print; every stop has its exit code."""

import os
import sys
from pathlib import Path

from rich.console import Console

from verusagent.agent.config import AgentConfig, Mode, SessionLimits, Task
from verusagent.agent.progress import Reporter
from verusagent.agent.summary import print_outcome
from verusagent.commands.agent_options import AgentOptions

EXIT_VERIFIED, EXIT_PARTIAL, EXIT_USAGE, EXIT_VERUS, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class UsageError(Exception):
    pass


_INPUTS = ("file", "log")  # what the command line names besides the options: FILE, and repair's --log


def run_from_cli(mode: str, settings: dict) -> int:
    """`settings`: `file` (and repair's `log`) and any AgentOptions fields; the others take their defaults."""
    from verusagent.verus import VerusNotFound, VerusUnusable

    console = Console(stderr=True)
    options = AgentOptions(**{k: v for k, v in settings.items() if k not in _INPUTS})
    try:
        if options.dry_run:
            return _dry_run(mode, settings["file"], settings.get("log"), options)
        plan, log = _plan(mode, settings["file"], settings.get("log"), options)
        return _run(plan, log, options.as_json, console)
    except UsageError as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_USAGE
    except (VerusNotFound, VerusUnusable) as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_VERUS
    except KeyboardInterrupt:
        console.print("interrupted: the run record is complete up to here; continue with --resume RUN")
        return EXIT_INTERRUPTED


def _plan(mode: str, source: Path, log: Path | None, options: AgentOptions):
    from verusagent.agent.resume import CannotResume, load_plan
    from verusagent.agent.setup import RunPlan
    from verusagent.record import RunNotFound, resolve_run

    if options.resume:
        try:
            plan, log = load_plan(resolve_run(options.resume, options.runs_dir))
        except (RunNotFound, CannotResume, FileNotFoundError) as error:
            raise UsageError(str(error)) from error
        check_calibration(plan.config.review.calibration)
        return plan, log
    task, targets = read_task(source, log, options)
    config = agent_config(mode, options).model_copy(update={"targets": targets})
    if task.crate is None:
        check_targets(task.original, config.targets)
    check_calibration(config.review.calibration)
    return RunPlan(task=task, config=config, verus=options.verus, runs_dir=options.runs_dir), None


def check_targets(source: str, targets: list[str]) -> None:
    """A --fn that names no function of the file (by name, qualified name or unit id) is a usage error."""
    from verusagent.agent.targets import UnknownTarget, resolve_targets

    try:
        resolve_targets(source, targets)
    except UnknownTarget as error:
        raise UsageError(str(error)) from error


def check_calibration(path: Path | None) -> None:
    """A --calibration file that cannot be used is a usage error, found before the run starts."""
    from verusagent.review.calibration_file import CalibrationFileError, load_calibration

    if path is not None:
        try:
            load_calibration(path)
        except CalibrationFileError as error:
            raise UsageError(str(error)) from error


def _dry_run(mode: str, source: Path, log: Path | None, options: AgentOptions) -> int:
    """The first round's requests, printed; no verus, no model, no record."""
    from verusagent.agent.dry_run import dry_run, print_dry_run

    if options.resume:
        raise UsageError("--dry-run renders a new run's first requests; it cannot be combined with --resume")
    if mode == "repair" and log is None:
        raise UsageError("repair --dry-run needs --log LOG: without verus, the errors come from a saved verus output")
    original = _read_source(source) if _is_file(source) else ""
    plan = _crate_plan(source, options, writes=False)
    if plan.crate is not None:
        task = Task(source_path=source, original=plan.original, out_path=plan.out, log_text=_read_log(log),
                    crate=plan.crate)
    else:
        task = Task(source_path=source, original=original, out_path=source, log_text=_read_log(log))
        check_targets(original, plan.targets)
    config = agent_config(mode, options).model_copy(update={"targets": plan.targets})
    print_dry_run(dry_run(task, config), options.as_json)
    return EXIT_VERIFIED


def read_task(source: Path, log: Path | None, options: AgentOptions) -> tuple[Task, list[str]]:
    """The task, and the `--fn` names resolved in its file or crate (an unknown or ambiguous one is an error)."""
    original = _read_source(source) if _is_file(source) else ""
    plan = _crate_plan(source, options, writes=True)
    if plan.crate is not None:
        task = Task(source_path=source, original=plan.original, out_path=plan.out, in_place=options.in_place,
                    log_text=_read_log(log), crate=plan.crate)
        return task, plan.targets
    return _file_task(source, original, log, options), plan.targets


def _is_file(source: Path) -> bool:
    """A path that is not a crate folder or manifest: read first, so a file that cannot be read says so."""
    return not (source.is_dir() or source.name == "Cargo.toml")


def _crate_plan(source: Path, options: AgentOptions, writes: bool):
    """The crate of `source` (a single file: `crate` None); `writes`: --out and --in-place are checked."""
    from verusagent.crate.layout import CrateError
    from verusagent.crate.task import plan_crate

    try:
        return plan_crate(source, options.package, list(options.fn or []), options.out if writes else None,
                          options.in_place)
    except CrateError as error:
        raise UsageError(str(error)) from error


def _read_source(source: Path) -> str:
    try:
        return source.read_bytes().decode("utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {source}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise UsageError(f"{source} is not UTF-8 (byte {error.start}); verus reads UTF-8 source") from error


def _file_task(source: Path, original: str, log: Path | None, options: AgentOptions) -> Task:
    out = options.out or source.with_name(source.stem + ".verified.rs")
    if out.resolve() == source.resolve() and not options.in_place:
        raise UsageError(f"--out {out} is the input file: pass --in-place to overwrite it (a backup is kept)")
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write the proof to {out}: {folder} is not a writable folder")
    return Task(source_path=source, original=original, out_path=out, in_place=options.in_place,
                log_text=_read_log(log))


def _read_log(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"cannot read the log {path}: {error.strerror or error}") from error


def agent_config(mode: str, options: AgentOptions) -> AgentConfig:
    temperature = options.temperature
    if temperature is None:
        temperature = 0.0 if options.samples == 1 else 0.7
    return AgentConfig(
        mode=Mode(mode), targets=list(options.fn or []), model=options.model, api_base=options.api_base,
        temperature=temperature, samples=options.samples, strategies=options.strategies, rounds=options.rounds,
        max_calls=options.max_calls, max_tokens=options.max_tokens, max_cost_usd=options.max_cost,
        max_verus_runs=options.max_verus_runs, jobs=options.jobs, timeout_s=options.timeout, focus=options.focus,
        review=review_settings(options), strategy_names=strategy_names(options.strategy),
        session=session_limits(options), tool_protocol=options.tool_protocol, vstd=options.vstd,
        precheck=not options.no_precheck, description=_read_description(options.description),
    )


def _read_description(path: Path | None) -> str | None:
    """The task statement of `--description FILE`, as text (a task's words are UTF-8; other bytes replaced)."""
    if path is None:
        return None
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"cannot read the description {path}: {error.strerror or error}") from error


def review_settings(options: AgentOptions):
    """--review, --review-model, --review-votes, --calibration, and the auto mode's priors when given."""
    from verusagent.review.settings import ReviewSettings

    given = {"mode": options.review, "model": options.review_model, "votes": options.review_votes,
             "calibration": options.calibration, "prior_review_s": options.review_prior_seconds,
             "prior_rejection_rate": options.review_prior_rate}
    return ReviewSettings(**{key: value for key, value in given.items() if value is not None})


def strategy_names(names: list[str] | None) -> list[str]:
    from verusagent.agent.strategies import STRATEGIES

    unknown = [name for name in names or [] if name not in STRATEGIES]
    if unknown:
        raise UsageError(f"unknown --strategy {', '.join(unknown)}; the strategies are {', '.join(STRATEGIES)}")
    return list(dict.fromkeys(names or []))


def session_limits(options: AgentOptions) -> SessionLimits:
    return SessionLimits(max_tool_calls=options.session_tool_calls, max_tokens=options.session_tokens,
                         max_cost_usd=options.session_cost, max_verus_runs=options.session_verus_runs,
                         max_seconds=options.session_time)


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
