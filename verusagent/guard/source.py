"""One version of a file as the guard reads it: the lens's model, its tokens and position lookups."""

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, count
from typing import Any, TypeVar

from verusagent.lens import Function, SourceModel, Span, Token, TokenStream, parse_shared
from verusagent.lens.positions import LineIndex

_T = TypeVar("_T")

_SNIPPET_CHARS = 240
# The words the guard finds by position (`Source.positions`): one pass over a large file finds them all.
INDEXED = frozenset(
    {"use", "broadcast", "macro_rules", "struct", "enum", "union", "type", "trait", "fn", "const", "static", "as"}
)


@dataclass(eq=False)
class Source:
    data: bytes
    model: SourceModel
    stream: TokenStream
    lines: LineIndex
    starts: list[int] = field(default_factory=list)  # token start offsets, for bisecting
    by_id: dict[str, Function] = field(default_factory=dict)
    # derived data (hatches, remainder, ...): an original is reused a lot
    memo: dict[Hashable, Any] = field(default_factory=dict)

    def derived(self, key: Hashable, compute: "Callable[[Source], _T]") -> _T:
        """compute(self), once per Source and key: the agent guards many candidates against one original."""
        if key not in self.memo:
            self.memo[key] = compute(self)
        value: _T = self.memo[key]
        return value

    def positions(self, texts: frozenset[str]) -> list[int]:
        """Indices of the tokens spelled as one of `texts`, in order (words of INDEXED come from one shared pass)."""
        return self.derived(("positions", texts), lambda s: _positions(s, texts))

    def spelled(self) -> list[str]:
        """Every token's text, in order (shared with the stream: not to be changed)."""
        return self.stream.texts

    def __post_init__(self) -> None:
        self.starts = self.stream.starts  # the tokens' start offsets (shared with the stream)
        self.by_id = {function.id: function for function in self.model.functions}

    def token_range(self, start: int, end: int) -> tuple[int, int]:
        """Indices [first, stop) of the tokens lying within bytes [start, end)."""
        first = bisect_left(self.starts, start)
        stop = bisect_left(self.starts, end)
        ends = self.stream.ends
        while stop > first and ends[stop - 1] > end:
            stop -= 1
        return first, stop

    def tokens_in(self, span: Span | None) -> list[Token]:
        if span is None:
            return []
        first, stop = self.token_range(span.start, span.end)
        return self.stream.token_slice(first, stop)

    def unit_at(self, offset: int) -> str | None:
        """The innermost function holding this byte offset (its span includes its attributes)."""
        spans = self.derived("function_spans", _function_spans)
        index = bisect_right(spans, (offset, float("inf"))) - 1
        while index >= 0:  # function spans nest: the innermost holder starts last
            start, end, unit = spans[index]
            if offset < end:
                return unit
            index -= 1
        return None

    def location(self, start: int, end: int) -> Span:
        return self.lines.span(start, end)

    def snippet(self, start: int, end: int) -> str:
        """The text between two offsets with whitespace folded, shortened to one readable line."""
        text = " ".join(self.data[start:end].decode("utf-8", "replace").split())
        return text if len(text) <= _SNIPPET_CHARS else text[: _SNIPPET_CHARS - 1] + "…"

    def tokens_snippet(self, tokens: list[Token]) -> str:
        return self.snippet(tokens[0].start, tokens[-1].end) if tokens else ""

    def tokens_location(self, tokens: list[Token], fallback: int = 0) -> Span:
        if not tokens:
            return self.location(fallback, fallback)
        return self.location(tokens[0].start, tokens[-1].end)


def _positions(source: Source, texts: frozenset[str]) -> list[int]:
    if texts <= INDEXED:
        return [i for i, text in source.derived("indexed", _indexed) if text in texts]
    return list(compress(count(), map(texts.__contains__, source.spelled())))


def spelled_at(stream: TokenStream, words: Collection[str]) -> list[int]:
    """Indices of the tokens spelled as one of `words`, in order. Found from where each word occurs in the bytes (a
    token starts where its text does), not by a pass over every token: for words that are rare in a file."""
    data, starts, texts = stream.data, stream.starts, stream.texts
    found = set()
    for word in words:
        needle = word.encode()
        at = data.find(needle)
        while at >= 0:
            start = at - 2 if stream.raw and data[at - 2 : at] == b"r#" else at  # `r#admit` is `admit`
            i = bisect_left(starts, start)
            if i < len(starts) and starts[i] == start and texts[i] == word:
                found.add(i)
            at = data.find(needle, at + 1)
    if stream.normalized:  # identifiers spelled otherwise in the bytes (`\u212amax` is `Kmax`)
        found.update(i for i in stream.normalized if texts[i] in words)
    return sorted(found)


def _indexed(source: Source) -> list[tuple[int, str]]:
    texts = source.spelled()
    return [(i, texts[i]) for i in compress(count(), map(INDEXED.__contains__, texts))]


def _function_spans(source: Source) -> list[tuple[int, int, str]]:
    return sorted((f.span.start, f.span.end, f.id) for f in source.model.functions)


def as_bytes(text: str | bytes) -> bytes:
    return text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)


@lru_cache(maxsize=64)
def analyse(data: bytes) -> Source:
    """Parse once per distinct text: the agent guards many candidates against the same original."""
    model, stream = parse_shared(data)
    lines = stream.lines if isinstance(stream.lines, LineIndex) else LineIndex(data)
    return Source(data=data, model=model, stream=stream, lines=lines)
