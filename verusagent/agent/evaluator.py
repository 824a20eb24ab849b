"""Every candidate takes the same path, and each step is recorded: created, guard, review, then verus."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.review_gate import ReviewGate, blocking
from verusagent.agent.verifier import Verifier
from verusagent.guard import GuardPolicy, GuardReport, guard
from verusagent.record import CandidateCreated, ReviewReport, RunWriter, VerusRun
from verusagent.record import GuardReport as GuardEvent
from verusagent.verus import VerusResult


class Evaluator:
    def __init__(self, original: str, policy: GuardPolicy, review: ReviewGate, verifier: Verifier, record: RunWriter):
        self.original = original
        self.policy = policy
        self.review_gate = review
        self.verifier = verifier
        self.record = record

    def screen(self, candidate: Candidate) -> Evaluation:
        """Record the candidate, then the guard's and the review's verdicts; either may reject it."""
        self.record.write_candidate(candidate.text)
        self.record.emit(CandidateCreated(sha256=candidate.sha256, strategy=candidate.strategy,
                                          round=candidate.round, parent=candidate.parent, call_id=candidate.call_id))
        report = guard(self.original, candidate.text, self.policy)
        self._record_guard(candidate.sha256, report)
        findings = self.review_gate.review(self.original, candidate.text) if report.clean else []
        self.record.emit(ReviewReport(sha256=candidate.sha256, findings=findings, gate=self.review_gate.name))
        rejected = "guard" if not report.clean else ("review" if blocking(findings) else None)
        return Evaluation(candidate=candidate, guard=report, findings=findings, rejected_by=rejected)

    def verify(self, evaluations: list[Evaluation], purpose: str, no_cheating: bool = False,
               fresh: bool = False) -> list[Evaluation]:
        """Run verus on the screened candidates that passed; the others come back unchanged."""
        passed = {e.candidate.sha256: e for e in evaluations if e.rejected_by is None}
        results = {}
        tagged = [(sha, e.candidate.text) for sha, e in passed.items()]
        for sha, result in self.verifier.run_many(tagged, no_cheating, fresh):
            self._record_verus(sha, result, purpose, no_cheating)
            results[sha] = result
        return [e.model_copy(update={"verus": results.get(e.candidate.sha256, e.verus)}) for e in evaluations]

    def evaluate(self, candidate: Candidate, purpose: str) -> Evaluation:
        return self.verify([self.screen(candidate)], purpose)[0]

    def recheck_guard(self, text: str) -> GuardReport:
        return guard(self.original, text, self.policy)

    def _record_guard(self, sha: str, report: GuardReport) -> None:
        violations = [v.model_dump(mode="json") for v in report.violations]
        self.record.emit(GuardEvent(sha256=sha, clean=report.clean, violations=violations))

    def _record_verus(self, sha: str, result: VerusResult, purpose: str, no_cheating: bool) -> None:
        self.record.emit(VerusRun(
            sha256=sha, verdict=result.verdict.value, partial=result.partial, flags=result.flags,
            verus_version=result.verus_version, is_standin=result.is_standin, from_cache=result.from_cache,
            errors=len(result.errors_only()), duration_s=result.duration_s, purpose=purpose,
            no_cheating=no_cheating and "--no-cheating" in result.flags,
        ))
