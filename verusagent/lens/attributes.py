"""Attributes: `#[verifier::external_body]`, `#[verifier(external_body)]`, `#[path = "x.rs"]`, ..."""

from verusagent.lens.context import ScanContext
from verusagent.lens.model import Attribute


def read_attribute(ctx: ScanContext, i: int) -> tuple[Attribute | None, int]:
    """At a `#`: the outer attribute there (None for an inner `#![...]` or a stray `#`) and the next index."""
    stream = ctx.stream
    inner = stream.is_punct(i + 1, "!")
    open_index = i + 2 if inner else i + 1
    if not stream.is_punct(open_index, "["):
        return None, i + 1
    close = ctx.group_end(open_index)
    if inner:
        return None, close + 1
    attribute = Attribute(
        text=stream.source(i, close), path=attribute_path(ctx, open_index + 1, close - 1), span=ctx.span(i, close)
    )
    return attribute, close + 1


def attribute_path(ctx: ScanContext, first: int, last: int) -> str:
    """The attribute's normalised path: `verifier(x)` and `verifier::x` both give "verifier::x"."""
    stream = ctx.stream
    parts: list[str] = []
    i = first
    while i <= last and (stream.is_ident(i) or stream.is_punct(i, "::")):
        if stream.is_ident(i):
            parts.append(stream.text(i))
        i += 1
    if parts == ["verifier"] and stream.is_punct(i, "(") and stream.is_ident(i + 1):
        parts.append(stream.text(i + 1))
    return "::".join(parts)
