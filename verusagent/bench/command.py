"""`verusagent bench SUITE` and `verusagent bench-report DIR`: the benchmark harness and its report.

Exit codes: bench 0 every selected task finished (whatever the results), 2 usage, 130 interrupted (finished
results are kept; `--resume` continues). bench-report: 0, 2 no bench folder.
"""

from pathlib import Path
from typing import Optional

import typer

from verusagent.bench.cli_run import report_from_cli, run_bench_from_cli
from verusagent.cli_app import app
from verusagent.commands.agent_options import TaskOptions
from verusagent.commands.option_sets import Json
from verusagent.commands.options import with_options


@app.command()
@with_options(TaskOptions)
def bench(
    suite: Path = typer.Argument(
        ...,
        help="A Verus-Bench root (tasks.jsonl), a VeruSAGE-Bench folder or project, "
        "or a vericoding suite (folders of <task>/verus_spec.rs).",
    ),
    out: Path = typer.Option(..., "--out", help="The bench folder: results.jsonl, runs/, summary.json, report.md."),
    oracle: bool = typer.Option(
        False,
        "--oracle",
        help="The scripted model answers with the ground truth (no --model). Without --verus the verus stand-in "
        "answers.",
    ),
    mode: Optional[str] = typer.Option(
        None,
        "--mode",
        help="prove | repair | synth [default: synth for a vericoding suite (folders of verus_spec.rs), else prove].",
    ),
    tasks: Optional[str] = typer.Option(None, "--tasks", help="Only task ids matching this glob, e.g. 'vest/*'."),
    limit: Optional[int] = typer.Option(None, "--limit", min=0, help="The first N selected tasks (sorted by id)."),
    workers: Optional[int] = typer.Option(
        None, "--workers", min=1, help="Tasks at once (default: the cores, or the Ray cluster's CPUs)."
    ),
    ray: Optional[str] = typer.Option(None, "--ray", help="Run on Ray: auto (a local Ray) or a cluster address."),
    resume: bool = typer.Option(False, "--resume", help="Continue the bench in --out: finished tasks are kept."),
    task_timeout: float = typer.Option(3600.0, "--task-timeout", min=1.0, help="Wall-clock seconds per task."),
    max_total_cost: Optional[float] = typer.Option(
        None, "--max-total-cost", min=0.0, help="USD for the whole run: no task starts once it is spent."
    ),
    as_json: Json = False,
    *,
    options: TaskOptions,
) -> None:
    """Run verusagent over a benchmark suite: one agent run per task (agent options and budgets apply per task),
    in parallel, resumable."""

    own = {name: value for name, value in locals().items() if name != "options"}
    raise typer.Exit(run_bench_from_cli(own, options))


@app.command("bench-report")
def bench_report(
    folder: Path = typer.Argument(..., help="A bench folder (--out of `verusagent bench`)."),
    compare: Optional[Path] = typer.Option(None, "--compare", help="A second bench folder to put beside it (A/B)."),
    as_json: Json = False,
) -> None:
    """Rebuild summary.json, report.md and the plots from results.jsonl; --compare writes compare.md."""

    raise typer.Exit(report_from_cli(folder, compare, as_json))
