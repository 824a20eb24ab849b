"""Checks that a slice is honest: every line it shows is the file's own line, in order, and every line it leaves
out is named by an elision comment (blank lines aside)."""

import re

RUN = re.compile(r"^\s*// \.\.\. lines? (\d+)(?:-(\d+))? elided: .+$")
BODY = re.compile(r"^\s*// \.\.\. body elided \(lines? (\d+)(?:-(\d+))?\)$")


def accounted_lines(original: str, view: str) -> tuple[set[int], set[int]]:
    """(lines shown, lines named by elision comments), 1-based; raises AssertionError on a line out of place."""
    lines = original.split("\n")
    shown: set[int] = set()
    elided: set[int] = set()
    cursor = 0  # the 0-based index of the next original line a shown line may be
    after_body = False  # the `}` after a body comment closes that body
    for text in view.split("\n"):
        if not text.strip():
            continue
        marked = _marked_range(text)
        if marked is not None:
            first, last = marked
            assert not set(range(first, last + 1)) & elided, f"lines named twice: {text}"
            assert first >= cursor or (BODY.match(text) and first == cursor), f"elision out of order: {text}"
            elided.update(range(first, last + 1))
            cursor, after_body = max(cursor, last), bool(BODY.match(text))
            continue
        if after_body and text.strip() == "}":
            after_body = False
            index = _next_nonblank(lines, cursor)
            if index is not None and lines[index].strip() == "}":
                shown.add(index + 1)
                cursor = index + 1
            continue
        cursor = _match_line(lines, cursor, text) + 1
        shown.add(cursor)
        after_body = False
    return shown, elided


def _marked_range(text: str) -> tuple[int, int] | None:
    if match := RUN.match(text):
        first, last = int(match.group(1)), int(match.group(2) or match.group(1))
        assert last >= first, f"lines out of order: {text}"
        return first, last
    if match := BODY.match(text):
        return int(match.group(1)), int(match.group(2) or match.group(1))
    return None


def _next_nonblank(lines: list[str], cursor: int) -> int | None:
    return next((i for i in range(cursor, len(lines)) if lines[i].strip()), None)


def _match_line(lines: list[str], cursor: int, text: str) -> int:
    """The index of the original line this shown line is: the next non-blank one, whole or cut after its `{`."""
    index = _next_nonblank(lines, cursor)
    assert index is not None, f"shown line {text!r} is past the end of the file"
    line = lines[index]
    assert line == text or (text.rstrip().endswith("{") and line.startswith(text.rstrip())), (
        f"shown line {text!r} is not the file's next line {line!r} (line {index + 1})"
    )
    return index


def assert_accounts_for_every_line(original: str, view: str) -> None:
    shown, elided = accounted_lines(original, view)
    lines = original.split("\n")
    nonblank = {n for n in range(1, len(lines) + 1) if lines[n - 1].strip()}
    assert nonblank <= shown | elided, f"lines neither shown nor named: {sorted(nonblank - shown - elided)[:20]}"
