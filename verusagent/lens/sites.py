"""Item-level escape hatches and outside-file reads, found by a scan over every token of the file."""

from collections.abc import Callable
from itertools import compress, count

from verusagent.lens.hatches import ITEM_WORDS, HatchKind, attribute_hatches
from verusagent.lens.model import ItemSite, ItemSiteKind
from verusagent.lens.scan_state import ScanContext

_SITE_WORDS = frozenset(word for word, hatch in ITEM_WORDS.items() if hatch.site is not None)
_SITE_TOKENS = _SITE_WORDS | {"#"}


def scan_item_sites(ctx: ScanContext) -> None:
    texts = ctx.stream.texts
    for i in list(compress(count(), map(_SITE_TOKENS.__contains__, texts))):
        if texts[i] == "#":
            _attribute_site(ctx, i)
        else:
            _word_site(ctx, i)


def _add(ctx: ScanContext, kind: ItemSiteKind, first: int, last: int) -> None:
    span = ctx.span(first, last)
    function = _function_at(ctx, span.start)
    site = ItemSite.model_construct(kind=kind, span=span, text=ctx.stream.source(first, last), function_id=function)
    ctx.item_sites.append(site)


def _function_at(ctx: ScanContext, offset: int) -> str | None:
    inside = [f for f in ctx.functions if f.span.start <= offset < f.span.end]
    return min(inside, key=lambda f: f.span.end - f.span.start).id if inside else None


def _attribute_site(ctx: ScanContext, i: int) -> None:
    """One site for an attribute naming a hatch the lens reports (the first, if it names several)."""
    stream = ctx.stream
    open_index = i + 2 if stream.is_punct(i + 1, "!") else i + 1
    if not stream.is_punct(open_index, "["):
        return
    close = ctx.group_end(open_index)
    hatches = attribute_hatches(stream, open_index + 1, close - 1)
    sites = [hatch.site for hatch in hatches if isinstance(hatch.site, ItemSiteKind)]
    if sites:
        _add(ctx, sites[0], i, close)


def _word_site(ctx: ScanContext, i: int) -> None:
    stream = ctx.stream
    hatch = ITEM_WORDS[stream.texts[i]]
    site = hatch.site
    if not isinstance(site, ItemSiteKind):  # scan_item_sites visits the words of item sites only
        return
    if hatch.kind == HatchKind.MACRO:
        if stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
            _add(ctx, site, i, ctx.group_end(i + 2))
        return
    last = _ITEM_ENDS[site](ctx, i)
    if last is not None:
        _add(ctx, site, i, last)


def _assume_specification_end(ctx: ScanContext, i: int) -> int | None:
    return _semicolon_after(ctx, i) if ctx.stream.is_punct(i + 1, "[", "<") else None


def _axiom_fn_end(ctx: ScanContext, i: int) -> int | None:
    return i + 1 if ctx.stream.is_ident(i + 1, "fn") else None


def _file_module_end(ctx: ScanContext, i: int) -> int | None:
    return i + 2 if ctx.stream.is_ident(i + 1) and ctx.stream.is_punct(i + 2, ";") else None


def _extern_crate_end(ctx: ScanContext, i: int) -> int | None:
    return _semicolon_after(ctx, i) if ctx.stream.is_ident(i + 1, "crate") else None


# The syntax of each item-like hatch: from its word to its last token, or None where the word is something else.
_ITEM_ENDS: dict[ItemSiteKind, Callable[[ScanContext, int], int | None]] = {
    ItemSiteKind.ASSUME_SPECIFICATION: _assume_specification_end,
    ItemSiteKind.AXIOM_FN: _axiom_fn_end,
    ItemSiteKind.FILE_MODULE: _file_module_end,
    ItemSiteKind.EXTERN_CRATE: _extern_crate_end,
    ItemSiteKind.INLINE_AIR: lambda ctx, i: i,
}


def _semicolon_after(ctx: ScanContext, i: int) -> int:
    stream = ctx.stream
    while i < len(stream) - 1 and not stream.is_punct(i, ";"):
        i = ctx.group_end(i) + 1
    return min(i, len(stream) - 1)
