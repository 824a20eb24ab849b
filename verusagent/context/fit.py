"""A hard budget (the review's): when what the targets need exceeds it, the floor is cut down to it in a fixed
order, each step only while still over:

1. the bodies of the needed spec family, deepest first and the largest of a depth first (signature and clauses
   stay, with `// ... body elided`): a proof unfolds a deep definition least often;
2. the targets' bodies, except a window of lines around the focus (a review's loop or lemma call, with the lines
   before it that the budget leaves, at least WINDOW_SHARE of it: the facts in scope there); without focus the
   body is elided;
3. needed definitions dropped, deepest and largest first (listed as left out).

What stays can still exceed the budget (the targets' signatures and the focus alone); `over_budget` says the
needed part did not fit, whatever was cut."""

from collections.abc import Sequence

from verusagent.context.levels import ELISION_COST, Detail, Selection
from verusagent.context.outline import Node
from verusagent.lens.model import Function

WINDOW_SHARE = 0.25  # of a hard budget, what a target's window may take before the rest is cut for it


def fit_floor(
    selection: Selection,
    depth: dict[Node, int],
    targets: list[Node],
    focus_lines: dict[Node, tuple[int, int]],
    lines: dict[int, list[bytes]],
    budget_bytes: int,
    cut_targets: bool = True,
) -> None:
    """depth: each needed node's depth in the spec family; focus_lines: each target's focus as a line range of
    its file; lines: each file's lines (bytes), to price a window; cut_targets: step 2 runs (the prover's
    targets stay whole: the model rewrites them)."""
    family = sorted(depth, key=lambda n: (-depth[n], -selection.cost_shown(n) if n in selection.levels else 0))
    for node in family:
        if selection.floor <= budget_bytes:
            return
        if selection.levels.get(node) == Detail.FULL and _elidable(node):
            selection.demote(node, Detail.SIGNATURE)
    for target in targets if cut_targets else []:
        if selection.floor > budget_bytes and _elidable(target):
            selection.demote(target, Detail.SIGNATURE)
            _open_window(selection, target, focus_lines.get(target), lines[target.file], budget_bytes)
    for node in family:
        if selection.floor <= budget_bytes:
            return
        if node in selection.levels and not _shows_inside(selection, node):
            selection.take_out(node)
            selection.left_out.add(node)


def _open_window(
    selection: Selection, target: Node, focus: tuple[int, int] | None, lines: list[bytes], budget_bytes: int
) -> None:
    """The focus lines, then earlier lines of the body (the facts in scope there) while the budget has room, and
    up to WINDOW_SHARE of it in any case: what the unit's function establishes before it outranks a needed
    definition's signature (those are dropped after this, to make the room)."""
    if focus is None:
        return
    body = target.body_span
    first, last = focus
    cost = _bytes(lines, first, last) + ELISION_COST
    room = max(budget_bytes - selection.floor, int(budget_bytes * WINDOW_SHARE))
    while first - 1 > body.line and cost + len(lines[first - 2]) + 1 <= room:
        first -= 1
        cost += len(lines[first - 1]) + 1
    selection.show_window(target, (first, last), cost)


def _bytes(lines: list[bytes], first: int, last: int) -> int:
    return sum(len(line) + 1 for line in lines[first - 1 : last])


def _elidable(node: Node) -> bool:
    item = node.item
    return isinstance(item, Function) and item.body is not None and item.body.end - item.body.start > ELISION_COST


def _shows_inside(selection: Selection, node: Node) -> bool:
    return any(n in selection.levels for n in node.walk() if n is not node)


def focus_line_ranges(
    targets: list[Node], focus: Sequence[tuple[int, int]], data: dict[int, bytes]
) -> dict[Node, tuple[int, int]]:
    """Each target's focus (byte ranges inside it) as one line range of its file: first to last line touched."""
    found: dict[Node, tuple[int, int]] = {}
    for target in targets:
        span = target.source_item.span
        inside = [(a, b) for a, b in focus if span.start <= a and b <= span.end]
        if inside:
            text = data[target.file]
            start, end = min(a for a, _ in inside), max(b for _, b in inside)
            found[target] = (text.count(b"\n", 0, start) + 1, text.count(b"\n", 0, max(end - 1, start)) + 1)
    return found
