"""The review gate between the guard and verus. It can only reject, never accept.

Until the pessimistic review lands, `PassThroughReview` reports no findings, so every guard-clean candidate
reaches verus. A gate returns findings as dicts (severity, location, reason, evidence, status, validated); a
validated critical open finding blocks the candidate.
"""

from typing import Protocol


class ReviewGate(Protocol):
    name: str

    def review(self, original: str, candidate: str) -> list[dict]: ...


class PassThroughReview:
    name = "pass-through"

    def review(self, original: str, candidate: str) -> list[dict]:
        return []


def blocking(findings: list[dict]) -> list[dict]:
    return [
        f for f in findings
        if f.get("severity") == "critical" and f.get("validated") and f.get("status", "open") == "open"
    ]
