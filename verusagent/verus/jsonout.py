"""Reads verus's machine output: the `--output-json` document on stdout and the rustc JSON diagnostics that
`--error-format=json` writes to stderr, one object a line, among non-JSON lines that are kept as raw text."""

import json
from dataclasses import dataclass
from typing import Any

from verusagent.verus.assemble import build_diagnostic, is_summary_entry
from verusagent.verus.models import Diagnostic, ResultsSummary, SpanRef

_KNOWN_LEVELS = ("error", "warning", "note", "help", "failure-note")


@dataclass
class JsonDocument:
    """The stdout document, or why there is none, and the stdout text that was not part of it."""

    data: dict[str, Any] | None
    problem: str | None
    other_lines: list[str]


def read_json_document(stdout: str) -> JsonDocument:
    text = stdout.strip()
    if not text:
        return JsonDocument(None, "stdout is empty: verus printed no JSON document", [])
    try:
        return _checked(json.loads(text), [])
    except json.JSONDecodeError:
        return _document_among_text(stdout)


def _document_among_text(stdout: str) -> JsonDocument:
    """The JSON document when other text surrounds it: from the first line that opens an object."""
    lines = stdout.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if not line.startswith("{"):
            continue
        rest = "".join(lines[index:])
        try:
            data, end = json.JSONDecoder().raw_decode(rest)
        except json.JSONDecodeError:
            continue
        other = [ln.rstrip("\n") for ln in lines[:index]] + rest[end:].strip("\n").splitlines()
        return _checked(data, [ln for ln in other if ln.strip()])
    excerpt = stdout.strip()[:200]
    return JsonDocument(None, f"stdout holds no JSON document (it begins: {excerpt!r})", stdout.splitlines())


def _checked(data: Any, other_lines: list[str]) -> JsonDocument:
    if not isinstance(data, dict) or not isinstance(data.get("verification-results"), dict):
        return JsonDocument(None, "the JSON document on stdout has no `verification-results` object", other_lines)
    return JsonDocument(data, None, other_lines)


def summary_of(document: dict[str, Any]) -> ResultsSummary:
    results = document["verification-results"]
    return ResultsSummary(
        source="json",
        encountered_error=_typed(results.get("encountered-error"), bool),
        encountered_vir_error=_typed(results.get("encountered-vir-error"), bool),
        success=_typed(results.get("success"), bool),
        verified=_typed(results.get("verified"), int),
        errors=_typed(results.get("errors"), int),
        entire_crate=_typed(results.get("is-verifying-entire-crate"), bool),
    )


def _typed(value: Any, kind: type) -> Any:
    if kind is int and isinstance(value, bool):
        return None
    return value if isinstance(value, kind) else None


def version_of(document: dict[str, Any]) -> str | None:
    verus = document.get("verus")
    return verus.get("version") if isinstance(verus, dict) else None


def read_stderr(stderr: str) -> tuple[list[Diagnostic], list[str]]:
    """The diagnostics among stderr's lines, and the lines that are not JSON diagnostics, kept verbatim."""
    diagnostics, raw = [], []
    for line in stderr.splitlines():
        entry = json_diagnostic(line)
        if entry is None:
            raw.append(line)
        elif not is_summary_entry(str(entry.get("message", "")), _level(entry)):
            diagnostics.append(diagnostic_from_json(entry))
    return diagnostics, raw


def json_diagnostic(line: str) -> dict[str, Any] | None:
    stripped = line.strip()
    if not stripped.startswith("{"):
        return None
    try:
        entry = json.loads(stripped)
    except json.JSONDecodeError:
        return None
    if not isinstance(entry, dict) or "message" not in entry or "level" not in entry:
        return None
    return entry if entry.get("$message_type", "diagnostic") == "diagnostic" else None


def diagnostic_from_json(entry: dict[str, Any]) -> Diagnostic:
    level, message = _level(entry), str(entry.get("message", ""))
    if level == "error" and "internal compiler error" in str(entry.get("level")):
        message = f"internal compiler error: {message}"
    spans = [span_from_json(s) for s in entry.get("spans") or []]
    notes: list[str] = []
    helps: list[str] = []
    for child in entry.get("children") or []:
        text = str(child.get("message", ""))
        (helps if child.get("level") == "help" else notes).append(text)
        spans += [_labelled(span_from_json(s), text) for s in child.get("spans") or []]
    return build_diagnostic(level, message, _code(entry), spans, notes, helps, entry.get("rendered"))


def _level(entry: dict[str, Any]) -> str:
    level = str(entry.get("level", ""))
    if level in _KNOWN_LEVELS:
        return level
    return "error" if level.startswith("error") else "note"  # e.g. "error: internal compiler error"


def _code(entry: dict[str, Any]) -> str | None:
    code = entry.get("code")
    if isinstance(code, dict):
        return code.get("code")
    return code if isinstance(code, str) else None


def _labelled(span: SpanRef, fallback: str) -> SpanRef:
    return span if span.label else span.model_copy(update={"label": fallback})


def span_from_json(span: dict[str, Any]) -> SpanRef:
    span = _outside_macros(span)
    return SpanRef(
        file=span.get("file_name"),
        line=span.get("line_start"),
        col=span.get("column_start"),
        end_line=span.get("line_end"),
        end_col=span.get("column_end"),
        byte_start=span.get("byte_start"),
        byte_end=span.get("byte_end"),
        label=span.get("label"),
        is_primary=bool(span.get("is_primary")),
        text=_highlight(span.get("text") or []),
    )


def _outside_macros(span: dict[str, Any]) -> dict[str, Any]:
    """A span inside a macro's own source (`<... macros>`) is reported at the macro's call site."""
    while str(span.get("file_name", "")).startswith("<") and isinstance(span.get("expansion"), dict):
        site = span["expansion"].get("span") or {}
        span = {**site, "label": span.get("label"), "is_primary": span.get("is_primary")}
    return span


def _highlight(rows: list[dict[str, Any]]) -> str | None:
    if not rows:
        return None
    first = rows[0]
    start, end = first.get("highlight_start"), first.get("highlight_end")
    text = str(first.get("text", ""))
    if not isinstance(start, int) or not isinstance(end, int):
        return None
    return text[start - 1 : end - 1] if len(rows) == 1 else text[start - 1 :]
