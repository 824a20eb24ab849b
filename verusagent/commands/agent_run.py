"""From an agent command's config and inputs to a finished run: plan, build, run, print; every stop has its
exit code. The command converts its options once (`AgentOptions.to_config`); a bench task sends its config."""

import os
import sys
from pathlib import Path

from rich.console import Console

from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.output import default_out_path, plan_crate
from verusagent.agent.resume import CannotResume, load_plan, restore
from verusagent.agent.setup import RunPlan, build_agent
from verusagent.commands.agent_options import AgentOptions, RunInputs
from verusagent.commands.dry_run import dry_run, print_dry_run
from verusagent.commands.exits import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    EXIT_VERIFIED,
    EXIT_VERUS,
    UsageError,
    run_exit_code,
)
from verusagent.commands.progress import Reporter
from verusagent.commands.summary import print_outcome
from verusagent.console import make_console
from verusagent.crate.layout import CrateError
from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens import parse_shared
from verusagent.llm.preflight import ModelUnusable
from verusagent.llm.preflight import check_models as check_model_names
from verusagent.prompt.targets import UnknownTarget, resolve_targets
from verusagent.record import RunNotFound, RunWriter, resolve_run
from verusagent.review.calibration.file import CalibrationFileError, load_calibration
from verusagent.review.settings import ReviewMode
from verusagent.source_file import UnusableSource, read_source_text
from verusagent.verus import VerusNotFound, VerusUnusable, find_verus


def run_command(mode: str, options: AgentOptions, file: Path, log: Path | None = None) -> int:
    """`verusagent prove|repair|synth FILE`: the options made the run's config, then the run."""
    try:
        config = options.to_config(mode)
    except UsageError as error:
        return _usage_error(make_console(stderr=True), error)
    return run_from_cli(config, options.inputs(file, log))


def run_from_cli(config: AgentConfig, inputs: RunInputs) -> int:
    console = make_console(stderr=True)
    try:
        if inputs.dry_run:
            return _dry_run(config, inputs)
        plan, log = _plan(config, inputs)
        return _run(plan, log, inputs.as_json, console)
    except UsageError as error:
        return _usage_error(console, error)
    except (VerusNotFound, VerusUnusable) as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return EXIT_VERUS
    except ModelUnusable as error:
        console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return error.exit_code
    except KeyboardInterrupt:
        console.print("interrupted: the run record is complete up to here; continue with --resume RUN")
        return EXIT_INTERRUPTED


def _usage_error(console: Console, error: UsageError) -> int:
    console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
    return EXIT_USAGE


def _plan(config: AgentConfig, inputs: RunInputs) -> tuple[RunPlan, object]:
    if inputs.resume:
        try:
            plan, log = load_plan(resolve_run(inputs.resume, inputs.runs_dir))
        except (RunNotFound, CannotResume, FileNotFoundError) as error:
            raise UsageError(str(error)) from error
        check_calibration(plan.config.review.calibration)
        check_models(plan.config)
        return plan, log
    task, targets = read_task(inputs, config.targets)
    config = config.model_copy(update={"targets": targets})
    if task.crate is None:
        check_targets(task.original, config.targets)
    check_synth_work(task, config)
    check_calibration(config.review.calibration)
    check_models(config)
    return RunPlan(task=task, config=config, verus=inputs.verus, runs_dir=inputs.runs_dir), None


def check_synth_work(task: Task, config: AgentConfig) -> None:
    """synth writes the bodies of placeholder functions (or of the --fn named): a file without one has no work."""
    if config.mode != TaskMode.SYNTH or config.targets:
        return
    workspace = (
        CrateWorkspace.single(task.source_path.name)
        if task.crate is None
        else CrateWorkspace(task.crate.layout, task.crate.target)
    )
    if not workspace.placeholders(task.original):
        raise UsageError(
            f"{task.source_path} has no function to synthesize: every function has a body (synth writes the bodies "
            "of functions whose body is a placeholder such as `unimplemented!()`, or of those named by --fn; to "
            "prove the file as it is, use prove)"
        )


def check_outputs(inputs: RunInputs) -> None:
    """--in-place overwrites the input; an --out naming another place says the opposite."""
    if inputs.in_place and inputs.out is not None and inputs.out.resolve() != inputs.file.resolve():
        raise UsageError(
            f"--in-place overwrites {inputs.file} and --out names {inputs.out}: pass one of them "
            "(--in-place keeps a backup FILE.bak)"
        )


def check_targets(source: str, targets: list[str]) -> None:
    """A --fn that names no function of the file (by name, qualified name or unit id) is a usage error."""
    try:
        resolve_targets(source, targets)
    except UnknownTarget as error:
        raise UsageError(str(error)) from error


def check_models(config: AgentConfig) -> None:
    """The prover's model and, when the review may run, the review's: each known to litellm, with its key set
    (before the baseline verus run: a typo or a missing key costs nothing)."""
    review_model = config.review.model if config.review.mode != ReviewMode.OFF else None
    check_model_names([config.model, review_model], config.api_base)


def check_calibration(path: Path | None) -> None:
    """A --calibration file that cannot be used is a usage error, found before the run starts."""
    if path is not None:
        try:
            load_calibration(path)
        except CalibrationFileError as error:
            raise UsageError(str(error)) from error


def _dry_run(config: AgentConfig, inputs: RunInputs) -> int:
    """The first round's requests, printed; no verus, no model, no record."""
    source, log = inputs.file, inputs.log
    if inputs.resume:
        raise UsageError("--dry-run renders a new run's first requests; it cannot be combined with --resume")
    if config.mode == "repair" and log is None:
        raise UsageError("repair --dry-run needs --log LOG: without verus, the errors come from a saved verus output")
    original = _read_source(source) if _is_file(source) else ""
    plan = _crate_plan(inputs, config.targets, writes=False)
    if plan.crate is not None:
        task = Task(
            source_path=source, original=plan.original, out_path=plan.out, log_text=_read_log(log), crate=plan.crate
        )
    else:
        task = Task(source_path=source, original=original, out_path=source, log_text=_read_log(log))
        check_targets(original, plan.targets)
    config = config.model_copy(update={"targets": plan.targets})
    check_synth_work(task, config)
    print_dry_run(dry_run(task, config), inputs.as_json)
    return EXIT_VERIFIED


def read_task(inputs: RunInputs, names: list[str]) -> tuple[Task, list[str]]:
    """The task, and the `--fn` names resolved in its file or crate (an unknown or ambiguous one is an error)."""
    source, log = inputs.file, inputs.log
    check_outputs(inputs)
    original = _read_source(source) if _is_file(source) else ""
    plan = _crate_plan(inputs, names, writes=True)
    if plan.crate is not None:
        task = Task(
            source_path=source,
            original=plan.original,
            out_path=plan.out,
            in_place=inputs.in_place,
            log_text=_read_log(log),
            crate=plan.crate,
        )
        return task, plan.targets
    return _file_task(source, original, log, inputs), plan.targets


def _is_file(source: Path) -> bool:
    """A path that is not a crate folder or manifest: read first, so a file that cannot be read says so."""
    return not (source.is_dir() or source.name == "Cargo.toml")


def _crate_plan(inputs: RunInputs, names: list[str], writes: bool):
    """The crate of the input (a single file: `crate` None); `writes`: --out and --in-place are checked."""
    try:
        return plan_crate(inputs.file, inputs.package, list(names), inputs.out if writes else None, inputs.in_place)
    except CrateError as error:
        raise UsageError(str(error)) from error


def _read_source(source: Path) -> str:
    """The file's text; an unreadable, binary or non-UTF-8 file, or one without a function, is a usage error."""
    try:
        text = read_source_text(source)
    except UnusableSource as error:
        raise UsageError(str(error)) from error
    check_has_functions(source, text)
    return text


def check_has_functions(source: Path, text: str) -> None:
    """An empty file, or one without a function, gives the model nothing to prove: refused before any prompt."""
    if not text.strip():
        raise UsageError(f"{source} is empty: nothing to prove")
    if not parse_shared(text)[0].functions:
        raise UsageError(
            f"{source} has no function: nothing to prove (verusagent proves functions that have a "
            "spec; write the function and its requires/ensures first)"
        )


def _file_task(source: Path, original: str, log: Path | None, inputs: RunInputs) -> Task:
    out = inputs.out or default_out_path(source)
    if out.resolve() == source.resolve() and not inputs.in_place:
        raise UsageError(f"--out {out} is the input file: pass --in-place to overwrite it (a backup is kept)")
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write the proof to {out}: {folder} is not a writable folder")
    return Task(source_path=source, original=original, out_path=out, in_place=inputs.in_place, log_text=_read_log(log))


def _read_log(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"cannot read the log {path}: {error.strerror or error}") from error


def _run(plan: RunPlan, log, as_json: bool, console: Console) -> int:
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
    print_outcome(outcome, as_json, make_console(file=sys.stdout))
    return run_exit_code(outcome.verdict, outcome.stopped_reason)
