"""`verusagent units`: a tree or JSON for a file; a one-line error only when nothing can be parsed."""

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app

runner = CliRunner()


def test_units_json_lists_functions(rust_fixtures: Path) -> None:
    result = runner.invoke(app, ["units", str(rust_fixtures / "lens_constructs.rs"), "--json"])
    assert result.exit_code == 0, result.output
    model = json.loads(result.stdout)
    ids = [f["id"] for f in model["functions"]]
    assert "fn:sum_pairs" in ids and "fn:Shape::double_area" in ids
    assert {lp["id"] for lp in model["loops"]} >= {"fn:sum_pairs/loop#1", "fn:sum_pairs/loop#2"}


def test_units_tree_shows_escape_hatches(rust_fixtures: Path) -> None:
    result = runner.invoke(app, ["units", str(rust_fixtures / "escape_hatches.rs")])
    assert result.exit_code == 0
    assert "external_attribute" in result.stdout and "fn:cheats" in result.stdout


def test_units_reports_problems_but_succeeds_on_a_broken_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.rs"
    broken.write_bytes(b"verus! {\nfn f(x: u64) {\n    if x > 0 {\n")
    result = runner.invoke(app, ["units", str(broken)])
    assert result.exit_code == 0
    assert "problem" in result.stdout and "fn:f" in result.stdout


def test_units_unreadable_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "verusagent.cli", "units", str(tmp_path / "nope.rs")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "cannot read" in result.stderr
    assert "Traceback" not in result.stderr


def test_version_and_help() -> None:
    assert "verusagent" in runner.invoke(app, ["--version"]).stdout
    help_text = runner.invoke(app, ["--help"]).stdout
    assert "units" in help_text
