"""Builds a `Diagnostic` from what either parser read: classifies it and picks its failing location."""

import re

from verusagent.verus.diagnostics import NOT_A_LOCATION_LABEL, PREFERRED_LABELS, classify
from verusagent.verus.models import Diagnostic, Level, SpanRef


def failing_location(spans: list[SpanRef]) -> SpanRef | None:
    """The Verus test harness's rule: prefer a span with one of PREFERRED_LABELS (in that order), otherwise the
    first span whose label is not `failed precondition`."""
    for wanted in PREFERRED_LABELS:
        for span in spans:
            if _label(span) == wanted:
                return span
    for span in spans:
        if _label(span) != NOT_A_LOCATION_LABEL:
            return span
    return spans[0] if spans else None


def _label(span: SpanRef) -> str:
    return (span.label or "").strip()


def build_diagnostic(
    level: str,
    message: str,
    code: str | None,
    spans: list[SpanRef],
    notes: list[str],
    helps: list[str],
    rendered: str | None,
) -> Diagnostic:
    location = failing_location(spans)
    related = [s for s in spans if s is not location and _label(s)]
    return Diagnostic(
        kind=classify(message, level, code),
        level=Level(level),
        message=message,
        code=code,
        spans=spans,
        location=location,
        related=related,
        notes=notes,
        helps=helps,
        rendered=rendered,
    )


_SUMMARY_ENTRY = re.compile(r"^aborting due to |^\d+ warnings? emitted")


def is_summary_entry(message: str, level: str) -> bool:
    """rustc's closing entries (`aborting due to ...`, `N warnings emitted`, failure notes such as
    `For more information about this error, try ...`): they repeat nothing new and are dropped."""
    return level == "failure-note" or _SUMMARY_ENTRY.match(message.strip()) is not None
