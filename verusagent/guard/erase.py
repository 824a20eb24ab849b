"""Erase ghost code from an exec body, leaving what the program computes.

Erased: proof blocks, assert/assume/admit statements (with `by` tails and `assert forall`), reveal, calc,
`broadcast use`, ghost/tracked lets and `let x = Ghost(..);` (lemma calls sit in proof blocks), loop clauses
(invariant, invariant_except_break, ensures, decreases — the loop condition and body stay), `#[verifier::..]`
and trigger attributes. Then normalisations that do not change what Rust computes: parentheses around a whole
`if`/`while`/`match` condition, empty statements (`;` after `;` or `{`), the `;` closing a block's last
statement, and trailing commas.
"""

from verusagent.lens import Function, Token

from verusagent.guard.source import Source
from verusagent.guard.tokens import attribute_end, canonical, erase

_CONDITION_WORDS = frozenset({"if", "while", "match"})
_GHOST_WRAPPERS = frozenset({"Ghost", "Tracked"})


def exec_tokens(source: Source, function: Function) -> list[Token]:
    """The body of an exec function with its ghost code erased (empty for a function without a body)."""
    return source.derived(("exec", function.id), lambda s: _exec_tokens(s, function))


def _exec_tokens(source: Source, function: Function) -> list[Token]:
    if function.body is None:
        return []
    body = source.tokens_in(function.body)
    kept = erase(body, _ghost_ranges(source, function, body))
    return canonical(_drop_final_semicolons(_drop_empty_statements(_drop_condition_parens(kept))))


def _ghost_ranges(source: Source, function: Function, body: list[Token]) -> list[tuple[int, int]]:
    span = function.body
    model = source.model
    ranges = [(p.span.start, p.span.end) for p in model.proof_sites if span.covers(p.span)]
    for loop in model.loops:
        if span.covers(loop.span):
            ranges.extend((c.span.start, c.span.end) for c in loop.clauses)
    ranges.extend(_attribute_ranges(body))
    ranges.extend(_ghost_wrapper_lets(body))
    return ranges


def _attribute_ranges(body: list[Token]) -> list[tuple[int, int]]:
    """`#[verifier::...]`, `#[trigger]`, `#![auto]` inside the body: they tune the proof."""
    ranges = []
    for i, token in enumerate(body):
        end = attribute_end(body, i) if token.text == "#" else None
        if end is None:
            continue
        words = [t.text for t in body[i : end + 1] if t.kind == "ident"]
        if words and words[0] in ("verifier", "trigger", "auto"):
            ranges.append((token.start, body[end].end))
    return ranges


def _ghost_wrapper_lets(body: list[Token]) -> list[tuple[int, int]]:
    """`let g = Ghost(e);` / `let t: Tracked<T> = Tracked(e);`: an exec binding that holds only ghost data."""
    ranges = []
    for i, token in enumerate(body):
        if token.text != "let" or (i > 0 and body[i - 1].text not in (";", "{", "}")):
            continue
        equals = _next_at_depth(body, i, "=")
        if equals is None or equals + 2 >= len(body):
            continue
        if body[equals + 1].text in _GHOST_WRAPPERS and body[equals + 2].text == "(":
            close = _matching(body, equals + 2)
            if close + 1 < len(body) and body[close + 1].text == ";":
                ranges.append((token.start, body[close + 1].end))
    return ranges


def _next_at_depth(tokens: list[Token], i: int, text: str) -> int | None:
    """The next token `text` at bracket depth 0 from i, before the statement's `;`."""
    depth = 0
    for j in range(i, len(tokens)):
        t = tokens[j].text
        if depth == 0 and t == text:
            return j
        if depth == 0 and t == ";":
            return None
        depth += (t in "([{") - (t in ")]}") if tokens[j].kind == "punct" else 0
    return None


def _matching(tokens: list[Token], open_index: int) -> int:
    depth = 0
    for j in range(open_index, len(tokens)):
        if tokens[j].kind == "punct":
            depth += (tokens[j].text in "([{") - (tokens[j].text in ")]}")
        if depth == 0:
            return j
    return len(tokens) - 1


def _drop_condition_parens(tokens: list[Token]) -> list[Token]:
    """`if (c) {` reads as `if c {` (unless the parentheses hold a tuple: `match (a, b) {`)."""
    dropped: set[int] = set()
    for i, token in enumerate(tokens[:-1]):
        if token.text in _CONDITION_WORDS and tokens[i + 1].text == "(":
            close = _matching(tokens, i + 1)
            if close + 1 < len(tokens) and tokens[close + 1].text == "{" and not _has_top_comma(tokens, i + 1, close):
                dropped.update((i + 1, close))
    return [t for k, t in enumerate(tokens) if k not in dropped] if dropped else tokens


def _has_top_comma(tokens: list[Token], open_index: int, close: int) -> bool:
    depth = 0
    for j in range(open_index + 1, close):
        t = tokens[j]
        if t.kind == "punct":
            depth += (t.text in "([{") - (t.text in ")]}")
            if depth == 0 and t.text == ",":
                return True
    return False


def _drop_empty_statements(tokens: list[Token]) -> list[Token]:
    kept: list[Token] = []
    for token in tokens:
        if token.text == ";" and kept and kept[-1].text in (";", "{"):
            continue
        kept.append(token)
    return kept


def _drop_final_semicolons(tokens: list[Token]) -> list[Token]:
    """`{ i += 1; }` reads as `{ i += 1 }`: when both versions compile, the two blocks compute the same.

    With `;` the block's value is `()`; without, it is the statement's value, which must then be `()` (or diverge)
    for the block to type-check where a `()` block is expected, and a `let` bound to it has no other use.
    """
    last = len(tokens) - 1
    return [t for k, t in enumerate(tokens) if not (t.text == ";" and k < last and tokens[k + 1].text == "}")]
