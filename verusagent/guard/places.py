"""Where a hatch call stands in its function, so that an original's hatch licenses nothing elsewhere.

A place is: the headers of the blocks around the call in its function (`if c`, `if c / else`, `Some(x) =>`, a loop
without its clauses, ...), the text before it in its statement (`A =>` of a match arm without braces), every
statement before it that binds or changes a name it reads (`let`, an assignment, `&mut`; in any block, and the names
those statements read in turn), and in an exec function the number of exec tokens before it. Ghost code written
around an original `assume` leaves its place alone; moving it to another block, branch or exec statement, or
binding or assigning its names anew, does not.
"""

from bisect import bisect_left

from verusagent.guard.erase import exec_tokens
from verusagent.guard.source import Source
from verusagent.lens import Function, Mode, TokenStream
from verusagent.lens.keywords import LOOP_CLAUSE_WORDS

_BOUNDARIES = frozenset({";", "{", "}", ","})
_OPENERS = frozenset({"(", "[", "{"})
_CLOSERS = frozenset({")", "]", "}"})

# A call's place: its exec gap (None outside exec code), its blocks' headers and its bindings; () outside a body.
Place = tuple[()] | tuple[int | None, tuple[str, ...], tuple[str, ...]]


def place_of(source: Source, i: int) -> Place:
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


def _bindings(stream: TokenStream, i: int, floor: int) -> tuple[str, ...]:
    """The statements before the call at i (in its function, in any block) that bind or change a name its arguments
    read, and, transitively, the names those statements read: `let y = x + d; assume(p(y))` assumes something else
    once `let d`, an assignment `y = 0;` or a copy `{ let y = ..; }` of the binding changes."""
    texts, kinds = stream.texts, stream.kinds
    close = stream.close_of(i + 1) if stream.is_punct(i + 1, "(") else i
    names = {texts[k] for k in range(i + 2, close) if kinds[k] == "ident"}
    found = []
    j = i - 1
    while j > floor and names:
        if kinds[j] == "ident" and texts[j] in names and _changes(stream, j, floor):
            first, last = _statement_bounds(stream, j, floor, i)
            found.append(" ".join(texts[first : last + 1]))
            names.update(texts[k] for k in range(first, last + 1) if kinds[k] == "ident")
            j = first
        j -= 1
    return tuple(found)


_ASSIGNMENTS = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="})


def _changes(stream: TokenStream, j: int, floor: int) -> bool:
    """Whether the name at j is bound or changed there: in a `let` pattern, assigned (`y = ..`, `y.f += ..`,
    `y[k] = ..`), lent mutably (`&mut y`), or handed to code that may change it: the receiver of a method call
    (`m.tracked_remove(k)`, `let tracked v = m.f.tracked_remove(k);`: `&mut self`) or a whole argument of a call
    (`Map::tracked_remove(m, k)`: a `&mut` reborrows), but for spec code, which changes nothing (inside the
    parentheses of `assert(..)` / `assume(..)`, the value of a `let ghost`)."""
    after = j + 1
    while True:
        if stream.is_punct(after, ".") and stream.is_ident(after + 1):
            after += 2
        elif stream.is_punct(after, "["):
            after = stream.close_of(after) + 1
        else:
            break
    prefix = _prefix_start(stream, j)
    lent = any(stream.is_ident(k, "mut") and stream.is_punct(k - 1, "&") for k in range(prefix, j))
    if stream.is_punct(after, *_ASSIGNMENTS) or lent:
        return True
    first = _statement_start(stream, j, floor)
    handed = (
        (after > j + 1 and stream.is_punct(after, "("))
        or _whole_argument(stream, j, first)
        or _parenthesised_receiver(stream, j, first)
        or _whole_value(stream, j)
    )
    if handed and not _spec_only(stream, j, first):
        return True
    if not stream.is_keyword(first, "let"):
        return False
    return not any(stream.is_punct(k, "=") for k in range(first, j))


def _whole_argument(stream: TokenStream, j: int, first: int) -> bool:
    """Whether the name at j is a whole argument of a call (`f(.., m, ..)`, `T::f(m)`)."""
    if not (stream.is_punct(_prefix_start(stream, j) - 1, "(", ",") and stream.is_punct(j + 1, ",", ")")):
        return False
    opener = _enclosing(stream, j, first)
    return (
        opener is not None
        and stream.is_punct(opener, "(")
        and (stream.is_ident(opener - 1) or stream.is_punct(opener - 1, ">"))
    )


def _parenthesised_receiver(stream: TokenStream, j: int, first: int) -> bool:
    """`(m).f(..)`, `(*m).f`, `(&mut *m).f(..)`: the name inside a group (no call's arguments) used as a receiver."""
    opener = _enclosing(stream, j, first)
    if (
        opener is None
        or not stream.is_punct(opener, "(")
        or stream.is_ident(opener - 1)
        or stream.is_punct(opener - 1, ">")
    ):
        return False
    return stream.is_punct(stream.close_of(opener) + 1, ".")


def _whole_value(stream: TokenStream, j: int) -> bool:
    """`let r = m;`, `let tracked r: &mut T = m;`, `r = &mut *m;`: a move or reborrow of the name, through which
    the value may change later."""
    return stream.is_punct(_prefix_start(stream, j) - 1, "=") and stream.is_punct(j + 1, ";")


def _prefix_start(stream: TokenStream, j: int) -> int:
    """The first token of the borrows and dereferences before the name at j (`&mut *m`, `&&m`, `*m`)."""
    k = j
    while stream.is_punct(k - 1, "&", "*", "&&") or (stream.is_ident(k - 1, "mut") and stream.is_punct(k - 2, "&")):
        k -= 1
    return k


def _spec_only(stream: TokenStream, j: int, first: int) -> bool:
    """Whether the name at j is read by spec code only: inside `assert(..)`/`assume(..)`, or a `let ghost` value."""
    if stream.is_keyword(first, "let") and stream.is_keyword(first + 1, "ghost"):
        return True
    opener = _enclosing(stream, j, first)
    while opener is not None:
        if (
            stream.is_punct(opener, "(")
            and stream.is_keyword(opener - 1, "assert", "assume")
            and not stream.is_punct(opener - 2, ".", "::")
        ):
            return True
        opener = _enclosing(stream, opener, first)
    return False


def _enclosing(stream: TokenStream, j: int, first: int) -> int | None:
    """The index of the bracket opening the group around token j, within the statement from `first`."""
    k = j - 1
    while k >= first:
        if stream.is_punct(k, *_CLOSERS) and stream.match[k] >= first:
            k = stream.match[k] - 1
        elif stream.is_punct(k, *_OPENERS):
            return k
        else:
            k -= 1
    return None


def _statement_start(stream: TokenStream, j: int, floor: int) -> int:
    k = j - 1
    while k > floor and not (stream.texts[k] in _BOUNDARIES - {","} and stream.kinds[k] == "punct"):
        if stream.texts[k] in _CLOSERS and stream.match[k] > floor:
            k = stream.match[k]
        k -= 1
    return k + 1


def _statement_bounds(stream: TokenStream, j: int, floor: int, limit: int) -> tuple[int, int]:
    first = _statement_start(stream, j, floor)
    last = j
    while last < limit and not stream.is_punct(last, ";", *_CLOSERS):
        last = stream.close_of(last) + 1 if stream.is_punct(last, *_OPENERS) else last + 1
    return first, min(last, limit - 1)


def _header(stream: TokenStream, opener: int, floor: int) -> str:
    """The words before a block's `{` in its statement, a loop's clauses left out; an `else` block's names the
    blocks before it (`if a {} else if b {} else {}` gives `if a / else if b / else`)."""
    words = _text_before(stream, opener, floor).split(" ")
    clause = next((k for k, w in enumerate(words) if w in LOOP_CLAUSE_WORDS), len(words))
    header = " ".join(words[:clause])
    start = opener - len(words) if words != [""] else opener
    if header.startswith("else") and stream.is_punct(start - 1, "}") and stream.match[start - 1] > floor:
        return f"{_header(stream, stream.match[start - 1], floor)} / {header}"
    return header


def _text_before(stream: TokenStream, i: int, floor: int) -> str:
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
