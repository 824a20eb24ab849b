"""`verusagent verify CRATE` with the verus stand-in (not verus): the whole crate, diagnostics by file and
function with paths relative to the crate, `--fn` as a focused run in its module."""

import json

from typer.testing import CliRunner

from verusagent.cli import app

from tests.agent.agent_harness import STANDIN

runner = CliRunner()
DECREASES = {
    "when_contains": "while sent < n {",
    "verdict": "failed",
    "errors": [{"message": "loop must have a decreases clause", "line_contains": "while sent < n"}],
}


def verify(*args: str):
    return runner.invoke(app, ["verify", *map(str, args), "--verus", str(STANDIN)])


def test_verify_a_crate_groups_errors_by_file_and_function(harness, crates) -> None:
    harness.scenario([DECREASES])
    result = verify(crates("netlib"), "--json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "failed" and data["is_standin"] and not data["accepted"]
    assert data["crate"]["root"] == "src/lib.rs" and data["crate"]["runner"] == "verus src/lib.rs"
    [group] = data["groups"]
    assert (group["file"], group["function"]) == ("src/net.rs", "fn:net::send")
    assert group["diagnostics"][0]["unit_id"] == "fn:net::send/loop#1"


def test_verify_fn_in_a_crate_is_a_focused_run_in_its_module(harness, crates) -> None:
    harness.scenario([DECREASES])
    result = verify(crates("netlib"), "--fn", "store::put")
    assert result.exit_code == 0 and "partial: not an acceptance" in result.stdout
    [call] = harness.verus_calls()
    argv = call["argv"]
    assert (
        argv[argv.index("--verify-function") + 1] == "put" and argv[argv.index("--verify-only-module") + 1] == "store"
    )


def test_verify_a_workspace_member_through_cargo_verus(harness, crates, monkeypatch) -> None:
    monkeypatch.setenv("VERUSAGENT_CARGO_VERUS", str(STANDIN))
    harness.scenario([{"verdict": "verified"}])
    workspace = crates("workspace")
    result = verify(workspace / "core_math")
    assert result.exit_code == 0, result.output
    assert "cargo verus" in result.stdout and "STAND-IN" in result.stdout
    [call] = harness.verus_calls()
    assert call["argv"][:4] == ["verus", "verify", "--manifest-path", "core_math/Cargo.toml"]


def test_verify_a_single_file_is_unchanged(harness, tmp_path) -> None:
    harness.scenario([{"verdict": "verified"}])
    single = tmp_path / "one.rs"
    single.write_text("verus! { fn f() {} }\n")
    assert verify(single).exit_code == 0
    [call] = harness.verus_calls()
    assert call["argv"][-1] == "one.rs" and "files" not in call and "--crate-name" not in call["argv"]
