"""Item level: functions, `impl`/`trait`/`mod` containers, `verus! { }` blocks; other items are stepped over."""

from dataclasses import replace

from verusagent.lens.attributes import read_attribute
from verusagent.lens.definitions import record_item, record_macro
from verusagent.lens.functions import ItemScope, parse_function
from verusagent.lens.headers import container_body, impl_names
from verusagent.lens.invariant_structs import parse_invariant_struct
from verusagent.lens.machines import MACHINE_MACROS, machine_item, parse_state_machine
from verusagent.lens.model import ProofSite, ProofSiteKind
from verusagent.lens.scan_state import ScanContext

_BLOCK_ITEMS = frozenset({"struct", "enum", "union"})
_PREFIX_GROUPS = frozenset({"(", "["})


def scan_items(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> None:
    """Scan items between tokens i and last; attributes and prefix words stay with the item that follows."""
    texts, kinds = ctx.stream.texts, ctx.stream.kinds
    item_start = i
    while i <= last:
        text = texts[i]
        if text == "#" and kinds[i] == "punct":
            i = read_attribute(ctx, i)[1]
        elif text in _PREFIX_GROUPS and kinds[i] == "punct":  # `pub(crate)`, `spec(checked)`: the item's prefix
            i = ctx.group_end(i) + 1
        else:
            finished = _scan_item_token(ctx, i, last, item_start, scope)
            i = i + 1 if finished is None else finished
            item_start = item_start if finished is None else finished


def _scan_item_token(ctx: ScanContext, i: int, last: int, item_start: int, scope: ItemScope) -> int | None:
    """Handle the token at i; returns the index after a finished item, or None to go on with the next token."""
    stream = ctx.stream
    text = stream.texts[i]
    if stream.kinds[i] != "ident":
        if text == ";":
            return i + 1
        return ctx.group_end(i) + 1 if text == "{" else None
    if text == "fn" and stream.is_ident(i + 1):
        return parse_function(ctx, item_start, i, last, scope) + 1
    if scope.macro is not None and scope.macro.is_machine:
        after = machine_item(ctx, i, item_start, scope)
        if after is not None:
            return after
    if stream.is_punct(i + 1, "!"):
        macro_end = _macro(ctx, item_start, i, last, scope)
        record_macro(ctx, i, item_start, macro_end, scope)
        return macro_end
    handler = _ITEM_HANDLERS.get(text)
    end = handler(ctx, i, last, scope) if handler else None
    if end is not None:
        record_item(ctx, i, item_start, end, scope)
    return end


def _macro(ctx: ScanContext, item_start: int, i: int, last: int, scope: ItemScope) -> int:
    stream = ctx.stream
    open_index = i + 2
    if stream.is_ident(open_index) and stream.text(i) == "macro_rules":
        open_index += 1
    if not stream.is_punct(open_index, "{", "(", "["):
        return i + 2
    close = ctx.group_end(open_index)
    if stream.text(i) == "verus":
        ctx.verus_blocks.append(ctx.span(open_index, close))
        inner = replace(scope, in_verus=True, macro=None)
        scan_items(ctx, open_index + 1, close - 1, inner)
    elif stream.text(i) in MACHINE_MACROS:
        parse_state_machine(ctx, item_start, i, close, scope)
    elif stream.text(i) == "struct_with_invariants":
        parse_invariant_struct(ctx, item_start, i, close, scope)
    elif stream.text(i) != "macro_rules" and stream.is_punct(open_index, "{"):
        # item-wrapping macros such as exec_spec_unverified! { }: their items are read, marked as written there
        scan_items(ctx, open_index + 1, close - 1, replace(scope, opaque_macro=scope.opaque_macro or stream.text(i)))
    return close + 2 if stream.is_punct(close + 1, ";") else close + 1


def _impl(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int:
    open_index = container_body(ctx, i + 1, last)
    if open_index is None:
        return i + 1
    type_name, trait_name = impl_names(ctx, i + 1, open_index - 1)
    container = f"impl {trait_name} for {type_name}" if trait_name else f"impl {type_name}"
    inner = ItemScope(
        path=[*scope.path, type_name],
        container=container,
        in_verus=scope.in_verus,
        modules=scope.modules,
        opaque_macro=scope.opaque_macro,
    )
    close = ctx.group_end(open_index)
    scan_items(ctx, open_index + 1, close - 1, inner)
    return close + 1


def _trait(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int:
    name = ctx.stream.text(i + 1)
    open_index = container_body(ctx, i + 1, last)
    if open_index is None:
        return i + 1
    inner = ItemScope(
        path=[*scope.path, name],
        container=f"trait {name}",
        in_verus=scope.in_verus,
        modules=scope.modules,
        opaque_macro=scope.opaque_macro,
    )
    close = ctx.group_end(open_index)
    scan_items(ctx, open_index + 1, close - 1, inner)
    return close + 1


def _mod(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int | None:
    stream = ctx.stream
    if not stream.is_ident(i + 1):
        return None
    name = stream.text(i + 1)
    if not stream.is_punct(i + 2, "{"):
        return i + 2
    close = ctx.group_end(i + 2)
    inner = ItemScope(
        path=[*scope.path, name],
        container=f"mod {name}",
        in_verus=scope.in_verus,
        modules=[*scope.modules, name],
        opaque_macro=scope.opaque_macro,
    )
    scan_items(ctx, i + 3, close - 1, inner)
    return close + 1


def _block_item(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int:
    """struct/enum/union: ends at its `{ }` group or at `;`."""
    stream = ctx.stream
    j = i + 1
    while j <= last and not stream.is_punct(j, "{", ";"):
        j = ctx.skip_angles(j, last) if stream.is_punct(j, "<") else ctx.group_end(j) + 1
    return ctx.group_end(j) + 1 if stream.is_punct(j, "{") else j + 1


def _to_semicolon(ctx: ScanContext, i: int, last: int) -> int:
    while i <= last and not ctx.stream.is_punct(i, ";"):
        i = ctx.group_end(i) + 1
    return i


def _broadcast(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int | None:
    stream = ctx.stream
    if stream.is_ident(i + 1, "use"):
        end = _to_semicolon(ctx, i, last)
        site = ProofSite(
            kind=ProofSiteKind.BROADCAST_USE, span=ctx.span(i, min(end, last)), function_id=None, detail=""
        )
        ctx.proof_sites.append(site)
        return end + 1
    if stream.is_ident(i + 1, "group") and stream.is_punct(i + 3, "{"):
        return ctx.group_end(i + 3) + 1
    return None


def _skip_to_semicolon(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int:
    return _to_semicolon(ctx, i, last) + 1


def _const(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int | None:
    """`const X: T = e;`, `static X: T = e;`, and Verus's `exec const X: T ensures .. { body }` (a `const fn`
    is a function)."""
    stream = ctx.stream
    named = stream.is_ident(i + 1) and stream.is_punct(i + 2, ":")
    named = named or (stream.is_ident(i + 1, "mut") and stream.is_ident(i + 2) and stream.is_punct(i + 3, ":"))
    if not named:
        return None
    j = i + 1
    while j <= last and not stream.is_punct(j, ";", "="):
        if stream.is_punct(j, "{") and ctx.is_body_group(j):
            return ctx.group_end(j) + 1
        j = ctx.group_end(j) + 1
    return _to_semicolon(ctx, j, last) + 1


def _macro_rules(ctx: ScanContext, i: int, last: int, scope: ItemScope) -> int | None:
    """`macro_rules! name { }` outside verus! (tree-sitter gives `macro_rules!` as one token there)."""
    stream = ctx.stream
    if not (stream.is_ident(i + 1) and stream.is_punct(i + 2, "{", "(", "[")):
        return None
    close = ctx.group_end(i + 2)
    return close + 2 if stream.is_punct(close + 1, ";") else close + 1


_ITEM_HANDLERS = {
    "impl": _impl,
    "trait": _trait,
    "mod": _mod,
    "struct": _block_item,
    "enum": _block_item,
    "union": _block_item,
    "broadcast": _broadcast,
    "use": _skip_to_semicolon,
    "assume_specification": _skip_to_semicolon,
    "global": _skip_to_semicolon,
    "type": _skip_to_semicolon,
    "const": _const,
    "static": _const,
    "macro_rules!": _macro_rules,
}
