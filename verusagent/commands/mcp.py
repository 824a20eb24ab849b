"""`verusagent mcp [PATH]`: the guard, the pre-check, verus and the acceptance as a Model Context Protocol server
(stdio) for a coding agent or an editor, over one file or crate fixed at start (verusagent.mcp, docs/mcp.md).
Exit 2 when PATH is no file or crate or the `mcp` extra is not installed."""

from dataclasses import dataclass
from pathlib import Path

import typer

from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_USAGE
from verusagent.commands.option_sets import RecordOptions, VerusOptions, Vstd
from verusagent.commands.options import with_options
from verusagent.mcp.tools import Workbench
from verusagent.mcp.tree import ToolError, Tree


@dataclass(kw_only=True)
class McpOptions(VerusOptions, RecordOptions):
    """Which verus the server runs, for how long, and where each accept is recorded as a run."""

    vstd: Vstd = None


@app.command()
@with_options(McpOptions)
def mcp(
    path: Path = typer.Argument(Path("."), help="The file, crate folder or Cargo.toml the server works on."),
    *,
    options: McpOptions,
) -> None:
    """Serve the guard, pre-check, verus and acceptance to an MCP client over stdio (the tree is PATH)."""
    try:
        from verusagent.mcp.server import serve
    except ImportError as error:
        typer.echo(f"error: the MCP server needs the `mcp` extra: pip install 'verusagent[mcp]' ({error})", err=True)
        raise typer.Exit(EXIT_USAGE) from error

    try:
        tree = Tree.open(path)
    except ToolError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_USAGE) from error
    runs_dir = options.runs_dir.resolve()
    serve(
        Workbench(
            tree, verus=options.verus, vstd_path=options.vstd, run_options=options.run_options(), runs_dir=runs_dir
        )
    )
