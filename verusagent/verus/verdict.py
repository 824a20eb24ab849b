"""The verdict of a run, by the rules of verus-reference.md section 3.

A tool failure is never a proof failure and never a success; a partial run is never `verified`; `verified`
needs every sign of success at once (exit 0, `success: true`, no error, the whole crate, no error diagnostic).
"""

from verusagent.verus.diagnostics import Category, DiagnosticKind
from verusagent.verus.models import Diagnostic, ResultsSummary, Verdict

Decision = tuple[Verdict, list[str]]

_TOOL_EXIT_CODES = {128: "the verus install is incomplete (exit 128)", 255: "verus rejected its arguments (exit 255)"}


def run_verdict(
    summary: ResultsSummary | None,
    document_problem: str | None,
    exit_code: int | None,
    diagnostics: list[Diagnostic],
    panics: list[str],
) -> Decision:
    """The verdict of a run with `--output-json` (exit_code None when unknown, as in a saved log)."""
    failure = tool_failure_reasons(exit_code, diagnostics, panics)
    if document_problem:
        failure.append(document_problem)
    if failure or summary is None:
        return Verdict.TOOL_FAILURE, failure or ["no verification results"]
    return _from_summary(summary, exit_code, [d for d in diagnostics if d.is_error])


def tool_failure_reasons(exit_code: int | None, diagnostics: list[Diagnostic], panics: list[str]) -> list[str]:
    reasons = [f"verus panicked: {panic}" for panic in panics]
    internal = [d for d in diagnostics if d.kind == DiagnosticKind.INTERNAL_ERROR]
    reasons += [f"internal error: {d.message}" for d in internal]
    if exit_code is not None and exit_code not in (0, 1):
        reasons.append(_TOOL_EXIT_CODES.get(exit_code, _unexpected_exit(exit_code)))
    return reasons


def _unexpected_exit(exit_code: int) -> str:
    if exit_code < 0:
        return f"verus was killed by signal {-exit_code}"
    return f"verus exited with code {exit_code}, which it uses for no verification outcome"


def _from_summary(summary: ResultsSummary, exit_code: int | None, errors: list[Diagnostic]) -> Decision:
    if summary.encountered_vir_error:
        return Verdict.FRONTEND_REJECTED, ["verus reports a front-end (VIR) error: no SMT query ran"]
    if (summary.errors or 0) > 0:
        return Verdict.FAILED, [f"verus reports {summary.errors} failed verification queries"]
    if summary.encountered_error:
        return _error_without_failed_query(summary, errors)
    return _clean_summary(summary, exit_code, errors)


def _error_without_failed_query(summary: ResultsSummary, errors: list[Diagnostic]) -> Decision:
    if summary.verified == 0 or any(d.category == Category.RUSTC for d in errors):
        return Verdict.DID_NOT_COMPILE, ["verus reports an error but no verified and no failed query"]
    return Verdict.FRONTEND_REJECTED, ["verus reports an error outside the SMT queries"]


def _clean_summary(summary: ResultsSummary, exit_code: int | None, errors: list[Diagnostic]) -> Decision:
    if errors:
        return Verdict.TOOL_FAILURE, [f"the results report no error but stderr holds {len(errors)} error(s)"]
    if exit_code not in (0, None):
        return Verdict.TOOL_FAILURE, [f"verus exited with code {exit_code} although it reports no error"]
    if summary.entire_crate is False:
        return Verdict.VERIFIED_PARTIAL, ["a partial run (--verify-*) passed: not an acceptance"]
    if summary.success is True and summary.entire_crate is True and summary.errors == 0:
        return Verdict.VERIFIED, ["verus verified the whole crate"]
    return Verdict.TOOL_FAILURE, ["the results neither report an error nor a whole-crate success"]


def log_verdict(
    summary: ResultsSummary | None, diagnostics: list[Diagnostic], panics: list[str]
) -> tuple[Verdict | None, list[str]]:
    """The verdict of a human-format log (no exit code). None when the log does not say enough."""
    failure = tool_failure_reasons(None, diagnostics, panics)
    if failure:
        return Verdict.TOOL_FAILURE, failure
    errors = [d for d in diagnostics if d.is_error]
    if summary is not None and (summary.errors or 0) > 0:
        return Verdict.FAILED, [f"the results line reports {summary.errors} errors"]
    if errors:
        return _from_error_kinds(errors, diagnostics)
    if summary is None:
        return None, ["no results line and no error: the log does not say whether verus finished"]
    if summary.entire_crate is False:
        return Verdict.VERIFIED_PARTIAL, ["a partial run (--verify-*) passed: not an acceptance"]
    return Verdict.VERIFIED, ["the results line reports no error"]


def _from_error_kinds(errors: list[Diagnostic], diagnostics: list[Diagnostic]) -> tuple[Verdict | None, list[str]]:
    categories = {d.category for d in errors}
    if Category.VERIFICATION in categories:
        return Verdict.FAILED, ["verification errors"]
    pass_note = any(d.kind == DiagnosticKind.PASS_NOTE for d in diagnostics)
    if Category.FRONTEND in categories or pass_note:
        return Verdict.FRONTEND_REJECTED, ["front-end errors (no SMT query ran)"]
    if Category.RUSTC in categories:
        return Verdict.DID_NOT_COMPILE, ["rustc errors"]
    return None, ["errors of no known kind and no results line"]
