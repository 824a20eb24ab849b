"""`verusagent show RUN`: a run record as a readable timeline (or its events as JSON with --json).

Exit codes: 0 shown (a record with unreadable lines is shown with its problems listed); 2 usage: no such run
(like `audit`), or its folder cannot be read.
"""

import json
from typing import Any

import typer

from verusagent.cli_app import app
from verusagent.commands.option_sets import Json, RecordOptions
from verusagent.commands.options import with_options
from verusagent.record import RunNotFound, read_run, resolve_run
from verusagent.record.reader import RunLog
from verusagent.record.timeline import timeline

EXIT_SHOWN, EXIT_USAGE = 0, 2


@app.command()
@with_options(RecordOptions)
def show(
    run: str = typer.Argument(..., help="A run id (or a unique prefix), a run folder, or 'latest'."),
    as_json: Json = False,
    full: bool = typer.Option(False, "--full", help="Print agent-mode tool results and model texts whole."),
    *,
    options: RecordOptions,
) -> None:
    """Print the timeline of a run: model calls, candidates, guard and review reports, verus runs, verdict."""

    try:
        folder = resolve_run(run, options.runs_dir)
        log = read_run(folder)
    except (RunNotFound, OSError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    if as_json:
        typer.echo(json.dumps(_as_json(log), indent=2))
        return
    typer.echo(f"run folder: {folder}")
    for line in timeline(log, full=full):
        typer.echo(line)


def _as_json(log: "RunLog") -> dict[str, Any]:
    return {
        "folder": str(log.folder),
        "events": [e.model_dump(mode="json") for e in log.events],
        "problems": [p.model_dump() for p in log.problems],
        "truncated_tail": log.truncated_tail,
        "result": log.result.model_dump(mode="json") if log.result else None,
    }
