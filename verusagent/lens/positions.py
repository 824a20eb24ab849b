"""Byte offsets to 1-based line and character-column positions, as rustc and verus report them."""

from bisect import bisect_right

from verusagent.lens.model import Span


class LineIndex:
    def __init__(self, data: bytes):
        self.data = data
        self.line_starts = [0]
        position = data.find(b"\n")
        while position >= 0:
            self.line_starts.append(position + 1)
            position = data.find(b"\n", position + 1)

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, offset) - 1
        start = self.line_starts[line]
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
        line, col = self.line_col(start)
        end_line, end_col = self.line_col(end)
        return Span(start, end, line, col, end_line, end_col)
