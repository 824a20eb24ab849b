"""Reads verus's human output (rustc's text format), as in logs that users paste.

A diagnostic is a header (`error[E0382]: message`, `note: message`), optional message continuation lines,
then blocks per file: a location (`--> file:line:col`, or `::: file:line:col` for a label in another file)
followed by gutter rows (`12 |     source`, `   |     ^^^^ label`), elisions (`...`) and `= note:` lines.
Documentation excerpts leave out the location and the line numbers; positions are then unknown, but the
labels and highlighted text are still read. Multi-line spans are drawn in a margin after the gutter
(`/`, `|`, ` ___^` start and `|___^` end markers); columns are counted after that margin.
"""

import re
from dataclasses import dataclass, field

from verusagent.verus.assemble import build_diagnostic, is_summary_entry
from verusagent.verus.diagnostics import KNOWN_LABELS
from verusagent.verus.models import Diagnostic, ResultsSummary, SpanRef
from verusagent.verus.signals import find_results_line, is_panic_line

HEADER = re.compile(r"^(error|warning|note|help|failure-note)(?:\[([A-Za-z0-9_]+)\])?:\s?(.*)$")
LOCATION = re.compile(r"^\s*(-->|:::)\s*(.+?):(\d+):(\d+)\s*$")
GUTTER = re.compile(r"^ *(\d+)? *\|(.*)$")
ELISION = re.compile(r"^\.\.\.(\s.*)?$")
SUBNOTE = re.compile(r"^\s*= (note|help|warning):\s?(.*)$")
START_MARKER = re.compile(r"^([|/]*) (_+)([\^\-])\s*$")
END_MARKER = re.compile(r"^([|/]*\|)(_+)([\^\-])\s?(.*)$")
_NOT_A_DIAGNOSTIC = ("run with `RUST_BACKTRACE",)


@dataclass
class TextLog:
    diagnostics: list[Diagnostic]
    raw_lines: list[str]
    summary: ResultsSummary | None
    partial: bool


def read_text(text: str) -> TextLog:
    """All diagnostics, the results line and the raw (non-diagnostic) lines of a human-format log."""
    lines, summary, partial = _take_results_lines(text.splitlines())
    blocks, raw = _split_blocks(lines)
    diagnostics = [d for d in (_diagnostic(block) for block in blocks) if d is not None]
    return TextLog(diagnostics, raw, summary, partial)


def _take_results_lines(lines: list[str]) -> tuple[list[str], ResultsSummary | None, bool]:
    kept, summary, partial = [], None, False
    for line in lines:
        found = find_results_line(line)
        if found is None:
            kept.append(line)
            continue
        summary, partial, rest = found
        if rest:
            kept.append(rest)
    return kept, summary, partial


# ---------------------------------------------------------------------------------------------- blocks


def _split_blocks(lines: list[str]) -> tuple[list[list[str]], list[str]]:
    """Groups the lines of each diagnostic (header first); everything else is raw text."""
    blocks: list[list[str]] = []
    raw: list[str] = []
    current: list[str] | None = None
    for line in lines:
        if _is_header(line):
            current = [line]
            blocks.append(current)
        elif current is not None and _continues(current, line):
            current.append(line)
        else:
            current = None
            if line.strip():
                raw.append(line)
    return blocks, raw


def _is_header(line: str) -> bool:
    match = HEADER.match(line)
    return match is not None and not match.group(3).startswith(_NOT_A_DIAGNOSTIC)


def _continues(block: list[str], line: str) -> bool:
    if not line.strip():
        return False
    if LOCATION.match(line) or GUTTER.match(line) or ELISION.match(line) or SUBNOTE.match(line):
        return True
    # a message that runs over several lines, before any location or snippet
    in_message = all(not (LOCATION.match(b) or GUTTER.match(b)) for b in block[1:])
    return in_message and not is_panic_line(line) and not line.startswith(("Caused by", "stack backtrace"))


# ---------------------------------------------------------------------------------------------- rows


@dataclass
class _Row:
    number: int | None
    content: str  # what follows the gutter's `|`, without rustc's single separating space
    elision: bool = False


@dataclass
class _FileBlock:
    file: str | None
    line: int | None
    col: int | None
    cross_file: bool
    rows: list[_Row] = field(default_factory=list)
    degraded_labels: list[str] = field(default_factory=list)


@dataclass
class _Annotation:
    row: int  # index of the source row it marks (its last row for a multi-line span)
    start: int  # index into the source row's code, after the margin
    end: int  # exclusive
    primary: bool
    label: str | None = None
    start_row: int | None = None  # first source row of a multi-line span
    start_col_index: int | None = None


def _diagnostic(block: list[str]) -> Diagnostic | None:
    header = HEADER.match(block[0])
    assert header is not None  # blocks always start with a header line
    level, code = header.group(1), header.group(2)
    message_lines, body = _message_and_body(header.group(3), block[1:])
    message = " ".join(part.strip() for part in message_lines if part.strip())
    if is_summary_entry(message, level):
        return None
    file_blocks, notes, helps = _file_blocks(body)
    spans = _spans(file_blocks)
    return build_diagnostic(level, message, code, spans, notes, helps, "\n".join(block))


def _message_and_body(first: str, rest: list[str]) -> tuple[list[str], list[str]]:
    for index, line in enumerate(rest):
        if LOCATION.match(line) or GUTTER.match(line) or ELISION.match(line) or SUBNOTE.match(line):
            return [first, *rest[:index]], rest[index:]
    return [first, *rest], []


def _file_blocks(body: list[str]) -> tuple[list[_FileBlock], list[str], list[str]]:
    blocks: list[_FileBlock] = []
    notes: list[str] = []
    helps: list[str] = []
    for line in body:
        if location := LOCATION.match(line):
            file, row, col = location.group(2), int(location.group(3)), int(location.group(4))
            blocks.append(_FileBlock(file, row, col, cross_file=location.group(1) == ":::"))
        elif subnote := SUBNOTE.match(line):
            _add_subnote(blocks, subnote.group(1), subnote.group(2).strip(), notes, helps)
        elif ELISION.match(line):
            _current(blocks).rows.append(_Row(None, "", elision=True))
        elif gutter := GUTTER.match(line):
            content = gutter.group(2)
            content = content[1:] if content.startswith(" ") else content
            number = int(gutter.group(1)) if gutter.group(1) else None
            _current(blocks).rows.append(_Row(number, content))
    return blocks, notes, helps


def _current(blocks: list[_FileBlock]) -> _FileBlock:
    if not blocks:
        blocks.append(_FileBlock(None, None, None, cross_file=False))
    return blocks[-1]


def _add_subnote(blocks: list[_FileBlock], kind: str, text: str, notes: list[str], helps: list[str]) -> None:
    """`= note: LABEL` right after a location with no snippet is a label whose file rustc could not show."""
    last = blocks[-1] if blocks else None
    if last is not None and last.file and not _has_source(last) and text in KNOWN_LABELS:
        last.degraded_labels.append(text)
    elif kind == "help":
        helps.append(text)
    else:
        notes.append(text)


def _has_source(block: _FileBlock) -> bool:
    return any(row.content.strip() for row in block.rows if not row.elision)


# ---------------------------------------------------------------------------------------------- spans


def _spans(blocks: list[_FileBlock]) -> list[SpanRef]:
    all_rows = [row for block in blocks for row in block.rows]
    numbered = any(row.number is not None for row in all_rows)
    margin = _margin_width(all_rows)
    spans: list[SpanRef] = []
    for index, block in enumerate(blocks):
        spans += _block_spans(block, margin, numbered, first_block=index == 0)
    return sorted(spans, key=lambda s: not s.is_primary)  # primary first, as in rustc's JSON


def _margin_width(rows: list[_Row]) -> int:
    """Columns taken by multi-line span markers: one per nesting level, plus a separating space."""
    depth = max((_margin_depth(row.content) for row in rows if not row.elision), default=0)
    return depth + 1 if depth else 0


def _margin_depth(content: str) -> int:
    bars = len(content) - len(content.lstrip("|/"))
    if content[bars : bars + 2] == " _":
        return bars + 1
    return bars


def _block_spans(block: _FileBlock, margin: int, numbered: bool, first_block: bool) -> list[SpanRef]:
    sources, annotations = _annotate(block.rows, margin, numbered)
    spans = [_span_ref(block.file, sources, a) for a in annotations]
    _anchor(block, spans, annotations, sources)
    if block.file and block.line is not None:
        spans += [
            SpanRef(file=block.file, line=block.line, col=block.col, label=label) for label in block.degraded_labels
        ]
        if not block.cross_file and not block.degraded_labels and not any(s.is_primary for s in spans):
            spans.insert(0, SpanRef(file=block.file, line=block.line, col=block.col, is_primary=first_block))
    return spans


@dataclass
class _Source:
    number: int | None
    code: str
    trimmed: bool  # rustc cut the line's start and wrote `...`: display columns are not source columns


def _annotate(rows: list[_Row], margin: int, numbered: bool) -> tuple[list[_Source], list[_Annotation]]:
    sources: list[_Source] = []
    done: list[_Annotation] = []
    open_spans: list[_Annotation] = []
    previous: list[_Annotation] = []  # the single-line annotations of the row just above
    for row in rows:
        if row.elision:
            previous = []
            continue
        if row.number is None and not row.content.strip():
            continue
        edge, code = row.content[:margin], row.content[margin:]
        if not sources or _is_source(row, code, numbered, previous):
            sources.append(_Source(row.number, code, code.startswith("...")))
            if "/" in edge:
                start = len(code) - len(code.lstrip())
                open_spans.append(_Annotation(-1, 0, 0, False, start_row=len(sources) - 1, start_col_index=start))
            previous = []
            continue
        previous = _annotation_row(row.content, code, margin, len(sources) - 1, previous, open_spans, done)
    return sources, done


def _is_source(row: _Row, code: str, numbered: bool, previous: list[_Annotation]) -> bool:
    if numbered:
        return row.number is not None
    if previous and _hanging_label_start(code, previous) is not None:
        return False
    if START_MARKER.match(row.content) or END_MARKER.match(row.content):
        return False
    return _marker_runs(code) is None and code.strip().strip("|") != ""


def _annotation_row(
    content: str,
    code: str,
    margin: int,
    source_index: int,
    previous: list[_Annotation],
    open_spans: list[_Annotation],
    done: list[_Annotation],
) -> list[_Annotation]:
    """Reads one annotation row; returns the single-line annotations it holds (for hanging labels below)."""
    if end := END_MARKER.match(content):
        index = len(end.group(1)) + len(end.group(2)) - margin
        if open_spans:
            span = open_spans.pop()
            span.row, span.start, span.end = source_index, index, index + 1
            span.primary, span.label = end.group(3) == "^", end.group(4).strip() or None
            done.append(span)
        return []
    if start := START_MARKER.match(content):
        index = len(start.group(1)) + 1 + len(start.group(2)) - margin
        open_spans.append(_Annotation(-1, 0, 0, False, start_row=source_index, start_col_index=index))
        return []
    if previous and not code.strip().strip("|"):
        return previous  # a row of `|` connectors leading down to hanging labels
    if previous and (hanging := _hanging_label_start(code, previous)) is not None:
        target = max((a for a in previous if a.start <= hanging), key=lambda a: a.start)
        target.label = code[hanging:].strip()
        return previous
    runs = _marker_runs(code)
    if runs is None:
        return []
    found = [_Annotation(source_index, s, e, primary, label) for s, e, primary, label in runs]
    done.extend(found)
    return found


def _marker_runs(code: str) -> list[tuple[int, int, bool, str | None]] | None:
    """Runs of `^` (primary) and `-` (secondary) and the inline label after the last run; None if the row
    does not start with a marker."""
    runs: list[tuple[int, int, bool, str | None]] = []
    pos = 0
    while pos < len(code):
        char = code[pos]
        if char == " ":
            pos += 1
        elif char in "^-":
            end = pos
            while end < len(code) and code[end] == char:
                end += 1
            if end < len(code) and code[end] not in " ^-":
                return _with_label(runs, code[pos:]) if runs else None
            runs.append((pos, end, char == "^", None))
            pos = end
        else:
            return _with_label(runs, code[pos:]) if runs else None
    return runs or None


def _with_label(runs: list[tuple[int, int, bool, str | None]], label: str) -> list[tuple[int, int, bool, str | None]]:
    start, end, primary, _ = runs[-1]
    return [*runs[:-1], (start, end, primary, label.strip() or None)]


def _hanging_label_start(code: str, previous: list[_Annotation]) -> int | None:
    """Where a label hangs below its annotation (`|` connectors at annotation starts, then the text)."""
    starts = {a.start for a in previous}
    for pos, char in enumerate(code):
        if char == " " or (char == "|" and pos in starts):
            continue
        return pos if pos in starts else None
    return None


def _span_ref(file: str | None, sources: list[_Source], annotation: _Annotation) -> SpanRef:
    last = sources[annotation.row] if 0 <= annotation.row < len(sources) else None
    if annotation.start_row is not None:
        return _multiline_ref(file, sources, annotation, last)
    assert last is not None  # single-line annotations always follow a source row
    return SpanRef(
        file=file,
        line=last.number,
        end_line=last.number,
        col=None if last.trimmed else annotation.start + 1,
        end_col=None if last.trimmed else annotation.end + 1,
        label=annotation.label,
        is_primary=annotation.primary,
        text=last.code[annotation.start : annotation.end],
    )


def _multiline_ref(file: str | None, sources: list[_Source], a: _Annotation, last: _Source | None) -> SpanRef:
    first = sources[a.start_row] if a.start_row is not None and a.start_row < len(sources) else None
    start_col = a.start_col_index
    return SpanRef(
        file=file,
        line=first.number if first else None,
        col=None if first is None or first.trimmed or start_col is None else start_col + 1,
        end_line=last.number if last else None,
        end_col=None if last is None or last.trimmed else a.end + 1,
        label=a.label,
        is_primary=a.primary,
        text=_visible(first.code[start_col:]) if first and start_col is not None else None,
    )


def _visible(text: str) -> str:
    """Highlighted text without rustc's `...` where it cut a long line."""
    text = text.rstrip()
    return text[3:].lstrip() if text.startswith("...") else text


def _anchor(block: _FileBlock, spans: list[SpanRef], annotations: list[_Annotation], sources: list[_Source]) -> None:
    """Fills positions that the snippet cannot give from the block's location line: rustc's location is the
    primary span's (`-->`) or the first label's in that file (`:::`)."""
    if block.file is None or block.line is None or not spans:
        return
    candidates = [i for i, s in enumerate(spans) if s.is_primary] if not block.cross_file else [0]
    if not candidates:
        return
    target = candidates[0]
    anchor_row = annotations[target].row
    shift = None
    if spans[target].col is None and annotations[target].start_row is None and block.col is not None:
        shift = block.col - (annotations[target].start + 1)
    for index, (span, annotation) in enumerate(zip(spans, annotations)):
        update: dict[str, object] = {}
        if index == target and span.line is None:
            update.update(line=block.line, end_line=span.end_line or block.line)
        if index == target and span.col is None and annotation.start_row is not None:
            update["col"] = block.col
        if shift is not None and annotation.row == anchor_row and annotation.start_row is None:
            update.update(col=annotation.start + 1 + shift, end_col=annotation.end + 1 + shift)
        if update:
            spans[index] = span.model_copy(update=update)
