"""Item-level statements that hold no problem content: `use` declarations, `broadcast use`, `broadcast group`."""

from verusagent.guard.source import Source
from verusagent.lens import TokenStream

_USE = frozenset({"use"})
_BROADCAST = frozenset({"broadcast"})


def prefix_start(stream: TokenStream, i: int) -> int:
    """Walk back from an item keyword over `pub`, `pub(crate)` and outer attributes."""
    while True:
        if stream.is_ident(i - 1, "pub"):
            i -= 1
        elif stream.is_punct(i - 1, ")") and stream.is_ident(stream.match[i - 1] - 1, "pub"):
            i = stream.match[i - 1] - 1
        elif stream.is_punct(i - 1, "]") and stream.match[i - 1] >= 1 and stream.is_punct(stream.match[i - 1] - 1, "#"):
            i = stream.match[i - 1] - 1
        else:
            return i


def statement_end(stream: TokenStream, i: int) -> int:
    """The index of the `;` that ends the item starting at i (bracket groups skipped)."""
    last = len(stream) - 1
    while i < last and not stream.is_punct(i, ";"):
        i = stream.close_of(i) + 1 if stream.is_punct(i, "(", "[", "{") else i + 1
    return min(i, last)


def use_statements(source: Source) -> list[tuple[int, int]]:
    """Token index ranges [first, last] of `use` and `broadcast use` declarations."""
    return source.derived("use_statements", _use_statements)


def _use_statements(source: Source) -> list[tuple[int, int]]:
    stream = source.stream
    found = []
    for i in source.positions(_USE):
        if stream.is_ident(i):
            keyword = i - 1 if stream.is_ident(i - 1, "broadcast") else i
            found.append((prefix_start(stream, keyword), statement_end(stream, i)))
    return found


def is_broadcast_use(source: Source, first: int, last: int) -> bool:
    """Whether the `use` declaration at tokens [first, last] is a `broadcast use`."""
    stream = source.stream
    keyword = next((i for i in range(first, last + 1) if stream.is_ident(i, "use")), first)
    return stream.is_ident(keyword - 1, "broadcast")


def broadcast_groups(source: Source) -> list[tuple[int, int]]:
    stream = source.stream
    found = []
    for i in source.positions(_BROADCAST):
        if stream.is_ident(i + 1, "group") and stream.is_punct(i + 3, "{"):
            found.append((prefix_start(stream, i), stream.close_of(i + 3)))
    return found


def use_leaves(source: Source, first: int, last: int) -> list[str]:
    """The names a `use` declaration brings into scope, read as its use tree: an alias (`a::b as c` gives `c`), the
    last path segment, the module of a `{self}` (`m::{self}` gives `m`), and for `T as _` the imported item `T` (a
    trait brought in for its methods: it adds names without one). Globs are left out (checked as globs)."""
    stream = source.stream
    start = next((j + 1 for j in range(first, last + 1) if stream.is_keyword(j, "use")), first)
    stop = last if stream.is_punct(last, ";") else last + 1
    leaves: list[str] = []
    _use_tree(stream, start, stop, None, leaves)
    return leaves


def _use_tree(stream: TokenStream, i: int, stop: int, parent: str | None, leaves: list[str]) -> None:
    segment, named = parent, False
    while i < stop:
        if stream.is_punct(i, "{"):
            close = min(stream.close_of(i), stop)
            for first, end in _comma_parts(stream, i + 1, close):
                _use_tree(stream, first, end, segment, leaves)
            return
        if stream.is_punct(i, "*"):
            return
        if stream.is_ident(i, "as") and stream.is_ident(i + 1):
            alias = stream.text(i + 1)
            leaves.extend([segment] if alias == "_" and segment else [alias] if alias != "_" else [])
            return
        if stream.is_ident(i):
            segment, named = (parent if stream.text(i) == "self" else stream.text(i)), True
        i += 1
    if named and segment is not None:
        leaves.append(segment)


def _comma_parts(stream: TokenStream, first: int, stop: int) -> list[tuple[int, int]]:
    """The top-level comma-separated parts of tokens [first, stop)."""
    parts, start, i = [], first, first
    while i < stop:
        if stream.is_punct(i, ","):
            parts.append((start, i))
            start = i + 1
        i = stream.close_of(i) + 1 if stream.is_punct(i, "(", "[", "{") else i + 1
    if start < stop:
        parts.append((start, stop))
    return parts
