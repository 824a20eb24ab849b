"""`verusagent units FILE|CRATE`: print the lens's source model (a tree, or JSON with --json).

A `.rs` file gives that file's model (as always); a crate folder or a `Cargo.toml` gives every module file's
model with its module path, ids prefixed by it: `{"root": ..., "files": [{"path", "module", "model"}]}`.
"""

import json
from pathlib import Path

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_USAGE
from verusagent.commands.option_sets import Json, Package
from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError
from verusagent.crate.model import CrateModel
from verusagent.lens.parse import UnreadableSource, parse_file
from verusagent.lens.render import render_model


@app.command()
def units(
    file: Path = typer.Argument(..., help="A Rust/Verus source file, a crate folder or a Cargo.toml."),
    as_json: Json = False,
    package: Package = None,
) -> None:
    """List the functions, clauses, loops, calls, proof sites and escape hatches of a Verus file or crate."""
    if file.is_dir() or file.name == "Cargo.toml":
        _crate_units(file, package, as_json)
        return

    try:
        model = parse_file(file)
    except UnreadableSource as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    if as_json:
        typer.echo(model.model_dump_json(indent=2, exclude={"text", "data"}))
        return

    render_model(model, str(file))


def _crate_units(path: Path, package: str | None, as_json: bool) -> None:
    try:
        model = CrateModel.read(find_crate(path, package).layout)
    except CrateError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    if as_json:
        typer.echo(json.dumps(model.units_json(), indent=2))
        return

    typer.echo(model.layout.describe())
    if "build.rs" in model.layout.build_files:
        typer.echo("outside-file read: build.rs runs before verification and may generate code the crate includes")
    for problem in model.layout.problems:
        typer.echo(f"problem: {problem}")
    for path_in_crate, file_model in model.models.items():
        module = model.layout.module_of(path_in_crate)
        render_model(file_model, f"{path_in_crate} (module {module or 'crate root'})")
