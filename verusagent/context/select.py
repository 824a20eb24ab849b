"""What a slice shows: first what its targets need, whole and whatever it costs; then, within the budget, the
likeliest-needed rest.

What the targets need (the dependency rule): the targets whole; the type of the impl each method target is in;
everything the targets mention (their signatures, clauses and bodies: types and spec functions whole, called
proof and exec functions by attributes, signature and specs); and transitively every spec function that a
needed spec function calls, with the types its body matches on or constructs. A name resolves by its path
qualifier or its receiver's type (mentions.py); a name that still has more than a few candidates is not certain
to mean any of them, and is ranked like the rest (but of a method on a receiver of unknown type whose candidates
are a trait's declaration and impls of it, the declaration is needed). The size of this part is the slice's
floor: when it exceeds the budget the slice shows it all and says so (`over_budget`).

Then, best first within what the budget leaves (at least `least_bytes`): every lemma's signature of the files
the targets reach (a proof calls lemmas; a VeruSAGE task file holds mostly the ones its proof needs), and what
the shown parts mention in turn.
Each candidate carries the chance that a proof needs it (the product of the chances along the mentions that led
to it; several mentions combine) and is taken in order of that chance per byte (opaque spec functions are
candidates too: a proof reveals them; a view that `x@` may mean is discounted: which one is rarely clear). Every
part shown costs its bytes and the elision comment it may add beside it. A container (impl, trait, mod) of a
shown part is opened: its header and `use` lines are shown, and its associated types and constants become
candidates.
"""

import heapq
from collections import deque
from collections.abc import Sequence

from verusagent.context.fit import fit_floor, focus_line_ranges
from verusagent.context.levels import STRUCTURE, Detail, Selection, natural_level, shown_range
from verusagent.context.mentions import Mention, NameIndex, enclosing_type
from verusagent.context.outline import Node
from verusagent.context.priors import ASSOCIATED_PRIOR, BODY_MEANS, VIEW_PRIOR, mention_prior, seed_chance
from verusagent.context.types import constructed_types, tokens_between
from verusagent.lens.model import Definition, DefinitionKind

_ALWAYS = frozenset({DefinitionKind.USE, DefinitionKind.BROADCAST_USE})
_ASSOCIATED = frozenset({"type", "const"})
_DEFINITIONS = frozenset({"struct", "enum", "const", "type"})
_AMBIGUOUS = 3  # a mention with more candidates than this is not certain to mean any of them
# How many spec bodies down from the targets' own mentions the spec family is needed whatever it costs (None: all
# of it, as a proof may unfold any of them: on the shared VeruSAGE projects depth 1 left 5,560 of 16,183 spec-family
# definitions out, all of it 40); a smaller depth (the review's 0) keeps the deeper ones while all of a depth fits
# the budget and ranks the rest.
NEEDED_DEPTH: int | None = None
DEEP_FAMILY_PRIOR = 0.6  # per spec body beyond a depth cut: the chance that a proof unfolds that far
# An item nothing shown mentions (offered only where the whole file fits the budget): a VeruSAGE proof uses some
# such spec functions and types (its task file was extracted with what the proof needs), seldom the rest.
UNMENTIONED_DEFINITION_PRIOR = 0.05
UNMENTIONED_PRIOR = 0.01


def select(
    index: NameIndex,
    targets: list[Node],
    budget_bytes: int,
    least_bytes: int = 0,
    whole_files: frozenset[int] = frozenset(),
    needed_depth: int | None = NEEDED_DEPTH,
    growth: float = 0.0,
    focus: Sequence[tuple[int, int]] = (),
    unmentioned_bytes: int | None = None,
    hard: bool = False,
    cut_targets: bool = True,
    ceiling_bytes: int | None = None,
) -> Selection:
    """budget_bytes: what the slice may show in all; beyond what its targets need it adds at least least_bytes
    and growth times what they need.
    whole_files: files shown whole anyway (a crate's small target file): what they need of the other files is
    needed, what else they mention is ranked. needed_depth: the spec bodies followed for what is needed
    whatever it costs (None, NEEDED_DEPTH: all); below a given depth, a deeper one is kept while all of it fits the
    budget, and the rest is ranked. focus:
    byte ranges inside targets (a review's unit): of such a target only its header, clauses and those ranges
    name what is needed; what the rest of it names is ranked. unmentioned_bytes: the items that no shown part
    mentions are candidates too, shown within this many bytes (None: they are not). hard: the floor is cut down to
    the budget where it exceeds it (fit.py; cut_targets: the targets' bodies too). ceiling_bytes: what no slice
    exceeds however much its targets need (the prover's, above the budget): a floor over it is cut down to it
    with the targets kept whole, and what is added beyond the floor stops at it."""
    selection, offers = _closed(index, targets, whole_files, focus)
    needed = selection.floor  # the whole spec family, before what lies too deep is cut
    if needed_depth is not None:
        offers.cut_deep_family(budget_bytes, needed_depth)
    for file in sorted(whole_files):
        offers.show_whole_file(index.files[file].root)
    selection.needed_floor = selection.floor
    selection.over_budget = selection.floor > budget_bytes
    if hard and selection.over_budget:
        offers.fit(targets, budget_bytes, cut_targets)
    elif ceiling_bytes is not None and selection.floor > ceiling_bytes:
        offers.fit(targets, ceiling_bytes, cut_targets=False)
    selection.budget = _extra_bytes(selection.floor, needed, budget_bytes, least_bytes, growth)
    if ceiling_bytes is not None:
        room = max(ceiling_bytes - selection.floor, 0)
        selection.at_ceiling = selection.needed_floor > ceiling_bytes or selection.budget > room
        selection.budget = min(selection.budget, room)
    for file in sorted({node.file for node in selection.levels}):  # a crate's files the targets reach
        for node in index.files[file].root.walk():
            seeded = seed_chance(node, targets)
            if seeded:
                offers.offer(node, seeded)
            elif unmentioned_bytes is not None:
                offers.offer(node, _unmentioned_chance(node), mentioned=False)
    offers.unmentioned_room = unmentioned_bytes
    offers.take_best()
    return selection


def _closed(
    index: NameIndex, targets: list[Node], whole_files: frozenset[int], focus: Sequence[tuple[int, int]]
) -> tuple[Selection, "_Offers"]:
    """What the targets need, closed (the selection and the offers it made), whatever the budget: a prompt cut to
    a cap slices the same targets several times at other budgets (prompt/capped.py), so the closure is made once
    per index and targets, and each slice starts from a copy of it."""
    key = (tuple(targets), whole_files, tuple(focus))
    made = index.closures.get(key)
    if made is None:
        selection = Selection(index, whole_files)
        offers = _Offers(selection, targets, focus)
        for file in {target.file for target in targets} | set(whole_files):
            offers.show_uses(index.files[file].root)
        for target in targets:  # whole, whatever their mode
            offers.show_target(target)
        for target in targets:
            for own_type in index.types_named(enclosing_type(target)):
                offers.show_needed(own_type, 0)
            offers.queue.append((target, 0))
        offers.close_needed()
        made = index.closures[key] = offers
    return made.copy()


def _extra_bytes(floor: int, needed: int, budget_bytes: int, least_bytes: int, growth: float) -> int:
    """What may be shown beyond the floor: the rest of the budget, at least least_bytes, and growth times what the
    targets need. That need counts the spec family cut from the floor (up to the budget): cutting a depth that
    no longer fits whole must not also shrink the room it is ranked back into."""
    basis = max(floor, min(needed, budget_bytes))
    return max(budget_bytes - floor, least_bytes, int(growth * basis) + basis - floor)


class _Offers:
    """What the targets need, shown outright; the rest as candidates by their chance of being needed, the best
    chance per byte shown first."""

    def __init__(self, selection: Selection, targets: list[Node], focus: Sequence[tuple[int, int]] = ()):
        self.selection = selection
        self.targets = set(targets)
        self.focus = focus
        self.queue: deque[tuple[Node, int]] = deque()  # needed nodes whose needs are still to read
        self.depth: dict[Node, int] = {}  # each needed node's depth (targets and their containers aside)
        self.index = selection.index
        self.chance: dict[Node, float] = {}
        self.heap: list[tuple[float, int, Node]] = []
        self.order = 0
        self.mentioned: set[Node] = set()  # offered because a shown part mentions it, or as a seed
        self.unmentioned_room: int | None = None  # what the other candidates may take (None: no limit)
        self.unmentioned_spent = 0

    def copy(self) -> tuple[Selection, "_Offers"]:
        """A fresh selection and offers as this closure left them (nothing beyond the floor is chosen yet)."""
        selection = self.selection.copy()
        offers = _Offers(selection, list(self.targets), self.focus)
        offers.depth, offers.chance, offers.mentioned = dict(self.depth), dict(self.chance), set(self.mentioned)
        offers.heap, offers.order = list(self.heap), self.order
        return selection, offers

    # ---- what the targets need

    def show_uses(self, root: Node) -> None:
        for node in root.walk():
            if (
                isinstance(node.item, Definition)
                and node.item.kind in _ALWAYS
                and node.parent is not None
                and node.parent.kind in STRUCTURE
            ):
                self.selection.add(node, Detail.FULL, free=True)

    def show_target(self, target: Node) -> None:
        for shown in self.selection.add(target, Detail.FULL, free=True):
            if self.selection.levels[shown] == Detail.HEADER:
                self._open(shown, 1.0)

    def show_needed(self, node: Node, depth: int) -> None:
        """depth: how many spec bodies lie between a target and the mention that makes node needed."""
        for shown in self.selection.add(node, natural_level(node), free=True):
            if shown is node:
                self.depth[node] = depth
                self.queue.append((node, depth))
            elif self.selection.levels[shown] == Detail.HEADER:
                self._open(shown, 1.0)
                self.read(shown, 1.0)

    def close_needed(self) -> None:
        """What the needed nodes need in turn, nearest first (so each node has its least depth): a target
        everything it mentions, a spec function the spec functions it calls and the types its body matches on
        or constructs; the rest of what they mention is ranked."""
        while self.queue:
            node, depth = self.queue.popleft()
            target, spec = node in self.targets, _is_spec(node)
            focused = self._focused_mentions(node) if target else None
            if focused is not None:
                self.read(node, 1.0)  # what the rest of the target names: ranked
            for mention in dict.fromkeys(focused if focused is not None else self._mentions_of(node)):
                candidates = [c for c in self.index.resolve(mention, node) if c is not node]
                certain = len(candidates) <= (1 if _unsure(mention) else _AMBIGUOUS) and (
                    target or (spec and all(map(_is_spec, candidates)))
                )
                declared = None if certain or not (target or spec) else _trait_declaration(mention, candidates)
                if declared is not None:
                    self.show_needed(declared, depth if target else depth + 1)
                for candidate in candidates:
                    if certain:
                        self.show_needed(candidate, depth if target else depth + 1)
                    else:
                        self.offer(candidate, self._prior(node, candidate, mention) / len(candidates))
            if spec and node.source_item.body is not None:
                for candidate in self._constructed(node):
                    self.show_needed(candidate, depth)

    def cut_deep_family(self, budget_bytes: int, needed_depth: int) -> None:
        """Keep the spec family to the deepest depth that fits the budget whole (at least needed_depth); what
        lies deeper is taken out again and ranked first among the rest."""
        by_depth: dict[int, int] = {}
        for node, depth in self.depth.items():
            by_depth[depth] = by_depth.get(depth, 0) + self.selection.cost_shown(node)
        base = self.selection.floor - sum(by_depth.values())  # targets, uses, opened containers
        keep, total = needed_depth, base + sum(c for d, c in by_depth.items() if d <= needed_depth)
        for depth in sorted(d for d in by_depth if d > needed_depth):
            total += by_depth[depth]
            if total > budget_bytes:
                break
            keep = depth
        deep = sorted((n for n, d in self.depth.items() if d > keep), key=lambda n: -self.depth[n])
        for node in deep:
            self.selection.take_out(node)
        for node in deep:
            self.offer(node, DEEP_FAMILY_PRIOR ** (self.depth[node] - keep))

    def show_whole_file(self, root: Node) -> None:
        """Every part of a file shown whole: what it mentions is ranked (its targets' needs are shown already)."""
        for node in root.walk():
            top_level = node.parent is not None and node.parent.kind in STRUCTURE and node.kind not in STRUCTURE
            if top_level and self.selection.add(node, Detail.FULL, free=True):
                self.read(node, 1.0)

    def fit(self, targets: list[Node], budget_bytes: int, cut_targets: bool) -> None:
        files = {t.file for t in targets}
        data = {n: self.index.files[n].model.data for n in files}
        lines = {n: data[n].split(b"\n") for n in files}
        focus = focus_line_ranges(targets, self.focus, data)
        fit_floor(self.selection, self.depth, targets, focus, lines, budget_bytes, cut_targets)

    # ---- the rest, by rank

    def offer(self, node: Node, chance: float, mentioned: bool = True) -> None:
        if not chance or node in self.selection.levels or node.file in self.selection.whole_files:
            return
        if mentioned:
            self.mentioned.add(node)
        combined = 1 - (1 - self.chance.get(node, 0.0)) * (1 - chance)
        self.chance[node] = combined
        self.order += 1
        density = combined / max(self.selection.cost(node, natural_level(node)), 1)
        heapq.heappush(self.heap, (-density, self.order, node))

    def read(self, node: Node, chance: float) -> None:
        """Offer what a newly shown node mentions (each name once); a name with several candidates splits its
        chance among them."""
        for mention in dict.fromkeys(self._mentions_of(node)):
            candidates = [c for c in self.index.resolve(mention, node) if c is not node]
            for candidate in candidates:
                self.offer(candidate, chance * self._prior(node, candidate, mention) / len(candidates))

    def take_best(self) -> None:
        while self.heap:
            _density, _, node = heapq.heappop(self.heap)
            if node in self.selection.levels:
                continue
            room = None if node in self.mentioned else self.unmentioned_room
            limited = room is not None
            cost = self.selection.cost(node, natural_level(node))
            if room is not None and self.unmentioned_spent + cost > room:
                continue
            added = self.selection.add(node, natural_level(node))
            self.unmentioned_spent += cost if limited and added else 0
            for shown in added:
                self.read(shown, self.chance.get(shown, self.chance[node]))
                if self.selection.levels[shown] == Detail.HEADER:
                    self._open(shown, self.chance[node])

    def _focused_mentions(self, target: Node) -> list[Mention] | None:
        """A target with focus ranges inside it (a review's unit in its function): the mentions of its header and
        clauses and of those ranges; None without focus."""
        item = target.source_item
        inside = [(a, b) for a, b in self.focus if item.span.start <= a and b <= item.span.end]
        if not inside or item.body is None:
            return None
        ranges = [(item.span.start, item.body.start), *inside]
        return [m for a, b in ranges for m in self.index.mentions(target, a, b)]

    def _mentions_of(self, node: Node) -> list[Mention]:
        start, end = shown_range(node, self.selection.levels[node])
        return self.index.mentions(node, start, end)

    def _prior(self, node: Node, candidate: Node, mention: Mention) -> float:
        header = self.selection.levels[node] == Detail.HEADER
        prior = mention_prior(node, candidate, header)
        return prior * (VIEW_PRIOR if mention.name == "view" and mention.method else 1.0)

    def _constructed(self, node: Node) -> list[Node]:
        file = self.index.files[node.file]
        first, stop = tokens_between(file.stream, node.body_span.start, node.source_item.span.end)
        scope = self.index.scope(node)
        found: list[Node] = []
        for name in constructed_types(file.stream, first, stop, scope, self._is_function_of):
            found.extend(c for c in self.index.types_named(name) if c not in found)
        return found

    def _is_function_of(self, owner: str, name: str) -> bool:
        return any(c.kind == "fn" and owner in self.index.owners(c) for c in self.index.by_name.get(name, []))

    def _open(self, container: Node, chance: float) -> None:
        """A container just opened: its `use` lines are shown, its associated types and constants offered."""
        for child in container.children:
            if isinstance(child.item, Definition) and child.item.kind in _ALWAYS:
                self.selection.add(child, Detail.FULL, free=True)
            elif child.kind in _ASSOCIATED:
                self.offer(child, chance * ASSOCIATED_PRIOR)


def _unmentioned_chance(node: Node) -> float:
    """An item no shown part mentions: a leaf (a container is opened for its items)."""
    if node.children or node.kind in STRUCTURE:
        return 0.0
    return UNMENTIONED_DEFINITION_PRIOR if node.kind in _DEFINITIONS or _is_spec(node) else UNMENTIONED_PRIOR


def _unsure(mention: Mention) -> bool:
    """A method called on a receiver of unknown type: certain only if one method has that name."""
    return mention.method and mention.receiver is None


def _trait_declaration(mention: Mention, candidates: list[Node]) -> Node | None:
    """A method called on a receiver of unknown type whose candidates are one trait's declaration and impls of
    that trait: the declaration, which every impl the call may reach holds to (`x.is_marshalable()` with 8
    impls of `Marshalable`)."""
    declared = [(c, c.parent) for c in candidates if c.parent is not None and c.parent.kind == "trait"]
    if not _unsure(mention) or len(declared) != 1:
        return None
    (declaration, trait), impls = declared[0], [c.parent for c in candidates if c is not declared[0][0]]
    owned = all(p is not None and isinstance(p.item, Definition) and p.item.trait_name == trait.name for p in impls)
    return declaration if owned else None


def _is_spec(node: Node) -> bool:
    function = node.function
    return node.kind == "fn" and function is not None and function.mode in BODY_MEANS
