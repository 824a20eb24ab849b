"""Clause lists (`requires a, b, ensures c`) of functions and loops, split into their expressions."""

from dataclasses import dataclass

from verusagent.lens.keywords import QUANTIFIERS
from verusagent.lens.model import Clause, ClauseKind, Expr
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.tokens import TokenStream

_OPENERS = frozenset({"(", "[", "{"})
# Tokens that follow a name used as an operand (binary operators, `.`, `[`, ...), not the start of an expression.
_OPERAND_FOLLOWERS = frozenset(
    {
        "==",
        "!=",
        "<",
        ">",
        "<=",
        ">=",
        "&&",
        "||",
        "+",
        "/",
        "%",
        "^",
        "=",
        "@",
        ".",
        "?",
        ",",
        "[",
        "..",
        "..=",
        "<<",
        ">>",
        "as",
        "is",
        "has",
        "matches",
        "implies",
    }
)


@dataclass
class ClauseRun:
    clauses: list[Clause]
    body_open: int | None  # index of the body's `{`, None when the item ends with `;` or is cut off
    end: int  # index of the last token consumed (the `;`, or the token before the body)


def read_clauses(ctx: ScanContext, i: int, limit: int, words: frozenset[str], in_statement: bool) -> ClauseRun:
    """Read clauses from token i (the first clause keyword, or the body) up to the body or `;`."""
    clauses: list[Clause] = []
    while i <= limit and ctx.stream.is_keyword(i, *words):
        if ctx.stream.is_ident(i, "atomically"):
            stop, list_ends = _atomically_extent(ctx, i + 1, limit), False
        else:
            stop, list_ends = _clause_extent(ctx, i + 1, limit, words, in_statement)
        clauses.append(_make_clause(ctx, i, stop - 1))
        i = stop
        if list_ends:
            break
    if i <= limit:
        return ClauseRun(clauses, _body_at(ctx, i, limit), i)
    return ClauseRun(clauses, None, limit)


def _body_at(ctx: ScanContext, i: int, limit: int) -> int | None:
    return i if i <= limit and ctx.stream.is_punct(i, "{") else None


def _clause_extent(ctx: ScanContext, i: int, limit: int, words: frozenset[str], in_statement: bool) -> tuple[int, bool]:
    """The index where a clause starting at i ends, and whether the clause list ends there too.

    As verus reads a clause (verus_syn's `Specification`: comma-separated expressions parsed without eager
    braces): at the start of an expression a `{ }` group is an expression only when a `,` follows it; within an
    expression a `{` after a complete operand ends the clauses (it is the body), one after an operator or a
    keyword opens a block of the expression, and an `if`/`match` takes the next group as its own."""
    stream = ctx.stream
    texts, kinds = stream.texts, stream.kinds
    first, heads, at_start = i, 0, True
    while i <= limit:
        text, kind = texts[i], kinds[i]
        if kind == "ident":
            if text in words and not (stream.raw and i in stream.raw) and _starts_clause(ctx, i, first):
                return i, False
            heads += text in BLOCK_HEADS
        elif text in _ENDS and kind == "punct":  # `;`, or the end of the group holding the loop: `f(while c { })`
            return i, True
        elif text == "{" and kind == "punct":
            if at_start:
                if not stream.is_punct(ctx.group_end(i) + 1, ","):
                    return i, True
            elif heads:
                heads -= 1
            elif ends_operand(stream, i - 1) and _is_body(ctx, i, words, in_statement):
                return i, True
        at_start = text == "," and kind == "punct"
        i = _skip_unit(ctx, i, limit)
    return limit + 1, True


# Keywords whose next `{ }` group at their level is their own block: `if c { }`, `match x { }`, ...
BLOCK_HEADS = frozenset({"if", "match", "while", "for", "loop", "unsafe"})
# Words after which an expression is still to come: a `{` there opens a block of the expression.
_OPERAND_WORDS = frozenset(
    {"else", "in", "return", "break", "if", "match", "while", "for", "loop", "unsafe", "move", "implies", "has"}
)
_OPERAND_ENDS = frozenset({")", "]", "}", "?", "@", ">>"})
_ENDS = frozenset({";", ")", "]", "}"})  # a closer at the clauses' level closes a group they are inside


def ends_operand(stream: TokenStream, j: int) -> bool:
    """Whether token j completes an operand (a name, a literal, a closing bracket, `x?`, `x@`, a type's `>` or
    `>>`), so that a `{` after it cannot continue the expression. After `==` a `>` is the implication `==>`.
    Where in doubt this says yes: a block taken for the body shows ghost code as exec code (a false alarm), a body
    taken for a block would hide exec code."""
    if j < 0:
        return False
    text, kind = stream.texts[j], stream.kinds[j]
    if kind == "ident":
        return text not in _OPERAND_WORDS or bool(stream.raw and j in stream.raw)
    if kind == "lit":
        return True
    if text == ">":
        return not stream.is_punct(j - 1, "==", "=", "<=", ">=", "!=")
    return text in _OPERAND_ENDS


def _is_body(ctx: ScanContext, open_index: int, words: frozenset[str], in_statement: bool) -> bool:
    """For a function, a group followed by `;` (a bodiless declaration) or by the next clause keyword ends a
    clause expression instead; a loop's body may be followed by anything (`=> while c { },`, `f(loop { })`)."""
    if in_statement:
        return True
    stream = ctx.stream
    after = ctx.group_end(open_index) + 1
    return ctx.is_body_group(open_index) and not (stream.is_punct(after, ";") or stream.is_keyword(after, *words))


def _starts_clause(ctx: ScanContext, i: int, first: int) -> bool:
    """Whether the clause word at i starts a new clause. As the first token of a clause it does (the clause
    before is empty: `requires ensures r > 0`) unless an operator follows (`requires requires < 10`: a name)."""
    if i > first:
        return _ends_expression(ctx.stream.kinds[i - 1], ctx.stream.texts[i - 1])
    return ctx.stream.text(i + 1) not in _OPERAND_FOLLOWERS


def _ends_expression(kind: str, text: str) -> bool:
    """Whether a clause keyword after this token starts a new clause (else it is an identifier)."""
    return kind != "punct" or text in (",", ")", "]", "}", "@", "?")


def _atomically_extent(ctx: ScanContext, i: int, limit: int) -> int:
    """`atomically (name) { ... }`: the clause ends after its brace group."""
    if ctx.stream.is_punct(i, "("):
        i = ctx.group_end(i) + 1
    if ctx.stream.is_punct(i, "{") and i <= limit:
        i = ctx.group_end(i) + 1
    return i + 1 if ctx.stream.is_punct(i, ",") else i


def _skip_unit(ctx: ScanContext, i: int, limit: int) -> int:
    """Step over one token, a whole bracket group, or a quantifier's `|params|`."""
    stream = ctx.stream
    text = stream.texts[i]
    if text in QUANTIFIERS and stream.is_punct(i + 1, "|"):
        j = i + 2
        while j <= limit and not stream.is_punct(j, "|"):
            j = ctx.group_end(j) + 1
        return j + 1
    if text == "::" and stream.is_punct(i + 1, "<"):
        return ctx.skip_angles(i + 1, limit)
    if text in _OPENERS and stream.kinds[i] == "punct":
        return stream.close_of(i) + 1
    return i + 1


def _make_clause(ctx: ScanContext, keyword: int, last: int) -> Clause:
    exprs = split_exprs(ctx, keyword + 1, last)
    end = max(last, keyword)
    return Clause(
        kind=ClauseKind(ctx.stream.text(keyword)),
        span=ctx.span(keyword, end),
        keyword_span=ctx.span(keyword, keyword),
        exprs=exprs,
    )


def split_exprs(ctx: ScanContext, first: int, last: int) -> list[Expr]:
    """The comma-separated expressions between tokens first and last (both included)."""
    exprs: list[Expr] = []
    start = first
    i = first
    texts, kinds = ctx.stream.texts, ctx.stream.kinds
    while i <= last:
        if texts[i] == "," and kinds[i] == "punct":
            _add_expr(ctx, exprs, start, i - 1)
            start = i + 1
            i += 1
            continue
        i = _skip_unit(ctx, i, last)
    _add_expr(ctx, exprs, start, last)
    return exprs


def _add_expr(ctx: ScanContext, exprs: list[Expr], first: int, last: int) -> None:
    if first > last:
        return
    exprs.append(Expr(text=ctx.stream.source(first, last), span=ctx.span(first, last)))
