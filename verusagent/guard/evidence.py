"""Build violations from token runs of the two versions: locations, snippets and a readable change."""

from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import Hunk, readable
from verusagent.lens import Function, Span, Token

NOTHING = "(nothing)"


def located(source: Source, tokens: list[Token], fallback: int) -> Span:
    """Where a run of tokens sits; an empty run (a deletion) is located at `fallback`."""
    return source.tokens_location(tokens, fallback)


def shown(source: Source, tokens: list[Token]) -> str:
    return source.tokens_snippet(tokens) or NOTHING


def change_text(original: Source, before: list[Token], candidate: Source, after: list[Token]) -> str:
    if not after:
        return f"`{shown(original, before)}` removed"
    if not before:
        return f"`{shown(candidate, after)}` added"
    return f"`{shown(original, before)}` → `{shown(candidate, after)}`"


def gap_offset(tokens: list[Token], index: int, default: int) -> int:
    """The byte offset where a deletion at token `index` happened (the start of the next token)."""
    if index < len(tokens):
        return tokens[index].start
    return tokens[-1].end if tokens else default


def hunk_violation(
    rule: Rule,
    function: str | None,
    pair: tuple[Source, Source],
    runs: tuple[list[Token], list[Token]],
    hunk: Hunk,
    what: str,
    suffix: str = "",
) -> Violation:
    """A violation for one difference between two token runs; `what` names the compared part."""
    original, candidate = pair
    a, b = runs
    hunk = readable(hunk, a, b)
    before, after = a[hunk.a_first : hunk.a_stop], b[hunk.b_first : hunk.b_stop]
    return Violation(
        rule=rule,
        function=function,
        candidate=located(candidate, after, gap_offset(b, hunk.b_first, 0)),
        original=located(original, before, gap_offset(a, hunk.a_first, 0)),
        reason=f"{what} changed: {change_text(original, before, candidate, after)}{suffix}",
        evidence=Evidence(original=original.tokens_snippet(before), candidate=candidate.tokens_snippet(after)),
    )


def function_violation(
    rule: Rule, pair: tuple[Source, Source], functions: tuple[Function | None, Function | None], reason: str
) -> Violation:
    """A violation about a whole function, located at its header in each version where it exists."""
    original, candidate = pair
    f, g = functions
    either = f or g
    return Violation(
        rule=rule,
        function=either.id if either else None,
        candidate=candidate.location(g.header.start, g.header.end) if g else None,
        original=original.location(f.header.start, f.header.end) if f else None,
        reason=reason,
        evidence=Evidence(
            original=original.snippet(f.header.start, f.header.end) if f else "",
            candidate=candidate.snippet(g.header.start, g.header.end) if g else "",
        ),
    )
