"""`slice_source(source, targets)`: the view of a large file that a prompt shows in place of the whole file;
`slice_files(files, ...)`: the same for the files of a crate, selected together within one budget."""

from collections.abc import Sequence

from pydantic import BaseModel

from verusagent.context.levels import Selection
from verusagent.context.mentions import NameIndex, SourceFile
from verusagent.context.outline import Node, build_outline
from verusagent.context.render import Renderer
from verusagent.context.select import select
from verusagent.lens import SourceModel, TokenStream, parse_with_tokens

# o200k averages 4.0 bytes a token on slices of VeruSAGE files (3.97 at the median, 2.8 to 4.5: measured with
# tools/slice_report.py's tokenizer); sizes here are in bytes, budgets in tokens.
BYTES_PER_TOKEN = 4
SLICE_ABOVE_TOKENS = 1875  # files over 7,500 bytes are sliced (every Verus-Bench file stays whole)
# A slice shows what its targets need whatever it costs (its floor: their types, the whole spec family their
# clauses reach, with bodies, and the types those match on), then the likeliest-needed rest up to
# SLICE_BUDGET_TOKENS in all, and beyond the floor at least LEAST_EXTRA_TOKENS and LEMMA_GROWTH times what the
# targets need (select._extra_bytes): the lemmas a proof calls are not named by the task's target, and a target
# whose statement needs much calls many (on anvil-controller, where the floor exceeds any budget, growth 0.45 lifts
# the coverage of what proofs name and one call down from 91.4% to 99.9%, for 6,200 tokens more at the median).
# Held out (`slice_report.py --leave-one-out 0,0.15,0.3,0.45,0.6 --constant LEMMA_GROWTH`, the one-standard-error
# rule of bench/holdout.py) every fold chooses 0.45: below it ironkv misses its 98%, above it storage its p90.
# The budget, held out the same way (`--leave-one-out`), is 5,000 in six folds and 4,000 in ironkv's
# (docs/large-files.md).
SLICE_BUDGET_TOKENS = 5000
LEAST_EXTRA_TOKENS = 800
LEMMA_GROWTH = 0.45
# A file that fits the budget is shown as a slice too (the bodies of functions other than the targets and spec
# functions elided), with all that its shown parts mention and its lemmas, but of the items nothing shown
# mentions only the likeliest UNMENTIONED_TOKENS' worth: on storage 0 costs 0.3% of coverage, 600 adds 0.1% for
# 144 tokens at the median, past the goal of 3,000. Held out at growth 0.3 every fold chooses 300; at 0.45 every
# fold chooses 600 (the goals it would break are missed anyway there), which held out breaks storage's median.
UNMENTIONED_TOKENS = 300
_TRIM_ROUNDS = 4  # renderings to bring a slice within its budget (elision comments are estimated while selecting)

_NOT_LISTED = frozenset({"impl", "mod", "use", "broadcast_use"})  # containers and lines shown for structure


class SlicedSource(BaseModel):
    text: str  # the view: the file's lines for what is shown, a comment for each run left out
    targets: list[str]  # the qualified names of the functions shown whole as targets
    shown: list[str]  # "kind name" of everything else shown
    left_out: list[str]  # "kind name" of what was mentioned but did not fit the budget
    elided_lines: int
    budget_tokens: int = 0  # what the slice may hold (0: the file is shown whole)
    floor_tokens: int = 0  # what the targets need, shown whatever the budget
    over_budget: bool = False  # the needed part alone exceeds the budget
    ceiling_tokens: int = 0  # what the slice never exceeds (0: no ceiling, a strict slice's budget is its own)
    cut_to_ceiling: bool = False  # the needed part exceeded the ceiling too: spec bodies were elided to fit it
    at_ceiling: bool = False  # the ceiling held the slice (cut what the targets need, or the rest below its budget)


class NoTargets(ValueError):
    """None of the names given is a function of the file."""


def estimate_tokens(text: str) -> int:
    return len(text.encode("utf-8")) // BYTES_PER_TOKEN


def needs_slicing(source: str) -> bool:
    return estimate_tokens(source) > SLICE_ABOVE_TOKENS


def slice_source(
    source: str, targets: list[str], budget_tokens: int | None = None, ceiling_tokens: int | None = None
) -> SlicedSource:
    """The targets (function names, qualified names or unit ids) whole, and what reasoning about them needs."""
    return slice_parsed(source, *parse_with_tokens(source), targets, budget_tokens, ceiling_tokens)


def slice_parsed(
    source: str,
    model: SourceModel,
    stream: TokenStream,
    targets: list[str],
    budget_tokens: int | None = None,
    ceiling_tokens: int | None = None,
) -> SlicedSource:
    """slice_source for a file already parsed (`parse_with_tokens(source)`)."""
    return FileSlicer(source, model, stream).slice(targets, budget_tokens, ceiling_tokens=ceiling_tokens)


class FileSlicer:
    """One file, its item tree and its names made once, sliced around different targets (a review's units)."""

    def __init__(self, source: str, model: SourceModel, stream: TokenStream):
        self.file = SourceFile(source, model, stream, build_outline(model))
        self.index = NameIndex([self.file])

    def slice(
        self,
        targets: list[str],
        budget_tokens: int | None = None,
        strict: bool = False,
        needed_depth: int | None = None,
        focus: Sequence[tuple[int, int]] = (),
        hard: bool = False,
        cut_targets: bool = True,
        ceiling_tokens: int | None = None,
    ) -> SlicedSource:
        """The budget defaults to SLICE_BUDGET_TOKENS. strict: nothing beyond the budget but what the targets
        need (no LEAST_EXTRA_TOKENS, no LEMMA_GROWTH); needed_depth: how many spec bodies down the spec family
        is needed whatever it costs (None: all of it, select.NEEDED_DEPTH); focus: byte ranges in the targets
        whose names are needed (the rest of a target's body is ranked); hard: see slice_files. A file that fits
        the budget is shown whole to a strict slice, and to any other if its slice would leave nothing out (see
        UNMENTIONED_TOKENS). ceiling_tokens: see slice_files."""
        budget_tokens = SLICE_BUDGET_TOKENS if budget_tokens is None else budget_tokens
        found = find_targets(self.file.root, targets)
        if not found:
            raise NoTargets(f"no function named {', '.join(targets) or '(none given)'} in the file")
        whole = SlicedSource(
            text=self.file.text, targets=_target_names(found), shown=["the whole file"], left_out=[], elided_lines=0
        )
        fits = estimate_tokens(self.file.text) <= budget_tokens
        if fits and strict:
            return whole
        sliced = slice_files(
            [self.file],
            found,
            budget_tokens,
            strict=strict,
            index=self.index,
            needed_depth=needed_depth,
            focus=focus,
            unmentioned_tokens=UNMENTIONED_TOKENS if fits else None,
            hard=hard,
            cut_targets=cut_targets,
            ceiling_tokens=ceiling_tokens,
        )[0]
        leaves_nothing_out = not sliced.elided_lines or len(sliced.text) >= len(self.file.text)
        return whole if fits and leaves_nothing_out else sliced


def slice_files(
    files: list[SourceFile],
    targets: list[Node],
    budget_tokens: int,
    whole_files: frozenset[int] = frozenset(),
    strict: bool = False,
    index: NameIndex | None = None,
    needed_depth: int | None = None,
    focus: Sequence[tuple[int, int]] = (),
    unmentioned_tokens: int | None = None,
    hard: bool = False,
    cut_targets: bool = True,
    ceiling_tokens: int | None = None,
) -> dict[int, SlicedSource]:
    """The files' slices around `targets` (nodes of any of them), selected together within one budget: what the
    targets need from every file first, then by rank (see SLICE_BUDGET_TOKENS; strict: within the budget only).
    `whole_files` are shown whole anyway (not sliced here). Only the files something is shown of have a slice.
    index: the files' NameIndex, when the caller keeps one. unmentioned_tokens: what the items no shown part
    mentions may take (None: they are not offered). hard: what the targets need is cut down to the budget too
    (context/fit.py). ceiling_tokens: what a slice that is not strict never exceeds but by its targets alone
    (None: no ceiling; a budget above it is the ceiling)."""
    index = index or NameIndex(files)
    ceiling = None if strict or ceiling_tokens is None else max(ceiling_tokens, budget_tokens)
    least = 0 if strict else min(LEAST_EXTRA_TOKENS, budget_tokens) * BYTES_PER_TOKEN
    selection = select(
        index,
        targets,
        budget_tokens * BYTES_PER_TOKEN,
        least,
        whole_files,
        needed_depth,
        growth=0.0 if strict else LEMMA_GROWTH,
        focus=focus,
        unmentioned_bytes=None if unmentioned_tokens is None else unmentioned_tokens * BYTES_PER_TOKEN,
        hard=hard,
        cut_targets=cut_targets,
        ceiling_bytes=None if ceiling is None else ceiling * BYTES_PER_TOKEN,
    )
    slices = _render(files, selection, targets, whole_files)
    for _ in range(_TRIM_ROUNDS):
        excess = sum(len(s.text.encode("utf-8")) for s in slices.values()) - selection.floor - selection.budget
        if excess <= 0 or not selection.optional:
            break
        while excess > 0 and selection.optional:
            excess -= selection.remove(selection.optional.pop())
        slices = _render(files, selection, targets, whole_files)
    fit = {
        "budget_tokens": budget_tokens,
        "floor_tokens": selection.needed_floor // BYTES_PER_TOKEN,
        "over_budget": selection.over_budget,
        "ceiling_tokens": ceiling or 0,
        "cut_to_ceiling": ceiling is not None and selection.needed_floor > ceiling * BYTES_PER_TOKEN,
        "at_ceiling": selection.at_ceiling,
    }
    return {number: sliced.model_copy(update=fit) for number, sliced in slices.items()}


def _render(
    files: list[SourceFile], selection: Selection, targets: list[Node], whole_files: frozenset[int]
) -> dict[int, SlicedSource]:
    slices = {}
    for number, file in enumerate(files):
        shown = [n for n in selection.levels if n.file == number]
        mine = [t for t in targets if t.file == number]
        if number in whole_files or not (mine or [n for n in shown if n.kind not in _NOT_LISTED]):
            continue
        renderer = Renderer(file.text.split("\n"), selection.levels, selection.windows)
        text = renderer.render(file.root)
        others = [n for n in shown if n not in mine and n.kind not in _NOT_LISTED]
        left_out = sorted({_label(n) for n in selection.left_out if n.file == number})
        slices[number] = SlicedSource(
            text=text,
            targets=_target_names(mine),
            shown=[_label(n) for n in others],
            left_out=left_out,
            elided_lines=renderer.elided,
        )
    return slices


def find_targets(root: Node, names: list[str]) -> list[Node]:
    """The nodes to show whole for these function names: the function's own node, or the item it is part of
    (a function nested in another, or in a macro that cannot be shown in part)."""
    wanted = set(names) | {n.removeprefix("fn:") for n in names}
    found: list[Node] = []
    for node in root.walk():
        for function in [node, *node.absorbed]:
            item = function.function
            named = item is not None and wanted & {item.id, item.name, item.qualified}
            if named and node not in found:
                found.append(node)
    return found


def _target_names(nodes: list[Node]) -> list[str]:
    return [n.function.qualified if n.kind == "fn" and n.function is not None else f"{n.kind} {n.name}" for n in nodes]


def _label(node: Node) -> str:
    return f"{node.kind} {node.name}"
