"""Inside a function: loops with their clauses, calls, and proof sites (asserts, proof blocks, ...)."""

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import compress, count
from typing import cast

from verusagent.lens.clauses import BLOCK_HEADS, ClauseRun, ends_operand, read_clauses
from verusagent.lens.hatches import CALL_WORDS
from verusagent.lens.keywords import CLAUSE_WORDS, LOOP_CLAUSE_WORDS, PROOF_WORDS, REVEALS, RUST_KEYWORDS
from verusagent.lens.model import Call, Function, Loop, LoopKind, Mode, ProofSite, ProofSiteKind, construct
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.tokens import TokenStream

# Words before a `(` that is no call (`pub(crate)`, `when (..)` of a decreases, `atomically (..)`). `gen` is a
# keyword of the 2024 edition only: before it, a name (rand's `gen`). The guard reads calls from the tokens itself
# (guard/hatches.py), so this set changes what the context and the pre-check see, never what the guard lets through.
_NOT_CALLEES = (
    (RUST_KEYWORDS - {"gen"})
    | PROOF_WORDS
    | CLAUSE_WORDS
    | frozenset({"by", "implies", "is", "has", "matches", "trigger"})
)
_STATEMENT_BOUNDARIES = frozenset({";", "{", "}", "=>"})
_ANGLE_DEPTH = {">": 1, ">>": 2, "<": -1, "<<": -2}
_NOT_IN_GENERICS = frozenset({";", "{", "}", "&&", "||", "==", "!=", "=>"})
_CLOSERS = frozenset({")", "]", "}"})
_TURBOFISH_TOKENS = 256


@dataclass
class FunctionScan:
    """The unit whose code is scanned (a function, or a state machine's operation) and what it holds so far."""

    unit_id: str
    qualified: str
    in_verus: bool
    loop_count: int = 0
    call_counts: dict[str, int] = field(default_factory=dict)


# a handler of a word: (ctx, scan, i, last, ghost, loop_id) -> the index after what it read, None if nothing
_Handler = Callable[[ScanContext, FunctionScan, int, int, bool, str | None], int | None]


def scan_function_body(ctx: ScanContext, function: Function, run: ClauseRun) -> None:
    scan = FunctionScan(function.id, function.qualified, function.in_verus)
    for clause in run.clauses:
        first, last = _token_range(ctx, clause.keyword_span.end, clause.span.end)
        scan_range(ctx, scan, first, last, ghost=True, loop_id=None)
    if run.body_open is not None:
        ghost = function.mode != Mode.EXEC
        scan_range(ctx, scan, run.body_open + 1, ctx.group_end(run.body_open) - 1, ghost, None)


def _token_range(ctx: ScanContext, start_byte: int, end_byte: int) -> tuple[int, int]:
    starts = ctx.token_starts
    return bisect_left(starts, start_byte), bisect_left(starts, end_byte) - 1


def scan_range(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> None:
    """Scan tokens i..last for calls, loops and proof sites (this loop is the lens's hot path). Only the tokens
    that can start something (`_marks`) are visited: the others are passed over at C speed."""
    texts, kinds = ctx.stream.texts, ctx.stream.kinds
    marks = body_marks(ctx)
    at = bisect_left(marks, i)
    while at < len(marks) and marks[at] <= last:
        i = marks[at]
        text = texts[i]
        if text == "(":
            if _is_call(ctx, i):
                _add_call(ctx, scan, i, ghost)
            at += 1
            continue
        if text == "#" and ctx.stream.is_punct(i + 1, "[", "!"):
            after = _skip_attribute(ctx, i)
        elif text in _HANDLERS and kinds[i] == "ident" and (text not in _VERUS_WORDS or _verus_word(ctx, scan, i)):
            handled = _HANDLERS[text](ctx, scan, i, last, ghost, loop_id)
            after = i + 1 if handled is None else handled
        elif ctx.renamed_calls and text in ctx.renamed_calls and kinds[i] == "ident":
            handled = _hatch_call(ctx, scan, i, last, ghost, loop_id)
            after = i + 1 if handled is None else handled
        else:
            after = i + 1
        at = at + 1 if after == i + 1 else bisect_left(marks, after)


def _verus_word(ctx: ScanContext, scan: FunctionScan, i: int) -> bool:
    """Whether a word of Verus's syntax at i (`assert`, `proof`, `reveal`, ...) is read by verus as that keyword:
    not written raw (`r#assert(x)` calls a function), not a method or a path's segment (`x.hide()`,
    `m::assert(x)`), and inside verus! (outside it, only the `proof!` macro is Verus's)."""
    stream = ctx.stream
    if (stream.raw and i in stream.raw) or stream.is_punct(i - 1, ".", "::"):
        return False
    return scan.in_verus or (stream.texts[i] == "proof" and stream.is_punct(i + 1, "!"))


def body_marks(ctx: ScanContext) -> list[int]:
    """The indices of the tokens `scan_range` acts on (`(`, `#`, the handlers' words, renamed hatches), once
    per file."""
    if ctx.body_marks is None:
        words = _MARK_WORDS | ctx.renamed_calls.keys() if ctx.renamed_calls else _MARK_WORDS
        ctx.body_marks = list(compress(count(), map(words.__contains__, ctx.stream.texts)))
    return ctx.body_marks


def _skip_attribute(ctx: ScanContext, i: int) -> int:
    open_index = i + 2 if ctx.stream.is_punct(i + 1, "!") else i + 1
    return ctx.group_end(open_index) + 1 if ctx.stream.is_punct(open_index, "[") else i + 1


def _at_statement_start(ctx: ScanContext, i: int) -> bool:
    return i == 0 or ctx.stream.text(i - 1) in _STATEMENT_BOUNDARIES


def _add_site(
    ctx: ScanContext, scan: FunctionScan, kind: ProofSiteKind, first: int, last: int, detail: str = ""
) -> None:
    site = ProofSite(kind=kind, span=ctx.span(first, last), function_id=scan.unit_id, detail=detail)
    ctx.proof_sites.append(site)


def _statement_end(ctx: ScanContext, i: int, last: int) -> int:
    """The index of the `;` ending the statement at i, or of its last token before the `}` (or `)`, `]`) that closes
    the group holding it: a statement never reaches past its block."""
    while i <= last and not ctx.stream.is_punct(i, ";", *_CLOSERS):
        i = ctx.group_end(i) + 1
    if i <= last and ctx.stream.is_punct(i, *_CLOSERS):
        return i - 1
    return min(i, last)


# ----- proof constructs -----


def _proof_block(
    ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None
) -> int | None:
    """`proof { .. }` at a statement's start, or the `proof!( .. )` macro (unless the file defines its own): a call
    `proof(x)` of a function the file names `proof` is a call."""
    stream = ctx.stream
    macro = stream.is_punct(i + 1, "!")
    open_index = i + 2 if macro else i + 1
    if macro and (not stream.is_punct(open_index, "{", "(", "[") or "proof" in ctx.file_macros()):
        return None
    if not macro and not (stream.is_punct(open_index, "{") and _at_statement_start(ctx, i)):
        return None
    close = ctx.group_end(open_index)
    _add_site(ctx, scan, ProofSiteKind.PROOF_BLOCK, i, close)
    scan_range(ctx, scan, open_index + 1, close - 1, True, loop_id)
    return close + 1


def _assert(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    stream = ctx.stream
    if stream.is_ident(i + 1, "forall"):
        return _assert_forall(ctx, scan, i, last, loop_id)
    if not stream.is_punct(i + 1, "("):
        return None
    close = ctx.group_end(i + 1)
    scan_range(ctx, scan, i + 2, close - 1, True, loop_id)
    if not stream.is_ident(close + 1, "by"):
        end = close + 1 if stream.is_punct(close + 1, ";") else close
        _add_site(ctx, scan, ProofSiteKind.ASSERT, i, end)
        return end + 1
    end, prover = _by_tail(ctx, scan, close + 2, last, loop_id)
    _add_site(ctx, scan, ProofSiteKind.ASSERT_BY, i, end, prover)
    return end + 1


def _by_tail(ctx: ScanContext, scan: FunctionScan, i: int, last: int, loop_id: str | None) -> tuple[int, str]:
    """After `by`: `(prover)`, an optional `requires ...`, an optional `{ proof }`; returns (end, prover). As verus_syn
    reads an Assert: the block, if any, comes right after the prover or the requires list (whose expressions end at
    a `{`, as the body's); the tail never reaches past the `}` that closes the block holding the assert
    (`if c { assert(e) by (nonlinear_arith) }` ends at the prover)."""
    stream = ctx.stream
    prover = ""
    end = i - 1  # the `by`, until more is read
    if stream.is_punct(i, "("):
        close = ctx.group_end(i)
        prover = stream.source(i + 1, close - 1) if close > i + 1 else ""
        end, i = close, close + 1
    if i <= last and stream.is_keyword(i, "requires"):
        end, i = i, i + 1
        while i <= last and not stream.is_punct(i, "{", ";", *_CLOSERS):
            end, i = ctx.group_end(i), ctx.group_end(i) + 1
    if i <= last and stream.is_punct(i, "{"):
        close = ctx.group_end(i)
        scan_range(ctx, scan, i + 1, close - 1, True, loop_id)
        end, i = close, close + 1
    if i <= last and stream.is_punct(i, ";"):
        end = i
    return min(end, last), prover


def _assert_forall(ctx: ScanContext, scan: FunctionScan, i: int, last: int, loop_id: str | None) -> int:
    stream = ctx.stream
    j = i + 1
    while j <= last and not stream.is_punct(j, ";", *_CLOSERS) and not stream.is_ident(j, "by"):
        j = ctx.group_end(j) + 1
    scan_range(ctx, scan, i + 2, j - 1, True, loop_id)
    end = j - 1 if stream.is_punct(j, *_CLOSERS) else j
    if stream.is_ident(j, "by"):
        end, _ = _by_tail(ctx, scan, j + 1, last, loop_id)
    _add_site(ctx, scan, ProofSiteKind.ASSERT_FORALL, i, min(end, last))
    return end + 1


def _simple_site(kind: ProofSiteKind) -> _Handler:
    def handle(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
        if not ctx.stream.is_punct(i + 1, "("):
            return None
        close = ctx.group_end(i + 1)
        end = close + 1 if ctx.stream.is_punct(close + 1, ";") else close
        detail = ctx.stream.source(i + 2, close - 1) if kind == ProofSiteKind.REVEAL and close > i + 2 else ""
        _add_site(ctx, scan, kind, i, end, detail)
        scan_range(ctx, scan, i + 2, close - 1, True, loop_id)
        return end + 1

    return handle


def _hatch_call(
    ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None
) -> int | None:
    """`assume(e)`, `admit()`, `builtin::assume_(e)`, or a call through a renamed import of one (`helper(e)`)."""
    stream = ctx.stream
    word = stream.text(i)
    if not stream.is_punct(i + 1, "(") or stream.is_punct(i - 1, "."):
        return None
    hatch = CALL_WORDS.get(word) or ctx.renamed_calls[word]
    close = ctx.group_end(i + 1)
    end = close + 1 if stream.is_punct(close + 1, ";") else close
    first = _path_start(ctx, i)
    written = stream.source(first, i)
    site = cast(ProofSiteKind, hatch.site)  # a call hatch marks a proof site
    _add_site(ctx, scan, site, first, end, "" if written == hatch.name else written)
    scan_range(ctx, scan, i + 2, close - 1, True, loop_id)
    return end + 1


def _calc(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    stream = ctx.stream
    if not (stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "{", "(")) or "calc" in ctx.file_macros():
        return None
    close = ctx.group_end(i + 2)
    _add_site(ctx, scan, ProofSiteKind.CALC, i, close)
    scan_range(ctx, scan, i + 3, close - 1, True, loop_id)
    return close + 1


def _let(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    """`let ghost x = ..;`, `let tracked (a, b) = ..;` inside verus! (a binding named `ghost` is no mode: `let ghost =
    v.pop();`)."""
    stream = ctx.stream
    if not (scan.in_verus and stream.is_keyword(i + 1, "ghost", "tracked")) or stream.is_punct(i + 2, "=", ":", ";"):
        return None
    end = _statement_end(ctx, i, last)
    _add_site(ctx, scan, ProofSiteKind.GHOST_LET, i, end, ctx.stream.text(i + 1))
    scan_range(ctx, scan, i + 2, end, True, loop_id)
    return end + 1


def _broadcast(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    if not ctx.stream.is_ident(i + 1, "use"):
        return None
    end = _statement_end(ctx, i, last)
    _add_site(ctx, scan, ProofSiteKind.BROADCAST_USE, i, end)
    return end + 1


def _nested_fn(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    from verusagent.lens.functions import ItemScope, parse_function

    stream = ctx.stream
    if not (stream.is_ident(i + 1) and stream.is_punct(i + 2, "(", "<")):
        return None
    scope = ItemScope(path=scan.qualified.split("::"), container=f"fn {scan.qualified}", in_verus=scan.in_verus)
    return parse_function(ctx, _nested_item_start(ctx, i), i, last, scope) + 1


def _nested_item_start(ctx: ScanContext, fn_index: int) -> int:
    i = fn_index
    while i > 0 and ctx.stream.text(i - 1) not in _STATEMENT_BOUNDARIES:
        i -= 1
    return i


# ----- loops -----


def _loop(ctx: ScanContext, scan: FunctionScan, i: int, last: int, ghost: bool, loop_id: str | None) -> int | None:
    stream = ctx.stream
    kind = LoopKind(stream.text(i))
    if kind == LoopKind.LOOP and stream.is_punct(i + 1, "|", "||"):
        return None  # `f(x) atomically loop |update| { }` is an atomic-update call, not a loop
    header_first = i + 1
    words = LOOP_CLAUSE_WORDS if scan.in_verus else frozenset()  # outside verus! `while invariant { }` is Rust
    j = header_first if kind == LoopKind.LOOP else _loop_header_end(ctx, header_first, last, kind, words)
    run = read_clauses(ctx, j, last, words, in_statement=True)
    if run.body_open is None:
        return None
    close = ctx.group_end(run.body_open)
    scan.loop_count += 1
    new_id = f"{scan.unit_id}/loop#{scan.loop_count}"
    header = ctx.span(header_first, j - 1) if j > header_first else None
    ctx.loops.append(
        construct(
            Loop,
            id=new_id,
            kind=kind,
            function_id=scan.unit_id,
            parent_id=loop_id,
            span=ctx.span(_label_start(ctx, i), close),
            header=header,
            clauses=run.clauses,
            body=ctx.span(run.body_open, close),
        )
    )
    scan_range(ctx, scan, header_first, j - 1, ghost, loop_id)
    for clause in run.clauses:
        first, last_token = _token_range(ctx, clause.keyword_span.end, clause.span.end)
        scan_range(ctx, scan, first, last_token, True, new_id)
    scan_range(ctx, scan, run.body_open + 1, close - 1, ghost, new_id)
    return close + 1


def _loop_header_end(ctx: ScanContext, i: int, last: int, kind: LoopKind, words: frozenset[str]) -> int:
    """The index of the first loop clause keyword or of the body `{` after a `while`/`for` header. The condition
    (a `for`'s iterator, after its pattern and `in`) is an expression without eager braces, as Rust reads it: a
    `{` after a complete operand is the body, one after an operator or keyword a block of the condition, and an
    `if`/`match` in it takes its own group."""
    stream = ctx.stream
    if kind == LoopKind.FOR:  # the pattern may hold braces: `for Point { x, y } in points {`
        while i <= last and not stream.is_ident(i, "in"):
            i = ctx.group_end(i) + 1
        i += 1
    start, heads = i, 0
    while i <= last:
        if words and _starts_loop_clause(stream, i, start, words) or stream.is_punct(i, ")", "]", "}", ";"):
            return i  # a clause, or the end of the group holding the loop (it has no body there)
        if stream.is_punct(i, "{"):
            if heads:
                heads -= 1
            elif i > start and ends_operand(stream, i - 1):
                return i
        elif stream.kinds[i] == "ident" and stream.texts[i] in BLOCK_HEADS:
            heads += 1
        i = ctx.group_end(i) + 1
    return i


def _starts_loop_clause(stream: TokenStream, i: int, start: int, words: frozenset[str]) -> bool:
    """Whether a clause keyword at i ends the condition. verus_syn parses the condition as an expression first, and
    the keywords are contextual: a word there is a clause only after a complete operand, never as the condition's
    first token (`while decreases < n`), after an operator (`x < ensures`) or as a field or path segment
    (`b.decreases`)."""
    return i > start and stream.is_keyword(i, *words) and ends_operand(stream, i - 1)


def _label_start(ctx: ScanContext, i: int) -> int:
    stream = ctx.stream
    if i >= 3 and stream.is_punct(i - 1, ":") and stream.is_punct(i - 3, "'"):
        return i - 3
    return i


# ----- calls -----


def _is_call(ctx: ScanContext, open_index: int) -> bool:
    stream = ctx.stream
    texts, kinds = stream.texts, stream.kinds
    callee = open_index - 1
    if callee >= 0 and texts[callee] == ">":
        callee = _turbofish_callee(ctx, callee)
    if callee < 0 or kinds[callee] != "ident" or texts[callee] in _NOT_CALLEES or texts[callee][0].isupper():
        return False
    if callee > 0 and texts[callee - 1] == "fn" and kinds[callee - 1] == "ident":
        return False
    return texts[callee + 1] != "!"  # `name!(..)` is a macro; the token after an identifier exists (the `(`)


def _turbofish_callee(ctx: ScanContext, close_angle: int) -> int:
    """The callee of `f::<T>(..)` whose `>` is at close_angle, or -1 (`a > (b)` is a comparison). Generic
    arguments hold no statement or boolean operator and are short: the walk back stops there."""
    texts, match = ctx.stream.texts, ctx.stream.match
    depth = 0
    i = close_angle
    floor = max(close_angle - _TURBOFISH_TOKENS, 0)
    while i >= floor:
        text = texts[i]
        if text in _ANGLE_DEPTH:
            depth += _ANGLE_DEPTH[text]
            if depth <= 0:
                return i - 2 if ctx.stream.is_punct(i - 1, "::") else -1
        elif text in _CLOSERS and match[i] >= 0:
            i = match[i]  # `[T; N]`, `(A, B)`, `{N + 1}` inside the arguments
        elif text in _NOT_IN_GENERICS:
            return -1
        i -= 1
    return -1


def _add_call(ctx: ScanContext, scan: FunctionScan, open_index: int, ghost: bool) -> None:
    stream = ctx.stream
    callee_index = open_index - 1
    if stream.texts[callee_index] == ">":
        callee_index = _turbofish_callee(ctx, callee_index)
    first = _path_start(ctx, callee_index)
    close = stream.close_of(open_index)
    callee = stream.texts[callee_index]
    number = scan.call_counts[callee] = scan.call_counts.get(callee, 0) + 1
    span, starts, end = ctx.lines.span, stream.starts, stream.ends[close]
    path = callee if first == callee_index else "".join(stream.texts[first : callee_index + 1])
    # positional, in field order (id, function_id, callee, path, span, args, is_lemma, in_ghost): the hot path
    call = Call(
        f"{scan.unit_id}/call#{number}:{callee}",
        scan.unit_id,
        callee,
        path,
        span(starts[first], end),
        span(starts[open_index], end),
        False,
        ghost,
    )
    ctx.calls.append(call)


def _path_start(ctx: ScanContext, i: int) -> int:
    """Walk back over `a::b::c` (and one `recv.` for a method call) to the path's first token."""
    texts, kinds = ctx.stream.texts, ctx.stream.kinds
    while i >= 2 and texts[i - 1] == "::" and kinds[i - 2] == "ident":
        i -= 2
    if i >= 2 and texts[i - 1] == "." and kinds[i - 2] == "ident" and not (i >= 3 and texts[i - 3] == "."):
        i -= 2
    return i


_HANDLERS: dict[str, _Handler] = {
    "proof": _proof_block,
    "assert": _assert,
    **dict.fromkeys(CALL_WORDS, _hatch_call),
    "reveal": _simple_site(ProofSiteKind.REVEAL),
    "reveal_with_fuel": _simple_site(ProofSiteKind.REVEAL),
    "hide": _simple_site(ProofSiteKind.REVEAL),
    "calc": _calc,
    "let": _let,
    "broadcast": _broadcast,
    "fn": _nested_fn,
    "while": _loop,
    "loop": _loop,
    "for": _loop,
}
_MARK_WORDS = frozenset({"(", "#", *_HANDLERS})
_VERUS_WORDS = frozenset({"proof", "assert", "calc", "broadcast"}) | REVEALS
