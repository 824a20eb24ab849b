"""Escape hatches and outside-file reads, counted over the whole text (ghost code included) per kind and unit.

An increase of a count is a violation: an original `assume` in function A does not license a new one in B, and
an item-level one counts per file. The lens's item sites give the word-level constructs (`axiom fn`,
`assume_specification`, `include_str!`, ...); calls and attributes are read here straight from the tokens so that
nothing escapes a scanner: an `assume(false)` in a proof block in a loop, `#[verifier(external_body)]`, or
`#[cfg_attr(x, verifier::external_body)]` all count.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass

from verusagent.lens import ItemSiteKind

from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import attribute_end

# `assume_` is the builtin that verus! turns `assume(e)` into; written directly it is the same hatch.
_CALL_HATCHES = {"assume": "assume", "assume_": "assume", "admit": "admit"}
_ATTRIBUTE_HATCHES = {
    "external_body": Rule.ESCAPE_HATCH_ADDED,
    "external": Rule.ESCAPE_HATCH_ADDED,
    "external_fn_specification": Rule.ESCAPE_HATCH_ADDED,
    "external_type_specification": Rule.ESCAPE_HATCH_ADDED,
    "external_trait_specification": Rule.ESCAPE_HATCH_ADDED,
    "external_trait_extension": Rule.ESCAPE_HATCH_ADDED,
    "assume_termination": Rule.ESCAPE_HATCH_ADDED,
    "externals_available_without_declaration": Rule.ESCAPE_HATCH_ADDED,
    "exec_allows_no_decreases_clause": Rule.TERMINATION_CHECK_DISABLED,
}
_ITEM_SITE_RULES = {
    ItemSiteKind.ASSUME_SPECIFICATION: Rule.ESCAPE_HATCH_ADDED,
    ItemSiteKind.AXIOM_FN: Rule.ESCAPE_HATCH_ADDED,
    ItemSiteKind.INLINE_AIR: Rule.ESCAPE_HATCH_ADDED,
    ItemSiteKind.INCLUDE_MACRO: Rule.OUTSIDE_READ_ADDED,
    ItemSiteKind.ENV_MACRO: Rule.OUTSIDE_READ_ADDED,
    ItemSiteKind.FILE_MODULE: Rule.OUTSIDE_READ_ADDED,
    ItemSiteKind.EXTERN_CRATE: Rule.OUTSIDE_READ_ADDED,
}


@dataclass(frozen=True)
class Hatch:
    kind: str  # "assume", "external_body", "include_str!", "axiom_fn", ...
    rule: Rule
    start: int
    end: int
    unit: str | None  # the innermost function holding it, None at item level
    text: str  # the construct's tokens joined by spaces


def scan_hatches(source: Source) -> list[Hatch]:
    return [*_call_hatches(source), *_attribute_hatches(source), *_item_hatches(source)]


def _call_hatches(source: Source) -> list[Hatch]:
    """Calls of assume/admit, and any other mention of them (`use builtin::assume_ as helper;`,
    `let f = builtin::assume_;`): a renamed escape hatch is still one."""
    stream = source.stream
    found = []
    for i, token in enumerate(stream.tokens):
        if token.text not in _CALL_HATCHES or token.kind != "ident":
            continue
        if stream.is_punct(i - 1, ".") or stream.is_ident(i - 1, "fn"):
            continue  # a method of that name, or a definition
        if stream.is_punct(i + 1, "("):
            close = stream.close_of(i + 1)
            found.append(_hatch(source, _CALL_HATCHES[token.text], Rule.ESCAPE_HATCH_ADDED, i, close))
        else:
            found.append(_hatch(source, f"{_CALL_HATCHES[token.text]} (named, not called)", Rule.ESCAPE_HATCH_ADDED, i, i))
    return found


def _attribute_hatches(source: Source) -> list[Hatch]:
    tokens = source.stream.tokens
    found = []
    for i, token in enumerate(tokens):
        if token.text != "#":
            continue
        end = attribute_end(tokens, i)
        if end is not None:
            found.extend(_hatches_in_attribute(source, i, end))
    return found


def _hatches_in_attribute(source: Source, first: int, last: int) -> list[Hatch]:
    stream = source.stream
    found = []
    for j in range(first + 1, last):
        word = stream.tokens[j].text
        if stream.tokens[j].kind != "ident":
            continue
        if word in _ATTRIBUTE_HATCHES:
            found.append(_hatch(source, word, _ATTRIBUTE_HATCHES[word], first, last))
        elif word == "rlimit" and stream.is_punct(j + 1, "(") and stream.is_ident(j + 2, "infinity"):
            found.append(_hatch(source, "rlimit(infinity)", Rule.RLIMIT_UNBOUNDED, first, last))
        elif word == "path" and stream.is_punct(j + 1, "="):
            found.append(_hatch(source, "#[path]", Rule.OUTSIDE_READ_ADDED, first, last))
    return found


def _item_hatches(source: Source) -> list[Hatch]:
    found = []
    for site in source.model.item_sites:
        rule = _ITEM_SITE_RULES.get(site.kind)
        if rule is None:
            continue  # attributes are read by _attribute_hatches
        kind = _item_kind(site.kind, site.text)
        text = " ".join(site.text.split())
        found.append(Hatch(kind, rule, site.span.start, site.span.end, site.function_id, text))
    return found


def _item_kind(kind: ItemSiteKind, text: str) -> str:
    if kind in (ItemSiteKind.INCLUDE_MACRO, ItemSiteKind.ENV_MACRO):
        return text.split("!", 1)[0].strip() + "!"
    return str(kind)


def _hatch(source: Source, kind: str, rule: Rule, first: int, last: int) -> Hatch:
    tokens = source.stream.tokens
    start, end = tokens[first].start, tokens[last].end
    text = " ".join(t.text for t in tokens[first : last + 1])
    return Hatch(kind, rule, start, end, source.unit_at(start), text)


def _grouped(hatches: list[Hatch]) -> dict[tuple[str, str | None], list[Hatch]]:
    groups: dict[tuple[str, str | None], list[Hatch]] = defaultdict(list)
    for hatch in hatches:
        groups[(hatch.kind, hatch.unit)].append(hatch)
    return groups


def added_hatches(original: list[Hatch], candidate: list[Hatch]) -> list[tuple[Hatch, int, int]]:
    """The candidate's hatches that the original lacks at their (kind, unit): beyond its count, or with another
    text (`assume(x > 0)` become `assume(false)`), each with both counts."""
    before, after = _grouped(original), _grouped(candidate)
    added = []
    for key, sites in after.items():
        had = before.get(key, [])
        added.extend((hatch, len(had), len(sites)) for hatch in _new_sites(had, sites))
    return sorted(added, key=lambda item: item[0].start)


def _new_sites(had: list[Hatch], sites: list[Hatch]) -> list[Hatch]:
    """Sites whose text the original lacks there, and as many more (the last ones) as the count grew beyond."""
    available = Counter(h.text for h in had)
    unmatched = []
    for hatch in sites:
        if available[hatch.text] > 0:
            available[hatch.text] -= 1
        else:
            unmatched.append(hatch)
    extra = len(sites) - len(had) - len(unmatched)
    rest = [h for h in reversed(sites) if h not in unmatched]
    return unmatched + rest[: max(extra, 0)]


def hatch_violations(original: Source, candidate: Source) -> list[Violation]:
    found = added_hatches(original.derived("hatches", scan_hatches), candidate.derived("hatches", scan_hatches))
    return [_violation(original, candidate, hatch, had, has) for hatch, had, has in found]


_LABELS = {Rule.OUTSIDE_READ_ADDED: "outside-file read ", Rule.ESCAPE_HATCH_ADDED: "escape hatch "}


def _violation(original: Source, candidate: Source, hatch: Hatch, had: int, has: int) -> Violation:
    where = f"in `{_unit_name(candidate, hatch.unit)}`" if hatch.unit else "at item level"
    label = f"{_LABELS.get(hatch.rule, '')}`{candidate.snippet(hatch.start, hatch.end)}`"
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


def hatch_words(tokens) -> bool:
    """Whether an attribute's tokens hold an escape-hatch word (counted by this module, not compared elsewhere)."""
    words = {t.text for t in tokens if t.kind == "ident"}
    return bool(words & _ATTRIBUTE_HATCHES.keys()) or {"rlimit", "infinity"} <= words
