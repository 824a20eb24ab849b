"""A method that vstd's `Seq`, `Set`, `Map` or `Multiset` does not have, called on a parameter declared with that
type: rustc's E0599, before any verus pass.

Certain only where the receiver's type is written and the name can come from nowhere else: the receiver is a
parameter of the function declared `name: Seq<..>` (and never bound again in it), the crate defines no type of
that name and no function of the method's name (an extension trait of its own), and vstd has the method neither
on the type (nor the type behind it) nor on any trait or blanket impl, nor does a Rust trait.
"""

from bisect import bisect_left

from verusagent.lens import Function, SourceModel, TokenStream
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import checked_functions
from verusagent.precheck.render import Message, Place, diagnostic
from verusagent.precheck.vstd_methods import TYPES, VstdMethods


def method_findings(
    place: Place, model: SourceModel, stream: TokenStream, methods: VstdMethods, crate_names: frozenset[str]
) -> list[PrecheckFinding]:
    found = []
    own_types = {d.name for d in model.definitions} & set(TYPES)
    for function in checked_functions(model):
        typed = {name: t for name, t in _typed_params(stream, function).items() if t not in own_types}
        if not typed:
            continue
        first, stop = bisect_left(stream.starts, function.span.start), bisect_left(stream.starts, function.span.end)
        rebound = _rebound(stream, bisect_left(stream.starts, function.params.end), stop, set(typed))
        for i in range(first, stop):
            hit = _unknown_method(stream, i, typed, rebound, methods, crate_names)
            if hit is not None:
                message = Message(
                    f"no method named `{stream.texts[i + 2]}` found for struct `{hit}` in the current scope",
                    code="E0599",
                )
                found.append(
                    PrecheckFinding(
                        rule=PrecheckRule.UNKNOWN_METHOD,
                        diagnostic=diagnostic(place, stream.starts[i + 2], stream.ends[i + 2], message),
                    )
                )
    return found


def _typed_params(stream: TokenStream, function: Function) -> dict[str, str]:
    """`s: Seq<int>` among the parameters: {"s": "Seq"} (a reference `&Seq<..>` too)."""
    first, stop = bisect_left(stream.starts, function.params.start), bisect_left(stream.starts, function.params.end)
    found = {}
    for j in range(first, stop):
        if stream.is_ident(j) and stream.is_punct(j + 1, ":") and stream.is_punct(j - 1, "(", ","):
            k = j + 2 + (1 if stream.is_punct(j + 2, "&") else 0)
            if stream.is_ident(k, *TYPES) and stream.is_punct(k + 1, "<") and not stream.is_punct(k - 1, "::"):
                found[stream.texts[j]] = stream.texts[k]
    return found


def _rebound(stream: TokenStream, first: int, stop: int, names: set[str]) -> set[str]:
    """Parameters bound again in the function (`let s`, `mut s`, a closure's `|s|`, `s: T`, a pattern's `(s, t)`
    before `=>` or after `let`): their type is then not known. One-sided: any doubt counts as bound."""
    rebound = set()
    for j in range(first, stop):
        if stream.texts[j] not in names or not stream.is_ident(j):
            continue
        before = stream.is_ident(j - 1, "let", "mut", "ref") or stream.is_punct(j - 1, "|")
        typed = stream.is_punct(j + 1, ":") and not stream.is_punct(j + 1, "::")
        if before or typed or (stream.is_punct(j + 1, ",", ")") and _in_pattern(stream, j)):
            rebound.add(stream.texts[j])
    return rebound


def _in_pattern(stream: TokenStream, j: int) -> bool:
    """Inside a group that follows `let` or whose close is followed by `=>`: a pattern that may bind the name."""
    k = j - 1
    while k >= 0 and not stream.is_punct(k, "(", "["):
        k -= 1
    if k < 0:
        return False
    return (
        stream.is_ident(k - 1, "let") or stream.is_ident(k - 2, "let") or stream.is_punct(stream.close_of(k) + 1, "=>")
    )


def _unknown_method(
    stream: TokenStream,
    i: int,
    typed: dict[str, str],
    rebound: set[str],
    methods: VstdMethods,
    crate_names: frozenset[str],
) -> str | None:
    """The receiver's type when token i starts `param.method(` with a method the type cannot have."""
    name = stream.texts[i]
    if name not in typed or name in rebound or not stream.is_ident(i) or stream.is_punct(i - 1, ".", "::"):
        return None
    if not (stream.is_punct(i + 1, ".") and stream.is_ident(i + 2) and stream.is_punct(i + 3, "(", "::")):
        return None
    method, type_name = stream.texts[i + 2], typed[name]
    if methods.has(type_name, method) or method in crate_names:
        return None
    return type_name
