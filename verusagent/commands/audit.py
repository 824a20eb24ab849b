"""`verusagent audit RUN`: check a run record against its invariants.

Exit codes: 0 every invariant holds; 1 a breach (each broken invariant is printed with the events involved);
2 usage (no such run, or no readable events.jsonl).
"""

import typer

from verusagent.audit import audit_run
from verusagent.audit.render import render_text
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_BROKEN, EXIT_OK, EXIT_USAGE
from verusagent.commands.option_sets import Json, RecordOptions
from verusagent.commands.options import with_options
from verusagent.record import RunNotFound, resolve_run


@app.command()
@with_options(RecordOptions)
def audit(
    run: str = typer.Argument(..., help="A run id (or a unique prefix), a run folder, or 'latest'."),
    as_json: Json = False,
    *,
    options: RecordOptions,
) -> None:
    """Check a run record: monotone timestamps, verified and guarded acceptance, budgets, gate order, ..."""

    try:
        report = audit_run(resolve_run(run, options.runs_dir))
    except (RunNotFound, OSError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    typer.echo(report.model_dump_json(indent=2) if as_json else "\n".join(render_text(report)))
    raise typer.Exit(EXIT_OK if report.ok else EXIT_BROKEN)
