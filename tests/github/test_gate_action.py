"""The gate step of action.yml (tools/ci/action_gate.sh) on the fixture repositories the action workflow uses
(tools/ci/gate_fixture.py), with the real verusagent; and its argument building with a recording stand-in."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.github.ci_files import TOOLS_CI

VERUSAGENT = Path(sys.executable).parent / "verusagent"


def run_step(cwd: Path, tmp_path: Path, verusagent: Path = VERUSAGENT, **inputs: str) -> tuple[int, dict, str]:
    """Runs the step as action.yml does; returns its exit code, its step outputs and its log."""
    outputs = tmp_path / "github-output"
    outputs.write_text("")
    env = {
        **os.environ,
        "VERUSAGENT": str(verusagent),
        "GITHUB_OUTPUT": str(outputs),
        "GATE_SARIF": str(tmp_path / "gate.sarif"),
        **{f"GATE_{k.upper()}": v for k, v in inputs.items()},
    }
    done = subprocess.run(
        ["bash", str(TOOLS_CI / "action_gate.sh")], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    values = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    return done.returncode, values, done.stdout + done.stderr


@pytest.fixture
def fixture_repo(gate_fixture, tmp_path: Path):
    def build(state: str) -> Path:
        root = tmp_path / state
        gate_fixture.build(root, state)
        return root

    return build


def test_an_honest_proof_is_clean(fixture_repo, tmp_path: Path) -> None:
    code, outputs, log = run_step(fixture_repo("honest"), tmp_path, base="HEAD")
    assert code == 0, log
    assert outputs["violations"] == "false" and outputs["results"] == "0" and outputs["exit-code"] == "0"
    assert outputs["root"] == str((tmp_path / "honest").resolve())
    sarif = json.loads(Path(outputs["sarif-file"]).read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []


def test_a_cheat_is_reported_in_sarif_and_as_annotations(fixture_repo, tmp_path: Path) -> None:
    code, outputs, log = run_step(fixture_repo("cheat"), tmp_path, base="HEAD", paths="src\n")
    assert code == 0, log  # the step reports; action.yml's last step fails the job when asked to
    assert outputs["violations"] == "true" and outputs["results"] == "1" and outputs["exit-code"] == "1"
    [result] = json.loads(Path(outputs["sarif-file"]).read_text())["runs"][0]["results"]
    assert result["ruleId"] == "escape-hatch-added"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/find.rs"
    assert "::error file=src/find.rs,title=verusagent escape-hatch-added" in log


def test_paths_limit_the_check(fixture_repo, tmp_path: Path) -> None:
    repo = fixture_repo("cheat")
    (repo / "docs").mkdir()
    code, outputs, log = run_step(repo, tmp_path, base="HEAD", paths="docs")
    assert code == 0 and outputs["violations"] == "false" and outputs["results"] == "0", log


def test_a_gate_that_cannot_run_fails_the_step(fixture_repo, tmp_path: Path) -> None:
    code, outputs, log = run_step(fixture_repo("honest"), tmp_path, base="no-such-revision")
    assert code == 2 and outputs == {}
    assert "unknown revision `no-such-revision`" in log and "::error title=verusagent gate::" in log


@pytest.fixture
def recording_verusagent(tmp_path: Path) -> tuple[Path, Path]:
    """A stand-in for verusagent that records its arguments and writes an empty SARIF report."""
    log = tmp_path / "argv.jsonl"
    fake = tmp_path / "bin" / "verusagent"
    fake.parent.mkdir()
    (fake.parent / "python").symlink_to(sys.executable)
    fake.write_text(
        f"#!{sys.executable}\nimport json, sys\n"
        f"open({str(log)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        "if '--output' in sys.argv:\n"
        "    open(sys.argv[sys.argv.index('--output') + 1], 'w').write(json.dumps({'runs': [{'results': []}]}))\n"
    )
    fake.chmod(0o755)
    return fake, log


def recorded(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_review_and_model_are_passed_only_when_set(recording_verusagent, tmp_path: Path) -> None:
    fake, log = recording_verusagent
    sarif = str(tmp_path / "gate.sarif")
    assert run_step(tmp_path, tmp_path, fake)[0] == 0
    assert recorded(log) == [["gate", "--format", "sarif", "--output", sarif, "--"]]
    log.unlink()
    code, _, _ = run_step(
        tmp_path,
        tmp_path,
        fake,
        base="main~1",
        review="true",
        model="openai/gpt-4o",
        allow_exec_changes="true",
        paths="src/a.rs  src/b.rs\nlib",
    )
    assert code == 0
    # with the review, the annotations come from the same run (one review of the change, not two)
    assert recorded(log) == [
        [
            "gate",
            "--format",
            "sarif",
            "--output",
            sarif,
            "--github-annotations",
            "--base",
            "main~1",
            "--allow-exec-changes",
            "--review",
            "--model",
            "openai/gpt-4o",
            "--",
            "src/a.rs",
            "src/b.rs",
            "lib",
        ]
    ]
