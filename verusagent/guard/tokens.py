"""Token sequences: erase byte ranges, drop trigger annotations, and find where two sequences differ."""

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from verusagent.lens import Token

_TRIGGER_WORDS = frozenset({"trigger", "auto"})


@dataclass(frozen=True)
class Hunk:
    """One difference: tokens a[a_first:a_stop] of the original became b[b_first:b_stop] of the candidate."""

    tag: str  # "replace", "delete" or "insert"
    a_first: int
    a_stop: int
    b_first: int
    b_stop: int


def texts(tokens: list[Token]) -> list[str]:
    return [token.text for token in tokens]


def differences(a: list[Token], b: list[Token]) -> list[Hunk]:
    a_texts, b_texts = texts(a), texts(b)
    if a_texts == b_texts:
        return []
    matcher = SequenceMatcher(None, a_texts, b_texts, autojunk=False)
    return [Hunk(tag, i1, i2, j1, j2) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def erase(tokens: list[Token], ranges: list[tuple[int, int]], starts: list[int] | None = None) -> list[Token]:
    """The tokens that start in none of the byte ranges [start, end) (ranges may nest or overlap); `starts` are
    the tokens' start offsets when the caller has them."""
    if not ranges or not tokens:
        return tokens
    starts = starts if starts is not None else [token.start for token in tokens]
    kept: list[Token] = []
    index = 0
    for start, end in _merged(ranges):
        first = bisect_left(starts, start, index)
        kept.extend(tokens[index:first])
        index = max(first, bisect_left(starts, end, first))
    kept.extend(tokens[index:])
    return kept


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def attribute_end(tokens: list[Token], i: int) -> int | None:
    """If tokens[i] starts `#[...]` or `#![...]`, the index of its closing `]`; else None."""
    return attribute_end_in(TokenField(tokens, "text"), TokenField(tokens, "kind"), i)


def attribute_end_in(texts: Sequence[str], kinds: Sequence[str], i: int) -> int | None:
    """`attribute_end` over parallel lists of the tokens' texts and kinds (a TokenStream's)."""
    if texts[i] != "#" or kinds[i] != "punct":
        return None
    open_index = i + 2 if i + 1 < len(texts) and texts[i + 1] == "!" else i + 1
    if open_index >= len(texts) or texts[open_index] != "[":
        return None
    depth = 0
    for j in range(open_index, len(texts)):
        depth += _SQUARE.get(texts[j], 0) if kinds[j] == "punct" else 0
        if depth == 0:
            return j
    return len(texts) - 1


_SQUARE = {"[": 1, "]": -1}


class TokenField(Sequence[str]):
    """One field of each token of a list, read on demand (an attribute is short: making the whole list of texts
    for it would cost more)."""

    def __init__(self, tokens: list[Token], name: str):
        self.tokens, self.name = tokens, name

    def __len__(self) -> int:
        return len(self.tokens)

    def __getitem__(self, j: int) -> str:  # type: ignore[override]  # read by index only, never sliced
        text: str = getattr(self.tokens[j], self.name)
        return text


def drop_triggers(tokens: list[Token]) -> list[Token]:
    """Without `#[trigger]`, `#![trigger e]` and `#![auto]`: triggers guide the solver, not the meaning."""
    if not any(token.text in _TRIGGER_WORDS for token in tokens):
        return tokens
    kept: list[Token] = []
    i = 0
    while i < len(tokens):
        end = attribute_end(tokens, i)
        if end is not None and _first_word(tokens, i, end) in _TRIGGER_WORDS:
            i = end + 1
            continue
        kept.append(tokens[i])
        i += 1
    return kept


def _first_word(tokens: list[Token], first: int, last: int) -> str:
    return next((t.text for t in tokens[first : last + 1] if t.kind == "ident"), "")


# Words after which `(` opens a tuple or a parenthesised expression, not call arguments: there `(x,)` is a 1-tuple.
_NOT_CALLERS = frozenset(
    {
        "return",
        "break",
        "in",
        "match",
        "if",
        "while",
        "for",
        "loop",
        "let",
        "mut",
        "ref",
        "move",
        "box",
        "else",
        "as",
        "impl",
        "dyn",
        "where",
        "by",
        "requires",
        "ensures",
        "recommends",
        "invariant",
        "decreases",
        "returns",
        "forall",
        "exists",
        "choose",
        "implies",
        "is",
        "has",
        "matches",
        "with",
    }
)
_CALL_OPENERS = frozenset({">", ")", "]", "!"})  # `f::<T>(a,)`, `f(a)(b,)`, `v[0](a,)`, `m!(a,)`


@dataclass(slots=True)
class _Group:
    call_like: bool  # `( )` holding call arguments or a tuple-struct's fields
    match_body: bool  # the `{ }` of a `match`
    commas: int = 0  # top-level commas seen
    verbatim: bool = False  # inside a macro invocation's token tree: every token is the macro's input


def canonical(tokens: list[Token]) -> list[Token]:
    """Without the commas that Rust ignores: trailing ones before `]`, `}`, `>` and the `)` of call arguments (a
    tuple's only when it has two or more elements: `(x,)` is a 1-tuple), and the one after a block-like match arm
    (`=> { .. },`); `>>` reads as `> >`. A macro invocation's token tree (`m!(x,)`, `m![a, b,]`) keeps its commas:
    a macro may match them (another arm, another result)."""
    kept: list[Token] = []
    groups: list[_Group] = []
    matches: list[int] = []  # depths at which a `match` waits for its `{`
    for token in _split_shifts(tokens):
        text = token.text if token.kind == "punct" else ""
        verbatim = bool(groups) and groups[-1].verbatim
        if text in ("(", "[", "{"):
            group = _open_group(kept, text, matches, len(groups))
            group.verbatim = verbatim or _after_macro_name(kept)
            groups.append(group)
        elif text == "," and groups:
            groups[-1].commas += 1
        elif text in (")", "]", "}"):
            closed = groups.pop() if groups else None
            while matches and matches[-1] > len(groups):
                matches.pop()
            if closed is not None and closed.verbatim:
                pass
            elif _ends_with_comma(kept) and (text != ")" or closed is None or closed.call_like or closed.commas >= 2):
                kept.pop()
        elif verbatim:
            pass
        elif text == ">" and _ends_with_comma(kept):
            kept.pop()
        elif groups and groups[-1].match_body and _ends_with_comma(kept) and kept[-2].text == "}":
            kept.pop()
        if token.kind == "ident" and token.text == "match":
            matches.append(len(groups))
        kept.append(token)
    return kept


def macro_tree_mask(tokens: list[Token]) -> list[bool]:
    """For each token, whether it lies in a macro invocation's token tree (`m!( .. )`, delimiters included): the
    normal forms of Rust code do not hold there, where the macro reads every token."""
    mask = [False] * len(tokens)
    depth = 0  # groups open inside a token tree
    for k, token in enumerate(tokens):
        opener = token.kind == "punct" and token.text in ("(", "[", "{")
        if depth == 0 and opener and k >= 2 and tokens[k - 1].text == "!" and tokens[k - 2].kind == "ident":
            depth = 1
            mask[k] = True
            continue
        if depth:
            mask[k] = True
            if token.kind == "punct" and token.text in ("(", "[", "{"):
                depth += 1
            elif token.kind == "punct" and token.text in (")", "]", "}"):
                depth -= 1
    return mask


def _after_macro_name(kept: list[Token]) -> bool:
    """Whether a group opened now is a macro invocation's token tree: `name!(`, `name![`, `name!{`."""
    return len(kept) >= 2 and kept[-1].text == "!" and kept[-1].kind == "punct" and kept[-2].kind == "ident"


def _split_shifts(tokens: list[Token]) -> Iterator[Token]:
    """`>>` as `>` `>` (and `<<` as `<` `<`): the tokenizer joins the two closers of `Ghost<Seq<u64>>`, which is
    `Ghost<Seq<u64>, >` without its comma; as a shift operator the split form is not Rust, so nothing is lost."""
    for token in tokens:
        if token.kind == "punct" and token.text in (">>", "<<"):
            half = token.text[0]
            yield Token("punct", half, token.start, token.start + 1)
            yield Token("punct", half, token.start + 1, token.end)
        else:
            yield token


def _open_group(kept: list[Token], text: str, matches: list[int], depth: int) -> _Group:
    match_body = text == "{" and bool(matches) and matches[-1] == depth
    if match_body:
        matches.pop()
    return _Group(call_like=text == "(" and _calls(kept[-1] if kept else None), match_body=match_body)


def _calls(previous: Token | None) -> bool:
    """Whether a `(` after this token opens call arguments (or a tuple struct's fields)."""
    if previous is None:
        return False
    if previous.kind == "ident":
        return previous.text not in _NOT_CALLERS
    return previous.kind == "punct" and previous.text in _CALL_OPENERS


def _ends_with_comma(kept: list[Token]) -> bool:
    return bool(kept) and kept[-1].text == "," and kept[-1].kind == "punct"


def slides(run: list[Token], start: int, stop: int) -> Iterator[tuple[int, int]]:
    """Equivalent positions of a run inserted (or deleted) at [start, stop): slid along equal tokens."""
    yield start, stop
    s, e = start, stop
    while s > 0 and run[s - 1].text == run[e - 1].text:
        s, e = s - 1, e - 1
        yield s, e
    s, e = start, stop
    while e < len(run) and run[s].text == run[e].text:
        s, e = s + 1, e + 1
        yield s, e


def readable(hunk: Hunk, a: list[Token], b: list[Token]) -> Hunk:
    """The same insertion or deletion slid, where possible, to whole statements (`x = 1;`), for the reason text."""
    if hunk.tag == "replace":
        return hunk
    side, first, stop = (b, hunk.b_first, hunk.b_stop) if hunk.tag == "insert" else (a, hunk.a_first, hunk.a_stop)
    for s, e in slides(side, first, stop):
        starts_clean = s == 0 or side[s - 1].text in (";", "{", "}")
        if starts_clean and side[e - 1].text in (";", "}"):
            shift = s - first
            return Hunk(hunk.tag, hunk.a_first + shift, hunk.a_stop + shift, hunk.b_first + shift, hunk.b_stop + shift)
    return hunk
