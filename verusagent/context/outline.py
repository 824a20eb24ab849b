"""The item tree of a file for the slicer: the file, its `verus! { }` blocks, and the containers (impl, trait,
mod, item macros) with the functions and definitions they hold, in source order, on whole lines."""

from collections.abc import Iterator
from dataclasses import dataclass, field

from verusagent.lens.model import Definition, DefinitionKind, Function, SourceModel, Span

_CONTAINER_KINDS = frozenset({DefinitionKind.IMPL, DefinitionKind.TRAIT, DefinitionKind.MOD, DefinitionKind.MACRO})


@dataclass(eq=False)
class Node:
    kind: str  # "file", "verus", "fn", or a DefinitionKind value
    name: str
    first_line: int  # 1-based, inclusive
    last_line: int
    item: Function | Definition | None = field(default=None, repr=False)
    open_line: int = 0  # containers: the line of the body's `{` and of its `}`
    close_line: int = 0
    close_col: int = -1  # a verus! block: the column (0-based) of its closing brace on close_line
    children: list["Node"] = field(default_factory=list, repr=False)
    parent: "Node | None" = field(default=None, repr=False)
    absorbed: list["Node"] = field(default_factory=list, repr=False)  # items inside this one that cannot be shown apart
    file: int = 0  # which file of the crate (the sources a selection draws from) the node is in

    @property
    def function(self) -> Function | None:
        """The function this node shows (None: a definition, a container or the file)."""
        return self.item if isinstance(self.item, Function) else None

    @property
    def source_item(self) -> Function | Definition:
        """The item of a node that has one (every node but the file and its `verus!` blocks)."""
        if self.item is None:
            raise ValueError(f"the {self.kind} node {self.name!r} has no item")
        return self.item

    @property
    def body_span(self) -> Span:
        """The body of an item that has one (a caller checks `item.body` first)."""
        body = self.source_item.body
        if body is None:
            raise ValueError(f"the {self.kind} {self.name!r} has no body")
        return body

    def walk(self) -> Iterator["Node"]:
        yield self
        for child in self.children:
            yield from child.walk()

    def walk_all(self) -> Iterator["Node"]:
        """This node, its descendants and what they absorbed."""
        yield self
        yield from self.absorbed
        for child in self.children:
            yield from child.walk_all()


def build_outline(model: SourceModel, file: int = 0) -> Node:
    line_count = model.data.count(b"\n") + (0 if model.data.endswith(b"\n") else 1)
    root = Node(
        kind="file", name="", first_line=1, last_line=max(line_count, 1), open_line=0, close_line=max(line_count, 1) + 1
    )
    nodes = sorted(_nodes(model), key=lambda n: (n.first_line, -n.last_line))
    stack = [root]
    for node in nodes:
        while len(stack) > 1 and not _holds(stack[-1], node):
            stack.pop()
        parent = stack[-1]
        if parent.kind == "fn" or (parent.item is not None and not _may_hold(parent)):
            parent.absorbed.append(node)  # nested in a function or a leaf item: part of it
            continue
        node.parent = parent
        parent.children.append(node)
        stack.append(node)
    _drop_unusable_containers(root)
    for node in root.walk_all():
        node.file = file
    return root


def _nodes(model: SourceModel) -> list[Node]:
    nodes = [_verus_node(model, span) for span in model.verus_blocks]
    nodes += [
        Node(kind="fn", name=f.name, first_line=f.span.line, last_line=f.span.end_line, item=f) for f in model.functions
    ]
    for definition in model.definitions:
        node = Node(
            kind=definition.kind.value,
            name=definition.name,
            first_line=definition.span.line,
            last_line=definition.span.end_line,
            item=definition,
        )
        if definition.body is not None:
            node.open_line, node.close_line = definition.body.line, definition.body.end_line
        nodes.append(node)
    return nodes


def _verus_node(model: SourceModel, span: Span) -> Node:
    before = model.data[: span.start].rstrip()
    start = before.rfind(b"verus")
    first_line = model.data.count(b"\n", 0, start) + 1 if start >= 0 else span.line
    return Node(
        kind="verus",
        name="verus",
        first_line=first_line,
        last_line=span.end_line,
        open_line=span.line,
        close_line=span.end_line,
        close_col=max(span.end_col - 2, 0),
    )


def _holds(container: Node, node: Node) -> bool:
    if container.kind == "fn":
        return container.first_line <= node.first_line and node.last_line <= container.last_line
    return container.open_line <= node.first_line and node.last_line <= container.close_line


def _may_hold(node: Node) -> bool:
    item = node.item
    return isinstance(item, Definition) and item.kind in _CONTAINER_KINDS and item.body is not None


def _drop_unusable_containers(root: Node) -> None:
    """A container whose children share a line with its braces cannot be shown in part: it becomes a leaf."""
    for node in list(root.walk()):
        if node.kind in ("file", "verus") or not node.children:
            continue
        if any(c.first_line <= node.open_line or c.last_line >= node.close_line for c in node.children):
            node.absorbed.extend(n for c in node.children for n in c.walk_all())
            node.children = []
