"""Erase ghost code from an exec body, leaving what the program computes.

Erased: proof blocks, assert/assume/admit statements (with `by` tails and `assert forall`), reveal, calc,
`broadcast use`, ghost/tracked lets, loop clauses (invariant, invariant_except_break, ensures, decreases — the loop
condition and body stay), `#[verifier::..]` and trigger attributes, vstd's proof macros, and the ghost code
written in exec syntax (`ghost`: what `Ghost(..)`/`Tracked(..)` hold, ghost-wrapper lets and ghost field updates).
Then the normal forms of `normalise` and `canonical` (trailing commas).
"""

from verusagent.guard import normalise
from verusagent.guard.attributes import is_tuning
from verusagent.guard.ghost import (
    WRAPPERS,
    ghost_assignments,
    ghost_lets,
    ghost_names,
    proof_macros,
    tuple_wrappers,
    wrapper_insides,
)
from verusagent.guard.source import Source
from verusagent.guard.tokens import TokenField, attribute_end, canonical, erase
from verusagent.lens import Function, Token
from verusagent.lens.attributes import path_of

_DEFINING_WORDS = frozenset({"macro_rules", "struct", "enum", "union", "type", "trait", "fn", "const", "static", "as"})


def exec_tokens(source: Source, function: Function) -> list[Token]:
    """The body of an exec function with its ghost code erased (empty for a function without a body)."""
    return source.derived(("exec", function.id), lambda s: _exec_tokens(s, function))


def _exec_tokens(source: Source, function: Function) -> list[Token]:
    if function.body is None:
        return []
    body = source.tokens_in(function.body)
    exec_part = erase(body, _proof_ranges(source, function, body))
    kept, names = exec_part, {}
    if not WRAPPERS & source.derived("defined", _defined_names):  # a file's own `Ghost` would be exec code
        kept = erase(exec_part, _exec_syntax_ghost(exec_part))
        params = {t.text for t in source.tokens_in(function.params) if t.kind == "ident"}
        names = ghost_names(exec_part, params, lambda name: _returned_wrappers(source, name))
    kept = normalise.as_wrappers(normalise.drop_condition_parens(kept), names)
    kept = normalise.drop_empty_statements(normalise.drop_empty_blocks(kept))
    kept = normalise.drop_final_semicolons(normalise.fold_named_results(kept))
    return canonical(normalise.unwrap_arm_blocks(kept))


def _returned_wrappers(source: Source, name: str) -> list[str | None] | None:
    """The wrappers in the tuple that this file's function(s) of that name return, if they all agree."""
    shapes = {tuple(tuple_wrappers(f.return_type) or ()) for f in source.model.functions if f.name == name}
    return list(shapes.pop()) if len(shapes) == 1 and () not in shapes else None


def _proof_ranges(source: Source, function: Function, body: list[Token]) -> list[tuple[int, int]]:
    """Proof sites, loop clauses, proof-tuning attributes and vstd's proof macros."""
    span = function.body
    model = source.model
    ranges = [(p.span.start, p.span.end) for p in model.proof_sites if span.covers(p.span)]
    for loop in model.loops:
        if span.covers(loop.span):
            ranges.extend((c.span.start, c.span.end) for c in loop.clauses)
    ranges.extend(_attribute_ranges(body))
    ranges.extend(proof_macros(body, source.derived("defined", _defined_names)))
    return ranges


def _exec_syntax_ghost(tokens: list[Token]) -> list[tuple[int, int]]:
    ranges = [(let.start, let.end) for let in ghost_lets(tokens)]
    return ranges + ghost_assignments(tokens) + wrapper_insides(tokens)


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
