"""The pre-commit hook: its definition, and the command it runs on staged files."""

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

HOOKS = REPO_ROOT / ".pre-commit-hooks.yaml"
runner = CliRunner()


def test_hook_definition() -> None:
    yaml = pytest.importorskip("yaml")
    [hook] = yaml.safe_load(HOOKS.read_text())
    assert hook["id"] == "verusagent-gate"
    assert hook["entry"] == "verusagent gate --base HEAD"
    assert hook["language"] == "python" and hook["types"] == ["rust"]
    assert hook["pass_filenames"] is True


def test_the_hook_command_on_staged_files(repo, proved_text) -> None:
    """pre-commit runs `entry` with the staged file names appended, at the repository root."""
    repo.write("src/find.rs", proved_text)
    repo.git("add", "src/find.rs")
    entry_args = ["gate", "--base", "HEAD", "src/find.rs"]
    assert runner.invoke(app, entry_args).exit_code == 0
    repo.write("src/find.rs", proved_text.replace("i = i + 1;", "i = i + 1;\n        assume(false);"))
    repo.git("add", "src/find.rs")
    result = runner.invoke(app, entry_args)
    assert result.exit_code == 1 and "escape-hatch-added" in result.stdout
