"""Attributes: `#[verifier::external_body]`, `#[verifier(external_body)]`, `#[path = "x.rs"]`, ..."""

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from verusagent.lens.model import Attribute
from verusagent.lens.scan_state import ScanContext

# Inner attributes inside a quantifier or a clause that only choose triggers: `forall|x| #![trigger f(x)] ..`.
TRIGGER_PATHS = frozenset(
    {"trigger", "auto", "all_triggers", "verifier::trigger", "verifier::auto_trigger", "verifier::all_triggers"}
)


def read_attribute(ctx: ScanContext, i: int) -> tuple[Attribute | None, int]:
    """At a `#`: the attribute there, outer `#[..]` or inner `#![..]` (None for a stray `#`), and the next index."""
    stream = ctx.stream
    inner = stream.is_punct(i + 1, "!")
    open_index = i + 2 if inner else i + 1
    if not stream.is_punct(open_index, "["):
        return None, i + 1
    close = ctx.group_end(open_index)
    attribute = Attribute(
        text=stream.source(i, close),
        path=attribute_path(ctx, open_index + 1, close - 1),
        span=ctx.span(i, close),
        inner=inner,
    )
    return attribute, close + 1


def inner_attributes(ctx: ScanContext, marks: list[int], first: int, last: int) -> list[Attribute]:
    """The inner attributes `#![..]` among tokens first..last (a function's body, its blocks included), triggers
    of quantifiers left out. `marks` holds the indices of the `#` tokens (and others), in order."""
    stream = ctx.stream
    found = []
    for i in marks[bisect_left(marks, first) : bisect_right(marks, last)]:
        if stream.texts[i] == "#" and stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "["):
            attribute = read_attribute(ctx, i)[0]
            if attribute is not None and attribute.path not in TRIGGER_PATHS:
                found.append(attribute)
    return found


def attribute_path(ctx: ScanContext, first: int, last: int) -> str:
    """The attribute's normalised path: `verifier(x)` and `verifier::x` both give "verifier::x"."""
    return path_of(ctx.stream.texts, ctx.stream.kinds, first, last)


def path_of(texts: Sequence[str], kinds: Sequence[str], first: int, last: int) -> str:
    """`attribute_path` over parallel lists of the tokens' texts and kinds (first..last: inside the `[ ]`)."""
    parts: list[str] = []
    i = first
    if i <= last and texts[i] == "::":  # `#[::verifier::x]`
        i += 1
    while i <= last and kinds[i] == "ident":  # `a::b::c`: names joined by `::` (`trigger f(x)` is `trigger`)
        parts.append(texts[i])
        if not (i + 2 <= last and texts[i + 1] == "::"):
            i += 1
            break
        i += 2
    if parts == ["verifier"] and i + 1 <= last and texts[i] == "(" and kinds[i + 1] == "ident":
        parts.append(texts[i + 1])
    return "::".join(parts)
