"""`verusagent check ORIGINAL CANDIDATE`: the guard's verdict on a candidate. Exit 0 clean, 1 violations, 2 usage.

Two `.rs` files are compared as files; two crate folders (or `Cargo.toml`s) file by file, with the crate's rules
(modules, moved functions, build files); a file and a folder together is a usage error."""

from pathlib import Path

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_CLEAN, EXIT_USAGE, EXIT_VIOLATIONS
from verusagent.commands.option_sets import GuardOptions, Json, Package
from verusagent.commands.options import with_options
from verusagent.crate.layout import CrateError
from verusagent.guard import guard
from verusagent.guard.crate import compare_folders, render_crate_report
from verusagent.guard.render import render_report
from verusagent.source_file import UnusableSource, read_source_bytes


@app.command()
@with_options(GuardOptions)
def check(
    original: Path = typer.Argument(..., help="The problem as given: specs and exec code (a file or a crate folder)."),
    candidate: Path = typer.Argument(..., help="The proposed file or crate folder (e.g. with a proof added)."),
    as_json: Json = False,
    package: Package = None,
    *,
    options: GuardOptions,
) -> None:
    """Check that CANDIDATE only adds proof to ORIGINAL: no escape hatch, spec or exec change, no outside read."""

    policy = options.policy()
    if _is_crate(original) or _is_crate(candidate):
        _check_crates(original, candidate, package, policy, as_json)
    texts = [_read(original), _read(candidate)]
    report = guard(texts[0], texts[1], policy)
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        typer.echo(render_report(report, str(candidate), against=str(original)))
    raise typer.Exit(EXIT_CLEAN if report.clean else EXIT_VIOLATIONS)


def _is_crate(path: Path) -> bool:
    return path.is_dir() or path.name == "Cargo.toml"


def _check_crates(original: Path, candidate: Path, package: str | None, policy, as_json: bool) -> None:

    if not (_is_crate(original) and _is_crate(candidate)):
        folder, file = (original, candidate) if _is_crate(original) else (candidate, original)
        typer.echo(
            f"error: {folder} is a crate and {file} is a file: compare two .rs files, or two crate folders", err=True
        )
        raise typer.Exit(EXIT_USAGE)
    try:
        report = compare_folders(original, candidate, package, policy)
    except CrateError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        typer.echo(render_crate_report(report, str(candidate), against=str(original)))
    raise typer.Exit(EXIT_CLEAN if report.clean else EXIT_VIOLATIONS)


def _read(path: Path) -> bytes:

    try:
        return read_source_bytes(path)
    except UnusableSource as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
