"""``verusagent review ORIGINAL CANDIDATE``: the review of one candidate, every changed unit, as a run record.

The record holds the original and the candidate (``candidate_created``), the guard's report, the rule, the
decision, every proposal, vote and dropped finding, and the ``review_report`` (mode ``full``: reviewed, not
blocked, no verus run), so that ``verusagent audit`` checks it like any run.
"""

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from verusagent import __version__
from verusagent.guard import GuardPolicy, GuardReport, guard
from verusagent.llm import Budget, BudgetTracker, ModelSettings
from verusagent.record import (
    CandidateCreated,
    Event,
    GuardChecked,
    ReviewDecision,
    ReviewFindingDropped,
    ReviewReport,
    RunResult,
    RunStarted,
    RunStopped,
    RunWriter,
)
from verusagent.review.build import build_reviewer, rule_event
from verusagent.review.decision import RejectRule, can_ever_reject
from verusagent.review.reviewer import ReviewOutcome
from verusagent.review.settings import ReviewSettings


class CollectingSink:
    """Writes events on to a record (when given) and keeps the ones the report needs."""

    def __init__(self, record: RunWriter | None = None):
        self.record = record
        self.dropped: list[ReviewFindingDropped] = []

    def emit(self, event: Event) -> Event:
        stamped = self.record.emit(event) if self.record is not None else event
        if isinstance(stamped, ReviewFindingDropped):
            self.dropped.append(stamped)
        return stamped


class StandaloneReview(BaseModel):
    original: str
    candidate: str
    sha256: str
    guard_clean: bool
    guard_violations: list[str] = Field(default_factory=list)
    rule: str
    never_rejects: bool
    changed_units: int
    units: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    dropped: list[dict[str, Any]]
    score: float
    rejects: bool  # the screening's rule rejects this candidate's score
    stopped: str | None  # the review ended early (a model that cannot be reached, a spent budget)
    model: str
    model_is_standin: bool
    run_folder: str | None = None


def review_files(
    original: Path,
    candidate: Path,
    texts: tuple[str, str],
    model: ModelSettings,
    settings: ReviewSettings,
    rule: RejectRule,
    budget: Budget,
    runs_dir: Path,
) -> StandaloneReview:
    record = RunWriter.create(runs_dir)
    try:
        return _review(original, candidate, texts, model, settings, rule, BudgetTracker(budget), record)
    finally:
        record.close()


def _review(
    original: Path,
    candidate: Path,
    texts: tuple[str, str],
    model: ModelSettings,
    settings: ReviewSettings,
    rule: RejectRule,
    budget: BudgetTracker,
    record: RunWriter,
) -> StandaloneReview:
    before, after = texts
    record.emit(
        RunStarted(
            run_id=record.run_id,
            command="review",
            version=__version__,
            config={"model": model.public_view(), "review": settings.model_dump(mode="json")},
            budgets=budget.budget.model_dump(),
        )
    )
    base_sha, sha = record.write_candidate(before), record.write_candidate(after)
    record.emit(CandidateCreated(sha256=base_sha, strategy="original", round=0))
    record.emit(CandidateCreated(sha256=sha, strategy="review", round=1, parent=base_sha))
    report = guard(before, after, GuardPolicy())
    record.emit(
        GuardChecked(sha256=sha, clean=report.clean, violations=[v.model_dump(mode="json") for v in report.violations])
    )
    record.emit(rule_event(rule, settings.votes))
    record.emit(
        ReviewDecision(
            sha256=sha, mode="full", review="full", reason="verusagent review: every changed unit, nothing blocked"
        )
    )
    sink = CollectingSink(record)
    reviewer = build_reviewer(settings, model, rule, budget, sink, candidate.name)
    outcome = reviewer.review(sha, after, before, "full")
    record.emit(
        ReviewReport(
            sha256=sha,
            findings=outcome.finding_records(),
            gate="review",
            mode="full",
            score=outcome.score,
            units=[u.record() for u in outcome.units],
            stopped_at=outcome.stopped_at,
            note=outcome.stopped or "",
        )
    )
    record.emit(RunStopped(reason="done" if outcome.stopped is None else "error", detail=outcome.stopped or ""))
    record.write_result(RunResult(run_id=record.run_id, stopped_reason="reviewed", spend=budget.snapshot()))
    return _result(original, candidate, sha, report, rule, outcome, sink, model, record.folder)


def _result(
    original: Path,
    candidate: Path,
    sha: str,
    report: GuardReport,
    rule: RejectRule,
    outcome: ReviewOutcome,
    sink: CollectingSink,
    model: ModelSettings,
    folder: Path,
) -> StandaloneReview:
    return StandaloneReview(
        original=str(original),
        candidate=str(candidate),
        sha256=sha,
        guard_clean=report.clean,
        guard_violations=[f"{v.rule}: {v.reason}" for v in report.errors()],
        rule=rule.describe(),
        never_rejects=rule.kind == "calibrated" and not can_ever_reject(rule.threshold),
        changed_units=outcome.changed_units,
        units=[u.record() for u in outcome.units],
        findings=outcome.finding_records(),
        dropped=[{"unit": d.unit, "reason": d.reason, "finding": d.finding} for d in sink.dropped],
        score=outcome.score,
        rejects=outcome.rejects,
        stopped=outcome.stopped,
        model=model.model,
        model_is_standin=model.model.startswith("scripted/"),
        run_folder=str(folder),
    )
