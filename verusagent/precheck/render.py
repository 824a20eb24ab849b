"""A pre-check finding as verus reports it: the same `Diagnostic` model verus's output is parsed into (kind,
level, code, spans, failing location), and a rendering in rustc's human format, as verus prints it:

    error[E0425]: cannot find function `foo` in this scope
      --> src/lib.rs:12:9
       |
    12 |         foo(x);
       |         ^^^ not found in this scope
"""

from dataclasses import dataclass

from verusagent.lens.positions import LineIndex
from verusagent.verus import Diagnostic, SpanRef
from verusagent.verus.assemble import build_diagnostic


@dataclass(frozen=True)
class Place:
    """A file as the pre-check reads it: its name (as verus sees it), bytes and line index."""

    file: str
    data: bytes
    lines: LineIndex


@dataclass(frozen=True)
class Message:
    text: str
    label: str = ""
    code: str | None = None
    helps: tuple[str, ...] = ()


def diagnostic(place: Place, start: int, end: int, message: Message) -> Diagnostic:
    span = _span(place, start, max(end, start + 1), message.label)
    rendered = render(place, span, message)
    return build_diagnostic("error", message.text, message.code, [span], [], list(message.helps), rendered)


def _span(place: Place, start: int, end: int, label: str) -> SpanRef:
    end = min(end, len(place.data)) if place.data else end
    line, col = place.lines.line_col(start)
    end_line, end_col = place.lines.line_col(max(end, start))
    text = place.data[start:end].decode("utf-8", "replace").split("\n")[0]
    return SpanRef(
        file=place.file,
        line=line,
        col=col,
        end_line=end_line,
        end_col=end_col,
        byte_start=start,
        byte_end=end,
        label=label or None,
        is_primary=True,
        text=text,
    )


def render(place: Place, span: SpanRef, message: Message) -> str:
    header = f"error[{message.code}]: {message.text}" if message.code else f"error: {message.text}"
    number = str(span.line)
    pad = " " * len(number)
    source = _line_text(place, span.line or 1)
    col = span.col or 1
    width = (span.end_col or col) - col if span.end_line == span.line else len(source) - col + 1
    marks = " " * ((span.col or 1) - 1) + "^" * max(width, 1)
    lines = [
        header,
        f"{pad}--> {span.file}:{span.line}:{span.col}",
        f"{pad} |",
        f"{number} | {source}",
        f"{pad} | {marks}" + (f" {message.label}" if message.label else ""),
    ]
    lines += [f"{pad} = help: {h}" for h in message.helps]
    return "\n".join(lines)


def _line_text(place: Place, line: int) -> str:
    starts = place.lines.line_starts
    start = starts[line - 1] if line - 1 < len(starts) else len(place.data)
    end = starts[line] - 1 if line < len(starts) else len(place.data)
    return place.data[start:end].decode("utf-8", "replace").rstrip("\r")
