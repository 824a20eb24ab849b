"""Every candidate takes the same path, and each step is recorded: created, guard, pre-check, review, then verus."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.focus import (
    CostBook,
    FocusSettings,
    ParentView,
    ScreeningPlan,
    combine,
    is_scope_failure,
    plan_screening,
)
from verusagent.agent.verifier import Verifier
from verusagent.crate.workspace import CrateWorkspace
from verusagent.guard import GuardPolicy, GuardReport
from verusagent.guard.crate import guard_workspace
from verusagent.precheck import Prechecker, PrecheckReport
from verusagent.record import (
    CandidateCreated,
    GuardChecked,
    Prechecked,
    ReviewReport,
    RunWriter,
    ScreeningPlanned,
    VerusRun,
)
from verusagent.reply.disputes import Dispute
from verusagent.review.findings import Finding
from verusagent.review.screening import ReviewScreen, ReviewVerdict
from verusagent.verus import Verdict, VerusResult

WHOLE = ScreeningPlan(kind="whole", reason="a whole-file run")


class Evaluator:
    def __init__(
        self,
        original: str,
        policy: GuardPolicy,
        review: ReviewScreen,
        verifier: Verifier,
        record: RunWriter,
        focus: FocusSettings | None = None,
        costs: CostBook | None = None,
        workspace: CrateWorkspace | None = None,
        precheck: Prechecker | None = None,
    ):
        self.original = original
        # the files a candidate text holds (one, for a file; an evaluator without verus screens a single file)
        self.workspace = workspace or (
            verifier.workspace if verifier is not None else CrateWorkspace.single("input.rs")
        )
        self.policy = policy
        self.review_screen = review
        self.verifier = verifier
        self.record = record
        self.focus = focus or FocusSettings()
        self.costs = costs or CostBook()
        self.prechecker = precheck  # None: no pre-check (candidates go from the guard to the review)
        self.plans: dict[str, ScreeningPlan] = {}  # decided focused plans, reused on resume
        self.texts: dict[str, str] = {}  # every screened candidate by hash: a review compares with the parent
        self.last_runs: dict[str, list[int]] = {}  # per candidate: seqs of the verus_run events of its latest result

    def screen(self, candidate: Candidate, replay: bool = False) -> Evaluation:
        """Record the candidate, then the guard's, the pre-check's and the review's verdicts; each may reject it.
        A replayed candidate (``--resume``) reached verus before: it is not reviewed again."""
        self.record.write_candidate(candidate.text)
        self.texts[candidate.sha256] = candidate.text
        self.record.emit(
            CandidateCreated(
                sha256=candidate.sha256,
                strategy=candidate.strategy,
                round=candidate.round,
                parent=candidate.parent,
                call_id=candidate.call_id,
            )
        )
        report = guard_workspace(self.workspace, self.original, candidate.text, self.policy)
        self._record_guard(candidate.sha256, report)
        pre = self._precheck(candidate) if report.clean else None
        verdict = self._review(candidate, report, replay, pre)
        self._record_review(candidate.sha256, verdict)
        rejected = (
            "guard"
            if not report.clean
            else "precheck"
            if pre is not None and not pre.clean
            else ("review" if verdict.blocked else None)
        )
        return Evaluation(
            candidate=candidate, guard=report, findings=verdict.findings, rejected_by=rejected, precheck=pre
        )

    def _precheck(self, candidate: Candidate) -> PrecheckReport | None:
        """The static pre-check on the candidate's files; its findings are placed in the lens's units."""
        if self.prechecker is None:
            return None
        report = self.prechecker.check(self.workspace.parsed(candidate.text))
        self.record.emit(
            Prechecked(
                sha256=candidate.sha256,
                clean=report.clean,
                findings=report.summary(),
                rules_off=report.rules_off,
                duration_s=report.duration_s,
            )
        )
        return report

    def _review(
        self, candidate: Candidate, report: GuardReport, replay: bool, pre: PrecheckReport | None = None
    ) -> ReviewVerdict:
        skip = (
            "the guard rejected it"
            if not report.clean
            else "the pre-check rejected it"
            if pre is not None and not pre.clean
            else "replayed on resume: it reached verus before"
            if replay
            else None
        )
        parent = self._parent_text(candidate)
        return self.review_screen.review(candidate.sha256, candidate.strategy, candidate.text, parent, skip)

    def _parent_text(self, candidate: Candidate) -> str | None:
        if candidate.parent is None:
            return None if candidate.text == self.original else self.original
        return self.texts.get(candidate.parent, self.original)

    def release(self, evaluation: Evaluation, findings: list[Finding]) -> Evaluation:
        """A candidate the review blocked, whose blocking findings were all dismissed: it may go to verus."""
        verdict = ReviewVerdict(
            mode="on",
            findings=findings,
            blocked=False,
            note="released: every finding that blocked it was dismissed on dispute",
        )
        self._record_review(evaluation.candidate.sha256, verdict)
        return evaluation.model_copy(update={"rejected_by": None, "findings": findings})

    def _record_review(self, sha: str, verdict: ReviewVerdict) -> None:
        self.record.emit(
            ReviewReport(
                sha256=sha,
                findings=[f.record() for f in verdict.findings],
                gate=self.review_screen.name,
                mode=verdict.mode,
                score=verdict.score,
                blocked=verdict.blocked,
                units=verdict.units,
                stopped_at=verdict.stopped_at,
                note=verdict.note,
            )
        )

    def verify(
        self,
        evaluations: list[Evaluation],
        purpose: str,
        no_cheating: bool = False,
        fresh: bool = False,
        parents: dict[str, Evaluation] | None = None,
    ) -> list[Evaluation]:
        """Run verus on the screened candidates that passed; the others come back unchanged. With `parents`
        (the evaluations so far, by hash), a screening run may be focused on the functions that matter."""
        passed = {e.candidate.sha256: e for e in evaluations if e.rejected_by is None}
        plans = {sha: self._plan(e, parents) for sha, e in passed.items()}
        results = self._run(passed, plans, purpose, no_cheating, fresh)
        return [e.model_copy(update={"verus": results.get(e.candidate.sha256, e.verus)}) for e in evaluations]

    def evaluate(
        self, candidate: Candidate, purpose: str, parents: dict[str, Evaluation] | None = None, replay: bool = False
    ) -> Evaluation:
        return self.verify([self.screen(candidate, replay)], purpose, parents=parents)[0]

    def verify_scope(self, evaluation: Evaluation, scope: dict, purpose: str) -> tuple[VerusResult, list[int]]:
        """One verus run of a screened candidate with `scope` (e.g. `verify_function` with its module): partial,
        never an acceptance. Returns the result and the seq of its verus_run event."""
        sha = evaluation.candidate.sha256
        [(_, result)] = list(self.verifier.run_scoped([(sha, evaluation.candidate.text, scope)]))
        event = self._record_verus(sha, result, purpose, False)
        self.costs.observe(result.flags, result.duration_s, result.verdict.value, result.from_cache)
        return result, [event.seq]

    def recheck_guard(self, text: str) -> GuardReport:
        return guard_workspace(self.workspace, self.original, text, self.policy)

    # ---- what the loop asks of the review and of verus behind the evaluator -------------------------------

    def prompt_findings(self, strategy: str, limit: int) -> list[Finding]:
        """The open review findings that the strategy's next prompt shows (with their ids, to be disputed)."""
        return self.review_screen.prompt_findings(strategy, limit)

    def settle_disputes(self, strategy: str, disputes: list[Dispute], seen: dict[str, Evaluation]) -> list[Evaluation]:
        """The strategy's disputes judged; each candidate the review blocked and no finding blocks any more."""
        released = []
        for release in self.review_screen.judge_disputes(strategy, disputes):
            blocked = seen.get(release.sha256)
            if blocked is not None and blocked.rejected_by == "review":
                released.append(self.release(blocked, release.findings))
        return released

    @property
    def fresh_runs(self) -> int:
        return self.verifier.fresh_runs

    @fresh_runs.setter
    def fresh_runs(self, count: int) -> None:  # --resume: the runs the record already holds
        self.verifier.fresh_runs = count

    def can_accept_with_no_cheating(self) -> bool:
        return self.verifier.can_accept_with_no_cheating()

    def cancel(self) -> None:
        """Ctrl-C: the verus runs in flight are stopped."""
        self.verifier.cancel()

    def _plan(self, evaluation: Evaluation, parents: dict[str, Evaluation] | None) -> ScreeningPlan:
        sha = evaluation.candidate.sha256
        if parents is None:
            return WHOLE
        if sha not in self.plans:
            parent = parents.get(evaluation.candidate.parent or "")
            view = ParentView(text=parent.candidate.text, result=parent.verus) if parent else None
            plan = plan_screening(evaluation.candidate.text, view, self.costs, self.focus, self.workspace.models)
            self._record_plan(sha, plan)  # a whole-file screening plan too: the record says why it is whole
            self.plans[sha] = plan
        return self.plans[sha]

    def _run(
        self,
        passed: dict[str, Evaluation],
        plans: dict[str, ScreeningPlan],
        purpose: str,
        no_cheating: bool,
        fresh: bool,
    ) -> dict[str, VerusResult]:
        jobs = [
            ((sha, index), e.candidate.text, scope)
            for sha, e in passed.items()
            for index, scope in enumerate(plans[sha].scopes())
        ]
        parts: dict[str, list[VerusResult]] = {}
        for sha in passed:
            self.last_runs[sha] = []
        for (sha, _), result in self.verifier.run_scoped(jobs, no_cheating, fresh):
            self.last_runs[sha].append(self._record_verus(sha, result, purpose, no_cheating).seq)
            self.costs.observe(result.flags, result.duration_s, result.verdict.value, result.from_cache)
            parts.setdefault(sha, []).append(result)
        refused = {
            sha: plans[sha]
            for sha, found in parts.items()
            if plans[sha].kind != "whole" and any(map(is_scope_failure, found))
        }
        results = {
            sha: found[0] if plans[sha].kind == "whole" else combine(found, plans[sha])
            for sha, found in parts.items()
            if sha not in refused
        }
        for sha, result in results.items():
            self._resolve_findings(sha, passed[sha].candidate.text, result)
        return results | self._whole_instead(refused, passed, purpose, no_cheating, fresh)

    def _resolve_findings(self, sha: str, text: str, result: VerusResult) -> None:
        """A whole-file run tells which functions verify: open review findings on them are resolved."""
        if result.partial or result.verdict not in (Verdict.VERIFIED, Verdict.FAILED):
            return
        units = [d.unit_id for d in result.errors_only()]
        failing = None if any(u is None for u in units) else {u.split("/")[0] for u in units if u}
        if result.verdict == Verdict.VERIFIED:
            failing = set()
        self.review_screen.after_verus(sha, text, failing)

    def _whole_instead(
        self,
        refused: dict[str, ScreeningPlan],
        passed: dict[str, Evaluation],
        purpose: str,
        no_cheating: bool,
        fresh: bool,
    ) -> dict[str, VerusResult]:
        """verus refused a focused run (a name it does not resolve): those functions are verified whole from now."""
        for sha, plan in refused.items():
            self.costs.unfocusable.update(t.unit_id for t in plan.targets)
            self.plans[sha] = ScreeningPlan(kind="whole", reason="verus refused the focused run; whole file instead")
            self._record_plan(sha, self.plans[sha])
        chosen = {sha: passed[sha] for sha in refused}
        return self._run(chosen, {sha: WHOLE for sha in chosen}, purpose, no_cheating, fresh) if chosen else {}

    def _record_plan(self, sha: str, plan: ScreeningPlan) -> None:
        self.record.emit(
            ScreeningPlanned(
                sha256=sha,
                plan=plan.kind,
                targets=[t.model_dump() for t in plan.targets],
                reason=plan.reason,
                estimate_s=plan.estimate_s,
            )
        )

    def _record_guard(self, sha: str, report: GuardReport) -> None:
        violations = [v.model_dump(mode="json") for v in report.violations]
        self.record.emit(GuardChecked(sha256=sha, clean=report.clean, violations=violations))

    def _record_verus(self, sha: str, result: VerusResult, purpose: str, no_cheating: bool) -> VerusRun:
        return self.record.emit(verus_run_event(sha, result, purpose, no_cheating))


def verus_run_event(sha: str, result: VerusResult, purpose: str, no_cheating: bool) -> VerusRun:
    """The record's line for one verus run on candidate `sha` (`no_cheating`: it was asked for)."""
    return VerusRun(
        sha256=sha,
        verdict=result.verdict.value,
        partial=result.partial,
        flags=result.flags,
        verus_version=result.verus_version,
        is_standin=result.is_standin,
        from_cache=result.from_cache,
        errors=len(result.errors_only()),
        duration_s=result.duration_s,
        purpose=purpose,
        no_cheating=no_cheating and "--no-cheating" in result.flags,
    )
