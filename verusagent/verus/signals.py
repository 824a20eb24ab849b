"""Signals in verus's plain-text lines: the results line, panics, internal errors and the stand-in's marker."""

import re

from verusagent.verus.models import ResultsSummary

# Never anchored at the line start: progress bars can glue the results line to other text.
_RESULTS_NEW = re.compile(
    r"verification results:: (\d+) verified, (\d+) errors?( \(partial verification with `--verify-\*`\))?",
    re.IGNORECASE,
)
_RESULTS_OLD = re.compile(r"verification results:: verified: (\d+) errors: (\d+)", re.IGNORECASE)
_PANIC = re.compile(r"thread '[^']*'(?: \(\d+\))? panicked at")
_INTERNAL = re.compile(r"Verus Internal Error|Internal Verus Error|error: internal compiler error")

STANDIN_MARKER = "[verus stand-in]"


def find_results_line(line: str) -> tuple[ResultsSummary, bool, str] | None:
    """The results line in `line` as (summary, partial, rest of the line without it), or None."""
    match = _RESULTS_NEW.search(line) or _RESULTS_OLD.search(line)
    if match is None:
        return None
    verified, errors = int(match.group(1)), int(match.group(2))
    partial = match.re is _RESULTS_NEW and match.group(3) is not None
    summary = ResultsSummary(
        source="results-line",
        verified=verified,
        errors=errors,
        entire_crate=not partial,
        success=(errors == 0) if not partial else None,
    )
    rest = (line[: match.start()] + line[match.end() :]).strip()
    return summary, partial, rest


def is_panic_line(line: str) -> bool:
    return _PANIC.search(line) is not None


def is_internal_error_line(line: str) -> bool:
    return _INTERNAL.search(line) is not None


def panics_in(lines: list[str]) -> list[str]:
    """Each panic as its `thread ... panicked at` line joined with the message line after it; internal errors."""
    found, consumed = [], set()
    for index, line in enumerate(lines):
        if index in consumed:
            continue
        if is_panic_line(line):
            following = lines[index + 1].strip() if index + 1 < len(lines) else ""
            if following and not following.startswith(("note:", "thread ", "stack backtrace")):
                consumed.add(index + 1)
                found.append(f"{line.strip()} {following}")
            else:
                found.append(line.strip())
        elif is_internal_error_line(line):
            found.append(line.strip())
    return found


def has_standin_marker(text: str) -> bool:
    return STANDIN_MARKER in text
