"""What a new user hit on first contact (issue 32, item 5): each case says what is wrong and what to do."""

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

runner = CliRunner()
COUNT_UP = (REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("VERUS_PATH", str(tmp_path / "no-verus-here"))
    (tmp_path / "count_up.rs").write_text(COUNT_UP)
    return tmp_path


def test_in_place_and_an_out_elsewhere_are_refused(workdir: Path) -> None:
    result = runner.invoke(app, ["prove", "count_up.rs", "--model", "scripted/demo", "--in-place", "--out", "other.rs"])
    assert result.exit_code == 2
    assert "--in-place overwrites" in result.output and "pass one of them" in result.output
    assert (workdir / "count_up.rs").read_text() == COUNT_UP and not (workdir / "other.rs").exists()


def test_a_dry_run_names_the_syntax_error_of_its_input(workdir: Path) -> None:
    (workdir / "broken.rs").write_text(COUNT_UP.replace("} // verus!", ""))
    result = runner.invoke(app, ["prove", "broken.rs", "--model", "scripted/demo", "--dry-run"])
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    assert first.startswith("note: broken.rs:") and "unclosed delimiter" in first


@pytest.mark.parametrize("dry", [True, False], ids=["dry-run", "run"])
def test_synth_with_nothing_to_write_says_so(workdir: Path, dry: bool) -> None:
    args = ["synth", "count_up.rs", "--model", "scripted/demo", *(["--dry-run"] if dry else [])]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "no function to synthesize" in result.output


def test_the_gate_outside_git_points_at_check(workdir: Path) -> None:
    result = runner.invoke(app, ["gate"])
    assert result.exit_code == 2
    assert "not in a git repository" in result.output and "verusagent check ORIGINAL CANDIDATE" in result.output


def test_a_gate_report_written_to_a_file_says_so_on_the_terminal(workdir: Path) -> None:
    for args in (["init", "-q"], ["add", "."], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "x"]):
        subprocess.run(["git", *args], cwd=workdir, check=True)
    (workdir / "count_up.rs").write_text(COUNT_UP + "// a comment\n")
    result = runner.invoke(app, ["gate", "--format", "sarif", "-o", "gate.sarif"])
    assert result.exit_code == 0, result.output
    assert "gate: 1 changed file, clean; the sarif report is in gate.sarif" in result.output
    assert '"version": "2.1.0"' in (workdir / "gate.sarif").read_text()


def test_show_latest_without_runs_says_there_are_none(workdir: Path) -> None:
    result = runner.invoke(app, ["show", "latest"])
    assert result.exit_code == 2 and "no runs in .verusagent/runs yet" in result.output
