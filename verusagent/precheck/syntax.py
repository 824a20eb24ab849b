"""Token sequences that no Rust or `verus!` grammar accepts, the ones models bring from Dafny and Python, found in
the functions verus checks (their clauses and bodies; the insides of macro invocations are skipped):

- `x := e` (Dafny's assignment): nothing in Rust lexes `:` `=` together;
- `var x` at the start of a statement (Dafny's declaration);
- `forall i: int :: e` / `exists ..` without the `|x: T|` binders verus's syntax takes;
- `a and b` / `a or b` between two operands;
- `if c then a else b`;
- a `let` right after an operand on an earlier line (a statement missing its `;`), reported where the `;` is
  missing, as rustc does;
- `=>` in a clause expression that has no `match`;
- a `;` ending a function's clauses before its body: the function then has no body, and the clause keyword or
  `{` after it is an item that cannot start there.

The messages are rustc's for the statement context ("expected one of ..., found `x`"); the line is where rustc
and verus point.
"""

from bisect import bisect_left
from collections.abc import Callable

from verusagent.lens import Function, SourceModel, TokenStream
from verusagent.lens.keywords import FUNCTION_CLAUSE_WORDS
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import checked_functions
from verusagent.precheck.render import Message, Place, diagnostic

EXPECTED = "expected one of `!`, `.`, `::`, `;`, `?`, `{`, `}`, or an operator, found `TOKEN`"
_NOT_OPERANDS = frozenset(
    {"if", "while", "else", "match", "return", "in", "mut", "ref", "move", "unsafe", "loop", "let", "as", "fn"}
)
_STATEMENT_START = frozenset({";", "{", "}"})


def syntax_findings(place: Place, model: SourceModel, stream: TokenStream) -> list[PrecheckFinding]:
    found: dict[int, PrecheckFinding] = {}
    for function in checked_functions(model):
        first, stop = bisect_left(stream.starts, function.span.start), bisect_left(stream.starts, function.span.end)
        skipped = _macro_groups(stream, first, stop)
        texts = stream.texts
        for i in range(first, stop):
            rule = _RULES.get(texts[i])
            if rule is None or i in skipped or i in found:
                continue
            hit = _clause_arrow(stream, function, i) if rule is _clause_arrow else rule(stream, i)
            if hit is not None:
                at, message = hit
                found[i] = _finding(place, stream, at, message)
        after = _after_clauses_semicolon(stream, function, stop)
        if after is not None:
            found[after] = _finding(place, stream, after, f"expected item, found `{stream.texts[after]}`")
    return list(found.values())


def _finding(place: Place, stream: TokenStream, i: int, text: str) -> PrecheckFinding:
    return PrecheckFinding(
        rule=PrecheckRule.PARSE_ERROR, diagnostic=diagnostic(place, stream.starts[i], stream.ends[i], Message(text))
    )


def _macro_groups(stream: TokenStream, first: int, stop: int) -> set[int]:
    """The tokens inside `name!(..)`, `name![..]`, `name!{..}`: a macro reads them with its own grammar."""
    inside: set[int] = set()
    for i in range(first, stop):
        if stream.is_punct(i, "!") and stream.is_ident(i - 1) and stream.is_punct(i + 1, "(", "[", "{"):
            inside.update(range(i + 1, stream.close_of(i + 1) + 1))
    return inside


def _colon_equals(stream: TokenStream, i: int) -> tuple[int, str] | None:
    adjacent = stream.is_punct(i + 1, "=", "==") and stream.ends[i] == stream.starts[i + 1]
    return (i, EXPECTED.replace("TOKEN", ":")) if stream.is_punct(i, ":") and adjacent else None


def _dafny_var(stream: TokenStream, i: int) -> tuple[int, str] | None:
    if not (stream.is_ident(i, "var") and stream.is_ident(i + 1) and stream.is_punct(i + 2, ":", "=")):
        return None
    if stream.is_punct(i - 1, *_STATEMENT_START) or stream.is_ident(i - 1, "ghost", "tracked"):
        return i + 1, EXPECTED.replace("TOKEN", stream.texts[i + 1])
    return None


def _binderless_quantifier(stream: TokenStream, i: int) -> tuple[int, str] | None:
    if stream.is_keyword(i, "forall", "exists") and stream.is_ident(i + 1) and stream.is_punct(i + 2, ":"):
        return i + 1, EXPECTED.replace("TOKEN", stream.texts[i + 1])
    return None


def _word_operator(stream: TokenStream, i: int) -> tuple[int, str] | None:
    if stream.is_ident(i, "and", "or") and _operand_end(stream, i - 1) and _operand_start(stream, i + 1):
        return i, EXPECTED.replace("TOKEN", stream.texts[i])
    return None


def _then(stream: TokenStream, i: int) -> tuple[int, str] | None:
    if not (stream.is_ident(i, "then") and _operand_end(stream, i - 1) and _operand_start(stream, i + 1)):
        return None
    j = i - 1
    while j >= 0 and not stream.is_punct(j, ";", "{", "}", ","):
        if stream.is_keyword(j, "if"):
            return i, f"expected `{{`, found `{stream.texts[i]}`"
        j -= 1
    return None


def _missing_semicolon(stream: TokenStream, i: int) -> tuple[int, str] | None:
    """`let` after an operand that ends an earlier line: rustc points after the operand."""
    if not stream.is_keyword(i, "let") or not _operand_end(stream, i - 1):
        return None
    if stream.data.count(b"\n", stream.ends[i - 1], stream.starts[i]) == 0:
        return None
    return i - 1, "expected `;`, found keyword `let`"


def _clause_arrow(stream: TokenStream, function: Function, i: int) -> tuple[int, str] | None:
    split = stream.is_punct(i, "=") and stream.is_punct(i + 1, ">") and stream.ends[i] == stream.starts[i + 1]
    if not (stream.is_punct(i, "=>") or split):
        return None
    if stream.is_punct(i - 1, "<=", "<==", "=", "==") and stream.ends[i - 1] == stream.starts[i]:
        return None  # `<==>` (lexed `<=` `=>`) and `==>`, not a match arm's arrow
    start = stream.starts[i]
    for clause in function.clauses:
        for expr in clause.exprs:
            if expr.span.start <= start < expr.span.end and not _has_match(stream, expr.span.start, expr.span.end):
                return i, EXPECTED.replace("`!`, ", "`,`, ").replace("TOKEN", "=>")
    return None


def _has_match(stream: TokenStream, start: int, end: int) -> bool:
    first, stop = bisect_left(stream.starts, start), bisect_left(stream.starts, end)
    return any(stream.is_keyword(j, "match") for j in range(first, stop))


def _after_clauses_semicolon(stream: TokenStream, function: Function, stop: int) -> int | None:
    """A function without a body whose `;` is followed by a clause word or a `{`: the `;` ended its clauses."""
    if function.body is not None or not function.clauses or not stream.is_punct(stop - 1, ";"):
        return None
    after = stop
    if stream.is_keyword(after, *FUNCTION_CLAUSE_WORDS) or stream.is_punct(after, "{"):
        return after
    return None


def _operand_end(stream: TokenStream, k: int) -> bool:
    if k < 0:
        return False
    if stream.kinds[k] == "ident":
        return not stream.is_keyword(k, *_NOT_OPERANDS)
    if stream.is_punct(k, "]"):  # not the end of an attribute `#[..]` / `#![..]`
        opener = stream.match[k]
        return opener > 0 and not stream.is_punct(opener - 1, "#", "!")
    return stream.kinds[k] == "lit" or stream.is_punct(k, ")")


def _operand_start(stream: TokenStream, k: int) -> bool:
    if k >= len(stream):
        return False
    return (stream.kinds[k] == "ident" and not stream.is_keyword(k, *_NOT_OPERANDS)) or stream.kinds[k] == "lit"


# The token each rule starts from (a dict lookup per token keeps the pass cheap on large files).
_RULES: dict[str, Callable[..., tuple[int, str] | None]] = {
    ":": _colon_equals,
    "var": _dafny_var,
    "forall": _binderless_quantifier,
    "exists": _binderless_quantifier,
    "and": _word_operator,
    "or": _word_operator,
    "then": _then,
    "let": _missing_semicolon,
    "=>": _clause_arrow,
    "=": _clause_arrow,
}
