"""Findings as the record holds them: review findings and guard violations, both plain dicts."""

import json
from typing import Any

CLOSED_STATUSES = frozenset({"resolved", "dismissed"})


def has_content(value: Any) -> bool:
    """A non-blank string, a number, or a collection holding one (``{"unit": ""}`` is no location)."""
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float):
        return True
    if isinstance(value, dict):
        return any(has_content(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(has_content(v) for v in value)
    return False


def guard_violation_location(violation: dict[str, Any]) -> Any:
    # A deleted function has no place in the candidate: its place in the original, or its unit id, locates it;
    # a crate's own rule (a module added, a build file changed) is located by its file.
    return violation.get("candidate") or violation.get("original") or violation.get("function") or violation.get("file")


def missing_parts(location: Any, reason: Any, evidence: Any) -> list[str]:
    parts = {"location": location, "reason": reason, "evidence": evidence}
    return [name for name, value in parts.items() if not has_content(value)]


def review_gaps(findings: list[dict[str, Any]]) -> list[str]:
    """``finding 2 (critical) lacks evidence`` for each review finding missing a part."""
    return _gaps([(f.get("severity"), f.get("location"), f.get("reason"), f.get("evidence")) for f in findings])


def guard_gaps(violations: list[dict[str, Any]]) -> list[str]:
    return _gaps([(v.get("rule"), guard_violation_location(v), v.get("reason"), v.get("evidence")) for v in violations])


def _gaps(findings: list[tuple[Any, Any, Any, Any]]) -> list[str]:
    described = []
    for number, (label, location, reason, evidence) in enumerate(findings, start=1):
        missing = missing_parts(location, reason, evidence)
        if missing:
            described.append(f"finding {number} ({label or 'unlabelled'}) lacks {' and '.join(missing)}")
    return described


def location_key(finding: dict[str, Any]) -> str:
    """Findings at the same location are the same finding across review reports (its status may change)."""
    return json.dumps(finding.get("location"), sort_keys=True, default=str)


def blocks_verus(finding: dict[str, Any]) -> bool:
    # A finding without a status counts as open: only an explicit resolution clears it.
    status = finding.get("status", "open")
    return finding.get("severity") == "critical" and finding.get("validated") is True and status == "open"


def is_closed(finding: dict[str, Any]) -> bool:
    return finding.get("status") in CLOSED_STATUSES
