"""Escape hatches and outside-file reads, found over the whole text (ghost code included), per kind and unit, each
with its place there (`places`).

A hatch of the candidate that the original lacks at its place is a violation: an original `assume` in function A
does not license a new one in B, an item-level one counts per file, and one that moves (another block, another
branch, before or after other exec code) or whose expression changes is new. The lens's item sites give the
word-level constructs (`axiom fn`,
`assume_specification`, `include_str!`, ...); calls and attributes are read here straight from the tokens so that
nothing escapes a scanner: an `assume(false)` in a proof block in a loop, `#[verifier(external_body)]`, or
`#[cfg_attr(x, verifier::external_body)]` all count.
"""

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from verusagent.guard.erase import CRATE_NAMES
from verusagent.guard.places import Place, place_of
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source, spelled_at
from verusagent.guard.tokens import attribute_end_in
from verusagent.lens.hatches import CALL_WORDS, ITEM_WORDS, Effect, attribute_hatches, renamed_calls

_RULES = {
    Effect.TRUSTED: Rule.ESCAPE_HATCH_ADDED,
    Effect.NO_TERMINATION: Rule.TERMINATION_CHECK_DISABLED,
    Effect.UNBOUNDED_SOLVER: Rule.RLIMIT_UNBOUNDED,
    Effect.OUTSIDE_READ: Rule.OUTSIDE_READ_ADDED,
}
_LEADING_WORD = re.compile(r"(?:r#)?([A-Za-z_]\w*)")  # of an item site: `axiom`, `include_str`, `r#env`, ...


@dataclass(frozen=True)
class Found:
    """One hatch in one version of the file."""

    kind: str  # "assume", "external_body", "include_str!", "axiom_fn", ...
    rule: Rule
    start: int
    end: int
    unit: str | None  # the innermost function holding it, None at item level
    text: str  # the construct's tokens joined by spaces
    place: Place = field(default=(), compare=False)  # where in its unit (calls): `places.place_of`


def scan_hatches(source: Source) -> list[Found]:
    found = [*_call_hatches(source), *_attribute_hatches(source), *_item_hatches(source)]
    return found + _hatching_macro_calls(source, found)


def _hatching_macro_calls(source: Source, found: list[Found]) -> list[Found]:
    """Invocations of the file's own macros whose definition holds a hatch (`macro_rules! trust { ($e:expr) =>
    { assume($e) } }`), at item level or inside a function's body: each is that hatch where it is invoked, so the
    original's invocations license no new one."""
    hatching = {name for name, start, end in _macro_definitions(source) if any(start <= h.start < end for h in found)}
    if not hatching:
        return []
    stream = source.stream
    calls = []
    for i in spelled_at(stream, hatching):
        if stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
            site = _found(
                source,
                f"{stream.texts[i]}! (its definition holds a hatch)",
                Rule.ESCAPE_HATCH_ADDED,
                i,
                stream.close_of(i + 2),
            )
            calls.append(Found(site.kind, site.rule, site.start, site.end, site.unit, site.text, place_of(source, i)))
    return calls


def _macro_definitions(source: Source) -> list[tuple[str, int, int]]:
    """Every `macro_rules! name { .. }` of the file, wherever it stands: (name, start, end) byte offsets."""
    stream = source.stream
    found = []
    for i in spelled_at(stream, ("macro_rules",)):
        if stream.is_punct(i + 1, "!") and stream.is_ident(i + 2) and stream.is_punct(i + 3, "(", "[", "{"):
            found.append((stream.texts[i + 2], stream.starts[i], stream.ends[stream.close_of(i + 3)]))
    return found


def _call_hatches(source: Source) -> list[Found]:
    """Calls of assume/admit, any other mention of them (`use builtin::assume_ as helper;`,
    `let f = builtin::assume_;`): a renamed escape hatch is still one; and calls through such a renamed import."""
    stream = source.stream
    renamed = source.derived("renamed", lambda s: renamed_calls(s.stream))
    texts = stream.texts
    found = []
    for i in spelled_at(stream, CALL_WORDS.keys() | renamed.keys()):
        text = texts[i]
        hatch = CALL_WORDS.get(text) or renamed.get(text)
        if hatch is None or stream.kinds[i] != "ident" or stream.is_punct(i - 1, ".") or stream.is_ident(i - 1, "fn"):
            continue  # not a hatch, a method of that name, or a definition
        if stream.is_punct(i + 1, "("):
            site = _found(source, hatch.name, _RULES[hatch.effect], i, stream.close_of(i + 1))
        elif text in CALL_WORDS:
            site = _found(source, f"{hatch.name} (named, not called)", _RULES[hatch.effect], i, i)
        else:
            continue
        found.append(Found(site.kind, site.rule, site.start, site.end, site.unit, site.text, place_of(source, i)))
    return found


def _attribute_hatches(source: Source) -> list[Found]:
    stream = source.stream
    found: list[Found] = []
    for i in spelled_at(stream, ("#",)):
        end = attribute_end_in(stream.texts, stream.kinds, i)
        if end is not None:
            found.extend(
                _found(source, h.name, _RULES[h.effect], i, end)
                for h in attribute_hatches(source.stream, i + 1, end - 1)
            )
    return found


def _item_hatches(source: Source) -> list[Found]:
    found = []
    for site in source.model.item_sites:
        word = _LEADING_WORD.match(site.text)
        hatch = ITEM_WORDS.get(word.group(1)) if word else None
        if hatch is None or hatch.site != site.kind:
            continue  # attributes are read by _attribute_hatches
        text = " ".join(site.text.split())
        found.append(Found(hatch.name, _RULES[hatch.effect], site.span.start, site.span.end, site.function_id, text))
    return found


def _found(source: Source, kind: str, rule: Rule, first: int, last: int) -> Found:
    stream = source.stream
    start, end = stream.starts[first], stream.ends[last]
    text = " ".join(stream.texts[first : last + 1])
    return Found(kind, rule, start, end, source.unit_at(start), text)


def _grouped(hatches: list[Found]) -> dict[tuple[str, str | None], list[Found]]:
    groups: dict[tuple[str, str | None], list[Found]] = defaultdict(list)
    for hatch in hatches:
        groups[(hatch.kind, hatch.unit)].append(hatch)
    return groups


def added_hatches(original: list[Found], candidate: list[Found]) -> list[tuple[Found, int, int, bool]]:
    """The candidate's hatches that the original lacks at their (kind, unit) and place: beyond its count, with
    another text (`assume(x > 0)` become `assume(false)`) or elsewhere, each with both counts and whether the
    original has that text elsewhere in the unit (it moved)."""
    before, after = _grouped(original), _grouped(candidate)
    added: list[tuple[Found, int, int, bool]] = []
    for key, sites in after.items():
        had = before.get(key, [])
        added.extend(
            (hatch, len(had), len(sites), hatch.text in {h.text for h in had}) for hatch in _new_sites(had, sites)
        )
    return sorted(added, key=lambda item: item[0].start)


def _new_sites(had: list[Found], sites: list[Found]) -> list[Found]:
    """Sites whose text the original lacks at their place, and as many more (the last ones) as the count grew
    beyond."""
    available = Counter((h.text, h.place) for h in had)
    unmatched = []
    for hatch in sites:
        if available[(hatch.text, hatch.place)] > 0:
            available[(hatch.text, hatch.place)] -= 1
        else:
            unmatched.append(hatch)
    extra = len(sites) - len(had) - len(unmatched)
    rest = [h for h in reversed(sites) if h not in unmatched]
    return unmatched + rest[: max(extra, 0)]


def hatch_violations(original: Source, candidate: Source) -> list[Violation]:
    key = ("hatches", CRATE_NAMES.get())  # a place's exec position depends on what the crate's names make exec code
    found = added_hatches(original.derived(key, scan_hatches), candidate.derived(key, scan_hatches))
    return [_violation(original, candidate, hatch, (had, has), moved) for hatch, had, has, moved in found]


_LABELS = {Rule.OUTSIDE_READ_ADDED: "outside-file read ", Rule.ESCAPE_HATCH_ADDED: "escape hatch "}


def _violation(original: Source, candidate: Source, hatch: Found, counts: tuple[int, int], moved: bool) -> Violation:
    had, has = counts
    where = f"in `{_unit_name(candidate, hatch.unit)}`" if hatch.unit else "at item level"
    label = f"{_LABELS.get(hatch.rule, '')}`{candidate.snippet(hatch.start, hatch.end)}`"
    if moved and has <= had:
        change = "moved (the original has it at another place: another block, branch or statement)"
    else:
        change = "added" if has > had else "is new (the original's differ)"
    reason = f"{label} {change} {where} ({hatch.kind}: {had} in the original there, {has} in the candidate)"
    context = original.by_id.get(hatch.unit) if hatch.unit else None  # the same function in the original
    return Violation(
        rule=hatch.rule,
        function=hatch.unit,
        candidate=candidate.location(hatch.start, hatch.end),
        original=original.location(context.header.start, context.header.end) if context else None,
        reason=reason,
        evidence=Evidence(
            original=original.snippet(context.header.start, context.header.end) if context else "",
            candidate=candidate.snippet(hatch.start, hatch.end),
        ),
    )


def _unit_name(source: Source, unit: str | None) -> str:
    function = source.by_id.get(unit) if unit else None
    return function.qualified if function else str(unit)
