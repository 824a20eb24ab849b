"""The statements of a state machine's operation (the transition language of `init!`, `transition!`,
`readonly!` and `property!`), flattened out of their `if`/`match` nesting.

Calls in the statements' expressions are recorded under the operation's id; the `by { }` proof blocks of
asserts and token moves are scanned as proof code (their asserts, calls, ...). The DSL's own `require` and
`assert` statements are not proof sites: they are the machine's specification.
"""

from verusagent.lens.bodies import FunctionScan, scan_range
from verusagent.lens.machine_model import Statement, StatementKind
from verusagent.lens.scan_state import ScanContext

_WORDS = {kind.value: kind for kind in StatementKind}
_FIELD_STATEMENTS = frozenset(
    {
        StatementKind.INIT,
        StatementKind.UPDATE,
        StatementKind.HAVE,
        StatementKind.ADD,
        StatementKind.REMOVE,
        StatementKind.DEPOSIT,
        StatementKind.WITHDRAW,
        StatementKind.GUARD,
    }
)


def scan_statements(ctx: ScanContext, scan: FunctionScan, i: int, last: int, conditional: bool) -> list[Statement]:
    """The statements between tokens i and last (an operation's body without its braces)."""
    found: list[Statement] = []
    stream = ctx.stream
    while i <= last:
        word = stream.text(i) if stream.is_ident(i) else ""
        if word == "if":
            i = _if(ctx, scan, i, last, found)
        elif word == "match":
            i = _match(ctx, scan, i, last, found)
        elif word in _WORDS:
            i = _statement(ctx, scan, i, last, conditional, found)
        else:
            i = ctx.group_end(i) + 1
    return found


def _brace_after(ctx: ScanContext, i: int, last: int) -> int:
    """The first `{` at this level from i on (a condition or scrutinee ends there)."""
    while i <= last and not ctx.stream.is_punct(i, "{"):
        i = ctx.group_end(i) + 1
    return i


def _head(ctx: ScanContext, scan: FunctionScan, i: int, last: int) -> int:
    """After `if`/`match` at i: the calls of its condition or scrutinee; returns the index of its `{`."""
    brace = _brace_after(ctx, i + 1, last)
    scan_range(ctx, scan, i + 1, brace - 1, True, None)
    return brace


def _if(ctx: ScanContext, scan: FunctionScan, i: int, last: int, found: list[Statement]) -> int:
    body = _head(ctx, scan, i, last)
    if body > last:
        return body
    close = ctx.group_end(body)
    found += scan_statements(ctx, scan, body + 1, close - 1, True)
    if not ctx.stream.is_ident(close + 1, "else") or close + 1 > last:
        return close + 1
    if ctx.stream.is_ident(close + 2, "if"):
        return _if(ctx, scan, close + 2, last, found)
    if ctx.stream.is_punct(close + 2, "{"):
        end = ctx.group_end(close + 2)
        found += scan_statements(ctx, scan, close + 3, end - 1, True)
        return end + 1
    return close + 2


def _match(ctx: ScanContext, scan: FunctionScan, i: int, last: int, found: list[Statement]) -> int:
    arms = _head(ctx, scan, i, last)
    if arms > last:
        return arms
    close = ctx.group_end(arms)
    j = arms + 1
    while j < close:
        arrow = j
        while arrow < close and not ctx.stream.is_punct(arrow, "=>"):
            arrow = ctx.group_end(arrow) + 1
        if arrow >= close:
            break
        j = _arm(ctx, scan, arrow + 1, close - 1, found)
    return close + 1


def _arm(ctx: ScanContext, scan: FunctionScan, i: int, last: int, found: list[Statement]) -> int:
    """One arm after its `=>`: a block of statements (or one statement); returns the index after its comma."""
    stream = ctx.stream
    if stream.is_punct(i, "{"):
        close = ctx.group_end(i)
        found += scan_statements(ctx, scan, i + 1, close - 1, True)
        end = close
    else:
        end = i
        while end <= last and not stream.is_punct(end, ","):
            end = ctx.group_end(end) + 1
        found += scan_statements(ctx, scan, i, end - 1, True)
        end -= 1
    return end + 2 if stream.is_punct(end + 1, ",") else end + 1


def _statement(
    ctx: ScanContext, scan: FunctionScan, i: int, last: int, conditional: bool, found: list[Statement]
) -> int:
    stream = ctx.stream
    kind = _WORDS[stream.text(i)]
    end = i
    while end <= last and not stream.is_punct(end, ";"):
        end = ctx.group_end(end) + 1
    stop = min(end, last)  # the `;`, or the last token of a statement without one
    expr_first = i + 2 if kind == StatementKind.BIRDS_EYE or kind in _FIELD_STATEMENTS else i + 1
    field = stream.text(i + 1) if kind in _FIELD_STATEMENTS and stream.is_ident(i + 1) else None
    by_index = _by_block(ctx, expr_first, stop)
    proof = None
    if by_index is not None:
        close = ctx.group_end(by_index + 1)
        proof = ctx.span(by_index + 1, close)
        scan_range(ctx, scan, by_index + 2, close - 1, True, None)
    expr_last = (by_index - 1) if by_index is not None else (stop - 1 if stream.is_punct(stop, ";") else stop)
    _scan_expression(ctx, scan, expr_first, expr_last)
    found.append(
        Statement(
            kind=kind,
            span=ctx.span(i, stop),
            text=stream.source(i, stop),
            field=field,
            proof=proof,
            conditional=conditional,
        )
    )
    return end + 1


def _by_block(ctx: ScanContext, i: int, last: int) -> int | None:
    """The index of a top-level `by` followed by `{ }` in the statement, if it has one."""
    stream = ctx.stream
    while i <= last:
        if stream.is_ident(i, "by") and stream.is_punct(i + 1, "{"):
            return i
        i = ctx.group_end(i) + 1
    return None


def _scan_expression(ctx: ScanContext, scan: FunctionScan, first: int, last: int) -> None:
    """Calls in a statement's expression; `require(e)` is not a call of `require`, so start inside the parens."""
    if first > last:
        return
    if ctx.stream.is_punct(first, "("):
        close = ctx.group_end(first)
        scan_range(ctx, scan, first + 1, close - 1, True, None)
        first = close + 1
    scan_range(ctx, scan, first, last, True, None)
