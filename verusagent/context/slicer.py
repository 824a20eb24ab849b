"""`slice_source(source, targets)`: the view of a large file that a prompt shows in place of the whole file."""

from collections.abc import Callable

from pydantic import BaseModel

from verusagent.context.mentions import Mention, NameIndex
from verusagent.context.outline import Node, build_outline
from verusagent.context.render import Renderer
from verusagent.context.select import Selection, select
from verusagent.lens import SourceModel, TokenStream, parse_with_tokens

# Rust and Verus code averages 3 to 3.5 bytes per token (o200k); sizes here are in bytes, budgets in tokens.
BYTES_PER_TOKEN = 3
SLICE_ABOVE_TOKENS = 2500  # files estimated larger than this are sliced (Verus-Bench files stay whole)
# A slice always shows its targets, what they mention and the `use` lines (call that A), then adds the
# likeliest-needed rest, up to max(SLICE_BUDGET_TOKENS - A, LEAST_EXTRA_TOKENS, GROWTH * A) tokens more: a target
# whose own statement needs much context has a proof that needs more of it (its lemmas). A big task, whose A and
# lemma signatures (L) exceed SLICE_BUDGET_TOKENS, may add BIG_GROWTH * (A + L): VeruSAGE proofs call most
# lemmas of their file, and such a proof needs more than a 6,000-token prompt holds anyway (measured by
# tools/slice_report.py; only for the default budget). A file that fits in SLICE_BUDGET_TOKENS is shown whole.
SLICE_BUDGET_TOKENS = 4800
LEAST_EXTRA_TOKENS = 800
GROWTH = 0.8
BIG_GROWTH = 1.2


_NOT_LISTED = frozenset({"impl", "mod", "use", "broadcast_use"})  # containers and lines shown for structure


class SlicedSource(BaseModel):
    text: str  # the view: the file's lines for what is shown, a comment for each run left out
    targets: list[str]  # the qualified names of the functions shown whole as targets
    shown: list[str]  # "kind name" of everything else shown
    left_out: list[str]  # "kind name" of what was mentioned but did not fit the budget
    elided_lines: int


class NoTargets(ValueError):
    """None of the names given is a function of the file."""


def estimate_tokens(text: str) -> int:
    return len(text.encode("utf-8")) // BYTES_PER_TOKEN


def needs_slicing(source: str) -> bool:
    return estimate_tokens(source) > SLICE_ABOVE_TOKENS


def slice_source(source: str, targets: list[str], budget_tokens: int | None = None) -> SlicedSource:
    """The targets (function names, qualified names or unit ids) whole, and what reasoning about them needs."""
    return slice_parsed(source, *parse_with_tokens(source), targets, budget_tokens)


def slice_parsed(source: str, model: SourceModel, stream: TokenStream, targets: list[str],
                 budget_tokens: int | None = None) -> SlicedSource:
    """slice_source for a file already parsed (`parse_with_tokens(source)`); the budget defaults to
    SLICE_BUDGET_TOKENS, grown for a big task (a budget given, as the review's, is kept)."""
    big_growth = BIG_GROWTH if budget_tokens is None else 0.0
    budget_tokens = SLICE_BUDGET_TOKENS if budget_tokens is None else budget_tokens
    root = build_outline(model)
    target_nodes = find_targets(root, targets)
    if not target_nodes:
        raise NoTargets(f"no function named {', '.join(targets) or '(none given)'} in the file")
    names = [n.item.qualified if n.kind == "fn" else f"{n.kind} {n.name}" for n in target_nodes]
    if estimate_tokens(source) <= budget_tokens:
        return SlicedSource(text=source, targets=names, shown=["the whole file"], left_out=[], elided_lines=0)
    index = NameIndex(stream, root)
    selection = select(root, index, target_nodes, budget_tokens * BYTES_PER_TOKEN,
                       LEAST_EXTRA_TOKENS * BYTES_PER_TOKEN, GROWTH, big_growth)
    return _sliced(source, root, selection, target_nodes, names)


def slice_mentioned(source: str, model: SourceModel, stream: TokenStream, targets: list[str],
                    mentioned_by: TokenStream, budget_tokens: int,
                    adjust: Callable[[Mention], Mention | None] = lambda m: m) -> SlicedSource | None:
    """Another file of a crate, beside the one a prompt is about: its `targets` (the functions named or failing
    in it, possibly none) whole, the definitions of it that `mentioned_by` (the tokens of what the prompt shows
    of its file) names, then the likeliest-needed rest within `budget_tokens`. `adjust` reads a mention as
    seen from the other file (a path through a module, `net::send`, names `send` in the file of `net`; None:
    not this file's). None when nothing of the file is named."""
    root = build_outline(model)
    target_nodes = find_targets(root, targets) if targets else []
    index = NameIndex(stream, root)
    mentions = [m for m in map(adjust, index.mentions_by(mentioned_by)) if m is not None and index.resolve(m, None)]
    if not target_nodes and not mentions:
        return None
    selection = select(root, index, target_nodes, budget_tokens * BYTES_PER_TOKEN, 0, 0.0, mentions=mentions)
    names = [n.item.qualified if n.kind == "fn" else f"{n.kind} {n.name}" for n in target_nodes]
    return _sliced(source, root, selection, target_nodes, names)


def _sliced(source: str, root: Node, selection: Selection, target_nodes: list[Node], names: list[str]) -> SlicedSource:
    renderer = Renderer(source.split("\n"), selection.levels)
    text = renderer.render(root)
    others = [n for n in selection.levels if n not in target_nodes and n.kind not in _NOT_LISTED]
    return SlicedSource(text=text, targets=names, shown=[_label(n) for n in others],
                        left_out=sorted({_label(n) for n in selection.left_out}), elided_lines=renderer.elided)


def find_targets(root: Node, names: list[str]) -> list[Node]:
    """The nodes to show whole for these function names: the function's own node, or the item it is part of
    (a function nested in another, or in a macro that cannot be shown in part)."""
    wanted = set(names) | {n.removeprefix("fn:") for n in names}
    found: list[Node] = []
    for node in root.walk():
        for function in [node, *node.absorbed]:
            named = function.kind == "fn" and wanted & {function.item.id, function.item.name, function.item.qualified}
            if named and node not in found:
                found.append(node)
    return found


def _label(node: Node) -> str:
    return f"{node.kind} {node.name}"
