"""SARIF 2.1.0 for code scanning: one run, the guard's rules, one result per violation."""

import hashlib
import json

from verusagent import __version__
from verusagent.gate.run import FileResult, GateResult
from verusagent.guard import RULE_DESCRIPTIONS, Rule, Violation
from verusagent.precheck import RULE_DESCRIPTIONS as PRECHECK_DESCRIPTIONS
from verusagent.precheck import PrecheckFinding, PrecheckRule
from verusagent.review.present import REVIEW_RULE, sarif_result

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_RULES = list(Rule)
_PRECHECK_RULES = list(PrecheckRule)  # listed after the guard's rules: ids `precheck/<rule>`


def to_sarif(result: GateResult) -> str:
    driver = _driver()
    results = [_result(file, v) for file in result.files for v in file.report.violations]
    results += [_precheck_result(file, f) for file in result.files if file.precheck for f in file.precheck.findings]
    if result.review is not None:  # the review's rule is listed only when the gate reviewed
        driver["rules"].append(REVIEW_RULE)
        review_index = len(_RULES) + len(_PRECHECK_RULES)
        results += [sarif_result(file.path, f, review_index) for file in result.files for f in file.review_findings]
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",  # the guard counts columns in characters
        "originalUriBaseIds": {"%SRCROOT%": {"uri": _root_uri(result.root)}},
        "results": results,
    }
    if result.review is not None:
        run["properties"] = {"review": result.review.line()}
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)


def _driver() -> dict:
    rules = [
        {
            "id": str(rule),
            "name": "".join(part.capitalize() for part in str(rule).split("-")),
            "shortDescription": {"text": RULE_DESCRIPTIONS[rule]},
            "defaultConfiguration": {"level": "error"},
        }
        for rule in _RULES
    ]
    rules += [
        {
            "id": f"precheck/{rule}",
            "name": "Precheck" + "".join(part.capitalize() for part in str(rule).split("-")),
            "shortDescription": {"text": PRECHECK_DESCRIPTIONS[rule]},
            "defaultConfiguration": {"level": "error"},
        }
        for rule in _PRECHECK_RULES
    ]
    return {"name": "verusagent", "version": __version__, "rules": rules}


def _precheck_result(file: FileResult, finding: PrecheckFinding) -> dict:
    """A pre-check finding: verus's message at its location (columns in characters, the end exclusive)."""
    where = finding.diagnostic.location
    region = _positions(where.line, where.col, where.end_line, where.end_col) if where else {"startLine": 1}
    physical = {"artifactLocation": {"uri": file.path, "uriBaseId": "%SRCROOT%"}, "region": region}
    digest = hashlib.sha256(f"{file.path}\0{finding.rule}\0{finding.diagnostic.message}".encode()).hexdigest()
    return {
        "ruleId": f"precheck/{finding.rule}",
        "ruleIndex": len(_RULES) + _PRECHECK_RULES.index(finding.rule),
        "level": "error",
        "message": {"text": finding.diagnostic.message},
        "locations": [{"physicalLocation": physical}],
        "partialFingerprints": {"verusagentPrecheck/v1": digest[:32]},
        "properties": {"unit": finding.diagnostic.unit_id, "rendered": finding.diagnostic.rendered},
    }


def _root_uri(root: str) -> str:
    return "file://" + root.rstrip("/") + "/"


def _result(file: FileResult, violation: Violation) -> dict:
    region = _region(violation)
    physical = {"artifactLocation": {"uri": file.path, "uriBaseId": "%SRCROOT%"}, "region": region}
    return {
        "ruleId": str(violation.rule),
        "ruleIndex": _RULES.index(violation.rule),
        "level": "error" if violation.severity == "error" else "warning",
        "message": {"text": violation.reason},
        "locations": [{"physicalLocation": physical}],
        "partialFingerprints": {"verusagentViolation/v1": _fingerprint(file.path, violation)},
        "properties": {
            "function": violation.function,
            "originalLine": violation.original.line if violation.original else None,
            "originalSnippet": violation.evidence.original,
        },
    }


def _region(violation: Violation) -> dict:
    location = violation.candidate
    if location is None:  # e.g. a deleted function: it has no place in the new file
        return {"startLine": 1}
    region = _positions(location.line, location.col, location.end_line, location.end_col)
    if violation.evidence.candidate:
        region["snippet"] = {"text": violation.evidence.candidate}
    return region


def _positions(line: int | None, col: int | None, end_line: int | None, end_col: int | None) -> dict[str, object]:
    """A region's positions, those known only: SARIF's are integers >= 1, never null (a text log may leave a
    column or the end unknown; without a line, the file's first). The end column is the one after the region."""
    if line is None:
        return {"startLine": 1}
    named = {"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col}
    return {key: value for key, value in named.items() if value is not None}


def _fingerprint(path: str, violation: Violation) -> str:
    key = f"{path}\0{violation.rule}\0{violation.function}\0{violation.reason}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
