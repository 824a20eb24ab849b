"""`verusagent gate [--base REV] [PATHS...]`: the guard over every changed `.rs` file, for CI and pre-commit.

Exit 0 when every file is clean, 1 on a violation, 2 on a usage or git error.
"""

from enum import StrEnum
from pathlib import Path

import typer

from verusagent.cli_app import app

EXIT_CLEAN, EXIT_VIOLATIONS, EXIT_USAGE = 0, 1, 2


class GateFormat(StrEnum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"


@app.command()
def gate(
    paths: list[str] = typer.Argument(None, help="Limit the check to these files or folders (pre-commit passes them)."),
    base: str | None = typer.Option(
        None, "--base", help="Compare with this revision [default: the merge base with the default branch, else HEAD]."
    ),
    output_format: GateFormat = typer.Option(GateFormat.TEXT, "--format", help="text, json, sarif or github."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write the report to this file instead of stdout."),
    allow_exec_changes: bool = typer.Option(False, "--allow-exec-changes", help="Exec bodies may change."),
) -> None:
    """Run the guard on every .rs file changed between REV and the working tree (new files: escape hatches only)."""
    from verusagent.gate import GitError, run_gate
    from verusagent.guard import GuardPolicy

    try:
        result = run_gate(base, paths or [], Path.cwd(), GuardPolicy(allow_exec_changes=allow_exec_changes))
    except GitError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    _emit(_render(result, output_format), output)
    raise typer.Exit(EXIT_CLEAN if result.clean else EXIT_VIOLATIONS)


def _render(result, output_format: GateFormat) -> str:
    from verusagent.gate import formats, sarif

    renderers = {
        GateFormat.TEXT: formats.to_text,
        GateFormat.JSON: formats.to_json,
        GateFormat.SARIF: sarif.to_sarif,
        GateFormat.GITHUB: formats.to_github,
    }
    return renderers[output_format](result)


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        typer.echo(f"error: cannot write {output}: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
