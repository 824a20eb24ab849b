"""What the model is told about a candidate: verus's errors with code excerpts, the guard's and review's reasons."""

from verusagent.guard import GuardReport
from verusagent.guard.report import Evidence
from verusagent.prompt.templates import PromptDiagnostic, render
from verusagent.reply import ReplyError
from verusagent.verus import Diagnostic, DiagnosticKind, SpanRef, VerusResult

_REPAIR_KIND = {
    DiagnosticKind.PRECONDITION: "precondition",
    DiagnosticKind.INDEX_BOUNDS: "precondition",
    DiagnosticKind.POSTCONDITION: "postcondition",
    DiagnosticKind.INVARIANT_BEFORE_LOOP: "invariant_before_loop",
    DiagnosticKind.INVARIANT_END_OF_LOOP: "invariant_end_of_loop",
    DiagnosticKind.INVARIANT_AT_LOOP_EXIT: "invariant_loop_exit",
    DiagnosticKind.ASSERTION: "assertion",
    DiagnosticKind.ASSERT_BY_REQUIRES: "assertion",
    DiagnosticKind.BITVECTOR_ASSERTION: "assertion",
    DiagnosticKind.ARITHMETIC_OVERFLOW: "arithmetic_overflow",
    DiagnosticKind.DIVISION_BY_ZERO: "arithmetic_overflow",
    DiagnosticKind.BIT_SHIFT: "arithmetic_overflow",
    DiagnosticKind.DECREASES_LOOP: "decreases",
    DiagnosticKind.TERMINATION: "decreases",
    DiagnosticKind.MISSING_DECREASES: "decreases",
    DiagnosticKind.RLIMIT: "rlimit",
    DiagnosticKind.MODE_CALL: "mode_error",
    DiagnosticKind.MODE_MISMATCH: "mode_error",
    DiagnosticKind.MODE_OTHER: "mode_error",
    DiagnosticKind.PROOF_BLOCK_MISPLACED: "mode_error",
    DiagnosticKind.TRIGGER_INFERENCE: "trigger",
    DiagnosticKind.TRIGGER_INVALID: "trigger",
    DiagnosticKind.SYNTAX: "syntax",
    DiagnosticKind.RUSTC_ERROR: "syntax",
}
EXCERPT_CONTEXT = 2
MAX_DIAGNOSTICS = 8


def repair_kind(diagnostic: Diagnostic) -> str:
    return _REPAIR_KIND.get(diagnostic.kind, "other")


def prompt_diagnostics(diagnostics: list[Diagnostic], source: str) -> list[PromptDiagnostic]:
    lines = source.splitlines()
    return [_prompt_diagnostic(d, lines) for d in diagnostics[:MAX_DIAGNOSTICS]]


def _prompt_diagnostic(diagnostic: Diagnostic, lines: list[str]) -> PromptDiagnostic:
    location = diagnostic.location
    where = f"line {location.line}" if location and location.line else "an unknown line"
    if diagnostic.unit_id:
        where += f" in {diagnostic.unit_id}"
    return PromptDiagnostic(
        kind=repair_kind(diagnostic),
        message=diagnostic.message,
        location=where,
        excerpt=excerpt(lines, location),
        related=[_related(span) for span in diagnostic.related if span.label],
    )


def excerpt(lines: list[str], location: SpanRef | None) -> str:
    """The lines around a location, numbered, the failing line marked with `>`."""
    if location is None or not location.line or location.line > len(lines):
        return ""
    first = max(location.line - EXCERPT_CONTEXT, 1)
    last = min((location.end_line or location.line) + EXCERPT_CONTEXT, len(lines))
    marked = range(location.line, (location.end_line or location.line) + 1)
    return "\n".join(f"{'>' if n in marked else ' '} {n:4d} | {lines[n - 1]}" for n in range(first, last + 1))


def _related(span: SpanRef) -> str:
    where = f"{span.file or 'this file'} line {span.line}" if span.line else (span.file or "elsewhere")
    text = f": {span.text.strip()}" if span.text else ""
    return f"{span.label} ({where}){text}"


def guard_feedback(report: GuardReport) -> list[str]:
    """One line per violation: what was changed, where, and the two snippets."""
    return [
        f"Rejected without running verus ({v.rule}): {v.reason}{evidence_text(v.evidence)}" for v in report.errors()
    ]


def evidence_text(evidence: Evidence | None) -> str:
    """The two snippets of a guard violation, as every message shows them: " Original: `..`. Yours: `..`."."""
    if evidence is None:
        return ""
    original = f" Original: `{evidence.original}`." if evidence.original else ""
    return original + (f" Yours: `{evidence.candidate}`." if evidence.candidate else "")


def precheck_feedback(errors: list[Diagnostic]) -> list[str]:
    """One line per pre-check finding: verus's message, where, and the code there."""
    return [
        f"Rejected without running verus (the pre-check: verus would stop at this error): {d.message}"
        + (f" At line {d.location.line}" if d.location and d.location.line else "")
        + (f" in {d.unit_id}" if d.unit_id else "")
        + (f": `{d.location.text.strip()}`." if d.location and d.location.text else ".")
        for d in errors
    ]


def extraction_feedback(error: ReplyError) -> str:
    """A reply with no usable edit: what was wrong with it and what to send instead."""
    return render("extraction_feedback", reason=error.reason.value, detail=error.detail)


def model_call_failed(error: Exception) -> str:
    return f"(the model call failed: {error})"


def repeated_candidate(sha: str, described: str) -> str:
    """A reply that gave back a candidate already evaluated (`described`: how it fared)."""
    return f"Your reply repeated candidate {sha}, already evaluated: {described}. Try something different."


def acceptance_unconfirmed(reasons: list[str]) -> str:
    """The final acceptance run did not confirm a candidate that screening passed."""
    return "The acceptance run did not confirm this proof: " + "; ".join(reasons)


def candidate_outcome(
    rejected_by: str | None, guard: GuardReport, errors: list[Diagnostic], verus: VerusResult | None
) -> str:
    """How an evaluated candidate fared, in a few words: who rejected it, or what verus said."""
    if rejected_by == "guard":
        return f"rejected by the guard ({', '.join(sorted({str(v.rule) for v in guard.errors()}))})"
    if rejected_by == "precheck":
        first = errors[0].message if errors else ""
        plural = "s" if len(errors) != 1 else ""
        return f"rejected by the pre-check ({len(errors)} error{plural} verus would report first: {first})"
    if rejected_by == "review":
        return "rejected by the review"
    if verus is None:
        return "not verified yet"
    count = len(verus.errors_only())
    return f"{'verus stand-in' if verus.is_standin else 'verus'}: {verus.verdict.value}" + (
        f", {count} errors" if count else ""
    )
