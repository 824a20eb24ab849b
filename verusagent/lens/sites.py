"""Item-level escape hatches and outside-file reads, found by a scan over every token of the file."""

from itertools import compress, count

from verusagent.lens.attributes import attribute_path
from verusagent.lens.context import ScanContext
from verusagent.lens.model import ItemSite, ItemSiteKind

EXTERNAL_ATTRIBUTES = frozenset(
    {
        "verifier::external",
        "verifier::external_body",
        "verifier::external_fn_specification",
        "verifier::external_type_specification",
        "verifier::external_trait_specification",
        "verifier::external_trait_extension",
        "verus_verify::external",
        "verus_verify::external_body",
    }
)
UNSOUND_ATTRIBUTES = frozenset(
    {"verifier::assume_termination", "verifier::externals_available_without_declaration"}
)
_MACROS = {
    "include": ItemSiteKind.INCLUDE_MACRO,
    "include_str": ItemSiteKind.INCLUDE_MACRO,
    "include_bytes": ItemSiteKind.INCLUDE_MACRO,
    "env": ItemSiteKind.ENV_MACRO,
    "option_env": ItemSiteKind.ENV_MACRO,
}


_SITE_WORDS = frozenset(
    {*_MACROS, "assume_specification", "axiom", "mod", "extern", "inline_air_stmt", "allow_inline_air"}
)


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
    stream = ctx.stream
    open_index = i + 2 if stream.is_punct(i + 1, "!") else i + 1
    if not stream.is_punct(open_index, "["):
        return
    close = ctx.group_end(open_index)
    path = attribute_path(ctx, open_index + 1, close - 1)
    if path == "cfg_attr":  # #[cfg_attr(verus_keep_ghost, verifier::external_body)]
        path = _cfg_attr_verifier_path(ctx, open_index + 1, close - 1) or path
    if path in EXTERNAL_ATTRIBUTES:
        _add(ctx, ItemSiteKind.EXTERNAL_ATTRIBUTE, i, close)
    elif path in UNSOUND_ATTRIBUTES:
        _add(ctx, ItemSiteKind.UNSOUND_ATTRIBUTE, i, close)
    elif path == "path" and stream.is_punct(open_index + 2, "="):
        _add(ctx, ItemSiteKind.PATH_ATTRIBUTE, i, close)


def _word_site(ctx: ScanContext, i: int) -> None:
    stream = ctx.stream
    word = stream.texts[i]
    if word in _MACROS and stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
        _add(ctx, _MACROS[word], i, ctx.group_end(i + 2))
    elif word == "assume_specification" and stream.is_punct(i + 1, "[", "<"):
        _add(ctx, ItemSiteKind.ASSUME_SPECIFICATION, i, _semicolon_after(ctx, i))
    elif word == "axiom" and stream.is_ident(i + 1, "fn"):
        _add(ctx, ItemSiteKind.AXIOM_FN, i, i + 1)
    elif word == "mod" and stream.is_ident(i + 1) and stream.is_punct(i + 2, ";"):
        _add(ctx, ItemSiteKind.FILE_MODULE, i, i + 2)
    elif word == "extern" and stream.is_ident(i + 1, "crate"):
        _add(ctx, ItemSiteKind.EXTERN_CRATE, i, _semicolon_after(ctx, i))
    elif word in ("inline_air_stmt", "allow_inline_air"):
        _add(ctx, ItemSiteKind.INLINE_AIR, i, i)


def _semicolon_after(ctx: ScanContext, i: int) -> int:
    stream = ctx.stream
    while i < len(stream) - 1 and not stream.is_punct(i, ";"):
        i = ctx.group_end(i) + 1
    return min(i, len(stream) - 1)


def _cfg_attr_verifier_path(ctx: ScanContext, first: int, last: int) -> str | None:
    """The first `verifier::x` or `verifier(x)` inside a cfg_attr, normalised like a plain attribute."""
    stream = ctx.stream
    for i in range(first, last + 1):
        if stream.is_ident(i, "verifier") and (stream.is_punct(i + 1, "::", "(")):
            return attribute_path(ctx, i, last)
    return None
