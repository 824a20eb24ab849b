"""The invariants of a run record, one function each: ``check(view) -> list[Breach]``, empty when it holds.

Order is file order (positions in ``view.events``): "before" means earlier in ``events.jsonl``.
"""

from collections.abc import Callable
from itertools import pairwise

from verusagent.audit.acceptance import acceptance_shortfall, short, stored_candidate_problem
from verusagent.audit.budgets import BudgetLedger
from verusagent.audit.findings import blocks_verus, guard_gaps, is_closed, location_key, review_gaps
from verusagent.audit.model_stops import model_stops_shown
from verusagent.audit.report import Breach, breach
from verusagent.audit.review_checks import REVIEW_INVARIANTS
from verusagent.audit.sessions import (
    accepted_by_acceptance_run,
    applied_edits_guarded,
    sessions_within_limits,
    verify_results_from_verus,
)
from verusagent.audit.view import RecordView
from verusagent.record.events import (
    CandidateCreated,
    FindingStatus,
    GuardChecked,
    Prechecked,
    ReviewReport,
    RunVerdict,
    VerusRun,
)


def monotone_timestamps(view: RecordView) -> list[Breach]:
    """1. ``ts`` never goes back and ``seq`` strictly increases, in file order (a skipped seq is fine)."""
    breaches = []
    for before, after in pairwise(view.events):
        if after.ts < before.ts:
            breaches.append(breach(1, f"ts goes back from {before.ts:.6f} to {after.ts:.6f}", before, after))
        if after.seq <= before.seq:
            breaches.append(breach(1, f"seq {after.seq} follows seq {before.seq}", before, after))
    return breaches


def accepted_candidate_verified(view: RecordView) -> list[Breach]:
    """2. An accepted candidate has, before the verdict, a verus run on its hash that is ``verified``, not
    partial, of the verus the run uses; and ``candidates/<sha>.rs`` holds exactly that content."""
    breaches = []
    for index, verdict in view.accepting_verdicts():
        breaches.extend(_acceptance_breaches(view, index, verdict))
        if view.folder is not None:
            problem = stored_candidate_problem(view.folder, verdict.accepted_sha256 or "")
            if problem:
                breaches.append(breach(2, f"verdict #{verdict.seq}: {problem}", verdict))
    return breaches


def _acceptance_breaches(view: RecordView, index: int, verdict: RunVerdict) -> list[Breach]:
    sha = verdict.accepted_sha256 or ""
    session = view.session_at(index)
    version = session.verus_version if session else None
    runs = [run for _, run in view.on_sha(VerusRun, sha, before=index)]
    shortfalls = [acceptance_shortfall(run, version) for run in runs]
    if runs and None in shortfalls:
        return []
    why = "; ".join(s for s in shortfalls if s) or "verus never ran on it before the verdict"
    message = f"verdict #{verdict.seq} accepts {short(sha)} without a whole-file verus success: {why}"
    return [breach(2, message, *runs, verdict)]


def accepted_candidate_guarded(view: RecordView) -> list[Breach]:
    """3. An accepted candidate has a guard report on its hash, before the verdict, that is clean with no
    violations at all; a dirty report on the same hash contradicts it and is a breach too."""
    breaches = []
    for index, verdict in view.accepting_verdicts():
        reports = [r for _, r in view.on_sha(GuardChecked, verdict.accepted_sha256 or "", before=index)]
        dirty = [r for r in reports if not r.clean or r.violations]
        if len(dirty) == len(reports):
            what = "only dirty guard reports" if reports else "no guard report"
            breaches.append(
                breach(
                    3,
                    f"verdict #{verdict.seq} accepts {short(verdict.accepted_sha256)} with {what} on it",
                    *reports,
                    verdict,
                )
            )
        elif dirty:
            breaches.append(
                breach(
                    3,
                    f"verdict #{verdict.seq} accepts {short(verdict.accepted_sha256)} although "
                    f"a guard report on it is dirty",
                    *dirty,
                    verdict,
                )
            )
    return breaches


def no_verus_with_open_critical(view: RecordView) -> list[Breach]:
    """4. No verus run on a candidate while a validated critical finding is open on it; a later review report
    resolving or dismissing the finding (same location), or a ``finding_status`` closing it, clears it. A
    shadow-mode report is exempt: it blocks nothing, so that its candidate gets the verus verdict it is labelled
    with."""
    open_by_sha: dict[str, dict[str, tuple[ReviewReport, dict]]] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, ReviewReport) and event.mode != "shadow":
            _track_findings(open_by_sha.setdefault(event.sha256, {}), event)
        elif isinstance(event, FindingStatus):
            _close_finding(open_by_sha.get(event.sha256, {}), event.finding)
        elif isinstance(event, VerusRun) and open_by_sha.get(event.sha256):
            still_open = list(open_by_sha[event.sha256].values())
            reasons = "; ".join(f"{f.get('reason')} at {f.get('location')}" for _, f in still_open)
            message = (
                f"verus run #{event.seq} on {short(event.sha256)} while {len(still_open)} validated critical "
                f"finding(s) are open on it: {reasons}"
            )
            breaches.append(breach(4, message, *(report for report, _ in still_open), event))
    return breaches


def _track_findings(open_here: dict[str, tuple[ReviewReport, dict]], report: ReviewReport) -> None:
    for finding in report.findings:
        if blocks_verus(finding):
            open_here[location_key(finding)] = (report, finding)
        elif is_closed(finding):
            open_here.pop(location_key(finding), None)


def _close_finding(open_here: dict[str, tuple[ReviewReport, dict]], finding_id: str) -> None:
    for key, (_, finding) in list(open_here.items()):
        if finding.get("id") == finding_id:
            open_here.pop(key)


def findings_complete(view: RecordView) -> list[Breach]:
    """5. Every review finding and every guard violation has a location, a reason and evidence, non-empty."""
    breaches = []
    for event in view.events:
        if isinstance(event, ReviewReport):
            gaps = review_gaps(event.findings)
        elif isinstance(event, GuardChecked):
            gaps = guard_gaps(event.violations)
        else:
            continue
        if gaps:
            breaches.append(breach(5, f"{event.kind} #{event.seq} on {short(event.sha256)}: {'; '.join(gaps)}", event))
    return breaches


def within_budgets(view: RecordView) -> list[Breach]:
    """6. Counted over the whole record, no model call or verus run starts once its budget is spent."""
    ledger = BudgetLedger()
    breaches = []
    for event in view.events:
        overrun = ledger.take(event)
        if overrun:
            breaches.append(breach(6, overrun, event))
    return breaches


def gated_before_verus(view: RecordView) -> list[Breach]:
    """7. Before a candidate's first verus run: its creation, then a guard report and a review report on it.
    Neither report may precede the candidate's creation either."""
    breaches = []
    for index, run in _first_verus_runs(view):
        breaches.extend(_gate_breaches(view, index, run))
    for index, report in view.indexed(GuardChecked) + view.indexed(ReviewReport):
        if not view.on_sha(CandidateCreated, report.sha256, before=index):
            breaches.append(
                breach(
                    7,
                    f"{report.kind} #{report.seq} on {short(report.sha256)} comes before any candidate_created for it",
                    report,
                )
            )
    return breaches


def _first_verus_runs(view: RecordView) -> list[tuple[int, VerusRun]]:
    first: dict[str, tuple[int, VerusRun]] = {}
    for index, run in view.indexed(VerusRun):
        first.setdefault(run.sha256, (index, run))
    return list(first.values())


def _gate_breaches(view: RecordView, index: int, run: VerusRun) -> list[Breach]:
    created = view.on_sha(CandidateCreated, run.sha256, before=index)
    if not created:
        return [
            breach(7, f"verus run #{run.seq} on {short(run.sha256)} comes before any candidate_created for it", run)
        ]
    start, creation = created[0]
    breaches = []
    for kind in (GuardChecked, ReviewReport):
        reports = view.on_sha(kind, run.sha256, before=len(view.events))
        if not any(start < i < index for i, _ in reports):
            name = kind.model_fields["kind"].default
            message = (
                f"no {name} on {short(run.sha256)} between its creation #{creation.seq} and its first "
                f"verus run #{run.seq}"
            )
            breaches.append(breach(7, message, creation, *(r for _, r in reports), run))
    return breaches


def verdict_claims(view: RecordView) -> list[Breach]:
    """8. A ``verified`` verdict names an accepted candidate (which 2 and 3 then check), a ``partial`` or
    ``failed`` one names none; ``result.json`` claims no verdict that the record's last verdict does not make."""
    breaches = []
    for verdict in (v for _, v in view.indexed(RunVerdict)):
        if verdict.verdict == "verified" and not verdict.accepted_sha256:
            breaches.append(breach(8, f"verdict #{verdict.seq} is verified but accepts no candidate", verdict))
        elif verdict.verdict != "verified" and verdict.accepted_sha256:
            breaches.append(
                breach(
                    8,
                    f"verdict #{verdict.seq} is {verdict.verdict} yet claims an accepted "
                    f"candidate {short(verdict.accepted_sha256)}",
                    verdict,
                )
            )
    return breaches + _result_breaches(view)


def _result_breaches(view: RecordView) -> list[Breach]:
    result = view.result
    if result is None or result.verdict is None:
        return []
    verdicts = [v for _, v in view.indexed(RunVerdict)]
    last = verdicts[-1] if verdicts else None
    if last is not None and (last.verdict, last.accepted_sha256) == (result.verdict, result.accepted_sha256):
        return []
    recorded = f"{last.verdict} accepting {short(last.accepted_sha256)}" if last else "no verdict"
    message = (
        f"result.json says {result.verdict} accepting {short(result.accepted_sha256)}, but the record's "
        f"last verdict says {recorded}"
    )
    return [breach(8, message, *([last] if last else []))]


def prechecked_not_verified(view: RecordView) -> list[Breach]:
    """18. A candidate the pre-check rejected (a report with findings) has no verus run after that report: the
    pre-check stands for verus's front end, so such a candidate never reaches verus. A rejecting report carries
    its findings, each with a rule, a message and a line."""
    rejected: dict[str, Prechecked] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, Prechecked) and not event.clean:
            rejected.setdefault(event.sha256, event)
            breaches.extend(_precheck_gaps(event))
        elif isinstance(event, VerusRun) and event.sha256 in rejected:
            report = rejected[event.sha256]
            breaches.append(
                breach(
                    18,
                    f"verus run #{event.seq} on {short(event.sha256)}, which pre-check report #{report.seq} rejected",
                    report,
                    event,
                )
            )
    return breaches


def _precheck_gaps(report: Prechecked) -> list[Breach]:
    if not report.findings:
        return [breach(18, f"pre-check report #{report.seq} on {short(report.sha256)} rejects with no finding", report)]
    incomplete = [f for f in report.findings if not (f.get("rule") and f.get("message") and f.get("line"))]
    if incomplete:
        return [
            breach(
                18,
                f"pre-check report #{report.seq} on {short(report.sha256)}: {len(incomplete)} "
                f"finding(s) without a rule, a message or a line",
                report,
            )
        ]
    return []


INVARIANTS: dict[int, Callable[[RecordView], list[Breach]]] = {
    1: monotone_timestamps,
    2: accepted_candidate_verified,
    3: accepted_candidate_guarded,
    4: no_verus_with_open_critical,
    5: findings_complete,
    6: within_budgets,
    7: gated_before_verus,
    8: verdict_claims,
    **REVIEW_INVARIANTS,
    14: applied_edits_guarded,
    15: verify_results_from_verus,
    16: accepted_by_acceptance_run,
    17: sessions_within_limits,
    18: prechecked_not_verified,
    19: model_stops_shown,
}


def check_invariants(view: RecordView) -> list[Breach]:
    return [found for check in INVARIANTS.values() for found in check(view)]
