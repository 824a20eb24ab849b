"""Review findings for people and tools: text lines, GitHub annotation levels and SARIF results.

A validated critical finding (its score rejected by the rule) is an error; every other kept finding, a
warning. The SARIF results carry the finding's unit, votes and score as properties.
"""

import hashlib
from typing import Any

REVIEW_RULE_ID = "review-finding"
REVIEW_RULE = {
    "id": REVIEW_RULE_ID,
    "name": "ReviewFinding",
    "shortDescription": {
        "text": "A language-model review finding: a claimed error, quoted from the code. Errors "
        "were confirmed by the validators' votes; warnings were not."
    },
    "defaultConfiguration": {"level": "warning"},
}


def is_error(finding: dict[str, Any]) -> bool:
    return finding.get("severity") == "critical" and finding.get("validated") is True


def level(finding: dict[str, Any]) -> str:
    return "error" if is_error(finding) else "warning"


def lines_of(finding: dict[str, Any]) -> list[int]:
    location = finding.get("location")
    lines = location.get("lines") if isinstance(location, dict) else None
    return [n for n in lines if isinstance(n, int)] if isinstance(lines, list) else []


def votes_text(finding: dict[str, Any]) -> str:
    votes = finding.get("votes") or finding.get("votes_cast")
    if not votes:
        return finding.get("unscored") or "not validated"
    score = finding.get("score")
    shown = f", score {score:.2f}" if isinstance(score, int | float) else ""
    return f"votes {', '.join(votes)}{shown}" + ("" if finding.get("votes") else " (does not count)")


def finding_lines(finding: dict[str, Any]) -> list[str]:
    lines = lines_of(finding)
    where = f"lines {lines[0]}-{lines[-1]}" if lines else "lines unknown"
    evidence = finding.get("evidence") or {}
    explanation = f": {evidence.get('explanation')}" if evidence.get("explanation") else ""
    return [
        f"  {level(finding)} {finding.get('id')} [{finding.get('severity')}, {finding.get('check')}] "
        f"{finding.get('unit')} {where}: {finding.get('reason')}",
        f"      evidence: `{evidence.get('quote', '')}`{explanation}",
        f"      {votes_text(finding)}",
    ]


def annotation_message(finding: dict[str, Any]) -> str:
    evidence = finding.get("evidence") or {}
    return (
        f"{finding.get('reason')}\nevidence: {evidence.get('quote', '')}\n{evidence.get('explanation', '')}"
        f"\n{votes_text(finding)}"
    ).strip()


def sarif_result(path: str, finding: dict[str, Any], rule_index: int) -> dict[str, Any]:
    lines = lines_of(finding) or [1]
    region = {"startLine": lines[0], "endLine": lines[-1]}
    evidence = finding.get("evidence") or {}
    return {
        "ruleId": REVIEW_RULE_ID,
        "ruleIndex": rule_index,
        "level": level(finding),
        "message": {"text": f"{finding.get('reason')} (review finding, {votes_text(finding)})"},
        "locations": [
            {"physicalLocation": {"artifactLocation": {"uri": path, "uriBaseId": "%SRCROOT%"}, "region": region}}
        ],
        "partialFingerprints": {"verusagentReview/v1": _fingerprint(path, finding)},
        "properties": {
            "unit": finding.get("unit"),
            "severity": finding.get("severity"),
            "check": finding.get("check"),
            "quote": evidence.get("quote"),
            "votes": finding.get("votes") or finding.get("votes_cast"),
            "score": finding.get("score"),
        },
    }


def _fingerprint(path: str, finding: dict[str, Any]) -> str:
    evidence = finding.get("evidence") or {}
    key = f"{path}\0{finding.get('unit')}\0{finding.get('reason')}\0{evidence.get('quote')}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
