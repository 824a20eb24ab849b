"""The options of the agent commands (prove, repair, synth): the shared sets (verusagent.commands.option_sets) and
the agent's own, declared once: a new option is one field here and one line of `to_config`, the one conversion
from options to the run's `AgentConfig` (whose fields hold every default; the options show them). A command that
takes every agent option and its own declares `@with_options(AgentOptions)`, or a subclass of AgentOptions for
options of its own; `bench` takes the per-task part, `TaskOptions`."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Optional

import typer

from verusagent import choices as defaults
from verusagent.agent.api import RunInputs
from verusagent.agent.config import AgentConfig, SessionLimits, TaskMode
from verusagent.agent.strategies import STRATEGIES
from verusagent.choices import FocusMode, ReviewMode, ToolProtocol
from verusagent.commands.exits import UsageError
from verusagent.commands.option_sets import (
    BudgetOptions,
    Json,
    Model,
    ModelOptions,
    NoCache,
    NoPrecheck,
    Package,
    RecordOptions,
    ReviewOptions,
    VerusOptions,
    Vstd,
)
from verusagent.context import SLICE_BUDGET_TOKENS


@dataclass(kw_only=True)
class ReviewModeOptions:
    """Whether the agent's review runs: a set of its own, so that `--help` lists it first of the review's."""

    review: Annotated[
        ReviewMode,
        typer.Option(
            "--review",
            help="off, on, shadow (review, never block: labels for calibrate) "
            "or auto (review when it is expected to save verus time).",
            rich_help_panel="Review",
        ),
    ] = ReviewMode.AUTO


@dataclass(kw_only=True)
class TaskOptions(ModelOptions, ReviewOptions, ReviewModeOptions, BudgetOptions, VerusOptions):
    """How one task is run: model settings, strategies, budgets, verus. `bench` takes these for every task."""

    samples: Annotated[
        int,
        typer.Option("--samples", "-k", min=1, max=16, help="Replies per strategy and round.", rich_help_panel="Model"),
    ] = defaults.DEFAULT_SAMPLES
    strategies: Annotated[
        int,
        typer.Option("--strategies", min=1, max=4, help="Strategies tried in parallel.", rich_help_panel="Agent mode"),
    ] = defaults.DEFAULT_STRATEGIES
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Rounds at most.", rich_help_panel="Budget")] = (
        defaults.DEFAULT_ROUNDS
    )
    temperature: Annotated[
        Optional[float],
        typer.Option(
            "--temperature",
            min=0.0,
            max=2.0,
            help=f"Default: {defaults.GREEDY_TEMPERATURE:g} for one sample, "
            f"{defaults.SAMPLING_TEMPERATURE:g} for more.",
            rich_help_panel="Model",
        ),
    ] = None
    max_verus_runs: Annotated[
        Optional[int],
        typer.Option("--max-verus-runs", min=0, help="Budget of fresh verus runs.", rich_help_panel="Budget"),
    ] = None
    context_budget: Annotated[
        Optional[int],
        typer.Option(
            "--context-budget",
            min=500,
            help="Tokens a large file's prompt may count (the model's tokenizer, else an o200k estimate): what "
            "the targets need is cut to it (spec bodies elided deepest first; the targets stay whole), and what "
            f"they do not need fills up to it. Default: {defaults.CONTEXT_CEILING_TOKENS:,}, of which what they do "
            f"not need fills at most {SLICE_BUDGET_TOKENS:,}.",
            rich_help_panel="Budget",
        ),
    ] = None
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="verus runs at once.", rich_help_panel="Verus")] = (
        defaults.DEFAULT_JOBS
    )
    focus: Annotated[
        FocusMode,
        typer.Option(
            "--focus",
            help="Screen candidates of large files by verus runs on the changed "
            "functions only (auto: when measured cheaper); acceptance is always whole-file.",
            rich_help_panel="Verus",
        ),
    ] = FocusMode.AUTO
    review_prior_seconds: Annotated[
        Optional[float],
        typer.Option(
            "--review-prior-seconds",
            min=0.0,
            help="auto: the seconds one candidate's "
            f"review is expected to take until reviews are measured (default {defaults.PRIOR_REVIEW_S:g}).",
            rich_help_panel="Review",
        ),
    ] = None
    review_prior_rate: Annotated[
        Optional[float],
        typer.Option(
            "--review-prior-rate",
            min=0.0,
            max=1.0,
            help="auto: the rejection rate expected until rejections are measured "
            f"(default {defaults.PRIOR_REJECTION_RATE:g}).",
            rich_help_panel="Review",
        ),
    ] = None

    strategy: Annotated[
        Optional[list[str]],
        typer.Option(
            "--strategy",
            help="A strategy by name (repeatable): invariants, "
            "assertions, lemmas, minimal, or agent (the model drives with tools); "
            "default: the first --strategies of the portfolio.",
            rich_help_panel="Agent mode",
        ),
    ] = None
    tool_protocol: Annotated[
        ToolProtocol,
        typer.Option(
            "--tool-protocol",
            help="Agent mode: the provider's tool calls (native), the "
            "documented text protocol (text), or native where litellm says the model has "
            "function calling (auto).",
            rich_help_panel="Agent mode",
        ),
    ] = ToolProtocol.AUTO
    session_tool_calls: Annotated[
        int,
        typer.Option(
            "--session-tool-calls", min=1, help="Agent mode: tool calls per session.", rich_help_panel="Agent mode"
        ),
    ] = defaults.DEFAULT_SESSION_TOOL_CALLS
    session_tokens: Annotated[
        Optional[int],
        typer.Option("--session-tokens", min=0, help="Agent mode: tokens per session.", rich_help_panel="Agent mode"),
    ] = None
    session_cost: Annotated[
        Optional[float],
        typer.Option("--session-cost", min=0.0, help="Agent mode: USD per session.", rich_help_panel="Agent mode"),
    ] = None
    session_verus_runs: Annotated[
        Optional[int],
        typer.Option(
            "--session-verus-runs",
            min=0,
            help="Agent mode: fresh verus runs per session.",
            rich_help_panel="Agent mode",
        ),
    ] = defaults.DEFAULT_SESSION_VERUS_RUNS
    session_time: Annotated[
        float,
        typer.Option(
            "--session-time", min=1.0, help="Agent mode: wall seconds per session.", rich_help_panel="Agent mode"
        ),
    ] = defaults.DEFAULT_SESSION_SECONDS
    vstd: Vstd = None
    no_precheck: NoPrecheck = False

    def to_config(self, mode: str, model: str | None = None, targets: list[str] | None = None) -> AgentConfig:
        """The run's config: the one conversion from options (UsageError: an unknown --strategy)."""
        temperature = self.temperature
        if temperature is None:
            temperature = defaults.GREEDY_TEMPERATURE if self.samples == 1 else defaults.SAMPLING_TEMPERATURE
        return AgentConfig(
            mode=TaskMode(mode),
            targets=list(targets or []),
            model_settings=self.model_settings(model=model or self.model or "", temperature=temperature),
            samples=self.samples,
            strategies=self.strategies,
            rounds=self.rounds,
            budget=self.budget(),
            max_verus_runs=self.max_verus_runs,
            context_tokens=self.context_budget,
            context_ceiling=defaults.CONTEXT_CEILING_TOKENS if self.context_budget is None else self.context_budget,
            jobs=self.jobs,
            run_options=self.run_options(),
            focus=self.focus,
            review=self.review_settings(
                mode=self.review,
                prior_review_s=self.review_prior_seconds,
                prior_rejection_rate=self.review_prior_rate,
            ),
            strategy_names=strategy_names(self.strategy),
            session=self.session_limits(),
            tool_protocol=self.tool_protocol,
            vstd=self.vstd,
            precheck=not self.no_precheck,
        )

    def session_limits(self) -> SessionLimits:
        return SessionLimits(
            max_tool_calls=self.session_tool_calls,
            max_tokens=self.session_tokens,
            max_cost_usd=self.session_cost,
            max_verus_runs=self.session_verus_runs,
            max_seconds=self.session_time,
        )


def strategy_names(names: list[str] | None) -> list[str]:
    unknown = [name for name in names or [] if name not in STRATEGIES]
    if unknown:
        raise UsageError(f"unknown --strategy {', '.join(unknown)}; the strategies are {', '.join(STRATEGIES)}")
    return list(dict.fromkeys(names or []))


@dataclass(kw_only=True)
class AgentOptions(TaskOptions, RecordOptions):
    """The options of prove, repair and synth: a task's options, and what to prove, where, with which model."""

    description: Annotated[
        Optional[Path],
        typer.Option(
            "--description",
            help="A file with the task statement in words (e.g. the "
            "algorithm to use, what is hard): the prompts show it.",
            rich_help_panel="Agent mode",
        ),
    ] = None
    fn: Annotated[
        Optional[list[str]],
        typer.Option(
            "--fn",
            help="A function to prove (repeatable); default: all of them. "
            "In a crate: net::send, Conn::open, or a unit id.",
            rich_help_panel="Output",
        ),
    ] = None
    package: Package = None
    model: Model = field()  # required: field() hides ModelOptions' default
    out: Annotated[
        Optional[Path],
        typer.Option("--out", help="Where to write the proof (default FILE.verified.rs).", rich_help_panel="Output"),
    ] = None
    in_place: Annotated[
        bool,
        typer.Option("--in-place", help="Overwrite FILE after writing a backup FILE.bak.", rich_help_panel="Output"),
    ] = False
    resume: Annotated[
        Optional[str],
        typer.Option("--resume", help="Continue a stopped run (id, id prefix, or folder).", rich_help_panel="Output"),
    ] = None
    no_cache: NoCache = False
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="Print the first round's prompts with token counts and estimated "
            "cost; no model, no verus, no run record (repair needs --log).",
            rich_help_panel="Output",
        ),
    ] = False
    as_json: Json = False

    def to_config(self, mode: str, model: str | None = None, targets: list[str] | None = None) -> AgentConfig:
        config = super().to_config(mode, model or self.model, self.fn if targets is None else targets)
        return config.model_copy(
            update={"use_cache": not self.no_cache, "description": read_description(self.description)}
        )

    def inputs(self, file: Path, log: Path | None = None) -> RunInputs:
        return RunInputs(
            file=file,
            log=log,
            package=self.package,
            out=self.out,
            in_place=self.in_place,
            resume=self.resume,
            verus=self.verus,
            dry_run=self.dry_run,
            runs_dir=self.runs_dir,
            as_json=self.as_json,
        )


def read_description(path: Path | None) -> str | None:
    """The task statement of `--description FILE`, as text (a task's words are UTF-8; other bytes replaced)."""
    if path is None:
        return None
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"cannot read the description {path}: {error.strerror or error}") from error
