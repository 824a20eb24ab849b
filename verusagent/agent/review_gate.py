"""The review gate between the guard and verus. It can only reject, never accept.

The gate the agent uses is ``verusagent.review.agent_gate.AgentReview`` (built in ``setup.py``);
``PassThroughReview`` reviews nothing, for callers that want no review at all. A validated critical open
finding keeps its candidate from verus (outside shadow mode).
"""

from typing import Protocol

from verusagent.review.agent_gate import Release, ReviewVerdict
from verusagent.review.disputes import Dispute


class ReviewGate(Protocol):
    name: str

    def review(self, sha256: str, strategy: str, text: str, parent_text: str | None,
               skip: str | None = None) -> ReviewVerdict: ...

    def after_verus(self, sha256: str, text: str, failing: set[str] | None) -> None: ...

    def prompt_findings(self, strategy: str, limit: int) -> list[dict]: ...

    def judge_disputes(self, strategy: str, disputes: list[Dispute]) -> list[Release]: ...

    def summary(self) -> str: ...


class PassThroughReview:
    name = "pass-through"

    def review(self, sha256: str, strategy: str, text: str, parent_text: str | None,
               skip: str | None = None) -> ReviewVerdict:
        return ReviewVerdict(mode="off", note=skip or "no review (pass-through)")

    def after_verus(self, sha256: str, text: str, failing: set[str] | None) -> None:
        return None

    def prompt_findings(self, strategy: str, limit: int) -> list[dict]:
        return []

    def judge_disputes(self, strategy: str, disputes: list[Dispute]) -> list[Release]:
        return []

    def summary(self) -> str:
        return "no review (pass-through)"


def blocking(findings: list[dict]) -> list[dict]:
    """The findings that keep a candidate from verus: critical, validated (the rule rejects their score), open."""
    return [f for f in findings
            if f.get("severity") == "critical" and f.get("validated") is True and f.get("status", "open") == "open"]
