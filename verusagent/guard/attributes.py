"""Attributes of existing functions: anything added or removed that is neither proof tuning nor an escape hatch.

Escape-hatch attributes (external_body, exec_allows_no_decreases_clause, rlimit(infinity), ...) are counted by
`hatches`; the attributes below only steer the prover. Everything else (`#[cfg(...)]`, `#[verifier::when_used_as_spec]`,
...) can change what is verified, so a change is a violation.
"""

from collections import Counter

from verusagent.guard.evidence import function_violation
from verusagent.guard.hatches import hatch_words
from verusagent.guard.report import Rule, Violation
from verusagent.guard.source import Source
from verusagent.lens import Function

PROOF_TUNING = frozenset(
    {
        "verifier::opaque",
        "verifier::spinoff_prover",
        "verifier::rlimit",
        "verifier::loop_isolation",
        "verifier::truncate",
        "verifier::integer_ring",
        "verifier::nonlinear",
        "verifier::bit_vector",
        "verifier::auto_ext_equal",  # proves `==` goals by extensional equality: the same fact, found more often
        "verifier::memoize",
        "verifier::broadcast_forall",
        "trigger",
        "auto",
        "allow",
        "warn",
        "expect",
        "doc",
        "inline",
        "must_use",
    }
)


def attribute_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    before, after = _guarded(pair[0], f), _guarded(pair[1], g)
    added, removed = after - before, before - after
    found = []
    for text in added.elements():
        reason = f"attribute `{text}` added to `{f.qualified}`"
        found.append(function_violation(Rule.ATTRIBUTE_CHANGED, pair, (f, g), reason))
    for text in removed.elements():
        reason = f"attribute `{text}` removed from `{f.qualified}`"
        found.append(function_violation(Rule.ATTRIBUTE_CHANGED, pair, (f, g), reason))
    return found


def _guarded(source: Source, function: Function) -> Counter:
    """The function's attributes that matter, as whitespace-free texts."""
    kept: Counter = Counter()
    for attribute in function.attributes:
        if attribute.path in PROOF_TUNING or hatch_words(source, attribute.span):
            continue
        kept["".join(t.text for t in source.tokens_in(attribute.span))] += 1
    return kept
