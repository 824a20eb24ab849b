"""The run API: `plan(inputs, config)` decides everything a run needs before any model call (the task, its crate,
the `--fn` names resolved, the models and the calibration checked, verus found), and `run(plan, progress)` runs
it to its outcome. The agent commands (`verusagent.commands.agent_run`) and the bench's task process call both;
a stop before the run is a typed exception: `PlanError` (the inputs cannot be used as given), `VerusNotFound` or
`VerusUnusable`, `ModelUnusable`."""

import os
from dataclasses import dataclass
from pathlib import Path

from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.outcome import RunOutcome
from verusagent.agent.output import CratePlan, default_out_path, plan_crate
from verusagent.agent.reporting import Progress
from verusagent.agent.resume import CannotResume, load_plan, restore
from verusagent.agent.setup import RunPlan, build_agent
from verusagent.choices import ReviewMode
from verusagent.crate.layout import CrateError
from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens import parse_shared
from verusagent.llm.preflight import check_models as check_model_names
from verusagent.prompt.targets import UnknownTarget, resolve_targets
from verusagent.record import DEFAULT_RUNS_DIR, RunLog, RunNotFound, RunWriter, resolve_run
from verusagent.review.calibration.file import CalibrationFileError, load_calibration
from verusagent.source_file import UnusableSource, read_source_text
from verusagent.verus import VerusInstall, find_verus


class PlanError(Exception):
    """The inputs cannot make a run as given (an unreadable file, an unknown --fn, a bad --calibration, ...): one
    line that says why; the commands print it as a usage error."""


@dataclass(frozen=True, kw_only=True)
class RunInputs:
    """What an agent command works on besides its config: the input, where results go, and how it runs. (A
    dataclass, not a pydantic model: the command line builds it.)"""

    file: Path
    log: Path | None = None  # repair --log: saved verus output for the file
    package: str | None = None
    out: Path | None = None
    in_place: bool = False
    resume: str | None = None
    verus: str | None = None
    dry_run: bool = False
    runs_dir: Path = DEFAULT_RUNS_DIR
    as_json: bool = False


@dataclass(frozen=True)
class Plan:
    """A run decided: what `run` builds the agent from; `resumed` is the record a --resume continues."""

    run: RunPlan
    install: VerusInstall
    resumed: RunLog | None = None


def plan(inputs: RunInputs, config: AgentConfig) -> Plan:
    """A new run's plan, or (--resume) the recorded one; checked before the baseline verus run."""
    if inputs.resume:
        decided, log = _resumed(inputs)
    else:
        decided, log = _new_plan(inputs, config), None
    check_calibration(decided.config.review.calibration)
    check_models(decided.config)
    return Plan(run=decided, install=find_verus(decided.verus), resumed=log)


def run(plan: Plan, progress: Progress) -> RunOutcome:
    """The planned run, recorded (a new record, or the resumed one reopened), to its outcome."""
    log = plan.resumed
    record = RunWriter.reopen(log.folder) if log is not None else RunWriter.create(plan.run.runs_dir)
    task = plan.run.task
    progress.line(f"run {record.run_id} ({plan.run.config.mode.value} {task.source_path}); record in {record.folder}")
    agent = build_agent(plan.run, record, progress, install=plan.install, resumed=log is not None)
    if log is not None:
        restore(agent, log)
    return agent.run()


def preview(inputs: RunInputs, config: AgentConfig) -> tuple[Task, AgentConfig]:
    """`--dry-run`: the task and its config, as `plan` makes them but without verus, a model or a record."""
    if inputs.resume:
        raise PlanError("--dry-run renders a new run's first requests; it cannot be combined with --resume")
    if config.mode == TaskMode.REPAIR and inputs.log is None:
        raise PlanError("repair --dry-run needs --log LOG: without verus, the errors come from a saved verus output")
    source = inputs.file
    original = _read_source(source) if _is_file(source) else ""
    crate = _crate_plan(inputs, config.targets, writes=False)
    log_text = _read_log(inputs.log)
    if crate.crate is not None:
        task = _crate_task(source, crate, log_text, in_place=False)
    else:
        task = Task(source_path=source, original=original, out_path=source, log_text=log_text)
        check_targets(original, crate.targets)
    config = config.model_copy(update={"targets": crate.targets})
    check_synth_work(task, config)
    return task, config


def _resumed(inputs: RunInputs) -> tuple[RunPlan, RunLog]:
    try:
        return load_plan(resolve_run(inputs.resume or "", inputs.runs_dir))
    except (RunNotFound, CannotResume, FileNotFoundError) as error:
        raise PlanError(str(error)) from error


def _new_plan(inputs: RunInputs, config: AgentConfig) -> RunPlan:
    task, targets = read_task(inputs, config.targets)
    config = config.model_copy(update={"targets": targets})
    if task.crate is None:
        check_targets(task.original, config.targets)
    check_synth_work(task, config)
    return RunPlan(task=task, config=config, verus=inputs.verus, runs_dir=inputs.runs_dir)


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
        raise PlanError(
            f"{task.source_path} has no function to synthesize: every function has a body (synth writes the bodies "
            "of functions whose body is a placeholder such as `unimplemented!()`, or of those named by --fn; to "
            "prove the file as it is, use prove)"
        )


def check_outputs(inputs: RunInputs) -> None:
    """--in-place overwrites the input; an --out naming another place says the opposite."""
    if inputs.in_place and inputs.out is not None and inputs.out.resolve() != inputs.file.resolve():
        raise PlanError(
            f"--in-place overwrites {inputs.file} and --out names {inputs.out}: pass one of them "
            "(--in-place keeps a backup FILE.bak)"
        )


def check_targets(source: str, targets: list[str]) -> None:
    """A --fn that names no function of the file (by name, qualified name or unit id) is a usage error."""
    try:
        resolve_targets(source, targets)
    except UnknownTarget as error:
        raise PlanError(str(error)) from error


def check_models(config: AgentConfig) -> None:
    """The prover's model and, when the review may run, the review's: each known to litellm, with its key set
    (before the baseline verus run: a typo or a missing key costs nothing). Raises ModelUnusable."""
    review_model = config.review.model if config.review.mode != ReviewMode.OFF else None
    check_model_names([config.model_settings.model, review_model], config.model_settings.api_base)


def check_calibration(path: Path | None) -> None:
    """A --calibration file that cannot be used is a usage error, found before the run starts."""
    if path is not None:
        try:
            load_calibration(path)
        except CalibrationFileError as error:
            raise PlanError(str(error)) from error


def read_task(inputs: RunInputs, names: list[str]) -> tuple[Task, list[str]]:
    """The task, and the `--fn` names resolved in its file or crate (an unknown or ambiguous one is an error)."""
    source, log = inputs.file, inputs.log
    check_outputs(inputs)
    original = _read_source(source) if _is_file(source) else ""
    crate = _crate_plan(inputs, names, writes=True)
    if crate.crate is not None:
        return _crate_task(source, crate, _read_log(log), inputs.in_place), crate.targets
    return _file_task(source, original, log, inputs), crate.targets


def _crate_task(source: Path, crate: CratePlan, log_text: str | None, in_place: bool) -> Task:
    """A crate's task: its files as one text, the proof to the crate's `--out` (plan_crate sets both)."""
    if crate.original is None or crate.out is None:
        raise PlanError(f"{source}: the crate's plan has no text or no output path")
    return Task(
        source_path=source,
        original=crate.original,
        out_path=crate.out,
        in_place=in_place,
        log_text=log_text,
        crate=crate.crate,
    )


def _is_file(source: Path) -> bool:
    """A path that is not a crate folder or manifest: read first, so a file that cannot be read says so."""
    return not (source.is_dir() or source.name == "Cargo.toml")


def _crate_plan(inputs: RunInputs, names: list[str], writes: bool) -> CratePlan:
    """The crate of the input (a single file: `crate` None); `writes`: --out and --in-place are checked."""
    try:
        return plan_crate(inputs.file, inputs.package, list(names), inputs.out if writes else None, inputs.in_place)
    except CrateError as error:
        raise PlanError(str(error)) from error


def _read_source(source: Path) -> str:
    """The file's text; an unreadable, binary or non-UTF-8 file, or one without a function, is a usage error."""
    try:
        text = read_source_text(source)
    except UnusableSource as error:
        raise PlanError(str(error)) from error
    check_has_functions(source, text)
    return text


def check_has_functions(source: Path, text: str) -> None:
    """An empty file, or one without a function, gives the model nothing to prove: refused before any prompt."""
    if not text.strip():
        raise PlanError(f"{source} is empty: nothing to prove")
    if not parse_shared(text)[0].functions:
        raise PlanError(
            f"{source} has no function: nothing to prove (verusagent proves functions that have a "
            "spec; write the function and its requires/ensures first)"
        )


def _file_task(source: Path, original: str, log: Path | None, inputs: RunInputs) -> Task:
    out = inputs.out or default_out_path(source)
    if out.resolve() == source.resolve() and not inputs.in_place:
        raise PlanError(f"--out {out} is the input file: pass --in-place to overwrite it (a backup is kept)")
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise PlanError(f"cannot write the proof to {out}: {folder} is not a writable folder")
    return Task(source_path=source, original=original, out_path=out, in_place=inputs.in_place, log_text=_read_log(log))


def _read_log(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise PlanError(f"cannot read the log {path}: {error.strerror or error}") from error
