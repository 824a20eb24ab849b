"""Entry points for understanding verus output: a run's stdout and stderr, a pasted text log, a saved log."""

from typing import Any

from verusagent.verus import jsonout, textlog
from verusagent.verus.assemble import is_summary_entry
from verusagent.verus.jsonout import JsonDocument
from verusagent.verus.models import Diagnostic, ParsedOutput, ResultsSummary
from verusagent.verus.signals import has_standin_marker, panics_in
from verusagent.verus.verdict import log_verdict, run_verdict


def parse_output(stdout: str, stderr: str, exit_code: int | None) -> ParsedOutput:
    """A run with `--output-json --error-format=json`: the JSON document on stdout decides, with the exit code
    and the stderr diagnostics; non-JSON lines on either stream are kept as raw text."""
    document = jsonout.read_json_document(stdout)
    diagnostics, raw = jsonout.read_stderr(stderr)
    raw += document.other_lines
    return _assemble(document, diagnostics, raw, exit_code, has_standin_marker(stderr))


def parse_text_log(text: str) -> ParsedOutput:
    """A log in verus's human format (what a terminal shows)."""
    log = textlog.read_text(text)
    return _from_text_log(log.diagnostics, log, text)


def parse_log(text: str) -> ParsedOutput:
    """A saved output of any form: stdout, stderr, or both concatenated; JSON, text, or a mixture."""
    json_lines, other = _split_json_diagnostics(text)
    document = _document_in(other)
    if not json_lines and document is None:
        return parse_text_log(text)
    log = textlog.read_text("\n".join(document.other_lines if document else other))
    diagnostics = [jsonout.diagnostic_from_json(entry) for entry in json_lines] + log.diagnostics
    if document is None:
        return _from_text_log(diagnostics, log, text)
    return _assemble(document, diagnostics, log.raw_lines, None, has_standin_marker(text))


def _split_json_diagnostics(text: str) -> tuple[list[dict[str, Any]], list[str]]:
    entries, other = [], []
    for line in text.splitlines():
        entry = jsonout.json_diagnostic(line)
        if entry is None:
            other.append(line)
        elif not is_summary_entry(str(entry.get("message", "")), str(entry.get("level", ""))):
            entries.append(entry)
    return entries, other


def _document_in(lines: list[str]) -> JsonDocument | None:
    if not any(line.startswith("{") for line in lines):
        return None
    document = jsonout.read_json_document("\n".join(lines))
    return document if document.data is not None else None


def _from_text_log(diagnostics: list[Diagnostic], log: textlog.TextLog, text: str) -> ParsedOutput:
    """The outcome of a log without a JSON document: the results line and the diagnostics' kinds decide."""
    panics = panics_in(log.raw_lines)
    verdict, reasons = log_verdict(log.summary, diagnostics, panics)
    return ParsedOutput(
        verdict=verdict,
        reasons=reasons,
        partial=log.partial,
        summary=log.summary,
        diagnostics=diagnostics,
        raw_lines=log.raw_lines,
        panics=panics,
        standin_detected=has_standin_marker(text),
    )


def _assemble(
    document: JsonDocument, diagnostics: list[Diagnostic], raw: list[str], exit_code: int | None, standin: bool
) -> ParsedOutput:
    panics = panics_in(raw)
    summary: ResultsSummary | None = jsonout.summary_of(document.data) if document.data else None
    verdict, reasons = run_verdict(summary, document.problem, exit_code, diagnostics, panics)
    data = document.data or {}
    details = data.get("func-details")
    return ParsedOutput(
        verdict=verdict,
        reasons=reasons,
        partial=summary is not None and summary.entire_crate is False,
        summary=summary,
        diagnostics=diagnostics,
        raw_lines=raw,
        panics=panics,
        verus_version=jsonout.version_of(data),
        func_details=details if isinstance(details, dict) else {},
        standin_detected=standin,
    )
