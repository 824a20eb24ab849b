"""`parse(data) -> SourceModel`: tokens from tree-sitter, then the item, function and body scanners."""

from functools import lru_cache
from pathlib import Path

from verusagent.lens.functions import ItemScope
from verusagent.lens.gc_pause import paused_gc
from verusagent.lens.items import scan_items
from verusagent.lens.model import Mode, Problem, SourceModel
from verusagent.lens.positions import LineIndex
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.sites import scan_item_sites
from verusagent.lens.tokens import TokenStream, tokenize
from verusagent.source_file import UnusableSource, read_source_bytes

MAX_BYTES = 64 * 1024 * 1024
_MAX_REPORTED = 20
_LEMMA_MODES = frozenset({Mode.PROOF, Mode.AXIOM})


class UnreadableSource(Exception):
    """Nothing of the file could be parsed (unreadable, binary, or too large)."""


def parse_file(path: str | Path) -> SourceModel:
    """Parse a file; raises UnreadableSource with a one-line reason only when nothing can be parsed."""
    try:
        data = read_source_bytes(path)
    except UnusableSource as error:
        raise UnreadableSource(str(error)) from error
    if len(data) > MAX_BYTES:
        raise UnreadableSource(f"{path} is {len(data)} bytes; the lens reads at most {MAX_BYTES}")
    return parse(data)


def parse(data: bytes | str, *, module: str = "") -> SourceModel:
    return parse_with_tokens(data, module=module)[0]


def parse_shared(data: bytes | str, *, module: str = "") -> tuple[SourceModel, TokenStream]:
    """`parse_with_tokens`, remembered for the last texts: the agent reads one candidate many times (the guard,
    focused screening, the mapping of verus's diagnostics, agent-mode tools). What it returns is shared: callers
    must not change it."""
    return _parsed(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data), module)


@lru_cache(maxsize=64)
def _parsed(data: bytes, module: str = "") -> tuple[SourceModel, TokenStream]:
    return parse_with_tokens(data, module=module)


def parse_with_tokens(data: bytes | str, *, outline: bool = False, module: str = "") -> tuple[SourceModel, TokenStream]:
    """The model and the token stream it was read from (for callers that compare tokens, like the guard).

    With `outline`, only functions and their clauses: no loops, calls, proof sites or item sites, and the token
    stream skips the inside of function bodies (several times faster: for indexes over many files, such as the
    lemma index). `module` is the file's module path in its crate ("net::conn" for src/net/conn.rs): ids,
    qualified names and modules then start with it, as for an inline `mod` (a crate's root module is "")."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with paused_gc():
        return _parse(data, outline, module)


def _parse(data: bytes, outline: bool, module: str) -> tuple[SourceModel, TokenStream]:
    lines = LineIndex(data)
    if len(data) > MAX_BYTES:
        too_large = Problem(message=f"file too large ({len(data)} bytes, at most {MAX_BYTES})", span=None)
        return _empty_model(data, [too_large]), tokenize(b"")
    ctx = ScanContext(tokenize(data, outline=outline), lines, outline=outline)
    ctx.stream.lines = lines
    _report_encoding(ctx)
    modules = module.split("::") if module else []
    scan_items(ctx, 0, len(ctx.stream) - 1, ItemScope(path=list(modules), modules=list(modules)))
    if not outline:
        _mark_lemma_calls(ctx)
        scan_item_sites(ctx)
    _report_structure(ctx)
    return _model(ctx), ctx.stream


def _model(ctx: ScanContext) -> SourceModel:
    data = ctx.stream.data
    return SourceModel.model_construct(
        text=data.decode("utf-8", "replace"),
        data=data,
        verus_blocks=ctx.verus_blocks,
        functions=ctx.functions,
        loops=sorted(ctx.loops, key=lambda lp: lp.span.start),
        calls=sorted(ctx.calls, key=lambda c: c.span.start),
        proof_sites=sorted(ctx.proof_sites, key=lambda p: p.span.start),
        item_sites=sorted(ctx.item_sites, key=lambda s: s.span.start),
        problems=ctx.problems,
        state_machines=ctx.state_machines,
        structs_with_invariants=ctx.structs_with_invariants,
        definitions=sorted(ctx.definitions, key=lambda d: d.span.start),
    )


def _empty_model(data: bytes, problems: list[Problem]) -> SourceModel:
    return SourceModel.model_construct(
        text="",
        data=data,
        verus_blocks=[],
        functions=[],
        loops=[],
        calls=[],
        proof_sites=[],
        item_sites=[],
        problems=problems,
        state_machines=[],
        structs_with_invariants=[],
        definitions=[],
    )


def _mark_lemma_calls(ctx: ScanContext) -> None:
    lemmas = {f.name for f in ctx.functions if f.mode in _LEMMA_MODES}
    lemmas |= {f.qualified for f in ctx.functions if f.mode in _LEMMA_MODES}
    for call in ctx.calls:
        call.is_lemma = call.callee in lemmas or call.path in lemmas


def _report_encoding(ctx: ScanContext) -> None:
    data = ctx.stream.data
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        span = ctx.lines.span(error.start, error.end)
        ctx.problems.append(Problem(message=f"invalid UTF-8 at byte {error.start}; read with replacements", span=span))


def _report_structure(ctx: ScanContext) -> None:
    stream = ctx.stream
    for index in stream.unbalanced[:_MAX_REPORTED]:
        message = f"unbalanced `{stream.texts[index]}`: the file may be truncated or a bracket is missing"
        ctx.problems.append(Problem(message=message, span=ctx.span(index, index)))
    for start, end in _merge_ranges(stream.syntax_errors)[:_MAX_REPORTED]:
        ctx.problems.append(Problem(message="syntax error (tree-sitter)", span=ctx.lines.span(start, end)))


def _merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
