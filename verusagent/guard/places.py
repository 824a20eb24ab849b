"""Where a hatch call stands in its function, so that an original's hatch licenses nothing elsewhere.

A place is: the headers of the blocks around the call in its function (`if c`, `if c / else`, `Some(x) =>`, a loop
without its clauses, ...), the text before it in its statement (`A =>` of a match arm without braces), the `let`
statements that last bind the names it uses, and in an exec function the number of exec tokens before it. Ghost
code written around an original `assume` leaves its place alone; moving it to another block, branch or exec
statement, or binding its names anew, does not.
"""

from bisect import bisect_left

from verusagent.guard.erase import exec_tokens
from verusagent.guard.source import Source
from verusagent.lens import Function, Mode
from verusagent.lens.clauses import LOOP_CLAUSE_WORDS

_BOUNDARIES = frozenset({";", "{", "}", ","})
_OPENERS = frozenset({"(", "[", "{"})
_CLOSERS = frozenset({")", "]", "}"})


def place_of(source: Source, i: int) -> tuple:
    """Where the call at token i stands in its function (see the module's docstring)."""
    function = source.by_id.get(source.unit_at(source.stream.starts[i]) or "")
    if function is None or function.body is None:
        return ()
    stream = source.stream
    floor = source.token_range(function.body.start, function.body.end)[0]
    headers = [_text_before(stream, i, floor)]
    j = i - 1
    while j > floor:
        text = stream.texts[j]
        if text in _CLOSERS and stream.match[j] >= 0:
            j = stream.match[j]
        elif text == "{" and stream.kinds[j] == "punct":
            headers.append(_header(stream, j, floor))
        j -= 1
    gap = _exec_gap(source, function, stream.starts[i]) if function.mode == Mode.EXEC else None
    return gap, tuple(reversed(headers)), _bindings(stream, i, floor)


def _bindings(stream, i: int, floor: int) -> tuple[str, ...]:
    """The `let` statements before the call at i (in its function) that last bind a name its arguments use:
    `let y = x + 1; assume(y > 0)` assumes something else once the `let` changes."""
    close = stream.close_of(i + 1) if stream.is_punct(i + 1, "(") else i
    names = {stream.texts[k] for k in range(i + 2, close) if stream.kinds[k] == "ident"}
    found = []
    for j in range(i - 1, floor, -1):
        if not names:
            break
        if stream.texts[j] == "let" and stream.is_keyword(j):
            end = j
            while end < i and not stream.is_punct(end, ";", "="):
                end = stream.close_of(end) + 1 if stream.is_punct(end, *_OPENERS) else end + 1
            bound = names & {stream.texts[k] for k in range(j + 1, end) if stream.kinds[k] == "ident"}
            if bound:
                names -= bound
                found.append(_statement_text(stream, j, i))
    return tuple(found)


def _statement_text(stream, first: int, limit: int) -> str:
    end = first
    while end < limit and not stream.is_punct(end, ";"):
        end = stream.close_of(end) + 1 if stream.is_punct(end, *_OPENERS) else end + 1
    return " ".join(stream.texts[first : end + 1])


def _header(stream, opener: int, floor: int) -> str:
    """The words before a block's `{` in its statement, a loop's clauses left out; an `else` block's names the
    blocks before it (`if a {} else if b {} else {}` gives `if a / else if b / else`)."""
    words = _text_before(stream, opener, floor).split(" ")
    clause = next((k for k, w in enumerate(words) if w in LOOP_CLAUSE_WORDS), len(words))
    header = " ".join(words[:clause])
    start = opener - len(words) if words != [""] else opener
    if header.startswith("else") and stream.is_punct(start - 1, "}") and stream.match[start - 1] > floor:
        return f"{_header(stream, stream.match[start - 1], floor)} / {header}"
    return header


def _text_before(stream, i: int, floor: int) -> str:
    """The tokens of the statement before token i, back to the last `;`, `{`, `}` or `,` at its level."""
    j = i - 1
    while j > floor and not (stream.texts[j] in _BOUNDARIES and stream.kinds[j] == "punct"):
        if stream.texts[j] in _CLOSERS and stream.match[j] > floor:
            j = stream.match[j]
        j -= 1
    return " ".join(stream.texts[j + 1 : i])


def _exec_gap(source: Source, function: Function, offset: int) -> int:
    """How many tokens of the function's exec code come before the offset."""
    starts = source.derived(("exec_starts", function.id), lambda s: [t.start for t in exec_tokens(s, function)])
    return bisect_left(starts, offset)
