"""Match the original's functions in the candidate by unit id, compare each pair, and judge new functions.

New `spec fn` / `proof fn` items with bodies are the model's to add. A new exec function is a violation unless the
policy allows it: the exec code is the problem, and a new helper only matters if exec code calls it, which already
changes that code. A bodiless lemma is never a proof: outside a trait it is a trusted axiom, inside one an
obligation of implementors that verus proves for no impl the file lacks, while every caller gets its ensures; so a
new one, or an existing lemma (a trait's default method included) that loses its body, is a violation, and so is a
new bodiless spec fn in a trait (a requirement the trait did not make).
"""

from verusagent.guard.attributes import attribute_violations, new_function_attribute_violations
from verusagent.guard.clauses import clause_violations
from verusagent.guard.erase import exec_tokens
from verusagent.guard.evidence import function_violation
from verusagent.guard.exec_code import exec_violations, spec_body_violations
from verusagent.guard.policy import GuardPolicy
from verusagent.guard.report import Rule, Violation
from verusagent.guard.signatures import signature_violations
from verusagent.guard.source import Source
from verusagent.guard.tokens import texts
from verusagent.lens import Function, Mode


def function_violations(pair: tuple[Source, Source], policy: GuardPolicy) -> tuple[list[Violation], int]:
    """Violations over all functions, and how many of the original's functions were compared."""
    original, candidate = pair
    found: list[Violation] = []
    compared = 0
    for f in original.model.functions:
        g = candidate.by_id.get(f.id)
        if g is None:
            found.append(_deleted(pair, f))
            continue
        compared += 1
        if not _unchanged(pair, f, g):
            found.extend(compare_function(pair, f, g, policy))
    for g in candidate.model.functions:
        if g.id not in original.by_id:
            found.extend(_new_function(pair, g, policy))
    return found, compared


def compare_function(pair: tuple[Source, Source], f: Function, g: Function, policy: GuardPolicy) -> list[Violation]:
    if f.in_macro or g.in_macro:
        return [_in_opaque_macro(pair, g, "changed")]
    return [
        *_lost_proof(pair, f, g),
        *signature_violations(pair, f, g),
        *clause_violations(pair, f, g),
        *attribute_violations(pair, f, g),
        *spec_body_violations(pair, f, g),
        *exec_violations(pair, f, g, policy),
    ]


def _unchanged(pair: tuple[Source, Source], f: Function, g: Function) -> bool:
    """The same bytes in the same place: every rule below reads only the function's own text (most functions of
    a large file are untouched by a proof, so this keeps the guard fast there)."""
    original, candidate = pair
    same_text = original.data[f.span.start : f.span.end] == candidate.data[g.span.start : g.span.end]
    return same_text and f.in_verus == g.in_verus


def _deleted(pair: tuple[Source, Source], f: Function) -> Violation:
    renamed = _renamed_to(pair, f)
    hint = f" (renamed to `{renamed.qualified}`?)" if renamed else ""
    reason = f"{f.mode} fn `{f.qualified}` ({f.id}) is missing from the candidate{hint}"
    return function_violation(Rule.FUNCTION_DELETED, pair, (f, renamed), reason)


def _renamed_to(pair: tuple[Source, Source], f: Function) -> Function | None:
    """A new candidate function of the same mode and same parameters: the likely new name."""
    original, candidate = pair
    params = texts(original.tokens_in(f.params))
    for g in candidate.model.functions:
        if g.id not in original.by_id and g.mode == f.mode and texts(candidate.tokens_in(g.params)) == params:
            return g
    return None


def _in_opaque_macro(pair: tuple[Source, Source], g: Function, what: str) -> Violation:
    """A function written inside `m! { .. }` (a macro other than verus! and the state machine macros): verus sees
    what the macro makes of it (an `#[verifier::external_body]` it adds, a body it drops), which the guard cannot
    read, so it vouches for no change there."""
    reason = (
        f"fn `{g.qualified}` is {what} inside `{g.in_macro}!`, whose expansion the guard cannot read: "
        "write proof outside that macro"
    )
    return function_violation(Rule.ITEM_CHANGED, pair, (None, g), reason)


def _new_function(pair: tuple[Source, Source], g: Function, policy: GuardPolicy) -> list[Violation]:
    if g.in_macro:
        return [_in_opaque_macro(pair, g, "new")]
    attributes = new_function_attribute_violations(pair, g)
    if g.mode == Mode.EXEC and not (policy.allow_new_exec_functions or policy.allow_exec_changes):
        size = len(exec_tokens(pair[1], g))
        reason = f"new exec fn `{g.qualified}` added ({size} tokens of exec code): exec code is not the model's to add"
        return [function_violation(Rule.EXEC_CHANGED, pair, (None, g), reason), *attributes]
    in_trait = (g.container or "").startswith("trait ")
    if g.mode == Mode.PROOF and g.body is None:
        where = (
            "in a trait it is an obligation of implementors that nothing here proves"
            if in_trait
            else "a bodiless lemma is an unproved axiom"
        )
        reason = f"new proof fn `{g.qualified}` has no body: {where}"
        return [function_violation(Rule.ESCAPE_HATCH_ADDED, pair, (None, g), reason), *attributes]
    if in_trait and g.body is None and g.mode in (Mode.SPEC, Mode.SPEC_CHECKED):
        reason = f"new spec fn `{g.qualified}` without a body in a trait: a requirement the trait did not make"
        return [function_violation(Rule.SPEC_CHANGED, pair, (None, g), reason), *attributes]
    return attributes


def _lost_proof(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    """An existing lemma (a trait's default method too) whose body is gone: its ensures are now taken, not proved."""
    if f.mode not in (Mode.PROOF, Mode.AXIOM) or f.body is None or g.body is not None:
        return []
    reason = (
        f"{f.mode} fn `{f.qualified}` lost its body: a bodiless lemma is an axiom (in a trait, an obligation "
        "of implementors that nothing here proves), and its callers still use its ensures"
    )
    return [function_violation(Rule.ESCAPE_HATCH_ADDED, pair, (f, g), reason)]
