"""`verusagent precheck FILE|CRATE [--json]`: exit 0 nothing found, 1 verus would reject it, 2 usage."""

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()

REJECTED = """use vstd::prelude::*;
verus! {
spec fn double(x: int) -> int { 2 * x }
fn twice(x: u64) -> (r: u64)
    requires x < 1000,
    ensures r == double(x as int),
{
    let d = double(x as int);
    helper(x) + x
}
fn main() {}
}
"""


def vstd_dir(shared_dir: Path) -> str:
    return str(shared_dir / "corpus" / "vstd")


def test_a_rejected_file_exits_1_with_verus_s_messages(tmp_path, shared_dir, monkeypatch) -> None:
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "twice.rs"
    path.write_text(REJECTED)
    result = runner.invoke(app, ["precheck", str(path), "--vstd", vstd_dir(shared_dir)])
    assert result.exit_code == 1, result.output
    assert "error: cannot call function `twice::double` with mode spec\n --> twice.rs:8:13" in result.stdout
    assert "error[E0425]: cannot find function `helper` in this scope" in result.stdout
    assert "The Verus types 'nat' and 'int' can only be used in ghost code" in result.stdout
    assert result.stdout.rstrip().endswith("3 finding(s): verus would reject it")


def test_json_and_a_clean_ground_truth(tmp_path, shared_dir, monkeypatch) -> None:
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    truth = shared_dir / "corpus" / "verus-bench" / "MBPP" / "verified" / "task_id_2.rs"
    result = runner.invoke(app, ["precheck", str(truth), "--json", "--vstd", vstd_dir(shared_dir)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["findings"] == [] and report["rules_off"] == {}


def test_without_vstd_the_unknown_function_rule_is_named_off(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("CARGO_HOME", str(tmp_path / "no-cargo"))
    monkeypatch.delenv("VERUS_PATH", raising=False)
    path = tmp_path / "twice.rs"
    path.write_text(REJECTED.replace("double(x as int);", "x;"))
    result = runner.invoke(app, ["precheck", str(path)])
    assert result.exit_code == 0, result.output
    assert "note: the unknown-function rule did not run: no vstd source" in result.stdout


def test_a_crate_is_checked_file_by_file(tmp_path) -> None:
    crate = tmp_path / "netlib"
    shutil.copytree(REPO / "rust_fixtures" / "crates" / "netlib", crate)
    net = crate / "src" / "net.rs"
    net.write_text(net.read_text().replace("let mut sent: u32 = 0;", "let mut sent: u32 = 0;\n    let m = 3nat;"))
    result = runner.invoke(app, ["precheck", str(crate), "--json"])
    assert result.exit_code == 1, result.output
    [finding] = json.loads(result.stdout)["findings"]
    assert finding["diagnostic"]["location"]["file"] == "src/net.rs"
    assert finding["diagnostic"]["unit_id"] == "fn:net::send"


def test_usage_errors_exit_2(tmp_path) -> None:
    binary = tmp_path / "x.rs"
    binary.write_bytes(b"\x00\x01")
    assert runner.invoke(app, ["precheck", str(binary)]).exit_code == 2
    assert runner.invoke(app, ["precheck", str(tmp_path / "missing.rs")]).exit_code == 2
    assert runner.invoke(app, ["precheck", str(tmp_path / "x.rs"), "--vstd", str(tmp_path)]).exit_code == 2
