"""`verusagent mcp` end to end: the server started as a subprocess, driven by the MCP SDK's own client over stdio.
verus is the stand-in for tests (tools/verus_standin.py): every verdict here is the stand-in's, and the server
says so in its answers."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.paths import REPO_ROOT, RUST_FIXTURES

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
SCENARIO = Path(__file__).with_name("scenario.json")
TOOLS = {"check", "verify", "accept", "precheck", "diagnose", "units", "lemmas", "context"}
CHEAT_RULES = {"assume": "escape-hatch-added", "weaker ensures": "spec-changed", "out of verus!": "spec-changed"}
HONEST_LOOP = """    while r < n
        invariant
            r <= n,
        decreases n - r,
    {"""


@pytest.fixture
def task(tmp_path: Path) -> Path:
    path = tmp_path / "tree" / "count_up.rs"
    path.parent.mkdir()
    shutil.copy(RUST_FIXTURES / "agent" / "count_up.rs", path)
    return path


def _parameters(task: Path, runs: Path) -> StdioServerParameters:
    env = {**os.environ, "VERUS_STANDIN_SCENARIO": str(SCENARIO)}
    args = ["-m", "verusagent", "mcp", str(task), "--verus", str(STANDIN), "--runs-dir", str(runs)]
    return StdioServerParameters(command=sys.executable, args=args, env=env, cwd=str(task.parent))


def _drive(task: Path, runs: Path, script) -> Any:
    async def main() -> Any:
        async with stdio_client(_parameters(task, runs)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await script(session)

    return anyio.run(main)


async def _call(session: ClientSession, name: str, arguments: dict | None = None) -> tuple[bool, Any]:
    """(is_error, the structured result, or the error text)."""
    result = await session.call_tool(name, arguments or {})
    if result.isError:
        return True, " ".join(getattr(part, "text", "") for part in result.content)
    return False, result.structuredContent


def test_tools_listed_with_schemas(task: Path, tmp_path: Path) -> None:
    async def script(session: ClientSession) -> Any:
        return (await session.list_tools()).tools

    listed = {tool.name: tool for tool in _drive(task, tmp_path / "runs", script)}
    assert set(listed) == TOOLS
    assert listed["accept"].outputSchema is not None and "verdict" in listed["accept"].outputSchema["properties"]
    assert "function" in listed["verify"].inputSchema["properties"]


def test_cheats_refused_then_honest_edit_accepted(task: Path, tmp_path: Path) -> None:
    original = task.read_text()
    runs = tmp_path / "runs"

    async def script(session: ClientSession) -> dict[str, Any]:
        seen: dict[str, Any] = {"untouched": await _call(session, "check"), "verify": await _call(session, "verify")}
        for name, text in _cheats(original).items():
            task.write_text(text)
            seen[name] = (await _call(session, "check"), await _call(session, "accept"))
        task.write_text(original.replace("    while r < n {", HONEST_LOOP))
        seen["honest"] = (await _call(session, "check"), await _call(session, "accept"))
        seen["record"] = await session.read_resource("verusagent://runs/latest")  # type: ignore[arg-type]
        return seen

    seen = _drive(task, runs, script)
    assert seen["untouched"] == (False, {"clean": True, "violations": []})
    error, verify = seen["verify"]
    assert not error and verify["verdict"] == "failed" and verify["standin"] and "STAND-IN" in verify["note"]
    assert [g["function"] for g in verify["groups"]] == ["fn:count_up"]
    for cheat, rule in CHEAT_RULES.items():
        (check_error, check), (accept_error, accepted) = seen[cheat]
        assert not check_error and not check["clean"], cheat
        assert rule in {v["rule"] for v in check["violations"]}, (cheat, check["violations"])
        assert not accept_error and accepted["verdict"] == "failed" and accepted["verus"] is None, cheat
    (_, check), (_, accepted) = seen["honest"]
    assert check["clean"], check
    assert accepted["verdict"] == "verified" and accepted["verus"]["standin"], accepted
    assert "STAND-IN" in accepted["note"]
    assert json.loads(seen["record"].contents[0].text)["result"]["accepted_sha256"] == accepted["sha256"]
    assert task.read_text() == original.replace("    while r < n {", HONEST_LOOP)  # the server wrote nothing


def _cheats(original: str) -> dict[str, str]:
    body = "    r\n}\n\nfn main"
    function = original[original.index("fn count_up") : original.index("fn main")]
    return {
        "assume": original.replace(body, "    assume(r == n);\n" + body),
        "weaker ensures": original.replace("r == n,", "r >= 0,"),
        "out of verus!": original.replace(function, "").replace("} // verus!", "} // verus!\n\n" + function),
    }


def test_bad_requests_are_errors_and_the_server_keeps_serving(task: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.rs"
    outside.write_text("fn f() {}\n")
    (task.parent / "link.rs").symlink_to(outside)

    async def script(session: ClientSession) -> list[tuple[bool, Any]]:
        return [
            await _call(session, "units", {"path": "../outside.rs"}),
            await _call(session, "precheck", {"path": str(outside)}),
            await _call(session, "units", {"path": "link.rs"}),
            await _call(session, "verify", {"function": 17}),
            await _call(session, "lemmas", {"query": "len", "limit": 0}),
            await _call(session, "context", {"function": "no_such_fn"}),
            await _call(session, "check", {"unexpected": True}),
            await _call(session, "units"),
        ]

    *refused, last = _drive(task, tmp_path / "runs", script)
    assert [error for error, _ in refused[:6]] == [True] * 6, refused
    assert "outside the root" in refused[0][1] and "outside the root" in refused[1][1]
    assert "outside the root" in refused[2][1]  # a symbolic link out of the root
    assert "no function" in refused[5][1]
    error, units = last
    assert not error and [u["id"] for u in units["result"]] == ["fn:count_up", "fn:main"]


def test_a_path_that_is_no_tree_is_a_usage_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "verusagent", "mcp", str(tmp_path / "missing.rs")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "does not exist" in done.stderr and done.stdout == ""
