"""An audit report as text: each broken invariant, the events involved, the warnings, a closing line."""

from verusagent.audit.report import AuditReport


def render_text(report: AuditReport) -> list[str]:
    lines = [f"audit of {report.folder or 'events'}: {report.events_checked} events checked"]
    for found in report.breaches:
        lines.append(f"BROKEN {found.heading()}: {found.message}")
        lines.extend(f"    {ref.label()}" for ref in found.events)
    lines.extend(f"warning: {warning}" for warning in report.warnings)
    return lines + [_closing(report)]


def _closing(report: AuditReport) -> str:
    if report.ok:
        return "all invariants hold"
    broken = [f"invariant {n}" for n in report.broken_invariants()]
    structural = sorted({b.title for b in report.breaches if b.invariant is None})
    return f"{len(report.breaches)} breach(es): " + ", ".join(broken + structural)
