"""Invariant 19: a run that stopped because the model could not be used (``llm/health.py``: ``model_unreachable``,
``credentials``, ``context_window``) decided nothing in that session, and a ``model_unreachable`` stop is backed by
the record: a request to the model failed in transport, or the model or endpoint did not exist."""

from verusagent.audit.report import Breach, breach
from verusagent.audit.view import RecordView
from verusagent.llm.health import MODEL_STOP_REASONS, TRANSPORT_KINDS
from verusagent.record.events import Event, ModelReply, RunStarted, RunStopped, RunVerdict

UNREACHABLE_EVIDENCE = TRANSPORT_KINDS | {"not_found"}


def model_stops_shown(view: RecordView) -> list[Breach]:
    """19. No verdict in a session that stops for the model, and an unreachable model shown by a failed reply."""
    breaches = []
    for index, stop in view.indexed(RunStopped):
        if stop.reason in MODEL_STOP_REASONS:
            session = _session_events(view, index)
            breaches.extend(_verdict_breaches(stop, session))
            if stop.reason == "model_unreachable":
                breaches.extend(_evidence_breaches(stop, session))
    return breaches


def _session_events(view: RecordView, index: int) -> list[Event]:
    """The events from the last ``run_started`` before ``index`` up to it."""
    starts = [i for i, _ in view.indexed(RunStarted) if i < index]
    return view.events[(starts[-1] if starts else 0) : index]


def _verdict_breaches(stop: RunStopped, session: list[Event]) -> list[Breach]:
    verdicts = [e for e in session if isinstance(e, RunVerdict)]
    if not verdicts:
        return []
    message = f"run_stopped #{stop.seq} ({stop.reason}) follows a verdict of its session: the model stop decides none"
    return [breach(19, message, *verdicts, stop)]


def _evidence_breaches(stop: RunStopped, session: list[Event]) -> list[Breach]:
    failed = [
        e for e in session if isinstance(e, ModelReply) and e.error is not None and e.error.kind in UNREACHABLE_EVIDENCE
    ]
    if failed:
        return []
    message = (
        f"run_stopped #{stop.seq} says the model was unreachable, but no request of its session failed in transport"
    )
    return [breach(19, message, stop)]
