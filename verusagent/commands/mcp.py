"""`verusagent mcp [PATH]`: the guard, the pre-check, verus and the acceptance as a Model Context Protocol server
(stdio) for a coding agent or an editor, over one file or crate fixed at start (verusagent.mcp, docs/mcp.md).
Exit 2 when PATH is no file or crate or the `mcp` extra is not installed."""

from pathlib import Path

import typer

from verusagent.choices import DEFAULT_RUNS_DIR, DEFAULT_TIMEOUT_S
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_USAGE


@app.command()
def mcp(
    path: Path = typer.Argument(Path("."), help="The file, crate folder or Cargo.toml the server works on."),
    verus: str | None = typer.Option(None, "--verus", help="The verus binary (else $VERUS_PATH, else PATH)."),
    vstd: Path | None = typer.Option(None, "--vstd", help="The vstd source for lemmas and the pre-check."),
    timeout: float = typer.Option(DEFAULT_TIMEOUT_S, "--timeout", min=1.0, help="Seconds one verus run may take."),
    runs_dir: Path = typer.Option(DEFAULT_RUNS_DIR, "--runs-dir", help="Where each accept is recorded as a run."),
) -> None:
    """Serve the guard, pre-check, verus and acceptance to an MCP client over stdio (the tree is PATH)."""
    try:
        from verusagent.mcp.server import serve
    except ImportError as error:
        typer.echo(f"error: the MCP server needs the `mcp` extra: pip install 'verusagent[mcp]' ({error})", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    from verusagent.mcp.tools import Workbench
    from verusagent.mcp.tree import ToolError, Tree

    try:
        tree = Tree.open(path)
    except ToolError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    serve(Workbench(tree, verus=verus, vstd_path=vstd, timeout_s=timeout, runs_dir=runs_dir.resolve()))
