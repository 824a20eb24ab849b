"""Which functions a sliced prompt is about: the ones named (`--fn`), else the ones verus reports errors in, else
the ones without proof: a lemma that ensures something with an empty body, a loop without invariants; failing
those, the few functions with a spec and not one proof step (no assert, proof block, lemma call or loop)."""

from verusagent.lens.model import ClauseKind, Function, Mode, ProofSiteKind, SourceModel, function_unit

_PROVABLE = frozenset({Mode.PROOF, Mode.EXEC})
_LOOP_FACTS = frozenset({ClauseKind.INVARIANT, ClauseKind.INVARIANT_EXCEPT_BREAK})
_SPECS = (ClauseKind.REQUIRES, ClauseKind.ENSURES)
_PROOF_STEPS = frozenset(
    {
        ProofSiteKind.ASSERT,
        ProofSiteKind.ASSERT_BY,
        ProofSiteKind.ASSERT_FORALL,
        ProofSiteKind.PROOF_BLOCK,
        ProofSiteKind.REVEAL,
        ProofSiteKind.CALC,
    }
)
MAX_GUESSED = 4  # more functions without any proof step than this: no way to tell which one is meant


def choose_targets(model: SourceModel, named: list[str], error_units: list[str]) -> list[str]:
    """Qualified names of the target functions, in file order."""
    if named:
        return [f.qualified for f in model.functions if {f.id, f.name, f.qualified} & set(named)]
    failing = functions_of_units(model, error_units)
    return failing or unproved_functions(model)


def functions_of_units(model: SourceModel, unit_ids: list[str]) -> list[str]:
    """The functions holding these lens units (`fn:name/loop#1` is in `fn:name`, `sm:M/inductive:tr/call#1:l`
    in `sm:M/inductive:tr`)."""
    ids = {function_unit(unit) for unit in unit_ids if unit}
    return [f.qualified for f in model.functions if f.id in ids]


def unproved_functions(model: SourceModel) -> list[str]:
    candidates = [
        f for f in model.functions if f.in_verus and f.mode in _PROVABLE and f.body is not None and not _is_trusted(f)
    ]
    unproved = [f.qualified for f in candidates if _looks_unproved(model, f)]
    if unproved:
        return unproved
    bare = [f.qualified for f in candidates if _without_proof_steps(model, f)]
    return bare if len(bare) <= MAX_GUESSED else []


def _without_proof_steps(model: SourceModel, function: Function) -> bool:
    if not any(function.clause(kind) for kind in _SPECS):
        return False
    lemma_calls = any(c.is_lemma for c in model.calls_of(function.id))
    steps = any(site.kind in _PROOF_STEPS for site in model.proof_sites_of(function.id))
    return not (steps or model.loops_of(function.id) or lemma_calls)


def _looks_unproved(model: SourceModel, function: Function) -> bool:
    if function.mode == Mode.PROOF and function.clause(ClauseKind.ENSURES) is not None and function.body is not None:
        body = model.slice(function.body)[1:-1]
        if not _code_of(body):
            return True
    loops = model.loops_of(function.id)
    return any(not any(c.kind in _LOOP_FACTS for c in loop.clauses) for loop in loops)


def _is_trusted(function: Function) -> bool:
    return any("external" in a.path for a in function.attributes)


def _code_of(text: str) -> str:
    """The text without `//` comments and whitespace (enough to tell an empty body)."""
    return "".join(line.split("//")[0].strip() for line in text.splitlines())
