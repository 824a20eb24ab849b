"""Wire a run: verus, the model client with its budgets, the record, the guard policy; or continue one."""

from pathlib import Path

from pydantic import BaseModel

from verusagent import __version__
from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.focus import CostBook, FocusSettings
from verusagent.agent.loop import Agent
from verusagent.agent.outcome import Finisher
from verusagent.agent.reporting import Progress
from verusagent.agent.session import SessionKit
from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.verifier import Verifier
from verusagent.choices import ReviewMode
from verusagent.crate.workspace import CrateWorkspace, crate_name
from verusagent.guard import GuardPolicy
from verusagent.llm import BudgetTracker, ModelSettings, make_client
from verusagent.llm.settings import strip_credentials
from verusagent.precheck import Prechecker
from verusagent.record import DEFAULT_RUNS_DIR, RunStarted, RunWriter
from verusagent.review.build import build_reviewer, load_rule, rule_event
from verusagent.review.screening import AgentReview
from verusagent.verus import VerusInstall, find_verus
from verusagent.verus.cargo import find_cargo_verus, identity


class RunPlan(BaseModel):
    """Everything a new run (or a resumed one) is built from; stored in run_started so --resume can rebuild it."""

    task: Task
    config: AgentConfig
    verus: str | None = None  # --verus PATH
    runs_dir: Path = DEFAULT_RUNS_DIR


def guard_policy(config: AgentConfig, original: str, workspace: CrateWorkspace) -> GuardPolicy:
    """Strict, except in synth mode: the bodies of the placeholder functions are the model's to write, and so are
    new exec helper functions (under the guard's rule for new names, like new spec fns and lemmas); a `decreases`
    may be added to them (as to any exec function); everything else stays, `fn main` included."""
    if config.mode != TaskMode.SYNTH:
        return GuardPolicy()
    names = config.targets or workspace.placeholders(original)  # paths such as `Type::f`, `net::send`
    return GuardPolicy(
        exec_editable_functions=frozenset([*names, *(f"fn:{name}" for name in names)]), allow_new_exec_functions=True
    )


def workspace_for(task: Task, install: VerusInstall) -> CrateWorkspace:
    """A crate's workspace (run by `cargo verus` where the crate has a Cargo.toml and there is a cargo-verus),
    or the crate of one file."""
    if task.crate is None:
        return CrateWorkspace.single(task.source_path.name)

    cargo = find_cargo_verus(install.path) if task.crate.layout.manifest else None
    return CrateWorkspace(
        task.crate.layout,
        task.crate.target,
        tree_digest=task.crate.tree_digest,
        cargo_verus=cargo,
        cargo_identity=identity(cargo) if cargo else "",
    )


def build_agent(
    plan: RunPlan, record: RunWriter, reporter: Progress, install: VerusInstall | None = None, resumed: bool = False
) -> Agent:
    install = install or find_verus(plan.verus)
    config, task = plan.config, plan.task
    workspace = workspace_for(task, install)
    if config.mode == TaskMode.SYNTH and not config.targets:  # the functions to write, named once for every prompt
        config = config.model_copy(update={"targets": workspace.placeholders(task.original)})
    budget = BudgetTracker(config.budget)
    settings = config.model_settings.model_copy(update={"n": config.samples, "cache": config.use_cache})
    client = make_client(settings, budget=budget, recorder=record)
    options = config.run_options.model_copy(update={"file_name": task.source_path.name, "use_cache": config.use_cache})
    verifier = Verifier(install, options, jobs=config.jobs, max_runs=config.max_verus_runs, workspace=workspace)
    costs = CostBook()
    record.emit(_started(plan, record, install, settings, resumed))
    review = build_review(config, settings, budget, record, task.source_path.name, costs, workspace)
    prechecker = Prechecker(crate_name(workspace.layout), config.vstd, install.path) if config.precheck else None
    evaluator = Evaluator(
        task.original,
        guard_policy(config, task.original, workspace),
        review,
        verifier,
        record,
        focus=FocusSettings(mode=config.focus),
        costs=costs,
        workspace=workspace,
        precheck=prechecker,
    )
    finisher = Finisher(
        task, record, client, install, lambda: verifier.fresh_runs, workspace=workspace, review_summary=review.summary
    )
    reporter.line(_verus_line(install))
    if task.crate is not None:
        reporter.line(_crate_line(workspace))
    if settings.model.startswith("scripted/"):
        reporter.line(
            f"model: {settings.model}, the scripted model (a stand-in replaying a script, not a language model)"
        )
    kit = SessionKit(evaluator=evaluator, library=LemmaLibrary(config.vstd, install.path), reporter=reporter)
    return Agent(task, config, client, evaluator, finisher, reporter, kit)


def build_review(
    config: AgentConfig,
    settings: ModelSettings,
    budget: BudgetTracker,
    record: RunWriter,
    file_name: str,
    costs: CostBook,
    workspace: CrateWorkspace,
) -> AgentReview:
    """The review screen of this run: its rule (said in a `review_rule` event), its reviewer (none when off). It
    reviews each file of a crate's candidate against the same file of the parent (`workspace.models`)."""
    review = config.review
    rule = load_rule(review.calibration)
    record.emit(rule_event(rule, review.votes))
    reviewer = (
        None if review.mode == ReviewMode.OFF else build_reviewer(review, settings, rule, budget, record, file_name)
    )
    return AgentReview(review, rule, reviewer, record, costs.mean_seconds, models=workspace.models)


def _started(
    plan: RunPlan, record: RunWriter, install: VerusInstall, settings: ModelSettings, resumed: bool
) -> RunStarted:
    config = plan.config
    return RunStarted(
        run_id=record.run_id,
        command=config.mode.value,
        version=__version__,
        resumed=resumed,
        config={"plan": _plan_for_record(plan), "model": settings.public_view(), "verus_path": install.path},
        budgets={**config.budget.model_dump(), "max_verus_runs": config.max_verus_runs},
        verus_version=install.version,
        verus_is_standin=install.is_standin,
    )


def _plan_for_record(plan: RunPlan) -> dict:
    """The plan as --resume needs it, without the input text (stored as a candidate), URL credentials or the key's
    variable."""
    # api_key_env: a variable's name, which no option sets, and which the record's scrubbing would blank as a key's
    data = plan.model_dump(mode="json", exclude={"task": {"original"}, "config": {"model_settings": {"api_key_env"}}})
    data["config"]["model_settings"]["api_base"] = strip_credentials(plan.config.model_settings.api_base)
    return data


def _crate_line(workspace: CrateWorkspace) -> str:
    layout = workspace.layout
    runner = f"cargo verus verify ({workspace.cargo_verus})" if workspace.cargo_verus else f"verus {layout.root}"
    return (
        f"crate: {layout.describe()}; the prompt shows {workspace.target}; each candidate runs as `{runner}` "
        "on a scratch copy of the crate"
    )


def _verus_line(install: VerusInstall) -> str:
    if install.is_standin:
        return f"verus: the verus STAND-IN at {install.path} (not the real verus; its verdicts prove nothing)"
    return f"verus: {install.path} ({install.version})"
