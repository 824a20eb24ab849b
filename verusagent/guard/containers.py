"""The impl or trait block around each function is part of what the function means: its generics, bounds, trait and
self type. A function moved, unchanged, into another `impl` of the same type (`impl<T: Small> W<T>` for
`impl<T: Tag> W<T>`, `impl W<Five>` for `impl<T> W<T>`) keeps its bytes and its unit id, but verus checks it for
fewer types; so each function's enclosing block header must stay the same."""

from bisect import bisect_right

from verusagent.guard.evidence import function_violation
from verusagent.guard.report import Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import canonical, texts
from verusagent.lens.model import DefinitionKind

_BLOCKS = frozenset({DefinitionKind.IMPL, DefinitionKind.TRAIT})


def container_violations(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    before, after = original.derived("containers", _containers), candidate.derived("containers", _containers)
    if before == after:
        return []
    found = []
    for unit, header in before.items():
        moved = after.get(unit, header)
        if moved != header:
            f, g = original.by_id[unit], candidate.by_id[unit]
            reason = (
                f"`{f.qualified}` moved from the block `{' '.join(header) or 'at item level'}` to "
                f"`{' '.join(moved) or 'item level'}`: a function is checked for the types and bounds of its "
                "impl, so it must stay in its block"
            )
            found.append(function_violation(Rule.SPEC_CHANGED, pair, (f, g), reason))
    return found


def _containers(source: Source) -> dict[str, tuple[str, ...]]:
    """Each function's id and the header of the innermost impl or trait block holding it (() for none)."""
    blocks = sorted(
        (d.body.start, d.body.end, d.span.start)
        for d in source.model.definitions
        if d.kind in _BLOCKS and d.body is not None
    )
    starts = [start for start, _, _ in blocks]
    headers: dict[int, tuple[str, ...]] = {}
    found: dict[str, tuple[str, ...]] = {}
    for function in source.model.functions:
        index = bisect_right(starts, function.span.start) - 1
        while index >= 0 and blocks[index][1] < function.span.end:
            index -= 1
        if index < 0:
            found[function.id] = ()
            continue
        body, _, header_start = blocks[index]
        if index not in headers:
            headers[index] = tuple(texts(canonical(source.tokens_in(source.location(header_start, body)))))
        found[function.id] = headers[index]
    return found
