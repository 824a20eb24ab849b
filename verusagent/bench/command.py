"""`verusagent bench SUITE` and `verusagent bench-report DIR`: the benchmark harness and its report.

Exit codes: bench 0 every selected task finished (whatever the results), 2 usage, 130 interrupted (finished
results are kept; `--resume` continues). bench-report: 0, 2 no bench folder.
"""

from pathlib import Path
from typing import Optional

import typer

from verusagent.bench.cli_run import report_from_cli, run_bench_from_cli
from verusagent.bench.options import BenchOptions
from verusagent.cli_app import app
from verusagent.commands.option_sets import Json
from verusagent.commands.options import with_options


@app.command()
@with_options(BenchOptions)
def bench(
    suite: Path = typer.Argument(
        ...,
        help="A Verus-Bench root (tasks.jsonl), a VeruSAGE-Bench folder or project, "
        "or a vericoding suite (folders of <task>/verus_spec.rs).",
    ),
    as_json: Json = False,
    *,
    options: BenchOptions,
) -> None:
    """Run verusagent over a benchmark suite: one agent run per task (agent options and budgets apply per task),
    in parallel, resumable."""

    raise typer.Exit(run_bench_from_cli(suite, options, as_json))


@app.command("bench-report")
def bench_report(
    folder: Path = typer.Argument(..., help="A bench folder (--out of `verusagent bench`)."),
    compare: Optional[Path] = typer.Option(None, "--compare", help="A second bench folder to put beside it (A/B)."),
    as_json: Json = False,
) -> None:
    """Rebuild summary.json, report.md and the plots from results.jsonl; --compare writes compare.md."""

    raise typer.Exit(report_from_cli(folder, compare, as_json))
