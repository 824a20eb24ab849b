"""`verusagent verify` and `verusagent diagnose`: output and exit codes (0 verified, 1 not, 2 usage, 3 tool)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.verus.verus_support import SCENARIOS, STANDIN

SOURCE = """use vstd::prelude::*;
verus! {
fn inc(x: u32) -> (r: u32)
    requires x < 10,
    ensures r == x + 1,
{
    x + 1
}

fn caller() {
    let y = inc(20);
}
}
"""
PRECONDITION = {
    "verdict": "failed",
    "errors": [
        {
            "message": "precondition not satisfied",
            "line_contains": "inc(20)",
            "related": [{"line_contains": "x < 10", "label": "failed precondition"}],
        }
    ],
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def rs_file(tmp_path: Path) -> Path:
    path = tmp_path / "inc.rs"
    path.write_text(SOURCE)
    return path


def scenario(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: dict | str) -> None:
    if isinstance(content, str):
        path = SCENARIOS / f"{content}.json"
    else:
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(content))
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(path))


def verify(runner: CliRunner, *args: str):
    return runner.invoke(app, ["verify", *args, "--verus", str(STANDIN)])


def test_verify_groups_by_function_with_excerpts(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, PRECONDITION)
    done = verify(runner, str(rs_file))
    assert done.exit_code == 1, done.output
    assert "STAND-IN" in done.output
    assert "fn:caller" in done.output and "in fn:caller/call#1:inc" in done.output
    assert "let y = inc(20);" in done.output and "failed precondition" in done.output
    assert "in fn:inc, requires #1" in done.output


def test_verify_json(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, PRECONDITION)
    data = json.loads(verify(runner, str(rs_file), "--json").output)
    assert data["verdict"] == "failed" and data["is_standin"] is True and data["accepted"] is False
    [group] = data["groups"]
    assert group["function"] == "fn:caller"
    assert group["diagnostics"][0]["related"][0]["clause"]["kind"] == "requires"


def test_verify_exit_codes(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, "verified")
    assert verify(runner, str(rs_file)).exit_code == 0
    assert verify(runner, str(rs_file), "--fn", "inc").exit_code == 0  # a focused check, shown as partial
    scenario(monkeypatch, tmp_path, "panic")
    assert verify(runner, str(rs_file)).exit_code == 3
    assert verify(runner, str(tmp_path / "missing.rs")).exit_code == 2
    assert runner.invoke(app, ["verify"]).exit_code == 2


MODULES = """use vstd::prelude::*;
verus! {
mod m {
    pub fn helper(x: u8) -> u8 { x }
}
struct Counter { n: u8 }
impl Counter {
    fn bump(&mut self) { self.n = 1; }
}
fn main() {}
}
"""


def test_verify_fn_in_one_file_resolves_names_as_a_crate_does(runner, monkeypatch, tmp_path) -> None:
    """A function inside `mod m` runs with `--verify-only-module m`; a unit id or `Type::name` becomes verus's
    name relative to its module; an unknown or ambiguous name is a usage error before verus runs."""
    scenario(monkeypatch, tmp_path, "verified")
    log = tmp_path / "calls.jsonl"
    monkeypatch.setenv("VERUS_STANDIN_LOG", str(log))
    source = tmp_path / "mods.rs"
    source.write_text(MODULES)
    expected = {
        ("helper",): ["--verify-function", "helper", "--verify-only-module", "m"],
        ("m::helper",): ["--verify-function", "helper", "--verify-only-module", "m"],
        ("helper", "--module", "m"): ["--verify-function", "helper", "--verify-only-module", "m"],
        ("fn:Counter::bump",): ["--verify-function", "Counter::bump", "--verify-root"],
        ("bump",): ["--verify-function", "Counter::bump", "--verify-root"],
    }
    for args, flags in expected.items():
        done = verify(runner, str(source), "--fn", *args)
        assert done.exit_code == 0, (args, done.output)
        argv = json.loads(log.read_text().splitlines()[-1])["argv"]
        assert " ".join(flags) in " ".join(argv), (args, argv)
    calls = len(log.read_text().splitlines())
    for name in ("nosuch", "m::bump"):
        done = verify(runner, str(source), "--fn", name)
        assert done.exit_code == 2 and f"--fn {name}: no function of that name in mods.rs" in done.output
    assert len(log.read_text().splitlines()) == calls  # verus never ran


def test_verify_partial_is_labelled(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, "verified")
    done = verify(runner, str(rs_file), "--fn", "inc")
    assert "verified_partial (partial: not an acceptance)" in done.output


def test_verify_without_verus_is_a_tool_failure(runner, rs_file, monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("VERUS_PATH", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    done = runner.invoke(app, ["verify", str(rs_file)])
    assert done.exit_code == 3 and "verus was not found" in done.output


def test_verify_timeout(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, "hang")
    done = verify(runner, str(rs_file), "--timeout", "1")
    assert done.exit_code == 3 and "timeout" in done.output


def test_diagnose_text_sample(runner, verus_outputs_dir: Path) -> None:
    done = runner.invoke(app, ["diagnose", str(verus_outputs_dir / "doc25_precondition_failed_label.txt")])
    assert done.exit_code == 1 and "precondition not satisfied" in done.output
    done = runner.invoke(app, ["diagnose", str(verus_outputs_dir / "iss20_old_success_format_2022.txt")])
    assert done.exit_code == 0
    done = runner.invoke(app, ["diagnose", str(verus_outputs_dir / "iss22_expand_errors_panic_backtrace_2024.txt")])
    assert done.exit_code == 3 and "panic" in done.output


def test_diagnose_saved_json_run_with_source(runner, rs_file, monkeypatch, tmp_path) -> None:
    scenario(monkeypatch, tmp_path, PRECONDITION)
    saved = subprocess.run(
        [sys.executable, str(STANDIN), "--output-json", "--error-format=json", rs_file.name],
        cwd=rs_file.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    log = tmp_path / "run.log"
    log.write_text(saved.stdout + saved.stderr)
    data = json.loads(runner.invoke(app, ["diagnose", str(log), "--json", "--source", str(rs_file)]).output)
    assert data["verdict"] == "failed" and data["standin_detected"] is True
    assert data["groups"][0]["function"] == "fn:caller"
    assert runner.invoke(app, ["diagnose", str(log)]).exit_code == 1


def test_diagnose_reads_stdin(runner) -> None:
    done = runner.invoke(app, ["diagnose", "-"], input="verification results:: 4 verified, 0 errors\n")
    assert done.exit_code == 0 and "verified" in done.output


def test_help_starts_without_heavy_imports() -> None:
    code = (
        "import sys, verusagent.cli; "
        "print(sorted(m for m in ('litellm', 'pydantic', 'verusagent.verus') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "verusagent.verus" not in done.stdout and "litellm" not in done.stdout
