"""`guard(original, candidate) -> GuardReport`: every rule over the two versions; pure, and it never raises."""

import traceback

from verusagent.guard.attributes import unknown_verifier_attributes
from verusagent.guard.containers import container_violations
from verusagent.guard.erase import CRATE_NAMES
from verusagent.guard.functions import function_violations
from verusagent.guard.hatches import hatch_violations
from verusagent.guard.items import item_violations
from verusagent.guard.policy import STRICT, GuardPolicy
from verusagent.guard.report import Evidence, GuardReport, Rule, Violation
from verusagent.guard.sections import section_violations
from verusagent.guard.shadowing import shadowing_violations
from verusagent.guard.source import Source, analyse, as_bytes
from verusagent.guard.syntax import syntax_violations
from verusagent.lens import Span
from verusagent.lens.gc_pause import paused_gc

_ADDED_ONLY_RULES = frozenset(
    {Rule.ESCAPE_HATCH_ADDED, Rule.TERMINATION_CHECK_DISABLED, Rule.RLIMIT_UNBOUNDED, Rule.OUTSIDE_READ_ADDED}
)


def guard(
    original: str | bytes,
    candidate: str | bytes,
    policy: GuardPolicy = STRICT,
    *,
    names: frozenset[str] = frozenset(),
    module: str | None = None,
) -> GuardReport:
    """Compare a candidate with the original it was made from. A failure inside the guard is a violation.
    `names`: identifiers spelled outside this file that a new function must not take (a crate's other files).
    `module`: the file's module path in its crate ("" for the crate root, as a single file verus compiles is),
    None when unknown: `crate::` paths are then never read as this file's."""
    try:
        pair = (analyse(as_bytes(original)), analyse(as_bytes(candidate)))
        token = CRATE_NAMES.set(names)
        try:
            with paused_gc():  # the rules make many short-lived objects beside the two large models
                violations, compared = _all_rules(pair, policy, names, _root(module))
        finally:
            CRATE_NAMES.reset(token)
    except Exception as error:  # fail closed: a candidate the guard could not judge is not clean
        return GuardReport(violations=[_internal_error(error, as_bytes(candidate))])
    return _report(violations, compared, policy)


def guard_new_file(candidate: str | bytes, policy: GuardPolicy = STRICT) -> GuardReport:
    """A file with no earlier version: only escape hatches and outside-file reads can be judged."""
    report = guard(b"", candidate, policy)
    kept = [v for v in report.violations if v.rule in _ADDED_ONLY_RULES or v.rule == Rule.GUARD_ERROR]
    return GuardReport(violations=kept, functions_compared=0)


def _root(module: str | None) -> tuple[str, ...] | None:
    return None if module is None else tuple(module.split("::")) if module else ()


def _all_rules(
    pair: tuple[Source, Source], policy: GuardPolicy, names: frozenset[str], root: tuple[str, ...] | None = None
) -> tuple[list[Violation], int]:
    functions, compared = function_violations(pair, policy)
    new = [g for g in pair[1].model.functions if g.id not in pair[0].by_id]
    violations = [
        *syntax_violations(pair),
        *hatch_violations(*pair),
        *functions,
        *container_violations(pair),
        *item_violations(pair),
        *shadowing_violations(pair, new, names, root),
        *unknown_verifier_attributes(pair),
        *section_violations(pair),
    ]
    return violations, compared


def _report(violations: list[Violation], compared: int, policy: GuardPolicy) -> GuardReport:
    for violation in violations:
        violation.severity = policy.severity(violation.rule)
    ordered = sorted(violations, key=lambda v: (v.candidate is None, v.candidate.start if v.candidate else 0))
    return GuardReport(violations=ordered, functions_compared=compared)


def _internal_error(error: Exception, candidate: bytes) -> Violation:
    """The whole candidate is the location and the failure is the evidence: the audit wants both."""
    where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    place = f" at {where.filename.rsplit('/', 1)[-1]}:{where.lineno}" if where else ""
    lines = candidate.count(b"\n") + 1
    return Violation(
        rule=Rule.GUARD_ERROR,
        function=None,
        candidate=Span(start=0, end=len(candidate), line=1, col=1, end_line=lines, end_col=1),
        original=None,
        reason=f"the guard failed ({type(error).__name__}: {error}{place}); the candidate cannot be vouched for",
        evidence=Evidence(original="", candidate=f"{type(error).__name__}: {error}{place}"),
    )
