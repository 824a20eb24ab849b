"""Gate output: text for people, JSON for tools, workflow annotation lines for GitHub Actions."""

from verusagent.gate.run import FileResult, GateResult
from verusagent.guard.render import render_report


def to_text(result: GateResult) -> str:
    base = f"{result.base[:12]} ({result.base_reason})"
    if not result.files:
        return f"verusagent gate: no changed .rs files since {base}"
    blocks = [_file_text(f) for f in result.files]
    verdict = "clean" if result.clean else f"{result.error_count()} violation(s)"
    blocks.append(f"verusagent gate: {len(result.files)} file(s) checked against {base}: {verdict}")
    return "\n".join(blocks)


def _file_text(file: FileResult) -> str:
    if file.base_path is None and not file.report.violations:
        return f"{file.path}: clean (new file: checked for escape hatches and outside-file reads)"
    against = f"{file.base_path} at the base" if file.base_path and file.base_path != file.path else None
    return render_report(file.report, file.path, against=against)


def to_json(result: GateResult) -> str:
    return result.model_dump_json(indent=2)


def to_github(result: GateResult) -> str:
    """`::error file=...,line=...::message` lines, escaped as the workflow command syntax requires."""
    lines = []
    for file in result.files:
        for violation in file.report.violations:
            level = "error" if violation.severity == "error" else "warning"
            properties = {"file": file.path, "title": f"verusagent {violation.rule}"}
            if violation.candidate:
                properties |= _region(violation.candidate)
            message = violation.reason
            if violation.evidence.original:
                message += f"\noriginal: {violation.evidence.original}"
            if violation.evidence.candidate:
                message += f"\ncandidate: {violation.evidence.candidate}"
            joined = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
            lines.append(f"::{level} {joined}::{_escape_data(message)}")
    lines.append(f"verusagent gate: {len(result.files)} file(s), {result.error_count()} violation(s)")
    return "\n".join(lines)


def _region(location) -> dict[str, int]:
    return {"line": location.line, "col": location.col, "endLine": location.end_line, "endColumn": location.end_col}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
