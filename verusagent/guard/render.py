"""Plain-text rendering of a guard report: one `path:line:col: severity[rule] reason` line per violation."""

from verusagent.guard.report import GuardReport, Violation


def render_violation(violation: Violation, path: str) -> list[str]:
    where = f"{path}:{violation.candidate.line}:{violation.candidate.col}" if violation.candidate else path
    lines = [f"{where}: {violation.severity}[{violation.rule}] {violation.reason}"]
    if violation.original is not None:
        lines.append(f"    original line {violation.original.line}: {violation.evidence.original or '(nothing)'}")
    if violation.evidence.candidate:
        lines.append(f"    candidate: {violation.evidence.candidate}")
    return lines


def render_report(report: GuardReport, path: str, against: str | None = None) -> str:
    versus = f" against {against}" if against else ""
    if report.clean and not report.violations:
        return f"{path}: clean ({report.functions_compared} functions compared{versus})"
    errors = len(report.errors())
    warnings = len(report.violations) - errors
    head = f"{path}: {errors} violation{'s' if errors != 1 else ''}"
    head += f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
    lines = [head + versus]
    for violation in report.violations:
        lines.extend(render_violation(violation, path))
    return "\n".join(lines)
