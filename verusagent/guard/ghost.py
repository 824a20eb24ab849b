"""Ghost code inside exec bodies that is not a proof site of the lens: it lives in exec syntax.

- the inside of a `Ghost(..)` / `Tracked(..)` (an argument, a tuple element, a struct field, a pattern): ghost
  mode code, erased by verus before compilation;
- `let [mut] x = Ghost(..);` and `let x: Tracked<T> = Tracked(..);`: an exec binding that holds only ghost data;
- `place = Ghost(..);` (`self.f = Ghost(..)`, `x = Tracked(..)`): the update of a ghost field or variable;
- vstd's proof macros (`assert_seqs_equal!(..)`, `assert_by_contradiction!(..)`, ...), which expand to
  `assert .. by`, unless the file defines a macro of that name itself.

A name bound by such a `let` stands for a ghost value afterwards, and so does a name bound in a tuple pattern to
a `Ghost<T>`/`Tracked<T>` element of a call's result (`let (ok, events) = send(..);` where this file's `send`
returns `(bool, Ghost<Seq<E>>)`). `ghost_names` gives each with the bytes where it is bound, so that
its uses in the rest of that block read as the wrapper they hold (`(ok, events)` as `(ok, Ghost())`, like
`let (ok, Ghost(e)) = send(..);`). So does a name bound where the other text of the pair writes a `Ghost(..)`
pattern in the same statement (`hints`): that pattern type-checks only against a `Ghost<T>`, whatever method the
statement calls.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from verusagent.lens import Token

WRAPPERS = frozenset({"Ghost", "Tracked"})
PROOF_MACROS = frozenset(
    {
        "assert_seqs_equal",
        "assert_sets_equal",
        "assert_maps_equal",
        "assert_imaps_equal",
        "assert_multisets_equal",
        "assert_by_contradiction",
    }
)
_STATEMENT_STARTS = frozenset({";", "{", "}"})


@dataclass(frozen=True)
class GhostLet:
    name: str | None  # the bound name (None for a pattern: `let (a, b) = Ghost(..)`)
    wrapper: str  # "Ghost" or "Tracked"
    index: int  # of its `let` token
    start: int
    end: int  # the byte after its `;`


def wrapper_insides(body: list[Token], raw: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """The byte ranges inside every `Ghost( )` / `Tracked( )`: ghost code whatever it holds. `raw`: the start offsets of
    raw identifiers (`r#Ghost(..)` is no wrapper)."""
    ranges = []
    for i in range(len(body) - 2):
        opener = wrapper_open(body, i, raw)
        if opener is not None:
            close = matching(body, opener)
            if opener > i + 1:  # the turbofish `::<T>` is ghost too
                ranges.append((body[i + 1].start, body[opener].start))
            if close > opener + 1:
                ranges.append((body[opener + 1].start, body[close].start))
    return ranges


def ghost_lets(body: list[Token], raw: frozenset[int] = frozenset()) -> list[GhostLet]:
    """`let [mut] x [: T] = Ghost(..);` / `Tracked(..)` statements."""
    found = []
    for i, token in enumerate(body):
        if token.text != "let" or (i > 0 and body[i - 1].text not in _STATEMENT_STARTS):
            continue
        equals = next_at_depth(body, i, "=")
        opener = wrapper_open(body, equals + 1, raw) if equals is not None else None
        if equals is None or opener is None:
            continue
        close = matching(body, opener)
        if close + 1 < len(body) and body[close + 1].text == ";":
            wrapper = body[equals + 1].text
            found.append(GhostLet(_bound_name(body, i + 1, equals), wrapper, i, token.start, body[close + 1].end))
    return found


def proof_macros(body: list[Token], defined: set[str]) -> list[tuple[int, int]]:
    """`assert_seqs_equal!(..);` and the other vstd proof macros, with their `;` (not those the file defines)."""
    ranges = []
    for i in range(len(body) - 2):
        name = body[i].text
        if name in PROOF_MACROS and name not in defined and body[i + 1].text == "!" and body[i + 2].text in "([{":
            close = matching(body, i + 2)
            last = close + 1 if close + 1 < len(body) and body[close + 1].text == ";" else close
            ranges.append((body[i].start, body[last].end))
    return ranges


def ghost_assignments(body: list[Token], raw: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """`place = Ghost(..);` where place is a path `a.b.c`: the update of a ghost field or variable."""
    ranges = []
    for i, token in enumerate(body):
        if token.kind != "ident" or (i > 0 and body[i - 1].text not in (*_STATEMENT_STARTS, "=>")):
            continue
        j = i + 1
        while j + 1 < len(body) and body[j].text == "." and body[j + 1].kind == "ident":
            j += 2
        opener = wrapper_open(body, j + 1, raw) if j + 1 < len(body) and body[j].text == "=" else None
        if opener is not None:
            close = matching(body, opener)
            last = close + 1 if close + 1 < len(body) and body[close + 1].text == ";" else close
            ranges.append((token.start, body[last].end))
    return ranges


# The wrappers at each element of the tuple a function of that name returns (None where not a wrapper); the flag says
# whether it is called as a method of `self` (`self.send(..)`) rather than by a path (`send(..)`, `Self::send(..)`).
ReturnWrappers = Callable[[str, bool], list[str | None] | None]


@dataclass(frozen=True)
class GhostName:
    """Where a name holds a ghost wrapper: from its binding to the end of the block the binding is in."""

    wrapper: str
    start: int
    end: int


# Per tuple let of a body (`tuple_lets`, in order), the wrapper known to be at each place of its pattern.
Hints = tuple[tuple[str | None, ...], ...]


def ghost_names(
    body: list[Token],
    params: set[str],
    returns: ReturnWrappers,
    raw: frozenset[int] = frozenset(),
    lets: list["TupleLet"] | None = None,
    hints: Hints = (),
) -> dict[str, list[GhostName]]:
    """Names that hold a ghost wrapper (not parameters), each with the places where it does: from the binding to
    the end of its block, but for where a later binding of the same name shadows it (`let x = v[0];`,
    `for x in ..`, a match arm's `Some(x) =>`, a closure's `|x|`): there the name is exec data again. `lets`: the
    body's tuple lets (all of them when None); `hints`: for each, the wrappers the other text's pattern shows."""
    names: dict[str, list[GhostName]] = {}
    lets = tuple_lets(body) if lets is None else lets
    found = [(let.name, let.wrapper, let.index, let.end) for let in ghost_lets(body, raw)]
    found += _tuple_bindings(body, returns, lets, hints)
    rebound = None
    for name, wrapper, index, start in found:
        if name and name not in params:
            rebound = rebound if rebound is not None else _pattern_regions(body)
            shadows = [(first, end) for first, end, region in rebound if name in region and first > index]
            places = _without(start, _block_end(body, index), [(body[first].start, end) for first, end in shadows])
            names.setdefault(name, []).extend(GhostName(wrapper, a, b) for a, b in places)
    return names


def _without(start: int, end: int, holes: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """[start, end) without the byte ranges of holes."""
    places, at = [], start
    for hole_start, hole_end in sorted(holes):
        if hole_start > at:
            places.append((at, min(hole_start, end)))
        at = max(at, hole_end)
    if at < end:
        places.append((at, end))
    return [(a, b) for a, b in places if a < b]


def _pattern_regions(body: list[Token]) -> list[tuple[int, int, set[str]]]:
    """Where names are bound: (index of the binding's first token, byte offset where its scope ends (the end of
    the block holding it, which covers its scope), the names in its pattern). Patterns are those of `let`
    (`if let`, `while let` included), `for .. in`, match arms (`pat =>`) and closure parameters (`|a, b|`); a type
    in a pattern (`let x: T`) counts as names too, which only narrows where a ghost name is read as ghost."""
    regions = []
    for i, token in enumerate(body):
        text = token.text
        if token.kind == "ident" and text in ("let", "for"):
            stop = _pattern_stop(body, i + 1, "=" if text == "let" else "in")
        elif token.kind == "punct" and text == "=>":
            stop, i = i, _arm_start(body, i)
        elif token.kind == "punct" and text == "|" and _opens_closure(body, i):
            stop = next((j for j in range(i + 1, len(body)) if body[j].text == "|"), len(body))
        else:
            continue
        names = {t.text for t in body[i:stop] if t.kind == "ident"}
        regions.append((i, _block_end(body, i), names))
    return regions


def _pattern_stop(body: list[Token], i: int, word: str) -> int:
    """The index of the `=` (or `in`) ending a pattern at i, at its depth; `;` or a block's end if none."""
    depth = 0
    for j in range(i, len(body)):
        text = body[j].text
        if depth == 0 and text in (word, ";"):
            return j
        if body[j].kind == "punct" and text in "([{":
            depth += 1
        elif body[j].kind == "punct" and text in ")]}":
            depth -= 1
            if depth < 0:
                return j
    return len(body)


def _arm_start(body: list[Token], arrow: int) -> int:
    """The first token of the match arm pattern ending at `=>` (after the `{` or `,` before it, at its depth)."""
    depth = 0
    for j in range(arrow - 1, -1, -1):
        text = body[j].text
        if body[j].kind == "punct" and text in ")]}":
            depth += 1
        elif body[j].kind == "punct" and text in "([{":
            if depth == 0:
                return j + 1
            depth -= 1
        elif depth == 0 and text == ",":
            return j + 1
    return 0


# Words after which an expression starts: a `|` there opens a closure's parameters.
_EXPRESSION_WORDS = frozenset({"move", "return", "break", "in", "else", "yield"})
_OPERAND_CLOSERS = frozenset({")", "]", "?", "@", ">", ">>"})


def _opens_closure(body: list[Token], i: int) -> bool:
    """Whether the `|` at i opens a closure: anywhere an expression starts (`&|x| ..`, `f(|x| ..)`, `move |x|`), not
    after an operand, where it is a bitwise or. In doubt (after a block's `}`) it is a closure: its parameters then
    shadow a ghost name, which only narrows what reads as ghost."""
    if i == 0:
        return True
    before = body[i - 1]
    if before.kind == "lit":
        return False
    if before.kind == "ident":
        return before.text in _EXPRESSION_WORDS
    return before.text not in _OPERAND_CLOSERS


def _block_end(body: list[Token], index: int) -> int:
    """The byte offset where the innermost block holding token `index` ends."""
    depth = 0  # groups closed between here and `index`
    for j in range(index - 1, -1, -1):
        token = body[j]
        if token.kind != "punct" or token.text not in ("(", "[", "{", ")", "]", "}"):
            continue
        if token.text in ")]}":
            depth += 1
        elif depth > 0:
            depth -= 1
        elif token.text == "{":
            return body[matching(body, j)].end
    return body[-1].end if body else 0


@dataclass(frozen=True)
class TupleLet:
    """`let (a, b, ..) = value;`: the index of its `let`, of its `=` and of its `;`, and its pattern's elements."""

    index: int
    equals: int
    end: int
    elements: tuple[tuple[Token, ...], ...]


def tuple_lets(body: list[Token], skip: Sequence[tuple[int, int]] = ()) -> list[TupleLet]:
    """The `let (..) = value;` statements of body, in order, but for those starting in a byte range of `skip`."""
    found = []
    for i, token in enumerate(body):
        if token.text != "let" or i + 1 >= len(body) or body[i + 1].text != "(":
            continue
        close = matching(body, i + 1)
        end = next_at_depth(body, close + 2, ";") if close + 1 < len(body) and body[close + 1].text == "=" else None
        if end is not None and not any(a <= token.start < b for a, b in skip):
            elements = tuple(tuple(e) for e in _elements(body, i + 1, close))
            found.append(TupleLet(i, close + 1, end, elements))
    return found


def pattern_wrappers(let: TupleLet, raw: frozenset[int] = frozenset()) -> tuple[str | None, ...]:
    """For each element of the let's pattern, the wrapper it is when it is a whole `Ghost(..)` / `Tracked(..)`
    pattern (as verus! reads one: see `wrapper_open`), else None."""
    shapes = []
    for element in let.elements:
        tokens = list(element)
        opener = wrapper_open(tokens, 0, raw) if tokens else None
        whole = opener is not None and matching(tokens, opener) == len(tokens) - 1
        shapes.append(tokens[0].text if whole else None)
    return tuple(shapes)


def _tuple_bindings(
    body: list[Token], returns: ReturnWrappers, lets: list[TupleLet], hints: Hints
) -> list[tuple[str, str, int, int]]:
    """`let (a, g) = f(..);` where f returns a tuple with a wrapper at g's place, or where the other text's pattern
    is a wrapper there: (g, wrapper, let index, offset)."""
    found = []
    for ordinal, let in enumerate(lets):
        known = _call_result(body, let.equals, returns) or []
        hinted = hints[ordinal] if ordinal < len(hints) else ()
        for k, element in enumerate(let.elements):
            wrapper = (known[k] if k < len(known) else None) or (hinted[k] if k < len(hinted) else None)
            if wrapper and len(element) == 1 and element[0].kind == "ident":
                found.append((element[0].text, wrapper, let.index, element[0].start))
    return found


def _call_result(body: list[Token], equals: int, returns: ReturnWrappers) -> list[str | None] | None:
    """For `= path::f(args);` or `= self.f(args);` at `equals` (the call is the whole value): the wrappers of what f
    returns. A method call on anything but `self` is not read: its receiver's type, unknown here, picks the method."""
    if equals >= len(body) or body[equals].text != "=":
        return None
    open_index = next_at_depth(body, equals + 1, "(")
    if open_index is None or open_index == equals + 1 or body[open_index - 1].kind != "ident":
        return None
    callee = body[equals + 1 : open_index]
    if any(t.kind != "ident" and t.text not in (".", "::") for t in callee):
        return None
    method = any(t.text == "." for t in callee)
    if method and [t.text for t in callee[:-1]] != ["self", "."]:
        return None
    close = matching(body, open_index)
    if close + 1 >= len(body) or body[close + 1].text != ";":
        return None
    return returns(body[open_index - 1].text, method)


def _elements(body: list[Token], open_index: int, close: int) -> list[list[Token]]:
    """The comma-separated elements of the group body[open_index..close] (`mut` dropped)."""
    elements: list[list[Token]] = [[]]
    depth = 0
    for token in body[open_index + 1 : close]:
        if token.kind == "punct":
            depth += (token.text in "([{") - (token.text in ")]}")
            if depth == 0 and token.text == ",":
                elements.append([])
                continue
        if token.text != "mut":
            elements[-1].append(token)
    return elements


def tuple_wrappers(return_type: str | None) -> list[str | None] | None:
    """`(bool, Ghost<Seq<E>>)` -> [None, "Ghost"]; None for a return type that is not a tuple."""
    text = (return_type or "").strip()
    if not (text.startswith("(") and text.endswith(")")):
        return None
    parts, depth, current = [], 0, ""
    for char in text[1:-1]:
        depth += (char in "(<[") - (char in ")>]")
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [next((w for w in WRAPPERS if part.strip().startswith(w + "<")), None) for part in parts]


def _bound_name(body: list[Token], first: int, equals: int) -> str | None:
    """The name of `let [mut] name [: T] =`, or None when the pattern is not a plain name."""
    i = first + 1 if body[first].text == "mut" else first
    if i < equals and body[i].kind == "ident" and (i + 1 == equals or body[i + 1].text == ":"):
        return body[i].text
    return None


def wrapper_open(body: list[Token], i: int, raw: frozenset[int] = frozenset()) -> int | None:
    """If body[i] starts a ghost wrapper as verus! reads one (syntax.rs handle_mode_blocks: a call whose callee is
    the plain identifier `Ghost` or `Tracked`, turbofish allowed, with exactly one argument), the index of its `(`.
    Not `x.Ghost(..)`, `m::Ghost(..)`, a raw `r#Ghost(..)` nor `Ghost(a, b)`: those call whatever `Ghost` names."""
    if not (i + 1 < len(body) and body[i].text in WRAPPERS and body[i].kind == "ident") or body[i].start in raw:
        return None
    if i > 0 and body[i - 1].text in (".", "::"):
        return None
    opener = None
    if body[i + 1].text == "(":
        opener = i + 1
    elif body[i + 1].text == "::" and i + 2 < len(body) and body[i + 2].text == "<":
        after = _angle_end(body, i + 2)
        opener = after if after < len(body) and body[after].text == "(" else None
    return opener if opener is not None and _one_argument(body, opener) else None


def _one_argument(tokens: list[Token], opener: int) -> bool:
    """Whether the group opened at `opener` holds one expression (a trailing comma allowed, as syn's Punctuated):
    commas inside brackets, a turbofish or cast's generic arguments (`::<K, V>`, `as Map<K, V>`) and a closure's
    parameters (`|acc, x| ..`) separate no arguments."""
    close = matching(tokens, opener)
    j = opener + 1
    while j < close:
        token = tokens[j]
        if token.kind == "punct" and token.text in ("(", "[", "{"):
            j = matching(tokens, j)
        elif token.text == "<" and _generic_opener(tokens, j):
            j = _angle_end(tokens, j) - 1
        elif token.text == "|" and (j == opener + 1 or tokens[j - 1].text in (",", "move")):
            j = next((k for k in range(j + 1, close) if tokens[k].text == "|"), close)
        elif token.text == "," and token.kind == "punct" and j + 1 < close:
            return False
        j += 1
    return close > opener + 1


def _generic_opener(tokens: list[Token], j: int) -> bool:
    """A `<` that opens generic arguments in an expression: a turbofish `::<`, or after `as Type`."""
    return tokens[j - 1].text == "::" or (j >= 2 and tokens[j - 1].kind == "ident" and tokens[j - 2].text == "as")


def _angle_end(tokens: list[Token], i: int) -> int:
    """From a `<` at i, the index after its `>` (`>>` closes two)."""
    depth = 0
    for j in range(i, len(tokens)):
        text = tokens[j].text
        depth += text.count("<") if text in ("<", "<<") else 0
        depth -= text.count(">") if text in (">", ">>") else 0
        if depth <= 0:
            return j + 1
        if text in (";", "{", "}"):
            return len(tokens)
    return len(tokens)


def next_at_depth(tokens: list[Token], i: int, text: str) -> int | None:
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


def matching(tokens: list[Token], open_index: int) -> int:
    depth = 0
    for j in range(open_index, len(tokens)):
        if tokens[j].kind == "punct":
            depth += (tokens[j].text in "([{") - (tokens[j].text in ")]}")
        if depth == 0:
            return j
    return len(tokens) - 1
