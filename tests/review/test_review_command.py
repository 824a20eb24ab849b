"""`verusagent review ORIGINAL CANDIDATE --model M`: findings with scores as text, JSON or SARIF; a run record
the audit accepts; exit 0 / 1 / 2 / 3. The model is the scripted one (a stand-in, not a language model)."""

import importlib.util
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from verusagent.audit import audit_run
from verusagent.cli import app
from verusagent.llm import Script
from verusagent.llm.provider import install_script
from verusagent.review.calibration.file import Calibration, save_calibration

from tests.paths import REPO_ROOT
from tests.review.review_fakes import BASE, PROVED

runner = CliRunner()
CLAIM = {
    "severity": "critical",
    "reason": "the loop forgets that v is unchanged",
    "quote": "v@ == start,",
    "evidence": "without it absent(v@, ...) says nothing about v",
    "check": "depend",
}


@pytest.fixture
def files(tmp_path, monkeypatch) -> tuple[Path, Path]:
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return Path(shutil.copy(REPO_ROOT / BASE, tmp_path / "base.rs")), Path(
        shutil.copy(REPO_ROOT / PROVED, tmp_path / "find.rs")
    )


def sarif_schema() -> dict:
    """The SARIF 2.1.0 subset the gate's tests validate against (tests/gate/sarif_subset_schema.py)."""
    spec = importlib.util.spec_from_file_location(
        "sarif_subset_schema", REPO_ROOT / "tests/gate/sarif_subset_schema.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SARIF_2_1_0_SUBSET


def script(vote: str = "substantial", proposer: dict | None = None):
    first = proposer or {
        "when": "Unit to review: `fn:find/loop#1`",
        "text": "```json\n" + json.dumps([CLAIM]) + "\n```",
    }
    return install_script(
        Script.model_validate(
            {
                "replies": [
                    first,
                    {"when": "You are reviewing", "text": "[]", "repeat": True},
                    {"when": "Decide independently", "text": json.dumps({"vote": vote}), "repeat": True},
                ]
            }
        )
    )


def review(files, *args: str):
    original, candidate = files
    return runner.invoke(app, ["review", str(original), str(candidate), "--model", "scripted/r", *args])


def test_a_validated_finding_rejects_and_the_record_is_audited(files) -> None:
    script()
    result = review(files)
    assert result.exit_code == 1, result.output
    out = result.stdout
    assert "rule: no calibration: the review rejects a candidate only when all votes" in out
    assert "units changed: 8, reviewed: 8" in out and "- loop fn:find/loop#1: score 1.00" in out
    assert "error" in out and "evidence: `v@ == start,`" in out and "votes substantial, substantial, substantial" in out
    assert "verdict: the review rejects this candidate" in out
    folder = Path(out.strip().splitlines()[-1].removeprefix("record: "))
    report = audit_run(folder)
    assert report.ok, report.model_dump_json(indent=2)


def test_json_and_sarif(files) -> None:
    script(vote="minor")
    result = review(files, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rejects"] is False and data["score"] == 0.0 and data["guard_clean"] is True
    [finding] = data["findings"]
    assert finding["votes"] == ["minor"] * 3 and finding["validated"] is False and data["model_is_standin"] is True
    script(vote="substantial")
    sarif = json.loads(review(files, "--sarif").stdout)
    jsonschema.Draft7Validator(sarif_schema()).validate(sarif)
    [result_] = sarif["runs"][0]["results"]
    assert result_["level"] == "error" and result_["ruleId"] == "review-finding"


def test_a_threshold_of_one_says_it_never_rejects(files, tmp_path) -> None:
    path = tmp_path / "cal.json"
    save_calibration(Calibration(threshold=1.0, tau=0.05, delta=0.1, k=60, n_valid=60, n_invalid=10, n_needed=45), path)
    script()
    result = review(files, "--calibration", str(path))
    assert result.exit_code == 0, result.output
    assert "threshold 1: no score is above it, so the review never rejects" in result.stdout
    assert "(this rule never rejects)" in result.stdout


def test_an_unreachable_model_is_exit_3(files) -> None:
    install_script(Script.model_validate({"replies": [{"error": "authentication", "repeat": True}]}))
    result = review(files)
    assert result.exit_code == 3 and "review incomplete: the model could not be reached" in result.stdout


def test_bad_input_is_a_usage_error(files, tmp_path) -> None:
    original, candidate = files
    assert runner.invoke(app, ["review", str(tmp_path / "nope.rs"), str(candidate), "--model", "m"]).exit_code == 2
    (tmp_path / "latin1.rs").write_bytes(b"fn caf\xe9() {}\n")
    bad = runner.invoke(app, ["review", str(original), str(tmp_path / "latin1.rs"), "--model", "m"])
    assert bad.exit_code == 2 and "not UTF-8" in bad.output
    (tmp_path / "cal.json").write_text("{}")
    cal = runner.invoke(
        app, ["review", str(original), str(candidate), "--model", "m", "--calibration", str(tmp_path / "cal.json")]
    )
    assert cal.exit_code == 2 and "not a verusagent calibration file" in cal.output
    assert (
        runner.invoke(app, ["review", str(original), str(candidate), "--model", "m", "--json", "--sarif"]).exit_code
        == 2
    )
