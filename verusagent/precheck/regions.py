"""Which tokens of a file are exec code, with certainty: the bodies of the exec functions verus verifies, less
everything that is, or might be, ghost.

verus's `verus!` macro (builtin_macros syntax.rs) decides what is ghost by position: the bodies of spec and proof
fns, every clause (`requires`, `ensures`, loop `invariant`s, `decreases`, ...), `assert`/`assume`/`reveal`/`hide`
statements, `proof { }` blocks, the inside of `Ghost(..)`/`Tracked(..)`, `let ghost`/`let tracked`. A mistake
here in the direction of "exec" would reject an honest candidate, so the rule is one-sided: what is not
certainly exec is left out. Left out, besides the lens's proof sites and loop clauses:

- every statement that starts with (or holds at its level) a ghost word, a clause word, a ghost wrapper, `@`;
- closures (a spec closure looks like an exec one), macro invocations (their tokens are not expressions yet),
  statements with an attribute (`#[verifier::spec] let ..`), nested items;
- whole functions that verus does not check, or that may not be compiled: outside `verus!`, `external*`,
  under `#[cfg]` (their own or their impl's or module's), state-machine operations.
"""

from bisect import bisect_left
from dataclasses import dataclass

from verusagent.lens import Function, Mode, SourceModel, TokenStream
from verusagent.lens.keywords import CLAUSE_WORDS, ITEM_KEYWORDS, PROOF_WORDS
from verusagent.lens.model import DefinitionKind

# Ghost statements, and nested items (checked on their own, or not code at all).
GHOST_WORDS = PROOF_WORDS | ITEM_KEYWORDS
WRAPPERS = frozenset({"Ghost", "Tracked"})
_NOT_OPERANDS = frozenset({"return", "move", "in", "else", "let", "mut", "if", "match", "while", "break"})
_UNCHECKED_ATTRIBUTES = ("external", "cfg")


@dataclass
class ExecBody:
    """One exec function's body: `exec[i]` says whether token i (an index into the file's stream) is exec code."""

    function: Function
    first: int  # the first token inside the braces
    last: int  # the last token inside the braces
    exec: bytearray  # 1 for exec code, indexed from `first`

    def indices(self) -> list[int]:
        return [self.first + k for k, flag in enumerate(self.exec) if flag]

    def is_exec(self, i: int) -> bool:
        return self.first <= i <= self.last and bool(self.exec[i - self.first])


def exec_bodies(model: SourceModel, stream: TokenStream) -> list[ExecBody]:
    unchecked = _unchecked_containers(model)
    return [_body(model, stream, f) for f in model.functions if _checked_exec(f, model, unchecked)]


def checked_functions(model: SourceModel) -> list[Function]:
    """The functions verus checks, of every mode (their clauses and bodies): in `verus!`, not `external*`, not
    under `#[cfg]`, not a state machine's or another item macro's."""
    unchecked = _unchecked_containers(model)
    return [
        f
        for f in model.functions
        if f.in_verus
        and not f.macro_unit
        and not f.in_macro
        and not any(word in a.path or word in a.text for a in f.attributes for word in _UNCHECKED_ATTRIBUTES)
        and not any(start <= f.span.start < end for start, end in unchecked)
    ]


def _checked_exec(function: Function, model: SourceModel, unchecked: list[tuple[int, int]]) -> bool:
    if function.mode != Mode.EXEC or not function.in_verus or function.body is None or function.macro_unit:
        return False
    if any(word in a.path or word in a.text for a in function.attributes for word in _UNCHECKED_ATTRIBUTES):
        return False
    return not any(start <= function.span.start < end for start, end in unchecked)


def _unchecked_containers(model: SourceModel) -> list[tuple[int, int]]:
    """The byte ranges of impls, traits and modules whose own attributes make verus skip (or cfg remove) them."""
    found = []
    for d in model.definitions:
        if d.kind in (DefinitionKind.IMPL, DefinitionKind.TRAIT, DefinitionKind.MOD) and d.body is not None:
            header = model.data[d.span.start : d.body.start].decode("utf-8", "replace")
            if any(word in header for word in _UNCHECKED_ATTRIBUTES):
                found.append((d.span.start, d.span.end))
    return found


def _body(model: SourceModel, stream: TokenStream, function: Function) -> ExecBody:
    assert function.body is not None  # exec_bodies takes functions with a body only
    first = bisect_left(stream.starts, function.body.start) + 1
    last = bisect_left(stream.starts, function.body.end) - 2
    body = ExecBody(function=function, first=first, last=last, exec=bytearray(b"\x01" * max(last - first + 1, 0)))
    for start, end in _lens_ghost_ranges(model, function):
        _clear_bytes(body, stream, start, end)
    _clear_uncertain(body, stream)
    return body


def _lens_ghost_ranges(model: SourceModel, function: Function) -> list[tuple[int, int]]:
    span = function.body
    assert span is not None  # as in _body
    ranges = [(p.span.start, p.span.end) for p in model.proof_sites if span.covers(p.span)]
    for loop in model.loops:
        if span.covers(loop.span):
            ranges.extend((c.span.start, c.span.end) for c in loop.clauses)
    ranges.extend((f.span.start, f.span.end) for f in model.functions if f is not function and span.covers(f.span))
    return ranges


def _clear_bytes(body: ExecBody, stream: TokenStream, start: int, end: int) -> None:
    lo, hi = bisect_left(stream.starts, start), bisect_left(stream.starts, end) - 1
    _clear(body, lo, hi)


def _clear(body: ExecBody, lo: int, hi: int) -> None:
    lo, hi = max(lo, body.first), min(hi, body.last)
    if lo <= hi:
        body.exec[lo - body.first : hi - body.first + 1] = bytes(hi - lo + 1)


def _clear_uncertain(body: ExecBody, stream: TokenStream) -> None:
    """The token scan: each construct that might be ghost (or is not an expression yet) is cleared."""
    i = body.first
    while i <= body.last:
        if not body.exec[i - body.first]:
            i += 1
            continue
        end = _uncertain_end(stream, i, body)
        if end is None:
            i += 1
            continue
        _clear(body, _statement_start(stream, i, body.first) if stream.texts[i] == "@" else i, end)
        i = end + 1


def _uncertain_end(stream: TokenStream, i: int, body: ExecBody) -> int | None:
    """The last token of the uncertain construct starting at i, or None when token i starts none."""
    texts, kind = stream.texts, stream.kinds[i]
    text = texts[i]
    if text == "#" and stream.is_punct(i + 1, "[", "!"):  # an attribute may change the mode of what it is on
        return _statement_end(stream, stream.close_of(i + 2 if texts[i + 1] == "!" else i + 1) + 1, body.last)
    if kind == "ident" and stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
        return stream.close_of(i + 2)
    if kind == "ident" and not _after_path(stream, i):
        if text in WRAPPERS and stream.is_punct(i + 1, "("):
            return stream.close_of(i + 1)
        if text in GHOST_WORDS or text in WRAPPERS:
            return _statement_end(stream, i, body.last)
        if text in CLAUSE_WORDS:
            return _clause_end(stream, i, body.last)
    if text == "@" and kind == "punct":
        return _statement_end(stream, i, body.last)
    if text in ("|", "||") and kind == "punct" and not _after_operand(stream, i, body.first):
        return _statement_end(stream, i, body.last)
    return None


def _after_path(stream: TokenStream, i: int) -> bool:
    return stream.is_punct(i - 1, ".", "::")


def _after_operand(stream: TokenStream, i: int, first: int) -> bool:
    """Token i follows the end of an operand, so a `|`/`||` there is an operator, not a closure."""
    if i <= first:
        return False
    kind, text = stream.kinds[i - 1], stream.texts[i - 1]
    if kind == "ident":
        return text not in _NOT_OPERANDS
    return kind == "lit" or text in (")", "]", "?")


def _statement_end(stream: TokenStream, i: int, last: int) -> int:
    """The `;` ending the statement that holds token i, or the token before the group's closer."""
    j = i
    while j <= last:
        text = stream.texts[j]
        if text == ";":
            return j
        if text in (")", "]", "}"):
            return j - 1
        j = stream.close_of(j) + 1 if text in ("(", "[", "{") else j + 1
    return last


def _clause_end(stream: TokenStream, i: int, last: int) -> int:
    """A clause runs to the `{` of the body it precedes (or a `;`): the token before it."""
    j = i
    while j <= last:
        text = stream.texts[j]
        if text in ("{", ";"):
            return j - 1 if text == "{" else j
        if text in (")", "]", "}"):
            return j - 1
        j = stream.close_of(j) + 1 if text in ("(", "[") else j + 1
    return last


def _statement_start(stream: TokenStream, i: int, first: int) -> int:
    j = i - 1
    while j >= first:
        text = stream.texts[j]
        if text in (")", "]", "}") and stream.match[j] >= 0:
            j = stream.match[j] - 1
            continue
        if text in (";", "(", "[", "{", "=>", ","):
            return j + 1
        j -= 1
    return first
