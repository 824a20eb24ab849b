"""Parse problems the candidate has and the original had not: the comparison cannot vouch for such a text."""

from collections import Counter

from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source


def syntax_violations(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    available = Counter(p.message for p in original.model.problems)
    new = []
    for problem in candidate.model.problems:
        if available[problem.message] > 0:
            available[problem.message] -= 1
        else:
            new.append(problem)
    if not new:
        return []
    first = new[0]
    more = f" (+{len(new) - 1} more)" if len(new) > 1 else ""
    location = candidate.location(first.span.start, first.span.end) if first.span else None
    snippet = candidate.snippet(first.span.start, max(first.span.end, first.span.start + 40)) if first.span else ""
    return [
        Violation(
            rule=Rule.CANDIDATE_UNPARSABLE,
            function=candidate.unit_at(first.span.start) if first.span else None,
            candidate=location,
            original=None,
            reason=f"candidate does not parse cleanly: {first.message}{more}",
            evidence=Evidence(original="", candidate=snippet),
        )
    ]
