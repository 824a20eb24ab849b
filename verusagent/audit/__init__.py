"""The run-record audit: checks a record against its invariants (see ``invariants.py``).

report = audit_run(Path(".verusagent/runs/<id>"))
report.ok, report.broken_invariants(), report.breaches  # each breach names the events involved by seq
"""

from collections.abc import Iterable
from pathlib import Path

from pydantic import ValidationError

from verusagent.audit.invariants import INVARIANTS, check_invariants
from verusagent.audit.report import TITLES, AuditReport, Breach, EventRef
from verusagent.audit.structure import line_breaches, record_warnings, start_breaches
from verusagent.audit.view import RecordView, typed_events
from verusagent.record.events import Event
from verusagent.record.reader import LineProblem, read_run
from verusagent.record.result import RunResult


def audit_events(events: Iterable[Event], folder: Path | None = None, result: RunResult | None = None) -> AuditReport:
    """Audit events already read; with ``folder`` the stored candidates are checked as well."""
    view = RecordView(events=typed_events(events), folder=folder, result=result)
    return _audit(view, problems=[], truncated_tail=False)


def audit_run(folder: Path) -> AuditReport:
    """Audit the record in ``folder``. Raises ``OSError`` when it has no readable ``events.jsonl``."""
    try:
        log = read_run(folder)
    except ValidationError as error:  # read_run refuses a result.json that is not a RunResult
        unreadable = Breach(
            invariant=None,
            title="unreadable result.json",
            message=f"result.json is not a run result, so the events were not audited: {error}",
        )
        return AuditReport(folder=folder, events_checked=0, breaches=[unreadable], warnings=[])
    view = RecordView(events=log.events, folder=folder, result=log.result)
    return _audit(view, log.problems, log.truncated_tail)


def _audit(view: RecordView, problems: list[LineProblem], truncated_tail: bool) -> AuditReport:
    breaches = line_breaches(problems, truncated_tail) + start_breaches(view) + check_invariants(view)
    return AuditReport(
        folder=view.folder,
        events_checked=len(view.events),
        breaches=breaches,
        warnings=record_warnings(view, truncated_tail),
    )


__all__ = ["INVARIANTS", "TITLES", "AuditReport", "Breach", "EventRef", "audit_events", "audit_run"]
