"""`verusagent bench`'s options: its own (the suite's selection, the workers, the folder) beside every task's agent
options, which it inherits (TaskOptions: the budgets are per task)."""

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from verusagent.choices import DEFAULT_TASK_TIMEOUT_S
from verusagent.commands.agent_options import TaskOptions

PANEL = "Bench"


@dataclass(kw_only=True)
class BenchOptions(TaskOptions):
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="The bench folder: results.jsonl, runs/, summary.json, report.md.", rich_help_panel=PANEL
        ),
    ]
    oracle: Annotated[
        bool,
        typer.Option(
            "--oracle",
            help="The scripted model answers with the ground truth (no --model). Without --verus the verus stand-in "
            "answers.",
            rich_help_panel=PANEL,
        ),
    ] = False
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            help="prove | repair | synth [default: synth for a vericoding suite (folders of verus_spec.rs), "
            "else prove].",
            rich_help_panel=PANEL,
        ),
    ] = None
    tasks: Annotated[
        str | None,
        typer.Option("--tasks", help="Only task ids matching this glob, e.g. 'vest/*'.", rich_help_panel=PANEL),
    ] = None
    limit: Annotated[
        int | None,
        typer.Option("--limit", min=0, help="The first N selected tasks (sorted by id).", rich_help_panel=PANEL),
    ] = None
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Tasks at once (default: the cores, or the Ray cluster's CPUs).",
            rich_help_panel=PANEL,
        ),
    ] = None
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="Run on Ray: auto (a local Ray) or a cluster address.", rich_help_panel=PANEL),
    ] = None
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the bench in --out: finished tasks are kept.", rich_help_panel=PANEL),
    ] = False
    task_timeout: Annotated[
        float,
        typer.Option("--task-timeout", min=1.0, help="Wall-clock seconds per task.", rich_help_panel=PANEL),
    ] = DEFAULT_TASK_TIMEOUT_S
    max_total_cost: Annotated[
        float | None,
        typer.Option(
            "--max-total-cost",
            min=0.0,
            help="USD for the whole run: no task starts once it is spent.",
            rich_help_panel=PANEL,
        ),
    ] = None
