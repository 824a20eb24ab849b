"""The agent commands over the run API (`verusagent.agent.api`): the options made a config, the API plans and runs,
this prints; every stop has its exit code. The command converts its options once (`AgentOptions.to_config`)."""

import sys
from pathlib import Path

from rich.console import Console

from verusagent.agent.api import PlanError, RunInputs, plan, preview, run
from verusagent.agent.config import AgentConfig
from verusagent.agent.outcome import RunOutcome
from verusagent.commands.agent_options import AgentOptions
from verusagent.commands.dry_run import dry_run, print_dry_run
from verusagent.commands.exits import (
    EXIT_INTERRUPTED,
    EXIT_MODEL_UNUSABLE,
    EXIT_PARTIAL,
    EXIT_USAGE,
    EXIT_VERIFIED,
    EXIT_VERUS,
    UsageError,
)
from verusagent.commands.progress import Reporter
from verusagent.commands.summary import print_outcome
from verusagent.console import make_console
from verusagent.llm.health import MODEL_STOP_REASONS
from verusagent.llm.preflight import ModelUnusable
from verusagent.verus import VerusNotFound, VerusUnusable

# What stops a run before (or, Ctrl-C, during) it: each printed as one line, with its exit code (`stop_code`).
STOPS = (UsageError, PlanError, VerusNotFound, VerusUnusable, ModelUnusable, KeyboardInterrupt)


def run_command(mode: str, options: AgentOptions, file: Path, log: Path | None = None) -> int:
    """`verusagent prove|repair|synth FILE`: the options made the run's config, then the run."""
    console = make_console(stderr=True)
    try:
        config = options.to_config(mode)
    except UsageError as error:
        return stop_code(console, error)
    return run_from_cli(config, options.inputs(file, log), console)


def run_from_cli(config: AgentConfig, inputs: RunInputs, console: Console) -> int:
    try:
        if inputs.dry_run:
            print_dry_run(dry_run(*preview(inputs, config)), inputs.as_json)
            return EXIT_VERIFIED
        outcome = run_planned(config, inputs, console)
    except STOPS as error:
        return stop_code(console, error)
    print_outcome(outcome, inputs.as_json, make_console(file=sys.stdout))
    return outcome_code(outcome)


def run_planned(config: AgentConfig, inputs: RunInputs, console: Console) -> RunOutcome:
    """Plan, then run with the run's progress on `console` (none with --json); raises what STOPS lists."""
    decided = plan(inputs, config)
    reporter = Reporter(console, quiet=inputs.as_json)
    try:
        return run(decided, reporter)
    finally:
        reporter.close()


def outcome_code(outcome: RunOutcome) -> int:
    """`prove`, `repair`, `synth`: 0 verified, 3 the model could not be used (the run's stop reason says why), else
    1 (partial)."""
    if outcome.verdict == "verified":
        return EXIT_VERIFIED
    return EXIT_MODEL_UNUSABLE if outcome.stopped_reason in MODEL_STOP_REASONS else EXIT_PARTIAL


def stop_code(console: Console, error: BaseException) -> int:
    """A stop of STOPS, told on `console` as one line: its exit code."""
    if isinstance(error, KeyboardInterrupt):
        console.print("interrupted: the run record is complete up to here; continue with --resume RUN")
        return EXIT_INTERRUPTED
    console.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
    if isinstance(error, VerusNotFound | VerusUnusable):
        return EXIT_VERUS
    return error.exit_code if isinstance(error, ModelUnusable) else EXIT_USAGE
