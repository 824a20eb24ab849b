"""The worked calibration example of docs/calibration.md is what the command prints."""

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

CALIBRATION = REPO_ROOT / "docs" / "calibration.md"


def example_blocks() -> list[str]:
    section = CALIBRATION.read_text()
    return re.findall(r"```\n(.*?)```", section, flags=re.DOTALL)


def test_the_worked_example_matches_the_command(tmp_path, monkeypatch):
    labels, session = example_blocks()[:2]
    monkeypatch.chdir(tmp_path)
    Path("labels.jsonl").write_text(labels)
    command, *expected = session.splitlines()
    args = shlex.split(command.removeprefix("$ "))
    assert args[0] == "verusagent"
    result = CliRunner().invoke(app, args[1:])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == expected
    assert Path("calibration.json").is_file()
