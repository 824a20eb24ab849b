"""Function items: header (attributes, visibility, modifiers, mode, name, params, return), clauses and body."""

from bisect import bisect_right
from dataclasses import dataclass, field

from verusagent.lens.attributes import inner_attributes, read_attribute
from verusagent.lens.bodies import body_marks, scan_function_body
from verusagent.lens.clauses import ClauseRun, read_clauses
from verusagent.lens.keywords import FUNCTION_CLAUSE_WORDS
from verusagent.lens.macro_roles import MacroScope, macro_identity
from verusagent.lens.model import Attribute, Function, Mode, construct
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.tokens import TokenStream

_MODE_WORDS = {"spec": Mode.SPEC, "proof": Mode.PROOF, "axiom": Mode.AXIOM, "exec": Mode.EXEC}
_MODIFIER_WORDS = frozenset({"open", "closed", "uninterp", "broadcast"})


@dataclass
class ItemScope:
    """Where an item sits: its module/type path, its container description, and whether inside verus!."""

    path: list[str] = field(default_factory=list)
    container: str | None = None
    in_verus: bool = False
    macro: MacroScope | None = None  # inside a state machine or struct_with_invariants!
    modules: list[str] = field(default_factory=list)  # the inline `mod` path alone (no types)
    opaque_macro: str | None = None  # inside `m! { .. }`, a macro other than verus!'s own: what it makes is unread


@dataclass
class Prefix:
    attributes: list[Attribute] = field(default_factory=list)
    visibility: str = ""
    modifiers: list[str] = field(default_factory=list)
    mode: Mode | None = None  # None: no mode word written (exec, unless a macro role says otherwise)
    header_start: int | None = None


def parse_function(ctx: ScanContext, item_start: int, fn_index: int, limit: int, scope: ItemScope) -> int:
    """Parse the function whose `fn` is at fn_index; returns the index of its last token."""
    prefix = _read_prefix(ctx, item_start, fn_index)
    stream = ctx.stream
    name = stream.text(fn_index + 1)
    i = fn_index + 2
    if stream.is_punct(i, "<"):
        i = ctx.skip_angles(i, limit)
    params_open = i if stream.is_punct(i, "(") else None
    i = ctx.group_end(i) + 1 if params_open is not None else i
    prover, i = _read_prover(ctx, i)
    return_type, binding, i = _read_return(ctx, i, limit)
    i = _skip_where(ctx, i, limit)
    header_end = i - 1
    run = read_clauses(ctx, i, limit, FUNCTION_CLAUSE_WORDS, in_statement=False)
    last = ctx.group_end(run.body_open) if run.body_open is not None else run.end
    function = _build(ctx, scope, prefix, fn_index, name, params_open, header_end, last, run)
    function.prover, function.return_type, function.return_binding = prover, return_type, binding
    ctx.functions.append(function)
    if not ctx.outline:
        scan_function_body(ctx, function, run)
        if run.body_open is not None:  # `#![verifier::external_body]` in the body is the function's attribute
            inner = inner_attributes(ctx, body_marks(ctx), run.body_open + 1, last - 1)
            function.attributes = [*function.attributes, *inner] if inner else function.attributes
    return last


def _build(
    ctx: ScanContext,
    scope: ItemScope,
    prefix: Prefix,
    fn_index: int,
    name: str,
    params_open: int | None,
    header_end: int,
    last: int,
    run: ClauseRun,
) -> Function:
    qualified = "::".join([*scope.path, name])
    header_first = prefix.header_start if prefix.header_start is not None else fn_index
    span_first = _span_start(ctx, prefix, header_first)
    params = (
        ctx.span(params_open, ctx.group_end(params_open)) if params_open is not None else ctx.span(fn_index, fn_index)
    )
    identity = macro_identity(scope.macro, prefix.attributes, name, qualified, prefix.mode) if scope.macro else None
    return construct(
        Function,
        id=ctx.unique_id(identity.id_base if identity else f"fn:{qualified}"),
        name=name,
        qualified=qualified,
        mode=identity.mode if identity else (prefix.mode or Mode.EXEC),
        visibility=prefix.visibility,
        modifiers=prefix.modifiers,
        in_verus=scope.in_verus,
        container=scope.container,
        module="::".join(scope.modules),
        span=ctx.lines.span(span_first, ctx.stream.ends[last]),
        header=ctx.span(header_first, max(header_end, fn_index + 1)),
        signature=" ".join(ctx.stream.source(header_first, max(header_end, fn_index + 1)).split()),
        params=params,
        return_type=None,
        return_binding=None,
        attributes=prefix.attributes,
        clauses=run.clauses,
        body=ctx.span(run.body_open, ctx.group_end(run.body_open)) if run.body_open is not None else None,
        prover=None,
        macro_unit=scope.macro.unit_id if scope.macro else None,
        macro_role=identity.role.value if identity else None,
        inductive_for=identity.inductive_for if identity else None,
        in_macro=scope.opaque_macro,
    )


def _span_start(ctx: ScanContext, prefix: Prefix, header_first: int) -> int:
    """The byte where the function's text starts: its first attribute, or the doc comments just before."""
    first = prefix.attributes[0].span.start if prefix.attributes else ctx.stream.starts[header_first]
    return doc_comment_start(ctx, first)


def doc_comment_start(ctx: ScanContext, offset: int) -> int:
    """The start of the doc comments (`///`, `/** */`) right before an offset, or the offset."""
    data = ctx.stream.data
    comments = ctx.stream.comments
    index = _last_comment_before(ctx, offset)
    while index >= 0:
        comment = comments[index]
        between = data[comment.end : offset]
        if between.strip() or not comment.text.startswith(("///", "/**")) or comment.text.startswith("////"):
            break
        offset = comment.start
        index -= 1
    return offset


def _last_comment_before(ctx: ScanContext, offset: int) -> int:
    """The index of the last comment that ends at or before the offset (-1 if none)."""
    if ctx.comment_ends is None:
        ctx.comment_ends = [comment.end for comment in ctx.stream.comments]
    return bisect_right(ctx.comment_ends, offset) - 1


def _read_prefix(ctx: ScanContext, first: int, fn_index: int) -> Prefix:
    prefix = Prefix()
    stream = ctx.stream
    i = first
    while i < fn_index:
        if stream.is_punct(i, "#"):
            attribute, i = read_attribute(ctx, i)
            if attribute is not None and not attribute.inner:  # a module's `#![..]` before it is not its own
                prefix.attributes.append(attribute)
            continue
        if prefix.header_start is None:
            prefix.header_start = i
        i = _read_prefix_word(ctx, prefix, i)
    return prefix


def _read_prefix_word(ctx: ScanContext, prefix: Prefix, i: int) -> int:
    stream = ctx.stream
    word = stream.text(i)
    has_group = stream.is_punct(i + 1, "(")
    end = ctx.group_end(i + 1) if has_group else i
    if word == "pub":
        prefix.visibility = _written(stream, i, end)
    elif word in _MODIFIER_WORDS:
        prefix.modifiers.append(_written(stream, i, end))
    elif word == "spec":
        prefix.mode = Mode.SPEC_CHECKED if has_group else Mode.SPEC
    elif word in _MODE_WORDS:
        prefix.mode = _MODE_WORDS[word]
    return end + 1


def _written(stream: TokenStream, first: int, last: int) -> str:
    """A prefix word as written, its group included, without spaces: `pub(crate)`, `open`."""
    return stream.texts[first] if first == last else stream.source(first, last).replace(" ", "")


def _read_prover(ctx: ScanContext, i: int) -> tuple[str | None, int]:
    stream = ctx.stream
    if stream.is_ident(i, "by") and stream.is_punct(i + 1, "("):
        close = ctx.group_end(i + 1)
        return stream.source(i + 2, close - 1) if close > i + 2 else "", close + 1
    return None, i


def _read_return(ctx: ScanContext, i: int, limit: int) -> tuple[str | None, str | None, int]:
    stream = ctx.stream
    if not stream.is_punct(i, "->"):
        return None, None, i
    i += 1
    if stream.is_punct(i, "(") and stream.is_ident(i + 1) and stream.is_punct(i + 2, ":"):
        close = ctx.group_end(i)
        return stream.source(i + 3, close - 1), stream.text(i + 1), close + 1
    first = i
    while i <= limit and not _ends_type(ctx, i):
        i = ctx.skip_angles(i, limit) if stream.is_punct(i, "<") else ctx.group_end(i) + 1
    return (stream.source(first, i - 1) if i > first else None), None, i


def _ends_type(ctx: ScanContext, i: int) -> bool:
    stream = ctx.stream
    return stream.is_punct(i, "{", ";") or stream.is_keyword(i, "where", *FUNCTION_CLAUSE_WORDS)


def _skip_where(ctx: ScanContext, i: int, limit: int) -> int:
    stream = ctx.stream
    if not stream.is_ident(i, "where"):
        return i
    i += 1
    while i <= limit and not (stream.is_punct(i, "{", ";") or stream.is_keyword(i, *FUNCTION_CLAUSE_WORDS)):
        i = ctx.skip_angles(i, limit) if stream.is_punct(i, "<") else ctx.group_end(i) + 1
    return i
