"""Section comments (`// <preamble>`, `// <spec>`, `// <code>`, ...) stay where they were.

Vericoding tasks mark their parts with such comment lines, and the benchmark's harness finds the preamble and
spec sections by them. The guard never reads a section's meaning from them (what is a spec, what is exec code
comes from the lens's items, whatever the comments say); it only checks that each marker of the original is still
there, in the same order, at the same place among the original's items: before the same item (new items may come
between), or inside the same function's header or body.
"""

import re
from bisect import bisect_right
from dataclasses import dataclass

from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source

MARKER = re.compile(r"//\s*<[A-Za-z][\w-]*>\s*$")


@dataclass(frozen=True)
class Marker:
    text: str  # the comment, whitespace folded: "// <code>"
    place: str  # "in header fn:f", "in body fn:f", "before fn:g", "before struct S", "at the end"
    start: int
    end: int


def section_violations(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    before = markers(original, _item_names(original))
    if not before:
        return []
    after = markers(candidate, _item_names(original))
    expected, found = [(m.text, m.place) for m in before], [(m.text, m.place) for m in after]
    if found == expected:
        return []
    return [_violation(pair, before, after)]


def markers(source: Source, known: set[str]) -> list[Marker]:
    """The file's section comments, each placed by the original's items (`known`): new items are passed over."""
    items = _items(source, known)
    starts = [start for start, _, _ in items]
    found = []
    for comment in source.stream.comments:
        text = comment.text.strip()
        if comment.text.startswith("//") and MARKER.fullmatch(text) and _alone_on_its_line(source, comment.start):
            found.append(
                Marker(" ".join(text.split()), _place(source, items, starts, comment.start), comment.start, comment.end)
            )
    return found


def _alone_on_its_line(source: Source, start: int) -> bool:
    line_start = source.data.rfind(b"\n", 0, start) + 1
    return not source.data[line_start:start].strip()


def _place(source: Source, items: list[tuple[int, int, str]], starts: list[int], offset: int) -> str:
    names = {name for _, _, name in items}
    holding = [f for f in source.model.functions if f.span.start <= offset < f.span.end and f.id in names]
    if holding:
        function = min(holding, key=lambda f: f.span.end - f.span.start)
        inside = "body" if function.body is not None and offset >= function.body.start else "header"
        return f"in {inside} {function.id}"
    following = bisect_right(starts, offset)
    return f"before {items[following][2]}" if following < len(items) else "at the end"


def _item_names(source: Source) -> set[str]:
    return {name for _, _, name in _items(source, None)}


def _items(source: Source, known: set[str] | None) -> list[tuple[int, int, str]]:
    """(start, end, name) of the functions and named items, by start; with `known`, only those names."""
    model = source.model
    found = [(f.span.start, f.span.end, f.id) for f in model.functions]
    found += [(d.span.start, d.span.end, f"{d.kind} {d.name}") for d in model.definitions if d.name]
    return sorted(item for item in found if known is None or item[2] in known)


def _violation(pair: tuple[Source, Source], before: list[Marker], after: list[Marker]) -> Violation:
    """About the first marker where the two sequences part (a marker added in the candidate counts as a move of
    the original's marker at that place)."""
    original, candidate = pair
    texts = {m.text for m in before}
    added = next((m for m in after if m.text not in texts), None)
    if added is not None:
        reason = (
            f"section comment `{added.text}` added: the task's harness finds its sections by these comments; "
            "keep the original's, and no others"
        )
        return Violation(
            rule=Rule.SECTION_MOVED,
            function=None,
            candidate=candidate.location(added.start, added.end),
            original=None,
            reason=reason,
            evidence=Evidence(original="", candidate=added.text),
        )
    keys = [(m.text, m.place) for m in after]
    first = next((i for i, m in enumerate(before) if i >= len(keys) or keys[i] != (m.text, m.place)), len(before))
    lost = before[min(first, len(before) - 1)]
    moved = next((m for m in after if m.text == lost.text), None)
    how = (
        "removed"
        if moved is None
        else f"moved ({moved.place} now)"
        if moved.place != lost.place
        else "moved among the other section comments"
    )
    reason = (
        f"section comment `{lost.text}` {how}: keep each section comment where it was ({lost.place}); "
        "the task's harness finds its sections by them"
    )
    return Violation(
        rule=Rule.SECTION_MOVED,
        function=None,
        candidate=candidate.location(moved.start, moved.end) if moved else None,
        original=original.location(lost.start, lost.end),
        reason=reason,
        evidence=Evidence(original=lost.text, candidate=moved.text if moved else ""),
    )
