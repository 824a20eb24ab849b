"""A finding's life: ``open``, then ``resolved`` or ``dismissed``.

- **resolved**: a later candidate of the same strategy changes the finding's unit and its review does not
  confirm the finding again (the unit was reviewed and holds no validated finding, or the unit is gone); or
  verus verifies that unit: a whole-file run on a candidate whose enclosing function is the same text found
  no error in that function.
- **dismissed**: the prover disputed it and a different validator judged it ``not_real``. When every finding
  that blocked a candidate is closed, the candidate is released to verus.

The book only tracks; the caller records each change as a ``finding_status`` event.
"""

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict

from verusagent.lens import SourceModel
from verusagent.review.findings import Finding
from verusagent.review.reviewer import ReviewOutcome
from verusagent.review.units import unit_text

# A candidate's lens model: one file's, or each file's of a crate by path (unit ids are unique in a crate: they
# carry the module path, `fn:net::send`).
Models = SourceModel | Mapping[str, SourceModel]


def text_of_unit(models: Models, unit_id: str) -> str | None:
    """`unit_text` in whichever file holds the unit."""
    if isinstance(models, SourceModel):
        return unit_text(models, unit_id)
    return next((text for model in models.values() if (text := unit_text(model, unit_id)) is not None), None)


class Tracked(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    finding: Finding
    sha256: str  # the candidate it was found on
    strategy: str
    text: str  # that candidate's text
    unit_text: str | None
    function_text: str | None
    blocking: bool
    disputed: bool = False


Closed = Literal["resolved", "dismissed"]


class StatusChange(BaseModel):
    finding: Finding
    sha256: str
    status: Closed
    reason: str
    by: str | None = None
    confirmed_by: list[str] = []


class FindingBook:
    def __init__(self) -> None:
        self.tracked: dict[str, Tracked] = {}
        self.blocked: dict[str, list[str]] = {}  # candidate -> the findings that block it

    def add(self, strategy: str, sha256: str, text: str, model: Models, outcome: ReviewOutcome) -> None:
        for finding in outcome.findings:
            function = finding.unit.split("/")[0]
            self.tracked[finding.id] = Tracked(
                finding=finding,
                sha256=sha256,
                strategy=strategy,
                text=text,
                unit_text=text_of_unit(model, finding.unit),
                function_text=text_of_unit(model, function),
                blocking=outcome.blocked and finding.blocks,
            )
        if outcome.blocked:
            self.blocked[sha256] = [f.id for f in outcome.findings if f.blocks]

    def open_findings(self) -> list[Tracked]:
        return [t for t in self.tracked.values() if t.finding.status == "open"]

    def resolve_changed(self, strategy: str, sha256: str, model: Models, outcome: ReviewOutcome) -> list[StatusChange]:
        reviewed = {u.id for u in outcome.units if u.problem is None}
        confirmed = {f.unit for f in outcome.findings if f.validated and f.counts}
        changes = []
        for tracked in self.open_findings():
            if tracked.strategy != strategy or tracked.sha256 == sha256:
                continue
            unit = tracked.finding.unit
            now = text_of_unit(model, unit)
            if now == tracked.unit_text or (now is not None and (unit not in reviewed or unit in confirmed)):
                continue
            why = "the unit is gone" if now is None else "the unit changed and its review did not confirm it"
            changes.append(self._close(tracked, "resolved", f"candidate {sha256[:10]} of {strategy}: {why}"))
        return changes

    def resolve_verified(self, sha256: str, model: Models, failing: set[str] | None) -> list[StatusChange]:
        """After a whole-file verus run on ``sha256``: ``failing`` are the functions with errors (None when an
        error lies outside any function: then only a run without errors verifies anything)."""
        changes = []
        for tracked in self.open_findings():
            function = tracked.finding.unit.split("/")[0]
            if text_of_unit(model, function) != tracked.function_text or tracked.function_text is None:
                continue
            if failing is None or function in failing:
                continue
            changes.append(
                self._close(tracked, "resolved", f"verus verified {function} unchanged in candidate {sha256[:10]}")
            )
        return changes

    def disputable(self, strategy: str, finding_id: str) -> Tracked | str:
        tracked = self.tracked.get(finding_id)
        if tracked is None or tracked.strategy != strategy:
            return f"no finding {finding_id} blocks a candidate of this strategy"
        if tracked.finding.status != "open" or not tracked.blocking:
            return f"finding {finding_id} is {tracked.finding.status} and blocks nothing"
        if tracked.disputed:
            return f"finding {finding_id} was disputed before: a finding is judged on dispute once"
        return tracked

    def dismiss(self, tracked: Tracked, judge: str) -> tuple[StatusChange, str | None]:
        """Dismiss a finding; the second value is the candidate this releases (no blocking finding left)."""
        change = self._close(tracked, "dismissed", "disputed by the prover and judged not real", by=judge)
        blockers = self.blocked.get(tracked.sha256, [])
        if all(self.tracked[f].finding.status != "open" for f in blockers):
            self.blocked.pop(tracked.sha256, None)
            return change, tracked.sha256
        return change, None

    def for_prompt(self, strategy: str, limit: int) -> list[Finding]:
        mine = [t.finding for t in self.open_findings() if t.strategy == strategy and t.blocking]
        return mine[-limit:] if limit else []

    def findings_of(self, sha256: str) -> list[Finding]:
        return [t.finding for t in self.tracked.values() if t.sha256 == sha256]

    def _close(self, tracked: Tracked, status: Closed, reason: str, by: str | None = None) -> StatusChange:
        tracked.finding.status = status
        return StatusChange(
            finding=tracked.finding,
            sha256=tracked.sha256,
            status=status,
            reason=reason,
            by=by,
            confirmed_by=tracked.finding.confirmed_by(),
        )
