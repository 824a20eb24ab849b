"""New names that would change what the original's code refers to.

Rust lets a local item or an explicit import shadow a glob import (`use vstd::prelude::*`), so a new
`spec fn is_sorted` or `use my::weaker as is_sorted;` could change a spec without touching its tokens. A new spec
fn is suspect when the original calls its name without defining it (a new lemma cannot stand in for a spec or
exec function, and a new exec fn is reported anyway); a new non-glob import when its name appears in the original
and the original neither imported nor defined it.
"""

from verusagent.guard.evidence import function_violation
from verusagent.guard.exec_code import SPEC_MODES
from verusagent.guard.layout import use_leaves, use_statements
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source


def shadowing_violations(pair: tuple[Source, Source]) -> list[Violation]:
    return [*_shadowing_functions(pair), *_shadowing_imports(pair)]


def _shadowing_functions(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    defined = {f.name for f in original.model.functions}
    plain = {c.callee for c in original.model.calls if c.path == c.callee}
    qualified = {c.callee for c in original.model.calls if c.path != c.callee}
    found = []
    for g in candidate.model.functions:
        if g.id in original.by_id or g.name in defined or g.mode not in SPEC_MODES:
            continue
        in_impl = (g.container or "").startswith("impl")
        if g.name in (qualified if in_impl else plain):
            reason = f"new fn `{g.qualified}` shadows `{g.name}`, which the original calls without defining it"
            found.append(function_violation(Rule.NAME_SHADOWED, pair, (None, g), reason))
    return found


def _shadowing_imports(pair: tuple[Source, Source]) -> list[Violation]:
    original, candidate = pair
    known = {leaf for first, last in use_statements(original) for leaf in use_leaves(original, first, last)}
    known |= {f.name for f in original.model.functions}
    used = original.derived("used", lambda s: set(s.spelled()))  # every token's text; the leaves are names
    found = []
    for first, last in use_statements(candidate):
        for leaf in use_leaves(candidate, first, last):
            if leaf in used and leaf not in known:
                found.append(_import_violation(candidate, first, last, leaf))
    return found


def _import_violation(candidate: Source, first: int, last: int, leaf: str) -> Violation:
    tokens = candidate.stream.token_slice(first, last + 1)
    return Violation(
        rule=Rule.NAME_SHADOWED,
        function=None,
        candidate=candidate.tokens_location(tokens),
        original=None,
        reason=f"new import of `{leaf}` may shadow the `{leaf}` that the original's code refers to",
        evidence=Evidence(original="", candidate=candidate.tokens_snippet(tokens)),
    )
