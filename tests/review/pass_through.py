"""A review screen that reviews nothing: for tests of the evaluator, the session and the tools, where the review's
own behaviour is not what is tested (the agent always runs ``AgentReview``, with no reviewer when it is off)."""

from verusagent.reply.disputes import Dispute
from verusagent.review.screening import Release, ReviewVerdict


class PassThroughReview:
    name = "pass-through"

    def review(
        self, sha256: str, strategy: str, text: str, parent_text: str | None, skip: str | None = None
    ) -> ReviewVerdict:
        return ReviewVerdict(mode="off", note=skip or "no review (pass-through)")

    def after_verus(self, sha256: str, text: str, failing: set[str] | None) -> None:
        return None

    def prompt_findings(self, strategy: str, limit: int) -> list[dict]:
        return []

    def judge_disputes(self, strategy: str, disputes: list[Dispute]) -> list[Release]:
        return []

    def summary(self) -> str:
        return "no review (pass-through)"
