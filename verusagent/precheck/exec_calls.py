"""An exec function called from spec or proof code.

verus's mode checker (vir/src/modes.rs) rejects a call of an exec function from a ghost context: "cannot call
function `PATH` with mode exec" (shared/verus-outputs/iss19_mode_error_call_exec_in_spec_2025.txt). Ghost contexts
read here with certainty: the bodies of spec and proof fns, every clause (a function's and a loop's), and the
asserts and proof blocks the lens finds in exec bodies.

Reported only when the callee is certain, as for spec fns called from exec code (ghost_calls.py): a bare call of
a free exec function of the caller's module, the only function and item of that name, never imported or bound in
the caller; and never one verus lets spec code call (`#[verifier::when_used_as_spec]`, `allow_in_spec`, a
`returns` clause, a `const fn`).
"""

from bisect import bisect_left

from verusagent.lens import Function, Mode, SourceModel, TokenStream
from verusagent.lens.model import ClauseKind, ProofSiteKind
from verusagent.precheck.ghost_calls import GhostFunctions, bound_in, friendly_path
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import checked_functions
from verusagent.precheck.render import Message, Place, diagnostic

_SPEC_USABLE = ("when_used_as_spec", "allow_in_spec")
_GHOST_SITES = frozenset(
    {ProofSiteKind.ASSERT, ProofSiteKind.ASSERT_BY, ProofSiteKind.ASSERT_FORALL, ProofSiteKind.PROOF_BLOCK}
)


class ExecFunctions:
    """The free exec functions of a crate whose bare name resolves to them alone, and that spec code may not call."""

    def __init__(self, models: list[SourceModel]):
        unique = GhostFunctions(models, (Mode.EXEC,)).by_name
        self.by_name = {name: f for name, f in unique.items() if not _spec_usable(f)}


def _spec_usable(function: Function) -> bool:
    attributes = any(word in a.path or word in a.text for a in function.attributes for word in _SPEC_USABLE)
    returns = function.clause(ClauseKind.RETURNS) is not None
    return attributes or returns or "const" in function.signature.split("fn")[0].split()


def exec_call_findings(
    place: Place, model: SourceModel, stream: TokenStream, execs: ExecFunctions, crate_name: str
) -> list[PrecheckFinding]:
    found = []
    for function in checked_functions(model):
        for first, stop in _ghost_ranges(model, stream, function):
            for i in range(first, stop):
                callee = _callee(stream, function, i, execs)
                if callee is not None:
                    message = Message(f"cannot call function `{friendly_path(crate_name, callee)}` with mode exec")
                    end = stream.ends[stream.close_of(i + 1)]
                    found.append(
                        PrecheckFinding(
                            rule=PrecheckRule.EXEC_CALL_IN_GHOST,
                            diagnostic=diagnostic(place, stream.starts[i], end, message),
                        )
                    )
    return found


def _ghost_ranges(model: SourceModel, stream: TokenStream, function: Function) -> list[tuple[int, int]]:
    """Token ranges (first, stop) of the function's ghost code: clauses, and the body of a spec or proof fn or
    the asserts and proof blocks of an exec one."""
    spans = [(e.span.start, e.span.end) for c in function.clauses for e in c.exprs]
    body = function.body
    if body is not None and function.mode != Mode.EXEC:
        spans.append((body.start, body.end))
    elif body is not None:
        spans += [
            (p.span.start, p.span.end) for p in model.proof_sites if p.kind in _GHOST_SITES and body.covers(p.span)
        ]
        spans += [(e.span.start, e.span.end) for lp in model.loops_of(function.id) for c in lp.clauses for e in c.exprs]
    return [(bisect_left(stream.starts, a), bisect_left(stream.starts, b)) for a, b in spans]


def _callee(stream: TokenStream, caller: Function, i: int, execs: ExecFunctions) -> Function | None:
    if stream.kinds[i] != "ident" or not stream.is_punct(i + 1, "(") or stream.is_punct(i - 1, ".", "::"):
        return None
    callee = execs.by_name.get(stream.texts[i])
    if callee is None or callee is caller or callee.module != caller.module:
        return None
    return None if bound_in(stream, caller, callee.name) else callee
