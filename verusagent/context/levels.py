"""How much of each node a slice shows (Detail), and the Selection that holds it: the floor (what the targets need)
and what was spent beyond it, in bytes."""

from enum import IntEnum

from verusagent.context.mentions import NameIndex
from verusagent.context.outline import Node
from verusagent.context.priors import BODY_MEANS
from verusagent.lens.model import Function

ELISION_COST = 48  # the comment and closing brace that stand for an elided body
RUN_COMMENT_COST = 72  # a shown part splits a run of elided lines: one more `// ... lines a-b elided` comment
STRUCTURE = ("file", "verus")


class Detail(IntEnum):
    """How much of an item the prompt shows."""

    HEADER = 0  # a container opened to show some of its items
    SIGNATURE = 1  # a function's attributes, header and clauses; its body elided
    FULL = 2


class Selection:
    """The level each shown node is shown at, what the targets need (the floor), and the bytes spent beyond it."""

    def __init__(self, index: NameIndex, whole_files: frozenset[int] = frozenset()):
        self.index = index
        self.whole_files = whole_files  # files shown whole anyway: their parts cost nothing here
        self.levels: dict[Node, Detail] = {}
        self.budget = 0  # what may be spent beyond the floor
        self.spent = 0
        self.floor = 0  # the bytes of what the targets need, with the comments beside it
        self.needed_floor = 0  # the floor before a hard budget or a ceiling cut it
        self.over_budget = False
        self.at_ceiling = False  # a ceiling cut the floor or held the rest below its budget
        self.optional: list[Node] = []  # shown beyond the floor, in the order they were taken
        self.left_out: set[Node] = set()  # offered, but over the budget
        self.windows: dict[Node, tuple[int, int]] = {}  # a target shown by signature and these lines of its body

    def copy(self) -> "Selection":
        """The same shown nodes and spending, to change apart from this one."""
        other = Selection(self.index, self.whole_files)
        other.levels, other.windows = dict(self.levels), dict(self.windows)
        other.optional, other.left_out = list(self.optional), set(self.left_out)
        for name in ("budget", "spent", "floor", "needed_floor", "over_budget", "at_ceiling"):
            setattr(other, name, getattr(self, name))
        return other

    def add(self, node: Node, level: Detail, free: bool = False) -> list[Node]:
        """Show node at level (free: part of the floor, not counted against the budget). Returns the nodes newly
        shown: node and the containers opened for it; nothing if it was shown already or does not fit."""
        current = self.levels.get(node)
        if current is not None and current >= level:
            return []
        closed = self._closed_ancestors(node)
        cost = self.cost(node, level)
        if not free and self.spent + cost > self.budget:
            self.left_out.add(node)
            return []
        if free:
            self.floor += cost
        else:
            self.spent += cost
            self.optional.append(node)
        self.left_out.discard(node)
        self.levels[node] = level
        for container in closed:
            self.levels[container] = Detail.HEADER
        return [node, *closed]

    def remove(self, node: Node) -> int:
        """Take an optional node out again, and the containers opened for it alone; the bytes it freed."""
        freed = self._hide(node)
        self.spent -= freed
        return freed

    def demote(self, node: Node, level: Detail) -> None:
        """Show a node of the floor at a lower level (a hard budget: fit.py)."""
        self.floor -= cost_of(node, self.levels[node]) - cost_of(node, level)
        self.levels[node] = level

    def show_window(self, target: Node, lines: tuple[int, int], cost: int) -> None:
        """Show these lines of a target's elided body (fit.py), at `cost` bytes of the floor."""
        self.windows[target] = lines
        self.floor += cost

    def take_out(self, node: Node) -> None:
        """Take a node of the floor out again (and the containers opened for it alone)."""
        self.floor -= self._hide(node)

    def _hide(self, node: Node) -> int:
        freed = self.cost_shown(node)
        del self.levels[node]
        parent = node.parent
        while parent is not None and self.levels.get(parent) == Detail.HEADER and not self._shows_inside(parent):
            freed += self.cost_shown(parent)
            del self.levels[parent]
            parent = parent.parent
        return freed

    def cost(self, node: Node, level: Detail) -> int:
        if node.file in self.whole_files:
            return 0
        current = self.levels.get(node)
        extra = (
            cost_of(node, level) - cost_of(node, current)
            if current is not None
            else cost_of(node, level) + RUN_COMMENT_COST
        )
        return extra + sum(cost_of(c, Detail.HEADER) + RUN_COMMENT_COST for c in self._closed_ancestors(node))

    def cost_shown(self, node: Node) -> int:
        if node.file in self.whole_files:
            return 0
        return cost_of(node, self.levels[node]) + RUN_COMMENT_COST

    def _closed_ancestors(self, node: Node) -> list[Node]:
        closed, parent = [], node.parent
        while parent is not None and parent.kind not in STRUCTURE and parent not in self.levels:
            closed.append(parent)
            parent = parent.parent
        return closed

    def _shows_inside(self, container: Node) -> bool:
        return any(n in self.levels for n in container.walk() if n is not container)


def natural_level(node: Node) -> Detail:
    """The most a node is ever shown at: functions with a body other than spec ones by signature (unless the
    body is shorter than the comment that would stand for it)."""
    item = node.source_item
    if isinstance(item, Function) and item.body is not None and item.mode not in BODY_MEANS:
        return Detail.SIGNATURE if item.body.end - item.body.start > ELISION_COST else Detail.FULL
    return Detail.FULL


def shown_range(node: Node, level: Detail) -> tuple[int, int]:
    """The bytes of the node shown at this level (a header or signature: up to its body)."""
    item = node.source_item
    body = item.body
    if level < Detail.FULL and body is not None:
        return item.span.start, body.start
    return item.span.start, item.span.end


def cost_of(node: Node, level: Detail) -> int:
    start, end = shown_range(node, level)
    return end - start + (ELISION_COST if level < Detail.FULL else 0)
