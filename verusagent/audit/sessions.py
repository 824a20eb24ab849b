"""The invariants of agent-mode sessions and of acceptance (14 to 17), one function each, as in invariants.py."""

from verusagent.audit.acceptance import acceptance_shortfall, short, stored_candidate_problem
from verusagent.audit.report import Breach, breach
from verusagent.audit.view import RecordView
from verusagent.record.events import (
    CandidateCreated,
    GuardChecked,
    RunStarted,
    RunStopped,
    SessionEnded,
    SessionStarted,
    ToolCalled,
    ToolResult,
    VerusRun,
)

NOT_RUN = ("not_run", "budget")  # tool results of calls that were refused before they ran
SESSION_VERUS_PURPOSES = ("agent", "agent-function")


def applied_edits_guarded(view: RecordView) -> list[Breach]:
    """14. Every applied edit has, between its call and its result, a clean guard report (no violations) on exactly
    the text it produced, which is stored under its hash; a session's current candidate changes only so."""
    breaches = []
    for index, result in view.indexed(ToolResult):
        if result.name == "edit" and result.applied:
            breaches.extend(_edit_breaches(view, index, result))
    return breaches + _current_breaches(view)


def _edit_breaches(view: RecordView, index: int, result: ToolResult) -> list[Breach]:
    sha = result.produced_sha256 or ""
    if sha != result.sha256:
        return [
            breach(
                14,
                f"edit result #{result.seq} is applied but leaves {short(result.sha256)} current, not the "
                f"{short(sha)} it produced",
                result,
            )
        ]
    call = _call_of(view, index, result)
    start = call[0] if call else -1
    reports = [(i, r) for i, r in view.on_sha(GuardChecked, sha, before=index) if i > start]
    clean = [r for _, r in reports if r.clean and not r.violations]
    created = view.on_sha(CandidateCreated, sha, before=index)
    why = (
        "no tool_call before it"
        if call is None
        else "no candidate_created for it"
        if not created
        else "no clean guard report on it since its call"
        if not clean
        else ""
    )
    if view.folder is not None and not why:
        why = stored_candidate_problem(view.folder, sha) or ""
    if not why:
        return []
    return [breach(14, f"edit result #{result.seq} applied {short(sha)}: {why}", *(r for _, r in reports), result)]


def _call_of(view: RecordView, index: int, result: ToolResult) -> tuple[int, ToolCalled] | None:
    calls = [
        (i, c)
        for i, c in view.indexed(ToolCalled)
        if i < index and c.session == result.session and c.call_id == result.call_id
    ]
    return calls[-1] if calls else None


def _current_breaches(view: RecordView) -> list[Breach]:
    current: dict[str, str] = {}
    breaches = []
    for event in view.events:
        if isinstance(event, SessionStarted):
            current[event.session] = event.sha256
        elif isinstance(event, ToolResult) and event.session in current:
            expected = event.produced_sha256 if event.applied else current[event.session]
            if event.sha256 != expected:
                breaches.append(
                    breach(
                        14,
                        f"tool result #{event.seq} ({event.name}) makes {short(event.sha256)} "
                        f"current without an applied edit producing it",
                        event,
                    )
                )
            current[event.session] = event.sha256
    return breaches


def verify_results_from_verus(view: RecordView) -> list[Breach]:
    """15. Every verify result names the verus_run events it came from (a run, or a cached run), each on the
    text it reports on and before it, and reports no better verdict than they gave."""
    breaches = []
    runs = {run.seq: (i, run) for i, run in view.indexed(VerusRun)}
    for index, result in view.indexed(ToolResult):
        if result.name == "verify" and result.verdict is not None:
            why = _verify_shortfall(result, [runs.get(seq) for seq in result.verus_runs], index)
            if why:
                found = [run for seq in result.verus_runs if seq in runs for run in [runs[seq][1]]]
                breaches.append(breach(15, f"verify result #{result.seq} ({result.verdict}): {why}", *found, result))
    return breaches


def _verify_shortfall(result: ToolResult, found: list, index: int) -> str:
    if not found:
        return "it names no verus run"
    if any(item is None for item in found):
        return "it names a seq that is no verus_run of the record"
    if any(i > index or run.sha256 != result.sha256 for i, run in found):
        return "a verus run it names is on another candidate, or comes after it"
    verdicts = {run.verdict for _, run in found}
    if result.verdict == "verified":
        whole = all(run.verdict == "verified" and not run.partial for _, run in found)
        return "" if whole else "it says verified, but its verus runs are not all whole-file successes"
    if result.verdict == "verified_partial":
        return "" if verdicts <= {"verified", "verified_partial"} else f"its verus runs ended {sorted(verdicts)}"
    return "" if result.verdict in verdicts else f"its verus runs ended {sorted(verdicts)}"


def accepted_by_acceptance_run(view: RecordView) -> list[Breach]:
    """16. Nothing is accepted but by the acceptance run: where a whole-file success precedes an accepting
    verdict (invariant 2), one of those successes is a fresh run made for acceptance, not a screening run or a
    verify call's, and not a cached answer."""
    breaches = []
    for index, verdict in view.accepting_verdicts():
        session = view.session_at(index)
        version = session.verus_version if session else None
        successes = [
            run
            for _, run in view.on_sha(VerusRun, verdict.accepted_sha256 or "", before=index)
            if acceptance_shortfall(run, version) is None
        ]
        if successes and not any(run.purpose == "acceptance" and not run.from_cache for run in successes):
            kinds = {(r.purpose or "-") + (" (cached)" if r.from_cache else "") for r in successes}
            purposes = ", ".join(sorted(kinds))
            breaches.append(
                breach(
                    16,
                    f"verdict #{verdict.seq} accepts {short(verdict.accepted_sha256)} on verus "
                    f"runs made for {purposes}, not on a fresh acceptance run",
                    *successes,
                    verdict,
                )
            )
    return breaches


def sessions_within_limits(view: RecordView) -> list[Breach]:
    """17. An agent session makes no more tool calls and fresh verus runs than its limits allow, and none after
    it ended."""
    breaches = []
    for index, started in view.indexed(SessionStarted):
        end = _end_of(view, index, started.session)
        breaches.extend(_limit_breaches(view, started, index, end))
        late = (
            [
                e
                for e in view.events[end + 1 :]
                if isinstance(e, ToolCalled | ToolResult) and e.session == started.session
            ]
            if end < len(view.events)
            else []
        )
        if late:
            breaches.append(breach(17, f"session {started.session} has tool events after it ended", *late))
    return breaches


def _end_of(view: RecordView, start: int, session: str) -> int:
    """Its session_ended; else the run's next start (a --resume after Ctrl-C) or stop; else the record's end."""
    for i in range(start + 1, len(view.events)):
        event = view.events[i]
        if (isinstance(event, SessionEnded) and event.session == session) or isinstance(event, RunStarted | RunStopped):
            return i
    return len(view.events)


def _limit_breaches(view: RecordView, started: SessionStarted, start: int, end: int) -> list[Breach]:
    inside = view.events[start + 1 : end]
    calls = [e for e in inside if isinstance(e, ToolResult) and e.session == started.session and e.error not in NOT_RUN]
    runs = [e for e in inside if isinstance(e, VerusRun) and not e.from_cache and e.purpose in SESSION_VERUS_PURPOSES]
    breaches = []
    for count, key, what in ((calls, "max_tool_calls", "tool calls"), (runs, "max_verus_runs", "fresh verus runs")):
        limit = started.limits.get(key)
        if isinstance(limit, int) and len(count) > limit:
            breaches.append(
                breach(
                    17,
                    f"session {started.session} made {len(count)} {what}, over its {key} {limit}",
                    started,
                    count[limit],
                )
            )
    return breaches
