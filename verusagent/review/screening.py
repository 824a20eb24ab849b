"""The review's screening between the guard and verus: it can only reject, never accept. ``ReviewScreen`` is what
the agent's evaluator asks of it; ``AgentReview`` (built in ``agent/setup.py``) is the screen: the review as the
agent loop's step between the guard and verus: which candidates it reviews (the mode, or
``auto``'s estimate), the review itself, the findings' life cycle, and the disputes the prover raises.

Every choice is an event: ``review_decision`` per candidate (reviewed or not, and why), ``finding_status`` per
status change, ``review_dispute`` per dispute. The review can only reject: a candidate it cannot review (a
spent budget, a model error) goes to verus unreviewed.
"""

from collections.abc import Callable
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from verusagent.choices import ReviewMode
from verusagent.lens import SourceModel, parse_shared
from verusagent.record.events import FindingStatus, ReviewDecision, ReviewDispute
from verusagent.record.sink import EventSink
from verusagent.reply.disputes import Dispute
from verusagent.review.auto import AutoSwitch
from verusagent.review.decision import RejectRule
from verusagent.review.findings import Finding
from verusagent.review.lifecycle import FindingBook, StatusChange
from verusagent.review.reviewer import Judgment, Reviewer, ReviewOutcome, ReviewRunMode
from verusagent.review.settings import ReviewSettings
from verusagent.review.unit_view import review_context
from verusagent.review.units import ReviewUnit, UnitKind, changed_units, find_unit

Screening = ReviewRunMode | Literal["off"]  # what is done with a candidate
_RUN_MODES: dict[ReviewMode, tuple[ReviewRunMode, str]] = {
    ReviewMode.ON: ("on", "--review on: the changed units cheapest first, stopping at the first the rule rejects"),
    ReviewMode.SHADOW: ("shadow", "--review shadow: every changed unit, nothing blocked (a label for calibrate)"),
}


class ReviewVerdict(BaseModel):
    """What the evaluator records in the ``review_report`` and acts on."""

    mode: str  # what was done: "on", "shadow" or "off"
    findings: list[Finding] = Field(default_factory=list)  # as they were at the review (copies)
    score: float | None = None
    blocked: bool = False
    units: list[dict[str, Any]] = Field(default_factory=list)
    stopped_at: str | None = None
    note: str = ""


class Release(BaseModel):
    """A blocked candidate whose blocking findings were all dismissed: it goes to verus now."""

    sha256: str
    findings: list[Finding]


class ReviewScreen(Protocol):
    name: str

    def review(
        self, sha256: str, strategy: str, text: str, parent_text: str | None, skip: str | None = None
    ) -> ReviewVerdict: ...

    def after_verus(self, sha256: str, text: str, failing: set[str] | None) -> None: ...

    def prompt_findings(self, strategy: str, limit: int) -> list[Finding]: ...

    def judge_disputes(self, strategy: str, disputes: list[Dispute]) -> list[Release]: ...

    def summary(self) -> str: ...


def blocking(findings: list[Finding]) -> list[Finding]:
    """The findings that keep a candidate from verus: critical, validated (the rule rejects their score), open."""
    return [f for f in findings if f.blocks]


def _copies(findings: list[Finding]) -> list[Finding]:
    """Findings as they are now: the book goes on changing its own (resolved, dismissed)."""
    return [f.model_copy(deep=True) for f in findings]


# A candidate text -> each file's lens model by path (verusagent.crate.workspace.CrateWorkspace.models): one for a
# single file; a crate's candidate is a bundle of files, and each changed file is reviewed against its parent's.
ModelsOf = Callable[[str], dict[str, SourceModel]]
# A changed file: its path, its model in the candidate, its parent's model (None: new in the candidate).
ChangedFile = tuple[str, SourceModel, SourceModel | None]


def one_file(text: str) -> dict[str, SourceModel]:
    return {"": parse_shared(text)[0]}


class AgentReview:
    name = "review"

    def __init__(
        self,
        settings: ReviewSettings,
        rule: RejectRule,
        reviewer: Reviewer | None,
        sink: EventSink,
        verus_seconds: Callable[[], float | None],
        models: ModelsOf = one_file,
    ):
        self.settings, self.rule, self.reviewer, self.sink = settings, rule, reviewer, sink
        self.models = models
        self.auto = AutoSwitch(settings, verus_seconds)
        self.book = FindingBook()
        self.disabled: str | None = None  # why no more reviews are made (a spent budget)
        self.considered = 0  # candidates that changed something and passed the guard
        self.reviewed = 0
        self.rejected = 0

    # ---- screening ----------------------------------------------------------------------------------------

    def review(
        self, sha256: str, strategy: str, text: str, parent_text: str | None, skip: str | None = None
    ) -> ReviewVerdict:
        mode, reason, figures = self._choose(parent_text, skip)
        self.considered += skip is None and parent_text is not None
        mine: dict[str, SourceModel] = {}
        changed: list[ChangedFile] = []
        if mode != "off" and parent_text is not None:  # _choose says off without a parent
            mine, theirs = self.models(text), self.models(parent_text)
            changed = [
                (path, mine[path], theirs.get(path)) for path in mine if changed_units(mine[path], theirs.get(path))
            ]
            if not changed:
                mode, reason = "off", "no unit changed against the parent (the change lies outside functions)"
        self.sink.emit(
            ReviewDecision(sha256=sha256, mode=self.settings.mode.value, review=mode, reason=reason, figures=figures)
        )
        if mode == "off" or self.reviewer is None or not changed:
            return ReviewVerdict(mode="off", note=reason)
        outcome = self._review_files(self.reviewer, sha256, mode, changed, len(mine) > 1)
        self._after_review(sha256, strategy, text, mine, outcome)
        return ReviewVerdict(
            mode=mode,
            findings=_copies(outcome.findings),
            score=outcome.score,
            blocked=outcome.blocked,
            units=[u.record() for u in outcome.units],
            stopped_at=outcome.stopped_at,
            note=outcome.stopped or "",
        )

    def _review_files(
        self, reviewer: Reviewer, sha256: str, mode: ReviewRunMode, changed: list[ChangedFile], crate: bool
    ) -> ReviewOutcome:
        """Each changed file against the parent's (one, for a single file); a file that blocks, or a review
        that stops (a spent budget), ends it. In a crate, each finding's location names its file."""
        outcome: ReviewOutcome | None = None
        for path, model, parent in changed:
            part = reviewer.review(
                sha256,
                model.text,
                parent.text if parent else None,
                mode,
                models=(model, parent),
                first_index=len(outcome.findings) if outcome else 0,
                file_name=path if crate else None,
            )
            for finding in part.findings if crate else []:
                finding.location["file"] = path
            outcome = part if outcome is None else outcome.then(part)
            if part.blocked or part.stopped:
                break
        assert outcome is not None  # review() calls it with a changed file at least
        return outcome

    def _choose(self, parent_text: str | None, skip: str | None) -> tuple[Screening, str, dict[str, Any]]:
        """What to do with a candidate, before parsing it: the mode, or auto's estimate."""
        mode = self.settings.mode
        if skip is not None:
            return "off", skip, {}
        if mode == ReviewMode.OFF:
            return "off", "--review off", {}
        if self.disabled is not None:
            return "off", self.disabled, {}
        if parent_text is None:
            return "off", "the input itself: nothing was changed", {}
        if mode == ReviewMode.AUTO:
            choice = self.auto.choose()
            return ("on" if choice.review else "off"), choice.reason, choice.figures
        run_mode, why = _RUN_MODES[mode]
        return run_mode, why, {}

    def _after_review(
        self, sha256: str, strategy: str, text: str, model: dict[str, SourceModel], outcome: ReviewOutcome
    ) -> None:
        self.reviewed += 1
        self.rejected += int(outcome.blocked)
        self.auto.observe(outcome.seconds, outcome.blocked)
        if outcome.budget_spent:
            self.disabled = f"no review: {outcome.stopped}"
        self._emit_changes(self.book.resolve_changed(strategy, sha256, model, outcome))
        self.book.add(strategy, sha256, text, model, outcome)

    def after_verus(self, sha256: str, text: str, failing: set[str] | None) -> None:
        """A whole-file verus run on a candidate: the open findings on the units it verified are resolved."""
        if self.book.open_findings():
            self._emit_changes(self.book.resolve_verified(sha256, self.models(text), failing))

    # ---- the next prompt and disputes ---------------------------------------------------------------------

    def prompt_findings(self, strategy: str, limit: int) -> list[Finding]:
        return _copies(self.book.for_prompt(strategy, limit))

    def judge_disputes(self, strategy: str, disputes: list[Dispute]) -> list[Release]:
        released = []
        for dispute in disputes:
            sha = self._judge(strategy, dispute)
            if sha is not None:
                released.append(Release(sha256=sha, findings=_copies(self.book.findings_of(sha))))
        return released

    def _judge(self, strategy: str, dispute: Dispute) -> str | None:
        tracked = self.book.disputable(strategy, dispute.finding)
        if isinstance(tracked, str) or self.reviewer is None:
            detail = tracked if isinstance(tracked, str) else "the review is off"
            self.sink.emit(
                ReviewDispute(
                    sha256="", finding=dispute.finding, reason=dispute.reason, outcome="ignored", detail=detail
                )
            )
            return None
        tracked.disputed = True
        finding = tracked.finding
        model, unit = self._unit_of(tracked.text, finding.unit, UnitKind(finding.unit_kind))
        if unit is None:  # cannot happen for a finding the review made on this text; judged unjudgeable
            judgment = Judgment(vote=None, validator="", problem=f"unit {finding.unit} not found in the candidate")
        else:
            judgment = self.reviewer.judge(
                unit, review_context(model, [unit.id], [(unit.start, unit.end)], unit.text), finding, dispute.reason
            )
        dismissed = judgment.vote == "not_real" and judgment.validator not in finding.confirmed_by()
        outcome: Literal["dismissed", "unjudged", "upheld"]
        outcome = "dismissed" if dismissed else ("unjudged" if judgment.vote is None else "upheld")
        self.sink.emit(
            ReviewDispute(
                sha256=tracked.sha256,
                finding=finding.id,
                reason=dispute.reason,
                judge=judgment.validator,
                call_id=judgment.call_id,
                vote=judgment.vote,
                outcome=outcome,
                detail=judgment.problem or "",
            )
        )
        if not dismissed:
            return None
        change, released = self.book.dismiss(tracked, judgment.validator)
        self._emit_changes([change])
        return released

    def _unit_of(self, text: str, unit_id: str, kind: UnitKind) -> tuple[SourceModel, ReviewUnit | None]:
        """The file of the candidate that holds the unit, and the unit (None: in no file)."""
        models = self.models(text)
        for path, model in models.items():
            unit = find_unit(model, unit_id, kind)
            if unit is not None:
                return model, unit.model_copy(update={"file": path if len(models) > 1 else None})
        return next(iter(models.values())), None

    # ---- record and summary -------------------------------------------------------------------------------

    def _emit_changes(self, changes: list[StatusChange]) -> None:
        for change in changes:
            self.sink.emit(
                FindingStatus(
                    sha256=change.sha256,
                    finding=change.finding.id,
                    location=change.finding.location,
                    status=change.status,
                    reason=change.reason,
                    by=change.by,
                    confirmed_by=change.confirmed_by,
                )
            )

    def summary(self) -> str:
        done = f"{self.reviewed} of {self.considered} candidates reviewed, {self.rejected} rejected"
        return f"--review {self.settings.mode.value}: {done}; {self.rule.describe()}"
