"""`verusagent units FILE`: print the lens's source model (a tree, or JSON with --json)."""

from pathlib import Path

import typer

from verusagent.cli_app import app


@app.command()
def units(
    file: Path = typer.Argument(..., help="A Rust/Verus source file."),
    as_json: bool = typer.Option(False, "--json", help="Print the model as JSON."),
) -> None:
    """List the functions, clauses, loops, calls, proof sites and escape hatches of a Verus file."""
    from verusagent.lens.parse import UnreadableSource, parse_file

    try:
        model = parse_file(file)
    except UnreadableSource as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from error
    if as_json:
        typer.echo(model.model_dump_json(indent=2, exclude={"text", "data"}))
        return
    from verusagent.lens.render import render_model

    render_model(model, str(file))
