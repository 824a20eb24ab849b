"""SARIF output validated against the SARIF 2.1.0 schema subset in sarif_subset_schema.py."""

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.gate.sarif import to_sarif
from verusagent.guard import Rule
from verusagent.precheck import PrecheckRule
from verusagent.verus.models import SpanRef

from tests.gate.precheck_results import precheck_result
from tests.gate.sarif_subset_schema import SARIF_2_1_0_SUBSET

runner = CliRunner()
VALIDATOR = jsonschema.Draft7Validator(SARIF_2_1_0_SUBSET, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def _sarif() -> dict:
    result = runner.invoke(app, ["gate", "--format", "sarif"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_the_subset_schema_rejects_broken_logs() -> None:
    jsonschema.Draft7Validator.check_schema(SARIF_2_1_0_SUBSET)
    assert not VALIDATOR.is_valid({"version": "2.0.0", "runs": []})
    assert not VALIDATOR.is_valid({"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]})
    bad_region = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "x"}},
                "results": [
                    {
                        "message": {"text": "m"},
                        "locations": [
                            {"physicalLocation": {"artifactLocation": {"uri": "a.rs"}, "region": {"startLine": 0}}}
                        ],
                    }
                ],
            }
        ],
    }
    assert not VALIDATOR.is_valid(bad_region)
    assert not VALIDATOR.is_valid({"version": "2.1.0", "runs": [], "extra": 1})


def test_a_cheat_is_valid_sarif_with_located_results(repo, proved_text) -> None:
    cheat = proved_text.replace("let _ = find(&v, 3);", "let _ = find(&v, 4);")
    cheat = cheat.replace("lemma_absent_extends(v@, k, i as int);", "assume(false);")
    repo.write("src/find.rs", cheat)
    repo.write("src/new.rs", 'const X: &str = include_str!("x.txt");\n')
    log = _sarif()
    VALIDATOR.validate(log)
    [run] = log["runs"]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [str(rule) for rule in Rule] + [
        f"precheck/{rule}" for rule in PrecheckRule
    ]
    results = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in run["results"]}
    assert results == {
        ("escape-hatch-added", "src/find.rs"),
        ("exec-changed", "src/find.rs"),
        ("outside-read-added", "src/new.rs"),
    }
    hatch = next(r for r in run["results"] if r["ruleId"] == "escape-hatch-added")
    region = hatch["locations"][0]["physicalLocation"]["region"]
    line = cheat.splitlines()[region["startLine"] - 1]
    assert line[region["startColumn"] - 1 : region["endColumn"] - 1] == "assume(false)"
    assert run["tool"]["driver"]["rules"][hatch["ruleIndex"]]["id"] == "escape-hatch-added"
    assert hatch["level"] == "error" and hatch["partialFingerprints"]


def test_a_deleted_function_points_at_the_file(repo, base_text) -> None:
    start = base_text.index("proof fn lemma_sum_to_grows")
    repo.write("src/find.rs", base_text[:start] + base_text[base_text.index("/// Finds") :])
    log = _sarif()
    VALIDATOR.validate(log)
    deleted = [r for r in log["runs"][0]["results"] if r["ruleId"] == "function-deleted"]
    assert deleted and deleted[0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}


@pytest.mark.parametrize("change", ["", "honest"])
def test_clean_runs_are_valid_sarif_too(repo, proved_text, change) -> None:
    if change:
        repo.write("src/find.rs", proved_text)
    log = _sarif()
    VALIDATOR.validate(log)
    assert log["runs"][0]["results"] == []


@pytest.mark.parametrize(
    "where",
    [
        {"line": 3, "col": 5},  # a text log's span: no end
        {"line": 3},  # a line only
        {"col": 2},  # no line: SARIF needs one, the file's first
        {"line": 2, "col": 1, "end_line": 2, "end_col": 1},  # an empty span at a column
    ],
)
def test_a_precheck_finding_with_unknown_positions_is_valid_sarif(where) -> None:
    """SARIF positions are integers >= 1: a position verus's output leaves unknown is left out, never null."""
    log = json.loads(to_sarif(precheck_result(SpanRef(**where))))
    VALIDATOR.validate(log)
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert None not in region.values()
    assert region["startLine"] == where.get("line", 1)
