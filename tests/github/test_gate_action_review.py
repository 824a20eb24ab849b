"""The action's gate step (tools/ci/action_gate.sh) with `review: "true"`, the real verusagent and the scripted
model (a stand-in for a model, through $VERUSAGENT_SCRIPT): the change is reviewed once, a validated finding
shows in the SARIF and as an annotation, and a required review that cannot run fails the step."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.github.ci_files import TOOLS_CI

VERUSAGENT = Path(sys.executable).parent / "verusagent"
CLAIM = {
    "severity": "critical",
    "reason": "nothing says v is unchanged",
    "quote": "v@ == start,",
    "evidence": "the loop body could change v",
    "check": "depend",
}


def run_step(repo: Path, tmp_path: Path, replies: list[dict], **inputs: str) -> tuple[int, dict, str, list]:
    outputs, requests = tmp_path / "github-output", tmp_path / "requests.jsonl"
    outputs.write_text("")
    (tmp_path / "script.json").write_text(json.dumps({"replies": replies}))
    env = {
        **os.environ,
        "VERUSAGENT": str(VERUSAGENT),
        "GITHUB_OUTPUT": str(outputs),
        "GATE_SARIF": str(tmp_path / "gate.sarif"),
        "GATE_BASE": "HEAD",
        "GATE_REVIEW": "true",
        "GATE_MODEL": "scripted/action",
        "VERUSAGENT_SCRIPT": str(tmp_path / "script.json"),
        "VERUSAGENT_SCRIPT_LOG": str(requests),
        "VERUSAGENT_CACHE_DIR": str(tmp_path / "cache"),
        **{f"GATE_{k.upper()}": v for k, v in inputs.items()},
    }
    done = subprocess.run(
        ["bash", str(TOOLS_CI / "action_gate.sh")], cwd=repo, env=env, capture_output=True, text=True, timeout=300
    )
    values = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    logged = [json.loads(line) for line in requests.read_text().splitlines()] if requests.exists() else []
    return done.returncode, values, done.stdout + done.stderr, logged


def test_a_validated_finding_is_reported_once_in_sarif_and_annotations(gate_fixture, tmp_path: Path) -> None:
    repo = tmp_path / "honest"
    gate_fixture.build(repo, "honest")
    replies = [
        {"when": "Unit to review: `fn:find`", "text": "```json\n" + json.dumps([CLAIM]) + "\n```"},
        {"when": "You are reviewing", "text": "[]", "repeat": True},
        {"when": "Decide independently", "text": '{"vote": "substantial"}', "repeat": True},
    ]
    code, outputs, log, requests = run_step(repo, tmp_path, replies)
    assert code == 0, log
    assert outputs["violations"] == "true" and outputs["results"] == "1"
    [result] = json.loads(Path(outputs["sarif-file"]).read_text())["runs"][0]["results"]
    assert result["ruleId"] == "review-finding" and result["level"] == "error"
    assert "::error file=src/find.rs,title=verusagent review fn%3Afind" in log
    proposals = [r for r in requests if "You are reviewing" in r["messages"][-1]["content"]]
    assert len(proposals) == 6  # each changed function and new lemma reviewed once, not once per output format


def test_a_required_review_that_cannot_run_fails_the_step(gate_fixture, tmp_path: Path) -> None:
    repo = tmp_path / "honest"
    gate_fixture.build(repo, "honest")  # without review-required the guard decides: tests/gate/test_review.py
    code, outputs, log, _ = run_step(
        repo, tmp_path, [{"error": "authentication", "repeat": True}], review_required="true"
    )
    assert code == 2 and outputs == {} and "the gate could not run (exit 3)" in log
