"""Problems of the record itself, before any invariant: lines that cannot be read, no ``run_started`` first;
and the warnings worth knowing that fail nothing."""

from verusagent.audit.report import Breach, EventRef
from verusagent.audit.view import RecordView
from verusagent.record.events import RunStarted, RunStopped, UnknownEvent
from verusagent.record.reader import LineProblem


def line_breaches(problems: list[LineProblem], truncated_tail: bool) -> list[Breach]:
    """Each unreadable line, except a cut-off last line (a crash mid-write): that one is a warning."""
    whole = problems[:-1] if truncated_tail else problems
    return [Breach(invariant=None, title="unreadable line", message=f"line {p.line}: {p.message}") for p in whole]


def start_breaches(view: RecordView) -> list[Breach]:
    starts = view.indexed(RunStarted)
    if not starts:
        return [Breach(invariant=None, title="no run_started", message="the record has no run_started event")]
    first = starts[0][0]
    if first == 0:
        return []
    early = view.events[:first]
    return [
        Breach(
            invariant=None,
            title="events before run_started",
            message=f"{len(early)} event(s) precede the first run_started",
            events=[EventRef.of(e) for e in early],
        )
    ]


def record_warnings(view: RecordView, truncated_tail: bool) -> list[str]:
    warnings = []
    if truncated_tail:
        warnings.append("the last line is cut off (the run stopped mid-write); the events before it were audited")
    unknown = sorted({e.kind for e in view.events if isinstance(e, UnknownEvent)})
    if unknown:
        warnings.append(f"events of kinds this version does not know were not audited: {', '.join(unknown)}")
    if view.events and not view.indexed(RunStopped):
        warnings.append("no run_stopped: the run did not finish (crashed, killed or still running)")
    if view.folder is None:
        warnings.append("no run folder given: the stored candidates were not checked")
    return warnings + _standin_warnings(view)


def _standin_warnings(view: RecordView) -> list[str]:
    warnings = []
    for index, verdict in view.accepting_verdicts():
        session = view.session_at(index)
        if session is not None and session.verus_is_standin:
            warnings.append(f"verdict #{verdict.seq} was reached with the verus stand-in, not the real verus")
    return warnings
