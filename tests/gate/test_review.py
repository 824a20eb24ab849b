"""`verusagent gate --review --model M` with the scripted model (a stand-in for a model): validated findings
are errors, the others warnings, in every format; an unreachable model skips the review, which then says why."""

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.llm import Script
from verusagent.llm.provider import install_script

from tests.gate.sarif_subset_schema import SARIF_2_1_0_SUBSET

runner = CliRunner()
PROPOSER, VALIDATOR = "You are reviewing", "Decide independently"


def reply(*findings: dict) -> str:
    return "```json\n" + json.dumps(list(findings)) + "\n```"


def claim(quote: str, severity: str = "critical") -> dict:
    return {
        "severity": severity,
        "reason": f"{quote} is not established",
        "quote": quote,
        "evidence": "no invariant says so",
        "check": "depend",
    }


@pytest.fixture
def scripted(tmp_path, monkeypatch):
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))

    def install(replies: list[dict]):
        return install_script(Script.model_validate({"replies": replies}))

    return install


def gate(*args: str):
    return runner.invoke(app, ["gate", "--review", "--model", "scripted/gate", *args])


def standard_script(scripted):
    """fn:find: a validated critical finding (error); the new lemma: a finding voted minor (warning); a quote that
    is not in the file (dropped); every other unit: nothing."""
    return scripted(
        [
            {"when": "Unit to review: `fn:find`", "text": reply(claim("v@ == start,"), claim("i < v.len() + 7"))},
            {"when": "Unit to review: `fn:lemma_absent_extends`", "text": reply(claim("s[upto] != k,", "gap"))},
            {"when": PROPOSER, "text": "[]", "repeat": True},
            {"when": "- quoted code: `s[upto] != k,`", "text": '{"vote": "minor"}', "repeat": True},
            {"when": VALIDATOR, "text": '{"vote": "substantial"}', "repeat": True},
        ]
    )


def test_findings_are_errors_or_warnings_in_json_and_text(repo, proved_text, scripted) -> None:
    repo.write("src/find.rs", proved_text)
    model = standard_script(scripted)
    result = gate("--format", "json")
    assert result.exit_code == 1, result.output  # a validated critical finding fails the gate
    data = json.loads(result.stdout)
    assert data["clean"] is False and data["review"]["status"] == "reviewed" and data["review"]["dropped"] == 1
    [file] = data["files"]
    assert file["report"]["violations"] == []
    by_unit = {f["unit"]: f for f in file["review_findings"]}
    assert by_unit["fn:find"]["validated"] is True and by_unit["fn:find"]["votes"] == ["substantial"] * 3
    assert by_unit["fn:lemma_absent_extends"]["validated"] is False
    reviewed = [r["messages"][-1]["content"] for r in model.requests if PROPOSER in r["messages"][-1]["content"]]
    assert len(reviewed) == 6  # the 4 changed functions and 2 new lemmas only, not their loops or calls
    # a file this small fits the review's context budget and is shown whole (a large one is sliced:
    # tests/review/test_unit_view.py)
    text = gate().stdout
    assert "  error " in text and "  warning " in text and "review by scripted/gate: 1 file(s) reviewed" in text
    assert "1 validated review finding(s)" in text


def test_sarif_and_github_carry_the_levels(repo, proved_text, scripted) -> None:
    repo.write("src/find.rs", proved_text)
    standard_script(scripted)
    result = gate("--format", "sarif")
    log = json.loads(result.stdout)
    jsonschema.Draft7Validator(SARIF_2_1_0_SUBSET).validate(log)
    [run] = log["runs"]
    reviews = [r for r in run["results"] if r["ruleId"] == "review-finding"]
    assert sorted(r["level"] for r in reviews) == ["error", "warning"]
    assert run["tool"]["driver"]["rules"][reviews[0]["ruleIndex"]]["id"] == "review-finding"
    error = next(r for r in reviews if r["level"] == "error")
    line = proved_text.splitlines().index("            v@ == start,") + 1
    assert error["locations"][0]["physicalLocation"]["region"]["startLine"] == line
    standard_script(scripted)
    annotations = gate("--format", "github").stdout
    assert f"::error file=src/find.rs,title=verusagent review fn%3Afind,line={line}" in annotations
    assert "::warning file=src/find.rs,title=verusagent review fn%3Alemma_absent_extends" in annotations


def test_an_unreachable_model_skips_the_review_and_the_guard_decides(repo, proved_text, scripted) -> None:
    repo.write("src/find.rs", proved_text)
    scripted([{"error": "authentication", "repeat": True}])
    result = gate()
    assert result.exit_code == 0, result.output
    assert "review skipped: the model could not be reached" in result.stdout
    scripted([{"error": "authentication", "repeat": True}])
    required = gate("--review-required", "--format", "github")
    assert required.exit_code == 3
    assert "::warning title=verusagent review::review skipped:" in required.stdout


def test_a_file_the_guard_rejects_is_not_reviewed(repo, proved_text, scripted) -> None:
    repo.write("src/find.rs", proved_text.replace("lemma_absent_extends(v@, k, i as int);", "assume(false);"))
    model = scripted([{"text": "[]", "repeat": True}])
    result = gate("--format", "json")
    assert result.exit_code == 1
    [file] = json.loads(result.stdout)["files"]
    assert file["review_note"] == "not reviewed: the guard rejected it" and model.requests == []


def test_review_needs_a_model(repo) -> None:
    result = runner.invoke(app, ["gate", "--review"])
    assert result.exit_code == 2 and "--review needs --model" in result.output
