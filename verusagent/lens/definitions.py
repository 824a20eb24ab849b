"""Items other than functions (types, traits, impls, constants, `use` lines, modules, macros), recorded by the
item scanner as it steps over them: kind, name and span, for tools that show or cite definitions (the slicer)."""

from verusagent.lens.functions import ItemScope, doc_comment_start
from verusagent.lens.headers import container_body, impl_names
from verusagent.lens.model import Definition, DefinitionKind
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.span import Span

_KEYWORD_KINDS = {
    "struct": DefinitionKind.STRUCT,
    "enum": DefinitionKind.ENUM,
    "union": DefinitionKind.UNION,
    "type": DefinitionKind.TYPE,
    "trait": DefinitionKind.TRAIT,
    "impl": DefinitionKind.IMPL,
    "const": DefinitionKind.CONST,
    "static": DefinitionKind.STATIC,
    "use": DefinitionKind.USE,
    "mod": DefinitionKind.MOD,
    "macro_rules!": DefinitionKind.MACRO_RULES,
}
_WITH_BODY = frozenset(
    {
        DefinitionKind.STRUCT,
        DefinitionKind.ENUM,
        DefinitionKind.UNION,
        DefinitionKind.TRAIT,
        DefinitionKind.IMPL,
        DefinitionKind.MOD,
        DefinitionKind.MACRO,
        DefinitionKind.MACRO_RULES,
        DefinitionKind.BROADCAST_GROUP,
    }
)


def record_item(ctx: ScanContext, keyword: int, item_start: int, end: int, scope: ItemScope) -> None:
    """The item whose keyword is at token `keyword` ran from `item_start` to token `end - 1`."""
    stream = ctx.stream
    word = stream.text(keyword)
    if word == "broadcast":
        kind = DefinitionKind.BROADCAST_USE if stream.is_ident(keyword + 1, "use") else DefinitionKind.BROADCAST_GROUP
        name = "" if kind == DefinitionKind.BROADCAST_USE else stream.text(keyword + 2)
    elif word in _KEYWORD_KINDS:
        kind, name = _KEYWORD_KINDS[word], ("" if word == "use" else stream.text(keyword + 1))
        name = stream.text(keyword + 2) if name == "mut" else name
    else:
        return
    trait_name = None
    if kind == DefinitionKind.IMPL:
        name, trait_name = _impl_names(ctx, keyword + 1, end - 1)
    _add(ctx, kind, name, item_start, keyword, end - 1, scope, trait_name)


def record_macro(ctx: ScanContext, name_index: int, item_start: int, end: int, scope: ItemScope) -> None:
    """`name! { }` or `macro_rules! name { }` at item level; `verus!` blocks are not recorded (they are
    `verus_blocks`)."""
    stream = ctx.stream
    name = stream.text(name_index)
    if name == "verus":
        return
    if name == "macro_rules":
        _add(ctx, DefinitionKind.MACRO_RULES, stream.text(name_index + 2), item_start, name_index, end - 1, scope)
    else:
        _add(ctx, DefinitionKind.MACRO, name, item_start, name_index, end - 1, scope)


def _add(
    ctx: ScanContext,
    kind: DefinitionKind,
    name: str,
    item_start: int,
    keyword: int,
    last: int,
    scope: ItemScope,
    trait_name: str | None = None,
) -> None:
    last = min(max(last, keyword), len(ctx.stream) - 1)
    start = doc_comment_start(ctx, ctx.stream.starts[item_start])
    span = ctx.lines.span(start, ctx.stream.ends[last])
    ctx.definitions.append(
        Definition(
            kind=kind,
            name=name,
            span=span,
            body=_body(ctx, keyword, last) if kind in _WITH_BODY else None,
            container=scope.container,
            in_verus=scope.in_verus,
            trait_name=trait_name,
        )
    )


def _body(ctx: ScanContext, keyword: int, last: int) -> Span | None:
    """The item's last top-level bracket group, when the item ends with it (or with it and `;`)."""
    stream = ctx.stream
    close = last - 1 if stream.is_punct(last, ";") else last
    opener = stream.match[close] if 0 <= close < len(stream) and stream.is_punct(close, "}", ")") else -1
    if opener <= keyword:
        return None
    return ctx.span(opener, close)


def _impl_names(ctx: ScanContext, first: int, last: int) -> tuple[str, str | None]:
    open_index = container_body(ctx, first, last)
    return impl_names(ctx, first, (open_index if open_index is not None else last + 1) - 1)
