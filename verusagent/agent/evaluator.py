"""Every candidate takes the same path, and each step is recorded: created, guard, review, then verus."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.focus import (CostBook, FocusSettings, ParentView, ScreeningPlan, combine, is_scope_failure,
                                    plan_screening)
from verusagent.agent.review_gate import ReviewGate, blocking
from verusagent.agent.verifier import Verifier
from verusagent.crate.workspace import Workspace
from verusagent.guard import GuardPolicy, GuardReport
from verusagent.record import CandidateCreated, ReviewReport, RunWriter, ScreeningPlanned, VerusRun
from verusagent.record import GuardReport as GuardEvent
from verusagent.verus import VerusResult

WHOLE = ScreeningPlan(kind="whole", reason="a whole-file run")


class Evaluator:
    def __init__(self, original: str, policy: GuardPolicy, review: ReviewGate, verifier: Verifier, record: RunWriter,
                 focus: FocusSettings | None = None, workspace: Workspace | None = None):
        self.original = original
        self.workspace = workspace or verifier.workspace  # the files a candidate text holds (one, for a file)
        self.policy = policy
        self.review_gate = review
        self.verifier = verifier
        self.record = record
        self.focus = focus or FocusSettings()
        self.costs = CostBook()
        self.plans: dict[str, ScreeningPlan] = {}  # decided focused plans, reused on resume

    def screen(self, candidate: Candidate) -> Evaluation:
        """Record the candidate, then the guard's and the review's verdicts; either may reject it."""
        self.record.write_candidate(candidate.text)
        self.record.emit(CandidateCreated(sha256=candidate.sha256, strategy=candidate.strategy,
                                          round=candidate.round, parent=candidate.parent, call_id=candidate.call_id))
        report = self.workspace.guard(self.original, candidate.text, self.policy)
        self._record_guard(candidate.sha256, report)
        findings = self.review_gate.review(self.original, candidate.text) if report.clean else []
        self.record.emit(ReviewReport(sha256=candidate.sha256, findings=findings, gate=self.review_gate.name))
        rejected = "guard" if not report.clean else ("review" if blocking(findings) else None)
        return Evaluation(candidate=candidate, guard=report, findings=findings, rejected_by=rejected)

    def verify(self, evaluations: list[Evaluation], purpose: str, no_cheating: bool = False,
               fresh: bool = False, parents: dict[str, Evaluation] | None = None) -> list[Evaluation]:
        """Run verus on the screened candidates that passed; the others come back unchanged. With `parents`
        (the evaluations so far, by hash), a screening run may be focused on the functions that matter."""
        passed = {e.candidate.sha256: e for e in evaluations if e.rejected_by is None}
        plans = {sha: self._plan(e, parents) for sha, e in passed.items()}
        results = self._run(passed, plans, purpose, no_cheating, fresh)
        return [e.model_copy(update={"verus": results.get(e.candidate.sha256, e.verus)}) for e in evaluations]

    def evaluate(self, candidate: Candidate, purpose: str,
                 parents: dict[str, Evaluation] | None = None) -> Evaluation:
        return self.verify([self.screen(candidate)], purpose, parents=parents)[0]

    def recheck_guard(self, text: str) -> GuardReport:
        return self.workspace.guard(self.original, text, self.policy)

    def _plan(self, evaluation: Evaluation, parents: dict[str, Evaluation] | None) -> ScreeningPlan:
        sha = evaluation.candidate.sha256
        if parents is None:
            return WHOLE
        if sha not in self.plans:
            parent = parents.get(evaluation.candidate.parent or "")
            view = ParentView(text=parent.candidate.text, result=parent.verus) if parent else None
            plan = plan_screening(evaluation.candidate.text, view, self.costs, self.focus, self.workspace.models)
            if plan.kind == "whole":
                return plan
            self._record_plan(sha, plan)
            self.plans[sha] = plan
        return self.plans[sha]

    def _run(self, passed: dict[str, Evaluation], plans: dict[str, ScreeningPlan], purpose: str,
             no_cheating: bool, fresh: bool) -> dict[str, VerusResult]:
        jobs = [((sha, index), e.candidate.text, scope)
                for sha, e in passed.items() for index, scope in enumerate(plans[sha].scopes())]
        parts: dict[str, list[VerusResult]] = {}
        for (sha, _), result in self.verifier.run_scoped(jobs, no_cheating, fresh):
            self._record_verus(sha, result, purpose, no_cheating)
            self.costs.observe(result.flags, result.duration_s, result.verdict.value, result.from_cache)
            parts.setdefault(sha, []).append(result)
        refused = {sha: plans[sha] for sha, found in parts.items()
                   if plans[sha].kind != "whole" and any(map(is_scope_failure, found))}
        results = {sha: found[0] if plans[sha].kind == "whole" else combine(found, plans[sha])
                   for sha, found in parts.items() if sha not in refused}
        return results | self._whole_instead(refused, passed, purpose, no_cheating, fresh)

    def _whole_instead(self, refused: dict[str, ScreeningPlan], passed: dict[str, Evaluation], purpose: str,
                       no_cheating: bool, fresh: bool) -> dict[str, VerusResult]:
        """verus refused a focused run (a name it does not resolve): those functions are verified whole from now."""
        for sha, plan in refused.items():
            self.costs.unfocusable.update(t.unit_id for t in plan.targets)
            self.plans[sha] = ScreeningPlan(kind="whole", reason="verus refused the focused run; whole file instead")
            self._record_plan(sha, self.plans[sha])
        chosen = {sha: passed[sha] for sha in refused}
        return self._run(chosen, {sha: WHOLE for sha in chosen}, purpose, no_cheating, fresh) if chosen else {}

    def _record_plan(self, sha: str, plan: ScreeningPlan) -> None:
        self.record.emit(ScreeningPlanned(sha256=sha, plan=plan.kind, targets=[t.model_dump() for t in plan.targets],
                                          reason=plan.reason, estimate_s=plan.estimate_s))

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
