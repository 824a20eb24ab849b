"""`verusagent verify CRATE`: verus on a whole crate (`cargo verus verify` where there is a Cargo.toml and a
cargo-verus, else `verus ROOT` on a scratch copy), its diagnostics grouped by file and function."""

import json
from pathlib import Path
from typing import NoReturn

import typer
from rich.text import Text

from verusagent.commands.exits import EXIT_NOT_VERIFIED, EXIT_TOOL_FAILURE, EXIT_USAGE, EXIT_VERIFIED
from verusagent.console import make_console
from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError
from verusagent.crate.model import CrateModel, read_sources
from verusagent.crate.units import map_crate_units
from verusagent.crate.workspace import crate_sources
from verusagent.verus import run_verus
from verusagent.verus.cargo import find_cargo_verus, identity
from verusagent.verus.models import Verdict
from verusagent.verus.report import Report, result_json
from verusagent.verus.sources import tree_digest


def crate_of(path: Path, package: str | None):
    """The crate layout for `verify PATH`, or None for a single `.rs` file (verified alone, as always)."""
    try:
        layout = find_crate(path, package).layout
    except CrateError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    return None if layout.is_single_file and not path.is_dir() else layout


def verify_crate(layout, install, options, function: str | None, as_json: bool) -> NoReturn:
    try:
        files = read_sources(layout)
        model = CrateModel(layout, files)
        if function:
            options = options.model_copy(update=model.verify_scope(function))
    except CrateError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    cargo = find_cargo_verus(install.path) if layout.manifest else None
    digest = tree_digest(layout.tree) if layout.tree is not None else ""
    result = run_verus(
        install, crate_sources(layout, files, digest, cargo, identity(cargo) if cargo else ""), options=options
    )
    diagnostics = map_crate_units(result.diagnostics, model.models, result.file_name)
    groups = _groups(diagnostics)
    runner = f"cargo verus ({cargo})" if cargo else f"verus {layout.root}"
    if as_json:
        typer.echo(json.dumps(_json(result, groups, layout, runner), indent=2))
    else:
        _print(result, install.describe(), layout, runner, groups, model)
    raise typer.Exit(verdict_exit_code(result.verdict, partial_allowed=function is not None))


def _groups(diagnostics) -> dict[tuple[str, str], list]:
    groups: dict[tuple[str, str], list] = {}
    for diagnostic in diagnostics:
        place = diagnostic.location.file if diagnostic.location and diagnostic.location.file else "(no file)"
        unit = (diagnostic.unit_id or "(outside any function)").split("/")[0]
        groups.setdefault((place, unit), []).append(diagnostic)
    return groups


def _json(result, groups, layout, runner: str) -> dict:
    data = result_json(result, {})
    data["crate"] = {
        "folder": str(layout.folder),
        "root": layout.root,
        "package": layout.package,
        "files": layout.paths,
        "runner": runner,
    }
    data["groups"] = [
        {"file": place, "function": unit, "diagnostics": [d.model_dump(mode="json") for d in items]}
        for (place, unit), items in groups.items()
    ]
    return data


def _print(result, describe: str, layout, runner: str, groups, model) -> None:
    console = make_console(highlight=False, soft_wrap=True)
    console.print(describe, markup=False)
    console.print(f"crate: {layout.describe()}; ran `{runner}` on a scratch copy", markup=False)
    counts = f"({result.verified if result.verified is not None else '?'} verified, "
    counts += f"{result.errors if result.errors is not None else '?'} errors, {result.duration_s:.1f} s"
    counts += ", from the cache)" if result.from_cache else ")"
    header = Report(console, None, None)
    header.header(str(layout.folder), result.verdict, result.partial, counts, result.is_standin)
    header.reasons(result.reasons, result.warnings)
    for (place, unit), diagnostics in groups.items():
        report = Report(console, model.models.get(place), place)
        console.print()
        console.print(Text(f"{place}: {unit}", style="bold underline"))
        for diagnostic in diagnostics:
            report.diagnostic(diagnostic)
    for panic in result.panics:
        console.print(f"panic: {panic}", markup=False)


def verdict_exit_code(verdict: Verdict | None, partial_allowed: bool) -> int:
    """`verify` and `diagnose`: 0 verified (a `--verify-function` run: its function), 3 verus failed or timed out,
    else 1."""
    if verdict == Verdict.VERIFIED or (partial_allowed and verdict == Verdict.VERIFIED_PARTIAL):
        return EXIT_VERIFIED
    if verdict in (Verdict.TOOL_FAILURE, Verdict.TIMEOUT):
        return EXIT_TOOL_FAILURE
    return EXIT_NOT_VERIFIED
