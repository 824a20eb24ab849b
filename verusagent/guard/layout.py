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
    """The names a `use` declaration brings into scope (its aliases, or the last path segments; no globs)."""
    stream = source.stream
    leaves = []
    for j in range(first, last + 1):
        if not stream.is_ident(j) or stream.text(j) in ("self", "use", "pub", "crate", "broadcast", "_"):
            continue
        if stream.is_punct(j + 1, ",", "}", ";") or j == last:
            leaves.append(stream.text(j))
    return leaves
