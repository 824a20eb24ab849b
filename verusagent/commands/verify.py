"""`verusagent verify FILE|CRATE` runs verus; `verusagent diagnose LOG` reads a saved verus output. Both print the
diagnostics grouped by function with code excerpts, or JSON with --json. A crate (a folder, a Cargo.toml, or a
file of a crate's module tree) is verified whole (verusagent.commands.verify_crate).

Exit codes: 0 verified (for `verify --fn`, the focused function verified: a partial check); 1 not verified;
2 usage (bad arguments, unreadable file); 3 tool failure (verus missing, crashing, hanging, garbage output).
"""

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from verusagent import choices as defaults
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_TOOL_FAILURE, EXIT_USAGE
from verusagent.commands.option_sets import Json, Package, VerusOptions
from verusagent.commands.options import with_options
from verusagent.commands.verify_crate import crate_of, verdict_exit_code, verify_crate
from verusagent.console import make_console
from verusagent.crate.model import CrateError, CrateModel
from verusagent.lens import parse
from verusagent.lens.model import SourceModel
from verusagent.source_file import UnusableSource, binary_message, is_binary, read_source_bytes
from verusagent.verus import VerusNotFound, VerusUnusable, find_verus, map_to_units, parse_log, run_verus
from verusagent.verus.report import Report, group_by_function, parsed_json, result_json


@dataclass(kw_only=True)
class VerifyOptions(VerusOptions):
    """Which verus runs, for how long, and how it searches: the SMT limit, the errors, the cache."""

    rlimit: Annotated[
        str, typer.Option("--rlimit", help="SMT resource limit (a number or 'infinity').", rich_help_panel="Verus")
    ] = str(defaults.DEFAULT_RLIMIT)
    multiple_errors: Annotated[
        int,
        typer.Option(
            "--multiple-errors", min=0, help="Extra errors to look for per function.", rich_help_panel="Verus"
        ),
    ] = defaults.DEFAULT_MULTIPLE_ERRORS
    no_cheating: Annotated[
        bool, typer.Option("--no-cheating", help="Reject assume/admit/external_body.", rich_help_panel="Verus")
    ] = False
    no_cache: Annotated[  # no model here: the agent's --no-cache (option_sets.NoCache) speaks of its replies too
        bool, typer.Option("--no-cache", help="Run verus even if the result is cached.", rich_help_panel="Verus")
    ] = False


@app.command()
@with_options(VerifyOptions)
def verify(
    file: Path = typer.Argument(..., help="The Verus file, crate folder or Cargo.toml to verify."),
    as_json: Json = False,
    function: str | None = typer.Option(
        None, "--fn", help="Verify only this function (a partial run): a name, `Type::name`, `m::name` or a unit id."
    ),
    module: str | None = typer.Option(None, "--module", help="With --fn: the module holding it (`m` for `mod m`)."),
    package: Package = None,
    *,
    options: VerifyOptions,
) -> None:
    """Run verus on FILE (or a whole crate) and print its diagnostics grouped by function."""

    crate = crate_of(file, package) if file.exists() else None
    data = _read(file) if crate is None else b""
    rlimit_value = _rlimit(options.rlimit)  # a bad option is a usage error before verus is looked for
    model = _model(data) if crate is None else None
    scope = _file_scope(model, file.name, function, module) if model is not None and function else {}
    try:
        install = find_verus(options.verus)
    except (VerusNotFound, VerusUnusable) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_TOOL_FAILURE) from error
    run_options = options.run_options(
        rlimit=rlimit_value,
        multiple_errors=options.multiple_errors,
        no_cheating=options.no_cheating,
        use_cache=not options.no_cache,
        file_name=file.name,
        **scope,
    )
    if crate is not None:
        verify_crate(crate, install, run_options, function, as_json)
    assert model is not None  # a single file has its model
    result = run_verus(install, data, options=run_options)
    diagnostics = map_to_units(result.diagnostics, model, result.file_name)
    groups = group_by_function(diagnostics, model, result.file_name)
    if as_json:
        typer.echo(json.dumps(result_json(result, groups), indent=2))
    else:
        _print_result(result, install.describe(), file, groups, model)
    raise typer.Exit(verdict_exit_code(result.verdict, partial_allowed=function is not None))


@app.command()
def diagnose(
    log: str = typer.Argument(..., help="A saved verus output (stdout, stderr or both), or '-' for stdin."),
    as_json: Json = False,
    source: Path | None = typer.Option(None, "--source", help="The verified file, for excerpts and grouping."),
) -> None:
    """Read a saved verus output (JSON or text) and print its diagnostics grouped by function, without verus."""

    text = _read_stdin() if log == "-" else _read(Path(log), "a verus output").decode("utf-8", errors="replace")
    parsed = parse_log(text)
    model = _model(_read(source)) if source else None
    main_file = source.name if source else None
    diagnostics = map_to_units(parsed.diagnostics, model, main_file) if model else parsed.diagnostics
    groups = group_by_function(diagnostics, model, main_file)
    if as_json:
        typer.echo(json.dumps(parsed_json(parsed, groups), indent=2))
    else:
        _print_parsed(parsed, log, groups, model, main_file)
    raise typer.Exit(verdict_exit_code(parsed.verdict, partial_allowed=False))


def _read(path: Path, what: str = "Rust source") -> bytes:

    try:
        return read_source_bytes(path, what)
    except UnusableSource as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error


def _read_stdin() -> str:

    data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    if is_binary(data):
        typer.echo(f"error: {binary_message('standard input', 'a verus output')}", err=True)
        raise typer.Exit(EXIT_USAGE)
    return data.decode("utf-8", errors="replace")


def _rlimit(text: str) -> float | str:
    if text == "infinity":
        return text
    try:
        value = float(text)
    except ValueError as error:
        raise typer.BadParameter(f"--rlimit takes a number or 'infinity', not {text!r}") from error
    if not value > 0:
        raise typer.BadParameter(f"--rlimit must be positive, not {text}")
    return value


def _model(data: bytes) -> "SourceModel":

    return parse(data)


def _file_scope(model: "SourceModel", file_name: str, function: str, module: str | None) -> dict:
    """`--fn` in a single file, resolved as in a crate: a unit id or a name (`send`, `Conn::open`, `m::send`,
    with `--module m` the same as `m::send`) to verus's `--verify-function` name relative to its module, and
    `--verify-only-module m` for a function inside `mod m`. An unknown or ambiguous name is a usage error."""

    wanted = function if not module or function.startswith("fn:") else f"{module}::{function}"
    try:
        return CrateModel.of_file(file_name, model).verify_scope(wanted)
    except CrateError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error


def _print_result(result, describe: str, file: Path, groups, model) -> None:

    report = Report(make_console(highlight=False), model, result.file_name)
    counts = f"{result.verified if result.verified is not None else '?'} verified, "
    counts += f"{result.errors if result.errors is not None else '?'} errors, {result.duration_s:.1f} s"
    counts += ", from the cache" if result.from_cache else ""
    report.console.print(describe, highlight=False, markup=False)
    report.header(str(file), result.verdict, result.partial, f"({counts})", result.is_standin)
    report.reasons(result.reasons, result.warnings)
    report.groups(groups)
    for panic in result.panics:
        report.console.print(f"panic: {panic}", highlight=False, markup=False)


def _print_parsed(parsed, log: str, groups, model, main_file: str | None) -> None:

    report = Report(make_console(highlight=False), model, main_file)
    summary = parsed.summary
    counts = f"({summary.verified} verified, {summary.errors} errors)" if summary else "(no results in the log)"
    report.header(log, parsed.verdict, parsed.partial, counts, parsed.standin_detected)
    report.reasons(parsed.reasons, [])
    report.groups(groups)
    for panic in parsed.panics:
        report.console.print(f"panic: {panic}", highlight=False, markup=False)
