"""`verusagent mcp`: the tools of verusagent.mcp.tools served over the Model Context Protocol (stdio), with the
official SDK's FastMCP. A bad request (a path outside the root, an unknown function, malformed arguments) is a
tool error the client reads; the server keeps serving. No model is called here: litellm is never imported."""

import json
from functools import partial
from typing import Annotated, Any

import anyio.to_thread
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError as McpToolError
from pydantic import Field

from verusagent.choices import DEFAULT_LEMMA_LIMIT
from verusagent.mcp import tools
from verusagent.mcp.accept import accept
from verusagent.mcp.results import (
    AcceptResult,
    CheckResult,
    ContextResult,
    LemmaResult,
    PrecheckResult,
    Unit,
    VerifyResult,
)
from verusagent.mcp.specs import original_specs
from verusagent.mcp.tree import ToolError
from verusagent.prompt import mcp_instructions
from verusagent.record.reader import read_run

FilePath = Annotated[str | None, Field(description="a file of the root, relative to its folder; omitted: the root")]


def build_server(bench: tools.Workbench) -> FastMCP:
    server = FastMCP("verusagent", instructions=mcp_instructions(), log_level="WARNING")
    _register_tools(server, bench)
    _register_resources(server, bench)
    return server


async def _call(function: Any, *args: Any) -> Any:
    """Run a tool in a worker thread (verus takes minutes: the session keeps reading meanwhile); a bad request
    becomes the SDK's tool error, which the client gets as an error result."""
    try:
        return await anyio.to_thread.run_sync(partial(function, *args))
    except ToolError as error:
        raise McpToolError(str(error)) from error


def _register_tools(server: FastMCP, bench: tools.Workbench) -> None:
    @server.tool()
    async def check() -> CheckResult:
        """The guard on the tree as it is now, against the original: each violation with its rule, place and
        what to write instead. A clean result is no proof: verus decides."""
        return await _call(tools.check, bench)

    @server.tool()
    async def verify(
        function: Annotated[
            str | None, Field(description="one function (name, Type::name, m::name or unit id)")
        ] = None,
    ) -> VerifyResult:
        """verus on the tree as it is now, diagnostics grouped by function; with `function` a focused, partial
        run. Never an acceptance: call `accept` for that."""
        return await _call(tools.verify, bench, function)

    @server.tool(name="accept")
    async def accept_tree() -> AcceptResult:
        """The acceptance: the files read once, the guard, the pre-check and one whole fresh verus run on exactly
        those bytes; `verified` only when all pass. Recorded as a run (`verusagent show`, `verusagent audit`)."""
        return await _call(accept, bench)

    @server.tool()
    async def precheck(path: FilePath = None) -> PrecheckResult:
        """What verus's front end would reject, found without verus (parse errors, modes, unknown names),
        in verus's words. Nothing found is no verdict."""
        return await _call(tools.precheck, bench, path)

    @server.tool()
    async def diagnose(text: Annotated[str, Field(description="a saved verus output (JSON or text)")]) -> VerifyResult:
        """Read a saved verus output without running verus."""
        return await _call(tools.diagnose, text)

    @server.tool()
    async def units(path: FilePath = None) -> list[Unit]:
        """The functions of the tree (or of one file) with their loops and calls, by the ids verify uses."""
        return await _call(tools.units, bench, path)

    @server.tool()
    async def lemmas(
        query: Annotated[str, Field(description="words or an expression, e.g. s.take(n).len() == n")],
        limit: Annotated[int, Field(ge=1, le=100)] = DEFAULT_LEMMA_LIMIT,
    ) -> list[LemmaResult]:
        """vstd lemmas ranked for the query's identifier words (the vstd beside verus, or the server's --vstd)."""
        return await _call(tools.lemmas, bench, query, limit)

    @server.tool()
    async def context(function: Annotated[str, Field(description="the function to show")]) -> ContextResult:
        """What a prompt about the function would show of its file: it whole, the definitions it needs."""
        return await _call(tools.context, bench, function)


def _register_resources(server: FastMCP, bench: tools.Workbench) -> None:
    @server.resource("verusagent://original/specs", mime_type="text/plain")
    def specs() -> str:
        """The original's function signatures with their requires/ensures: what every edit must keep."""
        return original_specs(bench.tree.original)

    @server.resource("verusagent://runs/latest", mime_type="application/json")
    def latest_run() -> str:
        """The record of this server's last `accept`: its events and result."""
        if bench.last_run is None:
            return json.dumps({"note": f"no accept has run yet (runs go to {bench.runs_dir})"})
        return read_run(bench.last_run).model_dump_json(indent=1)


def serve(bench: tools.Workbench) -> None:
    build_server(bench).run("stdio")
