"""Escape hatches and outside-file reads, found over the whole text (ghost code included), per kind and unit, each
with its place there.

A hatch of the candidate that the original lacks at its place is a violation: an original `assume` in function A
does not license a new one in B, an item-level one counts per file, and one that moves (another block, another
branch, before or after other exec code) or whose expression changes is new. A call's place is the headers of the
blocks around it in its function (`if c`, `else`, `Some(x) =>`, a loop without its clauses, ...), the text before
it in its statement, the `let` statements that bind the names it uses, and in an exec function the number of exec
tokens before it (ghost code added around it does not move it; exec code does). The lens's item sites give the word-level constructs (`axiom fn`,
`assume_specification`, `include_str!`, ...); calls and attributes are read here straight from the tokens so that
nothing escapes a scanner: an `assume(false)` in a proof block in a loop, `#[verifier(external_body)]`, or
`#[cfg_attr(x, verifier::external_body)]` all count.
"""

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from bisect import bisect_left

from verusagent.lens import Mode
from verusagent.lens.model import DefinitionKind
from verusagent.lens.clauses import LOOP_CLAUSE_WORDS
from verusagent.lens.hatches import CALL_WORDS, ITEM_WORDS, Effect, attribute_hatches, renamed_calls

from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source, spelled_at
from verusagent.guard.tokens import attribute_end_in

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
    place: tuple = field(default=(), compare=False)  # where in its unit (calls): see the module's docstring


def scan_hatches(source: Source) -> list[Found]:
    found = [*_call_hatches(source), *_attribute_hatches(source), *_item_hatches(source)]
    return found + _hatching_macro_calls(source, found)


def _hatching_macro_calls(source: Source, found: list[Found]) -> list[Found]:
    """Invocations of the file's own macros whose definition holds a hatch (`macro_rules! trust { ($e:expr) =>
    { assume($e) } }`): each is that hatch where it is invoked, so the original's invocations license no new one."""
    definitions = [d for d in source.model.definitions if d.kind == DefinitionKind.MACRO_RULES]
    hatching = {d.name for d in definitions if any(d.span.start <= h.start < d.span.end for h in found)}
    if not hatching:
        return []
    stream = source.stream
    calls = []
    for i in spelled_at(stream, hatching):
        if stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "(", "[", "{"):
            site = _found(source, f"{stream.texts[i]}! (its definition holds a hatch)", Rule.ESCAPE_HATCH_ADDED, i,
                          stream.close_of(i + 2))
            calls.append(Found(site.kind, site.rule, site.start, site.end, site.unit, site.text, _place(source, i)))
    return calls


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
        found.append(Found(site.kind, site.rule, site.start, site.end, site.unit, site.text, _place(source, i)))
    return found


_BOUNDARIES = frozenset({";", "{", "}", ","})
_OPENERS = frozenset({"(", "[", "{"})
_CLOSERS = frozenset({")", "]", "}"})


def _place(source: Source, i: int) -> tuple:
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


def _bindings(stream, i: int, floor: int) -> tuple[str, ...]:
    """The `let` statements before the call at i (in its function) that last bind a name its arguments use:
    `let y = x + 1; assume(y > 0)` assumes something else once the `let` changes."""
    close = stream.close_of(i + 1) if stream.is_punct(i + 1, "(") else i
    names = {stream.texts[k] for k in range(i + 2, close) if stream.kinds[k] == "ident"}
    found = []
    for j in range(i - 1, floor, -1):
        if not names:
            break
        if stream.texts[j] == "let" and stream.is_keyword(j):
            end = j
            while end < i and not stream.is_punct(end, ";", "="):
                end = stream.close_of(end) if stream.texts[end] in _OPENERS else end + 1
            bound = names & {stream.texts[k] for k in range(j + 1, end) if stream.kinds[k] == "ident"}
            if bound:
                names -= bound
                found.append(_statement_text(stream, j, i))
    return tuple(found)


def _statement_text(stream, first: int, limit: int) -> str:
    end = first
    while end < limit and not stream.is_punct(end, ";"):
        end = stream.close_of(end) + 1 if stream.texts[end] in _OPENERS and stream.kinds[end] == "punct" else end + 1
    return " ".join(stream.texts[first : end + 1])


def _header(stream, opener: int, floor: int) -> str:
    """The words before a block's `{` in its statement, a loop's clauses left out; an `else` block's names the
    blocks before it (`if a {} else if b {} else {}` gives `if a / else if b / else`)."""
    words = _text_before(stream, opener, floor).split(" ")
    clause = next((k for k, w in enumerate(words) if w in LOOP_CLAUSE_WORDS), len(words))
    header = " ".join(words[:clause])
    start = opener - len(words) if words != [""] else opener
    if header.startswith("else") and stream.is_punct(start - 1, "}") and stream.match[start - 1] > floor:
        return f"{_header(stream, stream.match[start - 1], floor)} / {header}"
    return header


def _text_before(stream, i: int, floor: int) -> str:
    """The tokens of the statement before token i, back to the last `;`, `{`, `}` or `,` at its level."""
    j = i - 1
    while j > floor and not (stream.texts[j] in _BOUNDARIES and stream.kinds[j] == "punct"):
        if stream.texts[j] in _CLOSERS and stream.match[j] > floor:
            j = stream.match[j]
        j -= 1
    return " ".join(stream.texts[j + 1 : i])


def _exec_gap(source: Source, function, offset: int) -> int:
    """How many tokens of the function's exec code come before the offset."""
    from verusagent.guard.erase import exec_tokens  # erase reads attributes, which read the hatch table

    starts = source.derived(("exec_starts", function.id), lambda s: [t.start for t in exec_tokens(s, function)])
    return bisect_left(starts, offset)


def _attribute_hatches(source: Source) -> list[Found]:
    stream = source.stream
    found = []
    for i in spelled_at(stream, ("#",)):
        end = attribute_end_in(stream.texts, stream.kinds, i)
        if end is not None:
            found.extend(_found(source, h.name, _RULES[h.effect], i, end)
                         for h in attribute_hatches(source.stream, i + 1, end - 1))
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
    added = []
    for key, sites in after.items():
        had = before.get(key, [])
        added.extend((hatch, len(had), len(sites), hatch.text in {h.text for h in had})
                     for hatch in _new_sites(had, sites))
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
    found = added_hatches(original.derived("hatches", scan_hatches), candidate.derived("hatches", scan_hatches))
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

