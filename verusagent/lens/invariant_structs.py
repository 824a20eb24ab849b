"""`struct_with_invariants! { struct S { .. } spec fn wf(&self) -> bool { invariant on f ... { } predicate { } } }`:
the struct, its functions (methods of S: `fn:S::wf`), and the invariant declarations of their bodies."""

from bisect import bisect_left

from verusagent.lens.functions import ItemScope, doc_comment_start
from verusagent.lens.machine_model import InvariantDecl, InvariantStruct
from verusagent.lens.macro_roles import MacroScope
from verusagent.lens.model import Function
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.span import Span

_DECL_WORDS = frozenset({"with", "forall", "specifically", "is"})


def parse_invariant_struct(ctx: ScanContext, item_start: int, macro_index: int, close: int, scope: ItemScope) -> None:
    from verusagent.lens.items import scan_items  # items dispatches here: import when first used

    stream = ctx.stream
    first, last = macro_index + 3, close - 1
    struct_index = _struct_keyword(ctx, first, last)
    if struct_index is None:
        scan_items(ctx, first, last, scope)
        return
    name = stream.text(struct_index + 1)
    end = close + 1 if stream.is_punct(close + 1, ";") else close
    unit = InvariantStruct.model_construct(
        id=ctx.unique_id(f"swi:{name}"),
        name=name,
        span=ctx.lines.span(doc_comment_start(ctx, stream.starts[item_start]), stream.ends[end]),
        struct=_struct_span(ctx, struct_index, last),
        functions=[],
        invariants=[],
    )
    ctx.structs_with_invariants.append(unit)
    inner = ItemScope(
        path=[*scope.path, name],
        container=f"impl {name}",
        in_verus=scope.in_verus,
        macro=MacroScope(unit.id, is_machine=False),
        modules=scope.modules,
        opaque_macro=scope.opaque_macro,
    )
    scan_items(ctx, first, last, inner)
    functions = [f for f in ctx.functions if f.macro_unit == unit.id]
    unit.functions = [f.id for f in functions]
    for function in functions:
        unit.invariants.extend(_declarations(ctx, unit, function))


def _struct_keyword(ctx: ScanContext, i: int, last: int) -> int | None:
    stream = ctx.stream
    while i <= last:
        if stream.is_ident(i, "struct") and stream.is_ident(i + 1):
            return i
        i = ctx.group_end(i) + 1
    return None


def _struct_span(ctx: ScanContext, struct_index: int, last: int) -> Span:
    stream = ctx.stream
    first = _prefix_start(ctx, struct_index)
    j = struct_index + 2
    while j <= last and not stream.is_punct(j, "{", ";"):
        j = ctx.skip_angles(j, last) if stream.is_punct(j, "<") else ctx.group_end(j) + 1
    end = ctx.group_end(j) if j <= last else last
    return ctx.lines.span(doc_comment_start(ctx, stream.starts[first]), stream.ends[end])


def _prefix_start(ctx: ScanContext, i: int) -> int:
    """Back from `struct` over `pub`, `pub(crate)` and outer attributes."""
    stream = ctx.stream
    while True:
        if stream.is_ident(i - 1, "pub"):
            i -= 1
        elif stream.is_punct(i - 1, ")") and stream.is_ident(stream.match[i - 1] - 1, "pub"):
            i = stream.match[i - 1] - 1
        elif stream.is_punct(i - 1, "]") and stream.is_punct(stream.match[i - 1] - 1, "#"):
            i = stream.match[i - 1] - 1
        else:
            return i


def _declarations(ctx: ScanContext, unit: InvariantStruct, function: Function) -> list[InvariantDecl]:
    if function.body is None:
        return []
    stream = ctx.stream
    first, last = _token_bounds(ctx, function.body)
    found = []
    i = first + 1
    while i < last:
        if stream.is_ident(i, "invariant") and stream.is_ident(i + 1, "on"):
            declaration, i = _invariant_on(ctx, unit, function, i, last - 1)
            found.append(declaration)
        elif stream.is_ident(i, "predicate") and stream.is_punct(i + 1, "{"):
            close = ctx.group_end(i + 1)
            found.append(_declaration(ctx, unit, function, "predicate", [], (i, i + 1, close)))
            i = close + 1
        else:
            i = ctx.group_end(i) + 1
    return found


def _token_bounds(ctx: ScanContext, span: Span) -> tuple[int, int]:
    first = bisect_left(ctx.token_starts, span.start)
    return first, ctx.group_end(first)


def _invariant_on(
    ctx: ScanContext, unit: InvariantStruct, function: Function, i: int, last: int
) -> tuple[InvariantDecl, int]:
    stream = ctx.stream
    j = i + 2
    fields = []
    while j <= last and not stream.is_ident(j, *_DECL_WORDS) and not stream.is_punct(j, "{"):
        if stream.is_ident(j):
            fields.append(stream.text(j))
        j = ctx.group_end(j) + 1
    while j <= last and not (stream.is_punct(j, "{") and stream.is_punct(j - 1, ")") and _after_is(ctx, j)):
        j = ctx.group_end(j) + 1
    close = ctx.group_end(j) if j <= last else last
    return _declaration(ctx, unit, function, "invariant_on", fields, (i, j, close)), close + 1


def _after_is(ctx: ScanContext, brace: int) -> bool:
    """The `{` right after `is (..)`: the body of the declaration."""
    opener = ctx.stream.match[brace - 1]
    return opener >= 1 and ctx.stream.is_ident(opener - 1, "is")


def _declaration(
    ctx: ScanContext,
    unit: InvariantStruct,
    function: Function,
    kind: str,
    fields: list[str],
    indices: tuple[int, int, int],
) -> InvariantDecl:
    first, body_open, close = indices
    stream = ctx.stream
    key = f"invariant:{'+'.join(fields)}" if kind == "invariant_on" else "predicate"
    has_body = stream.is_punct(body_open, "{")
    return InvariantDecl.model_construct(
        id=ctx.unique_id(f"{unit.id}/{key}"),
        kind=kind,
        fields=fields,
        header=" ".join(stream.source(first, body_open - 1).split()) if body_open > first else "",
        span=ctx.span(first, close),
        body=ctx.span(body_open, close) if has_body else None,
        function_id=function.id,
    )
