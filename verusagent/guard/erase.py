"""Erase ghost code from an exec body, leaving what the program computes.

Erased: proof blocks, assert/assume/admit statements (with `by` tails and `assert forall`), reveal, calc,
`broadcast use`, ghost/tracked lets, loop clauses (invariant, invariant_except_break, ensures, decreases — the loop
condition and body stay), `#[verifier::..]` and trigger attributes, vstd's proof macros, and the ghost code
written in exec syntax (`ghost`: what `Ghost(..)`/`Tracked(..)` hold, ghost-wrapper lets and ghost field updates).
Then the normal forms of `normalise` and `canonical` (trailing commas).
"""

from contextvars import ContextVar
from dataclasses import dataclass

from verusagent.guard import normalise
from verusagent.guard.attributes import is_tuning
from verusagent.guard.ghost import (
    PROOF_MACROS,
    WRAPPERS,
    Hints,
    TupleLet,
    ghost_assignments,
    ghost_lets,
    ghost_names,
    pattern_wrappers,
    proof_macros,
    tuple_lets,
    tuple_wrappers,
    wrapper_insides,
)
from verusagent.guard.source import Source
from verusagent.guard.tokens import TokenField, attribute_end, canonical, erase
from verusagent.lens import Function, ProofSite, Span, Token
from verusagent.lens.attributes import path_of

_DEFINING_WORDS = frozenset({"macro_rules", "struct", "enum", "union", "type", "trait", "fn", "const", "static", "as"})


# Names that the crate's other files spell (set by `guard(.., names=..)` while its rules run): where one is a proof
# macro's name (`assert_seqs_equal`, `calc`, `proof`), another file may define it as exec code (`#[macro_use]`, or
# textual scope), so its invocations here are not erased as vstd's.
CRATE_NAMES: ContextVar[frozenset[str]] = ContextVar("crate_names", default=frozenset())
_SHADOWABLE = PROOF_MACROS | {"calc", "proof"}


def exec_tokens(source: Source, function: Function, hints: Hints = ()) -> list[Token]:
    """The body of an exec function with its ghost code erased (empty for a function without a body). `hints`: the
    wrappers the other text of a pair shows in the patterns of this body's tuple lets (`exec_pair`)."""
    foreign = CRATE_NAMES.get() & _SHADOWABLE
    return source.derived(("exec", function.id, foreign, hints), lambda s: _exec_tokens(s, function, foreign, hints))


def exec_pair(pair: tuple[Source, Source], f: Function, g: Function) -> tuple[list[Token], list[Token]]:
    """The exec tokens of f (original) and g (candidate). A `Ghost(x)` pattern in one side's k-th tuple let
    (`let (.., Ghost(x)) = value;`) type-checks only against a `Ghost<T>` there (no file's own `Ghost`), so the
    other side's plain name at that place of its k-th tuple let holds a ghost value too, whatever method `value`
    calls. Sound without comparing the statements: where the two exec texts then read the same, their k-th tuple
    lets are the same statement with the same value, so the hint was true; where they differ, the change is
    reported anyway."""
    a, b = _tuple_shapes(pair[0], f), _tuple_shapes(pair[1], g)
    return exec_tokens(pair[0], f, _as_hints(b)), exec_tokens(pair[1], g, _as_hints(a))


def _as_hints(shapes: Hints) -> Hints:
    return shapes if any(any(shape) for shape in shapes) else ()


def _tuple_shapes(source: Source, function: Function) -> Hints:
    """The wrappers in the patterns of the function's tuple lets (`pattern_wrappers`), in order; none at all where
    the file defines `Ghost` or `Tracked` itself (its patterns are of its own types)."""
    foreign = CRATE_NAMES.get() & _SHADOWABLE
    return source.derived(("tuple_shapes", function.id, foreign), lambda s: _shapes(s, function, foreign))


def _shapes(source: Source, function: Function, foreign: frozenset[str]) -> Hints:
    parts = _exec_parts(source, function, foreign)
    if parts is None or parts.skip is None:
        return ()
    raw = source.derived("raw_starts", _raw_starts)
    return tuple(pattern_wrappers(let, raw) for let in parts.lets)


@dataclass(frozen=True)
class _ExecParts:
    body: list[Token]  # the body without proof sites, loop clauses, tuning attributes and proof macros
    kept: list[Token]  # that without ghost code in exec syntax
    skip: list[tuple[int, int]] | None  # the byte ranges of that ghost code (None: the file defines a wrapper)
    lets: list[TupleLet]  # the tuple lets of body outside those ranges


def _exec_parts(source: Source, function: Function, foreign: frozenset[str]) -> _ExecParts | None:
    return source.derived(("exec_parts", function.id, foreign), lambda s: _split(s, function, foreign))


def _split(source: Source, function: Function, foreign: frozenset[str]) -> _ExecParts | None:
    if function.body is None:
        return None
    body = source.tokens_in(function.body)
    exec_part = erase(body, _proof_ranges(source, function.body, body, foreign))
    if WRAPPERS & source.derived("defined", _defined_names):  # a file's own `Ghost` would be exec code
        return _ExecParts(exec_part, exec_part, None, [])
    skip = _exec_syntax_ghost(exec_part, source.derived("raw_starts", _raw_starts))
    return _ExecParts(exec_part, erase(exec_part, skip), skip, tuple_lets(exec_part, skip))


def _exec_tokens(source: Source, function: Function, foreign: frozenset[str], hints: Hints) -> list[Token]:
    parts = _exec_parts(source, function, foreign)
    if parts is None:
        return []
    kept, names = parts.kept, {}
    if parts.skip is not None:
        raw = source.derived("raw_starts", _raw_starts)
        params = {t.text for t in source.tokens_in(function.params) if t.kind == "ident"}
        names = ghost_names(
            parts.body,
            params,
            lambda name, method: _returned_wrappers(source, function, name, method),
            raw,
            parts.lets,
            hints,
        )
    kept = normalise.as_wrappers(normalise.drop_condition_parens(kept), names)
    kept = normalise.drop_empty_statements(normalise.drop_empty_blocks(kept))
    kept = normalise.drop_final_semicolons(normalise.fold_named_results(kept))
    return canonical(normalise.unwrap_arm_blocks(kept))


def _returned_wrappers(source: Source, caller: Function, name: str, method: bool) -> list[str | None] | None:
    """The wrappers in the tuple that this file's function(s) of that name return, if they all agree. A method call
    (`self.send(..)`) counts only for the methods of the caller's own type: `x.split_at(..)` on another type may be
    any method of that name (a slice's), whose result holds no wrapper."""
    owner = _owner(caller)
    shapes = {
        tuple(tuple_wrappers(f.return_type) or ())
        for f in source.model.functions
        if f.name == name and (not method or (owner is not None and _owner(f) == owner))
    }
    return list(shapes.pop()) if len(shapes) == 1 and () not in shapes else None


def _owner(function: Function) -> str | None:
    """The type whose impl holds the function (`Chan` for `Chan::send` in `impl Chan`), None outside impls."""
    if not (function.container or "").startswith("impl "):
        return None
    return function.qualified.rsplit("::", 1)[0] if "::" in function.qualified else None


def _proof_ranges(
    source: Source, span: Span, body: list[Token], foreign: frozenset[str] = frozenset()
) -> list[tuple[int, int]]:
    """Proof sites, loop clauses, proof-tuning attributes and vstd's proof macros (not those another file of the
    crate may define: `foreign`) within the function body's span."""
    model = source.model
    ranges = [
        (p.span.start, p.span.end)
        for p in model.proof_sites
        if span.covers(p.span) and not (foreign and _macro_site(source, p) in foreign)
    ]
    for loop in model.loops:
        if span.covers(loop.span):
            ranges.extend((c.span.start, c.span.end) for c in loop.clauses)
    ranges.extend(_attribute_ranges(body))
    ranges.extend(proof_macros(body, source.derived("defined", _defined_names) | foreign))
    return ranges


def _macro_site(source: Source, site: ProofSite) -> str | None:
    """The macro a proof site is an invocation of (`calc! { .. }`, `proof!( .. )`), None for Verus's syntax."""
    first = source.token_range(site.span.start, site.span.end)[0]
    return source.stream.texts[first] if source.stream.is_punct(first + 1, "!") else None


def _exec_syntax_ghost(tokens: list[Token], raw: frozenset[int]) -> list[tuple[int, int]]:
    ranges = [(let.start, let.end) for let in ghost_lets(tokens, raw)]
    return ranges + ghost_assignments(tokens, raw) + wrapper_insides(tokens, raw)


def _raw_starts(source: Source) -> frozenset[int]:
    """The start offsets of the raw identifiers (`r#Ghost` is a name, no wrapper)."""
    stream = source.stream
    return frozenset(stream.starts[i] for i in stream.raw) if stream.raw else frozenset()


def _defined_names(source: Source) -> set[str]:
    """Names the file defines itself (`macro_rules! m`, `struct S`, `fn f`, `use x as y`, ...): where one is
    `Ghost` or vstd's proof macro, it is the file's own code, not ghost code."""
    stream = source.stream
    found = set()
    for i in source.positions(_DEFINING_WORDS):
        if stream.is_ident(i):
            found.add(stream.text(i + 2) if stream.is_punct(i + 1, "!") else stream.text(i + 1))
    return found


def _attribute_ranges(body: list[Token]) -> list[tuple[int, int]]:
    """The proof-tuning attributes inside the body (`#[trigger]`, `#![auto]`, `#[verifier::loop_isolation(false)]`):
    they steer the prover. Any other stays in the exec code compared (`#![verifier::external]` is no tuning)."""
    ranges = []
    texts, kinds = TokenField(body, "text"), TokenField(body, "kind")
    for i, token in enumerate(body):
        end = attribute_end(body, i) if token.text == "#" else None
        if end is None:
            continue
        opener = i + 2 if body[i + 1].text == "!" else i + 1
        if is_tuning(path_of(texts, kinds, opener + 1, end - 1)):
            ranges.append((token.start, body[end].end))
    return ranges
