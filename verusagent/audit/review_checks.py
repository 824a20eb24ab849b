"""The review's invariants (9 to 13), one function each: ``check(view) -> list[Breach]``, in file order.

A ``shadow`` review report blocks nothing by definition, so it is exempt from the blocking checks.
"""

from verusagent.audit.acceptance import short
from verusagent.audit.findings import has_content
from verusagent.audit.report import Breach, breach
from verusagent.audit.view import RecordView
from verusagent.record.events import (
    CandidateCreated,
    Event,
    FindingStatus,
    ModelRequest,
    ReviewDispute,
    ReviewProposal,
    ReviewReport,
    ReviewVote,
    VerusRun,
)
from verusagent.record.runs import CANDIDATES_DIR
from verusagent.record.writer import sha256_text
from verusagent.review.findings import locate


def blocked_has_no_verus_run(view: RecordView) -> list[Breach]:
    """9. A candidate the review blocked has no verus run while blocked: outside shadow mode, the latest review
    report on it before the run must not say ``blocked`` (a report after a dismissed dispute releases it)."""
    latest: dict[str, ReviewReport] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, ReviewReport) and event.mode != "shadow":
            latest[event.sha256] = event
        elif isinstance(event, ReviewReport) and event.blocked:
            breaches.append(
                breach(
                    9,
                    f"shadow-mode review report #{event.seq} on {short(event.sha256)} blocks "
                    f"its candidate (shadow mode blocks nothing)",
                    event,
                )
            )
        elif isinstance(event, VerusRun) and event.sha256 in latest and latest[event.sha256].blocked:
            report = latest[event.sha256]
            breaches.append(
                breach(
                    9,
                    f"verus run #{event.seq} on {short(event.sha256)}, which review report #{report.seq} blocked",
                    report,
                    event,
                )
            )
    return breaches


def review_precedes_verus(view: RecordView) -> list[Breach]:
    """10. Every review report precedes the verus run of its candidate: between the candidate's latest creation
    (a resumed run creates it again) and the report, no verus run on it."""
    created: dict[str, int] = {}
    ran: dict[str, VerusRun] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, CandidateCreated):
            created[event.sha256] = event.seq
            ran.pop(event.sha256, None)
        elif isinstance(event, VerusRun):
            ran.setdefault(event.sha256, event)
        elif isinstance(event, ReviewReport) and event.sha256 in ran:
            run = ran[event.sha256]
            breaches.append(
                breach(
                    10,
                    f"review report #{event.seq} on {short(event.sha256)} comes after verus run "
                    f"#{run.seq} of the same candidate",
                    run,
                    event,
                )
            )
    return breaches


def findings_found_in_candidate(view: RecordView) -> list[Breach]:
    """11. Every kept finding's evidence is in its candidate (``candidates/<sha>.rs``; white space may differ),
    and its lines lie in the file. Checked where the run folder stores exactly that candidate (a missing or
    altered file is a damaged record, invariant 2's concern when accepted); an empty part is invariant 5's."""
    if view.folder is None:
        return []
    breaches = []
    for event in view.events:
        if isinstance(event, ReviewReport) and event.findings:
            text = _candidate_text(view, event.sha256)
            if text is None:
                continue
            problems = [p for n, f in enumerate(event.findings, 1) if (p := _evidence_problem(n, f, text))]
            if problems:
                breaches.append(
                    breach(11, f"review report #{event.seq} on {short(event.sha256)}: {'; '.join(problems)}", event)
                )
    return breaches


def _candidate_text(view: RecordView, sha256: str) -> str | None:
    path = view.folder / CANDIDATES_DIR / f"{sha256}.rs" if view.folder else None
    try:
        text = path.read_bytes().decode("utf-8") if path else None
    except (OSError, UnicodeDecodeError):
        return None
    return text if text is not None and sha256_text(text) == sha256 else None


def _evidence_problem(number: int, finding: dict, text: str) -> str | None:
    evidence = finding.get("evidence")
    quote = evidence.get("quote") if isinstance(evidence, dict) else evidence
    if not isinstance(quote, str) or not has_content(quote):
        return None
    if locate(text, quote) is None:
        return f"finding {number}: its evidence {quote[:60]!r} is not in the candidate"
    location = finding.get("location")
    lines = location.get("lines") if isinstance(location, dict) else None
    count = text.count("\n") + (not text.endswith("\n"))
    if isinstance(lines, list) and any(not isinstance(n, int) or not 1 <= n <= count for n in lines):
        return f"finding {number}: lines {lines} are not lines of the candidate ({count} lines)"
    return None


def dismissed_by_another_validator(view: RecordView) -> list[Breach]:
    """12. A dismissed finding was judged by a validator other than the ones that confirmed it; a finding with
    votes reported ``dismissed`` has such a dismissal before the report."""
    dismissed: set[str] = set()
    breaches = []
    for event in view.events:
        if isinstance(event, FindingStatus) and event.status == "dismissed":
            dismissed.add(event.finding)
            if not event.by or event.by in event.confirmed_by:
                who = f"by {event.by}, who confirmed it" if event.by else "with no judge named"
                breaches.append(breach(12, f"finding {event.finding} dismissed {who}", event))
        elif isinstance(event, ReviewReport):
            for finding in event.findings:
                real = "votes" in finding or "votes_cast" in finding
                if real and finding.get("status") == "dismissed" and finding.get("id") not in dismissed:
                    breaches.append(
                        breach(
                            12,
                            f"review report #{event.seq} says finding {finding.get('id')} is "
                            f"dismissed, but no validator dismissed it before",
                            event,
                        )
                    )
    return breaches


def review_calls_in_budget(view: RecordView) -> list[Breach]:
    """13. Review calls count against the run's budgets: every call a review event names is a ``model_request``
    of the record, before it (invariant 6 counts those), made for the review."""
    requests: dict[str, ModelRequest] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, ModelRequest):
            requests.setdefault(event.call_id, event)
        elif isinstance(event, ReviewProposal | ReviewVote | ReviewDispute) and event.call_id:
            problem = _call_problem(event, requests.get(event.call_id))
            if problem:
                breaches.append(breach(13, problem, event))
    return breaches


def _call_problem(event: Event, request: ModelRequest | None) -> str | None:
    call_id = getattr(event, "call_id", None)
    if request is None:
        return f"{event.kind} #{event.seq} names call {call_id}, which no earlier model_request made"
    if not request.purpose.startswith("review"):
        return f"{event.kind} #{event.seq} names call {call_id}, a {request.purpose or 'unlabelled'} request"
    return None


REVIEW_INVARIANTS = {
    9: blocked_has_no_verus_run,
    10: review_precedes_verus,
    11: findings_found_in_candidate,
    12: dismissed_by_another_validator,
    13: review_calls_in_budget,
}
