"""`verusagent mcp`: the guard, the pre-check, focused verus runs and the acceptance, as Model Context Protocol tools
for a coding agent working on one file or crate (verusagent.mcp.server). The tools are plain functions
(verusagent.mcp.tools) over a `Tree` (verusagent.mcp.tree): the original, snapshotted at start, and the files as
the client has edited them since."""
