"""Candidates and what the guard, the review and verus said of them; the order in which they rank."""

from pydantic import BaseModel, ConfigDict

from verusagent.guard import GuardReport
from verusagent.lens.model import function_unit
from verusagent.precheck import PrecheckReport
from verusagent.prompt.feedback import candidate_outcome
from verusagent.review.findings import Finding
from verusagent.verus import Verdict, VerusResult

_VERDICT_QUALITY = {
    Verdict.VERIFIED: 5,
    Verdict.VERIFIED_PARTIAL: 4,
    Verdict.FAILED: 3,
    Verdict.FRONTEND_REJECTED: 2,
    Verdict.DID_NOT_COMPILE: 1,
    Verdict.TOOL_FAILURE: 0,
    Verdict.TIMEOUT: 0,
}


class Candidate(BaseModel):
    model_config = ConfigDict(frozen=True)

    text: str
    sha256: str
    strategy: str
    round: int
    parent: str | None = None
    call_id: str | None = None


class Evaluation(BaseModel):
    candidate: Candidate
    guard: GuardReport
    findings: list[Finding] = []  # the review's findings
    rejected_by: str | None = None  # "guard", "precheck" or "review": the candidate never reached verus
    verus: VerusResult | None = None
    precheck: PrecheckReport | None = None  # the static pre-check's report (None: not run, e.g. the guard rejected)

    @property
    def prechecked_out(self) -> bool:
        """Rejected by the pre-check: its findings stand for verus's front-end errors (for ranking and repair)."""
        return self._rejecting_precheck() is not None

    def _rejecting_precheck(self) -> PrecheckReport | None:
        if self.rejected_by == "precheck" and self.precheck is not None and not self.precheck.clean:
            return self.precheck
        return None

    @property
    def accepted(self) -> bool:
        return self.rejected_by is None and self.verus is not None and self.verus.accepted

    @property
    def ready_for_acceptance(self) -> bool:
        """Accepted by a whole-file screening run, or passed by a focused one: the acceptance run decides."""
        if self.accepted:
            return True
        result = self.verus
        return self.rejected_by is None and result is not None and result.verdict == Verdict.VERIFIED_PARTIAL

    @property
    def errors(self) -> list:
        report = self._rejecting_precheck()
        if report is not None:
            return report.diagnostics()
        return self.verus.errors_only() if self.verus else []

    def failing_functions(self) -> set[str]:
        return {function_unit(d.unit_id or "?") for d in self.errors}

    def rank_key(self) -> tuple:
        """Verified first, then fewer failing functions, then fewer errors, then more verified functions. A
        candidate the pre-check rejected ranks as verus's front-end rejection of it would."""
        report = self._rejecting_precheck()
        if report is not None:
            # a rejecting report has findings, so it has a verdict
            verdict = report.verdict() or Verdict.FRONTEND_REJECTED
            return (
                False,
                _VERDICT_QUALITY[verdict],
                -len(self.failing_functions()),
                -len(self.errors),
                0,
            )
        if self.verus is None or self.rejected_by is not None:
            return (False, -1, 0, 0, 0)
        return (
            self.accepted,
            _VERDICT_QUALITY[self.verus.verdict],
            -len(self.failing_functions()),
            -len(self.errors),
            self.verus.verified or 0,
        )


def best_of(evaluations: list[Evaluation]) -> Evaluation | None:
    return max(evaluations, key=lambda e: e.rank_key(), default=None)


def better(current: Evaluation, *others: Evaluation) -> Evaluation:
    """The best of `current` and `others`; `current` on a tie."""
    return max((current, *others), key=lambda e: e.rank_key())


def describe(evaluation: Evaluation) -> str:
    """How the candidate fared, in the words the model reads (prompt.feedback) and the progress line shows."""
    return candidate_outcome(evaluation.rejected_by, evaluation.guard, evaluation.errors, evaluation.verus)
