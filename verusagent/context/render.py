"""The text of a slice: the file's own lines for what is shown, in the same `verus! { }`, `mod` and `impl`
structure, and one comment for each run of lines left out, saying what it held and which lines of the file it
covers. Code lines carry no line numbers (models copy them into their replies)."""

from collections import Counter
from dataclasses import dataclass, field

from verusagent.context.levels import Detail
from verusagent.context.outline import Node

BODY_ELIDED = "// ... body elided"
BODY_PART_ELIDED = "// ... elided"
_PLURALS = {
    "fn": "functions",
    "type": "type aliases",
    "macro": "macro invocations",
    "use": "use lines",
    "verus": "verus! blocks",
    "macro_rules": "macro_rules",
    "broadcast_use": "broadcast uses",
    "broadcast_group": "broadcast groups",
    "static": "statics",
    "const": "constants",
}
_SINGULARS = {
    "fn": "function",
    "type": "type alias",
    "macro": "macro invocation",
    "use": "use line",
    "verus": "verus! block",
    "broadcast_use": "broadcast use",
    "broadcast_group": "broadcast group",
    "const": "constant",
}
_NAMED_UP_TO = 3  # a run of at most this many items names them; a longer one counts them


@dataclass
class _Run:
    """Lines left out, waiting for their comment."""

    first: int
    last: int
    indent: str
    nodes: list[Node] = field(default_factory=list)


class Renderer:
    def __init__(
        self, lines: list[str], levels: dict[Node, Detail], windows: dict[Node, tuple[int, int]] | None = None
    ):
        self.lines = lines  # the file's lines; line n is lines[n - 1]
        self.levels = levels
        self.windows = windows or {}  # a function shown by signature with these lines of its body
        self.out: list[str] = []
        self.elided = 0  # lines of the file left out
        self.shared_close: dict[int, int] = {}  # a line where an item ends and its verus! block closes: the column

    def _note_shared_closes(self, root: Node) -> None:
        for block in root.children:
            if block.kind == "verus" and any(c.last_line == block.close_line for c in block.children):
                self.shared_close[block.close_line] = block.close_col

    def render(self, root: Node) -> str:
        self._note_shared_closes(root)
        self._region(root.children, 1, root.last_line)
        return "\n".join(_squeeze_blank_lines(self.out)).strip("\n") + "\n"

    def shown(self, node: Node) -> bool:
        if node.kind == "verus":
            return any(child in self.levels or self.shown(child) for child in node.children)
        return node in self.levels

    def _region(self, children: list[Node], first: int, last: int) -> None:
        run: _Run | None = None
        cursor = first
        for cluster in _clusters(children):
            start, end = cluster[0].first_line, max(n.last_line for n in cluster)
            lead = self._leading_comments(cursor, start - 1)
            if any(self.shown(n) for n in cluster):
                self._flush_gap(run, cursor, lead - 1)
                run = None
                self._copy(lead, start - 1)
                self._cluster(cluster)
            else:
                run = self._extend(run, cursor, end, cluster)
            cursor = end + 1
        self._flush_gap(run, cursor, last, at_end=True)

    def _flush_gap(self, run: _Run | None, first: int, last: int, at_end: bool = False) -> None:
        """The lines between a run (or a shown item) and the next shown item: blank lines stay, other lines
        join the run; then the run's comment is written."""
        if run is None:
            self._copy(first, last)
            return None
        text_lines = [n for n in range(first, last + 1) if self.lines[n - 1].strip()]
        if text_lines:
            run.last = max(run.last, text_lines[-1])
        comment = self._comment(run)
        if len(comment) >= sum(len(line) + 1 for line in self.lines[run.first - 1 : run.last]):
            self._copy(run.first, max(last, run.last))  # the lines cost no more than their comment would
            return None
        self.elided += run.last - run.first + 1
        self.out.append(comment)
        if not at_end and last >= first:
            self.out.append("")
        return None

    def _extend(self, run: _Run | None, gap_first: int, end: int, cluster: list[Node]) -> _Run:
        if run is None:
            first = next((n for n in range(gap_first, end + 1) if self.lines[n - 1].strip()), gap_first)
            if first > gap_first:
                self._copy(gap_first, first - 1)
            run = _Run(first=first, last=end, indent=_indent(self.lines[cluster[0].first_line - 1]))
        run.last = end
        run.nodes.extend(cluster)
        return run

    def _leading_comments(self, first: int, last: int) -> int:
        """The first line of the comment lines right before an item (no blank line between), or last + 1."""
        line = last
        while line >= first and self.lines[line - 1].lstrip().startswith("//"):
            line -= 1
        return line + 1

    def _copy(self, first: int, last: int, closing: bool = False) -> None:
        """The file's lines first..last; on a line an item shares with its verus! block's closing brace, the
        item's part (or with `closing`, the brace's)."""
        for number in range(first, last + 1):
            line = self.lines[number - 1]
            if number in self.shared_close:
                column = self.shared_close[number]
                line = line[column:] if closing else line[:column].rstrip()
                if not line.strip():
                    continue
            self.out.append(line)

    def _cluster(self, cluster: list[Node]) -> None:
        node = cluster[0]
        level = self.levels.get(node, Detail.HEADER)
        if len(cluster) > 1 or level == Detail.FULL:
            self._copy(node.first_line, max(n.last_line for n in cluster))
        elif level == Detail.SIGNATURE:
            self._signature(node)
        else:
            self._copy(node.first_line, node.open_line)
            self._region(node.children, node.open_line + 1, node.close_line - 1)
            self._copy(node.close_line, node.last_line, closing=True)

    def _signature(self, node: Node) -> None:
        """Attributes, header and clauses as written; the body stands as one comment naming its lines."""
        body = node.body_span
        opening, closing = self.lines[body.line - 1], self.lines[body.end_line - 1]
        first = body.line + 1 if not opening[body.col :].strip() else body.line
        last = body.end_line - 1 if not closing[: body.end_col - 2].strip() else body.end_line
        if first > last:  # an empty body: nothing to leave out
            self._copy(node.first_line, node.last_line)
            return
        self._copy(node.first_line, body.line - 1)
        self.out.append(opening[: body.col].rstrip())
        indent = _indent(self.lines[node.first_line - 1])
        window = self.windows.get(node)
        if window is None:
            self._elided_body(indent, first, last)
        else:
            shown_first, shown_last = max(window[0], first), min(window[1], last)
            self._elided_body(indent, first, shown_first - 1, part=True)
            self._copy(shown_first, shown_last)
            self._elided_body(indent, shown_last + 1, last, part=True)
        self.out.append(f"{indent}}}")

    def _elided_body(self, indent: str, first: int, last: int, part: bool = False) -> None:
        if first > last:
            return
        where = f"line {first}" if first == last else f"lines {first}-{last}"
        self.elided += last - first + 1
        self.out.append(f"{indent}    {BODY_PART_ELIDED if part else BODY_ELIDED} ({where})")

    def _comment(self, run: _Run) -> str:
        where = f"line {run.first}" if run.first == run.last else f"lines {run.first}-{run.last}"
        return f"{run.indent}// ... {where} elided: {_summary(run.nodes)}"


def _summary(nodes: list[Node]) -> str:
    named = [n for n in nodes if n.name and n.kind != "verus"]
    if len(nodes) <= _NAMED_UP_TO and len(named) == len(nodes):
        return ", ".join(f"{_kind_word(n)} {n.name}" for n in nodes)
    counts = Counter(n.kind for n in nodes)
    return ", ".join(f"{count} {_noun(kind, count)}" for kind, count in counts.most_common())


def _kind_word(node: Node) -> str:
    function = node.function
    if node.kind == "fn" and function is not None:
        return f"{function.mode.value.split('(')[0]} fn" if function.mode.value != "exec" else "fn"
    return {"macro": "macro", "type": "type"}.get(node.kind, node.kind)


def _noun(kind: str, count: int) -> str:
    if count == 1:
        return _SINGULARS.get(kind, kind)
    return _PLURALS.get(kind, kind + "s")


def _clusters(children: list[Node]) -> list[list[Node]]:
    """Children grouped where they share lines (two items on one line are shown or left out together)."""
    clusters: list[list[Node]] = []
    for child in children:
        if clusters and child.first_line <= max(n.last_line for n in clusters[-1]):
            clusters[-1].append(child)
        else:
            clusters.append([child])
    return clusters


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _squeeze_blank_lines(lines: list[str]) -> list[str]:
    squeezed: list[str] = []
    for line in lines:
        if line.strip() or (squeezed and squeezed[-1].strip()):
            squeezed.append(line if line.strip() else "")
    return squeezed
