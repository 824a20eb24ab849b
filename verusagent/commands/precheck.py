"""`verusagent precheck FILE|CRATE`: the static pre-check alone. Exit 0 nothing found, 1 verus would reject it
(the findings, in verus's format), 2 usage (a missing or binary file, no crate there).

It reports only what it decides with certainty; "nothing found" is no verdict: verus decides the rest.
"""

from pathlib import Path

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_CLEAN, EXIT_REJECT, EXIT_USAGE
from verusagent.commands.option_sets import Json, Package, Verus, Vstd
from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError
from verusagent.crate.model import read_sources
from verusagent.crate.workspace import crate_name
from verusagent.lemmas import VstdNotFound, find_vstd
from verusagent.lens import parse_shared
from verusagent.precheck import PrecheckContext, crate_of, precheck_parsed, vstd_methods, vstd_names


@app.command()
def precheck(
    path: Path = typer.Argument(..., help="A Rust/Verus file, a crate folder or a Cargo.toml."),
    as_json: Json = False,
    vstd: Vstd = None,
    verus: Verus = None,
    package: Package = None,
) -> None:
    """Find what verus would reject before any verus pass: parse errors, int/nat in exec code, spec fns called from
    exec code, calls of functions that exist nowhere."""
    names, methods, problem = _vstd_names(vstd, verus)
    parsed, crate_name = _read(path, package)
    # a file alone may be one module of a larger crate: its globs of `crate::`/`super::` may bring in any name
    context = PrecheckContext(
        crate_name=crate_name or crate_of(path.name),
        vstd_names=names,
        vstd_methods=methods,
        vstd_problem=problem,
        whole_crate=crate_name is not None,
    )
    report = precheck_parsed(parsed, context)
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        typer.echo(_text(report, str(path)))
    raise typer.Exit(EXIT_CLEAN if report.clean else EXIT_REJECT)


def _vstd_names(vstd: Path | None, verus: str | None):
    """The vstd names and methods the name rules read, or the reason they are off."""
    try:
        source = find_vstd(vstd, verus)
    except VstdNotFound as error:
        if vstd is not None:
            _usage(str(error))
        return None, None, f"no vstd source ({error})"
    return vstd_names(source), vstd_methods(source), ""


def _read(path: Path, package: str | None) -> tuple[dict, str | None]:
    """The files by path with their models and token streams, and the crate's name (None for a file)."""
    if path.is_dir() or path.name == "Cargo.toml":
        return _read_crate(path, package)
    try:
        data = path.read_bytes()
    except OSError as error:
        _usage(f"cannot read {path}: {error.strerror or error}")
    if b"\x00" in data[:65536]:
        _usage(f"{path} is a binary file (it holds NUL bytes), not Rust source")
    return {path.name: parse_shared(data)}, None


def _read_crate(path: Path, package: str | None) -> tuple[dict, str]:
    try:
        layout = find_crate(path, package).layout
        sources = read_sources(layout)
    except CrateError as error:
        _usage(str(error))
    return {f.path: parse_shared(sources[f.path], module=f.module) for f in layout.files}, crate_name(layout)


def _text(report, where: str) -> str:
    lines = [report.rendered()] if report.findings else []
    lines += [f"note: the {rule} rule did not run: {why}" for rule, why in report.rules_off.items()]
    if report.findings:
        lines.append(f"verusagent precheck: {where}: {len(report.findings)} finding(s): verus would reject it")
    else:
        lines.append(f"verusagent precheck: {where}: nothing found (verus decides the rest)")
    return "\n".join(lines)


def _usage(message: str):
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)
