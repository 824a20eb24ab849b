"""What a slice shows: the targets whole, what they mention, then the likeliest-needed rest within a budget.

A spec function, type, trait or constant is shown whole (its body is its meaning); a proof or exec function by its
attributes, signature and specs (its body elided). Always shown: the targets, the `use` lines, and what the
targets mention (the meaning of their own statement and the callees of their code), except names so common
that the mention is ambiguous. Then, best first within the budget: every lemma's signature (a proof calls
lemmas; a VeruSAGE task file holds mostly the ones its proof needs), and what the shown parts mention in turn.
Each candidate carries the chance that a proof needs it (the product of the chances along the mentions that led
to it; several mentions combine) and is taken in order of that chance per byte (opaque spec functions are
candidates too: a proof reveals them; a view that `x@` may mean is discounted: which one is rarely clear). A big
task (what it always shows and the file's lemmas exceed the budget) gets a budget in proportion to both. A
container (impl, trait, mod) of a shown part is opened: its header and `use` lines are shown, and its associated
types and constants become candidates.
"""

import heapq
from collections.abc import Sequence
from enum import IntEnum

from verusagent.context.mentions import Mention, NameIndex
from verusagent.context.outline import Node
from verusagent.context.priors import ASSOCIATED_PRIOR, BODY_MEANS, VIEW_PRIOR, mention_prior, seed_chance
from verusagent.lens.model import Definition, DefinitionKind, Function, Mode

_ALWAYS = frozenset({DefinitionKind.USE, DefinitionKind.BROADCAST_USE})
_ASSOCIATED = frozenset({"type", "const"})
_ELISION_COST = 48  # the comment and closing brace that stand for an elided body
_STRUCTURE = ("file", "verus")
_AMBIGUOUS = 3  # a mention with more candidates than this is not certain to mean any of them

class Level(IntEnum):
    HEADER = 0  # a container opened to show some of its items
    SIGNATURE = 1  # a function's attributes, header and clauses; its body elided
    FULL = 2


class Selection:
    """The level each shown node is shown at, and the bytes spent on them beyond what is always shown."""

    def __init__(self, index: NameIndex, budget_bytes: int):
        self.index = index
        self.levels: dict[Node, Level] = {}
        self.budget = budget_bytes
        self.spent = 0
        self.left_out: set[Node] = set()  # offered, but over the budget

    def add(self, node: Node, level: Level, free: bool = False) -> list[Node]:
        """Show node at level (free: not counted against the budget). Returns the nodes newly shown: node and
        the containers opened for it; nothing if it was shown already or does not fit."""
        current = self.levels.get(node)
        if current is not None and current >= level:
            return []
        closed = self._closed_ancestors(node)
        cost = self.cost(node, level)
        if not free and self.spent + cost > self.budget:
            self.left_out.add(node)
            return []
        self.spent += 0 if free else cost
        self.left_out.discard(node)
        self.levels[node] = level
        for container in closed:
            self.levels[container] = Level.HEADER
        return [node, *closed]

    def cost(self, node: Node, level: Level) -> int:
        current = self.levels.get(node)
        extra = cost_of(node, level) - (cost_of(node, current) if current is not None else 0)
        return extra + sum(cost_of(c, Level.HEADER) for c in self._closed_ancestors(node))

    def _closed_ancestors(self, node: Node) -> list[Node]:
        closed, parent = [], node.parent
        while parent is not None and parent.kind not in _STRUCTURE and parent not in self.levels:
            closed.append(parent)
            parent = parent.parent
        return closed


def natural_level(node: Node) -> Level:
    """The most a node is ever shown at: functions with a body other than spec ones by signature."""
    item = node.item
    if isinstance(item, Function) and item.body is not None and item.mode not in BODY_MEANS:
        return Level.SIGNATURE
    return Level.FULL


def shown_range(node: Node, level: Level) -> tuple[int, int]:
    """The bytes of the node shown at this level (a header or signature: up to its body)."""
    item = node.item
    body = item.body
    if level < Level.FULL and body is not None:
        return item.span.start, body.start
    return item.span.start, item.span.end


def cost_of(node: Node, level: Level) -> int:
    start, end = shown_range(node, level)
    return end - start + (_ELISION_COST if level < Level.FULL else 0)


def select(root: Node, index: NameIndex, targets: list[Node], total_bytes: int, least_bytes: int,
           growth: float, big_growth: float = 0.0, mentions: Sequence[Mention] = ()) -> Selection:
    """total_bytes: what the slice may show in all; it may add to what it always shows at least least_bytes,
    and at least growth times what it always shows. A big task (what it always shows and the file's lemmas
    together exceed total_bytes) may add big_growth times that sum: its proof needs more than a slice of the
    usual size holds, and the lemmas of a task file are mostly the ones its proof calls. `mentions`: names of
    this file that another file shown beside it mentions (a crate's prompt): offered first, within the budget."""
    selection = Selection(index, 0)
    for node in root.walk():
        if isinstance(node.item, Definition) and node.item.kind in _ALWAYS and node.parent.kind in _STRUCTURE:
            selection.add(node, Level.FULL, free=True)
    offers = _Offers(selection)
    for target in targets:  # whole, whatever their mode
        offers.show_target(target)
    for target in targets:
        offers.read(target, 1.0, certain=True)
    offers.take_mentions(mentions, None, 1.0, certain=False)
    lemmas = 0  # what the lemmas of the file cost, shown by signature
    for node in root.walk():
        chance = seed_chance(node, targets)
        if chance:
            offers.offer(node, chance)
            lemmas += selection.cost(node, natural_level(node)) if _is_lemma(node) else 0
    always = sum(cost_of(node, level) for node, level in selection.levels.items())
    selection.budget = max(total_bytes - always, least_bytes, int(growth * always))
    if always + lemmas > total_bytes:
        selection.budget = max(selection.budget, int(big_growth * (always + lemmas)))
    offers.take_best()
    return selection


def _is_lemma(node: Node) -> bool:
    return node.kind == "fn" and node.item.mode == Mode.PROOF


class _Offers:
    """Candidates by their chance of being needed; the best chance per byte is shown first."""

    def __init__(self, selection: Selection):
        self.selection = selection
        self.chance: dict[Node, float] = {}
        self.heap: list[tuple[float, int, Node]] = []
        self.order = 0

    def offer(self, node: Node, chance: float) -> None:
        if node in self.selection.levels:
            return
        combined = 1 - (1 - self.chance.get(node, 0.0)) * (1 - chance)
        self.chance[node] = combined
        self.order += 1
        density = combined / max(self.selection.cost(node, natural_level(node)), 1)
        heapq.heappush(self.heap, (-density, self.order, node))

    def read(self, node: Node, chance: float, certain: bool = False) -> None:
        """Offer what a newly shown node mentions (each name once); a target's unambiguous mentions are shown
        outright. A name with several candidates splits its chance among them."""
        selection = self.selection
        start, end = shown_range(node, selection.levels[node])
        header = selection.levels[node] == Level.HEADER
        self.take_mentions(selection.index.mentions(start, end), node, chance, certain, header)

    def take_mentions(self, mentions: Sequence[Mention], node: Node | None, chance: float, certain: bool,
                      header: bool = False) -> None:
        """The candidates of each mention (by `node`, or by another file when None): shown, or offered."""
        for mention in dict.fromkeys(mentions):
            candidates = [c for c in self.selection.index.resolve(mention, node) if c is not node]
            for candidate in candidates:
                if certain and len(candidates) <= _AMBIGUOUS:
                    self._show(candidate, 1.0, free=True)
                else:
                    prior = 1.0 if certain or node is None else mention_prior(node, candidate, header)
                    prior *= VIEW_PRIOR if mention.name == "view" and mention.method else 1.0
                    self.offer(candidate, chance * prior / len(candidates))

    def show_target(self, target: Node) -> None:
        for shown in self.selection.add(target, Level.FULL, free=True):
            if self.selection.levels[shown] == Level.HEADER:
                self._open(shown, 1.0)

    def take_best(self) -> None:
        while self.heap:
            density, _, node = heapq.heappop(self.heap)
            if node in self.selection.levels:
                continue
            self._show(node, self.chance[node])

    def _show(self, node: Node, chance: float, free: bool = False) -> None:
        for shown in self.selection.add(node, natural_level(node), free=free):
            self.read(shown, chance)
            if self.selection.levels[shown] == Level.HEADER:
                self._open(shown, chance)

    def _open(self, container: Node, chance: float) -> None:
        """A container just opened: its `use` lines are shown, its associated types and constants offered."""
        for child in container.children:
            if isinstance(child.item, Definition) and child.item.kind in _ALWAYS:
                self.selection.add(child, Level.FULL, free=True)
            elif child.kind in _ASSOCIATED:
                self.offer(child, chance * ASSOCIATED_PRIOR)
