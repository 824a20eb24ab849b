"""Byte offsets to 1-based line and character-column positions, as rustc and verus report them."""

from bisect import bisect_right
from itertools import accumulate

from verusagent.lens.model import Span

_plus_one = (1).__add__


class LineIndex:
    def __init__(self, data: bytes):
        self.data = data
        self.ascii = data.isascii()
        # each line's length plus its newline, summed: the starts of the lines (C loops, not a Python one)
        self.line_starts = [0, *accumulate(map(_plus_one, map(len, data.split(b"\n")[:-1])))]

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, offset) - 1
        start = self.line_starts[line]
        if self.ascii:
            return line + 1, offset - start + 1
        prefix = self.data[start:offset]
        column = len(prefix) if prefix.isascii() else len(prefix.decode("utf-8", "replace"))
        return line + 1, column + 1

    def offset(self, line: int, col: int) -> int:
        """The byte offset of a 1-based line and character column (clamped to the file)."""
        if line < 1:
            return 0
        if line > len(self.line_starts):
            return len(self.data)
        start = self.line_starts[line - 1]
        end = self.line_starts[line] if line < len(self.line_starts) else len(self.data)
        chars = self.data[start:end].decode("utf-8", "replace")[: max(col - 1, 0)]
        return start + len(chars.encode("utf-8"))

    def span(self, start: int, end: int) -> Span:
        if not self.ascii:
            return Span(start, end, *self.line_col(start), *self.line_col(end))
        starts = self.line_starts
        line = bisect_right(starts, start) - 1
        end_line = line if line + 1 == len(starts) or end < starts[line + 1] else bisect_right(starts, end, line) - 1
        return Span(start, end, line + 1, start - starts[line] + 1, end_line + 1, end - starts[end_line] + 1)
