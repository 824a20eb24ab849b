"""Gate output: text for people, JSON for tools, workflow annotation lines for GitHub Actions."""

from verusagent.gate.run import FileResult, GateResult
from verusagent.guard.render import render_report
from verusagent.lens import Span
from verusagent.review.present import annotation_message, finding_lines, lines_of
from verusagent.review.present import level as finding_level

Properties = dict[str, str | int]  # a workflow command's properties (`file=..,line=..`)


def to_text(result: GateResult) -> str:
    base = f"{result.base[:12]} ({result.base_reason})"
    if not result.files:
        return f"verusagent gate: no changed .rs files since {base}"
    blocks = [_file_text(f) for f in result.files]
    if result.review is not None:
        blocks.append(result.review.line())
    verdict = "clean" if result.clean else f"{result.error_count()} violation(s)"
    if result.precheck_count():
        verdict += f", {result.precheck_count()} pre-check finding(s)"
    if result.review_error_count():
        verdict += f", {result.review_error_count()} validated review finding(s)"
    blocks.append(f"verusagent gate: {len(result.files)} file(s) checked against {base}: {verdict}")
    return "\n".join(blocks)


def _file_text(file: FileResult) -> str:
    if file.base_path is None and not file.report.violations:
        guard_text = f"{file.path}: clean (new file: checked for escape hatches and outside-file reads)"
    else:
        against = f"{file.base_path} at the base" if file.base_path and file.base_path != file.path else None
        guard_text = render_report(file.report, file.path, against=against)
    return "\n".join([guard_text, *_precheck_text(file), *_review_text(file)])


def _precheck_text(file: FileResult) -> list[str]:
    precheck = file.precheck
    if precheck is None or precheck.clean:  # file.prechecked_out, with the report narrowed
        return []
    count = len(precheck.findings)
    return [
        precheck.rendered(),
        f"{file.path}: pre-check: {count} finding(s): verus would reject it before verifying",
    ]


def _review_text(file: FileResult) -> list[str]:
    lines = [f"{file.path}: review: {file.review_note}"] if file.review_note else []
    for finding in file.review_findings:
        lines.extend(finding_lines(finding))
    return lines


def to_json(result: GateResult) -> str:
    return result.model_dump_json(indent=2)


def to_github(result: GateResult) -> str:
    """`::error file=...,line=...::message` lines, escaped as the workflow command syntax requires."""
    lines = []
    for file in result.files:
        for violation in file.report.violations:
            level = "error" if violation.severity == "error" else "warning"
            properties: Properties = {"file": file.path, "title": f"verusagent {violation.rule}"}
            if violation.candidate:
                properties |= _region(violation.candidate)
            message = violation.reason
            if violation.evidence.original:
                message += f"\noriginal: {violation.evidence.original}"
            if violation.evidence.candidate:
                message += f"\ncandidate: {violation.evidence.candidate}"
            lines.append(_annotation(level, properties, message))
        lines.extend(_precheck_annotations(file))
        lines.extend(_review_annotations(file))
    if result.review is not None and result.review.status != "reviewed":
        lines.append(_annotation("warning", {"title": "verusagent review"}, result.review.line()))
    elif result.review is not None:
        lines.append(result.review.line())
    review = f", {result.review_error_count()} validated review finding(s)" if result.review is not None else ""
    precheck = f", {result.precheck_count()} pre-check finding(s)" if result.precheck_count() else ""
    lines.append(f"verusagent gate: {len(result.files)} file(s), {result.error_count()} violation(s){precheck}{review}")
    return "\n".join(lines)


def _annotation(level: str, properties: Properties, message: str) -> str:
    joined = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
    return f"::{level} {joined}::{_escape_data(message)}"


def _precheck_annotations(file: FileResult) -> list[str]:
    if file.precheck is None:
        return []
    annotations = []
    for finding in file.precheck.findings:
        where = finding.diagnostic.location
        properties: Properties = {"file": file.path, "title": f"verusagent precheck {finding.rule}"}
        if where is not None:
            properties |= _known(line=where.line, col=where.col, endLine=where.end_line, endColumn=where.end_col)
        annotations.append(_annotation("error", properties, finding.diagnostic.message))
    return annotations


def _review_annotations(file: FileResult) -> list[str]:
    annotations = []
    for finding in file.review_findings:
        lines = lines_of(finding)
        properties: Properties = {"file": file.path, "title": f"verusagent review {finding.get('unit')}"}
        if lines:
            properties |= {"line": lines[0], "endLine": lines[-1]}
        annotations.append(_annotation(finding_level(finding), properties, annotation_message(finding)))
    return annotations


def _region(location: Span) -> dict[str, int]:
    return {"line": location.line, "col": location.col, "endLine": location.end_line, "endColumn": location.end_col}


def _known(**positions: int | None) -> dict[str, int]:
    """The known positions: `col=None` is no column GitHub can read (a span from a text log may lack one)."""
    return {key: value for key, value in positions.items() if value is not None}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
