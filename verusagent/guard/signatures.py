"""Signatures of existing functions: visibility, modifiers, mode, name and generics, parameters, return."""

from verusagent.guard.evidence import function_violation, hunk_violation
from verusagent.guard.report import Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import canonical, differences
from verusagent.lens import Function, Mode, Token

_LEMMA_MODES = frozenset({Mode.PROOF, Mode.AXIOM})


def signature_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    found = _prefix_violations(pair, f, g)
    a_parts, b_parts = _header_parts(pair[0], f), _header_parts(pair[1], g)
    for (what, a), (_, b) in zip(a_parts, b_parts, strict=True):
        hunks = differences(a, b)
        if hunks:
            found.append(hunk_violation(Rule.SPEC_CHANGED, f.id, pair, (a, b), hunks[0], f"{what} of `{f.qualified}`"))
    return found


def _prefix_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    found = []
    for what, before, after in (
        ("mode", str(f.mode), str(g.mode)),
        ("visibility", f.visibility or "private", g.visibility or "private"),
        ("modifiers", _modifiers(f), _modifiers(g)),
        ("place", _place(f), _place(g)),  # outside verus! { } a function is not verified at all
    ):
        if before != after:
            reason = f"{what} of `{f.qualified}` changed: `{before}` → `{after}`"
            found.append(function_violation(Rule.SPEC_CHANGED, pair, (f, g), reason))
    return found


def _place(function: Function) -> str:
    return "inside verus!" if function.in_verus else "outside verus!"


def _modifiers(function: Function) -> str:
    # Making a lemma `broadcast` only offers its (still proved) ensures to more callers.
    ignored = {"broadcast"} if function.mode in _LEMMA_MODES else set()
    kept = [m for m in function.modifiers if m not in ignored]
    return " ".join(kept) or "none"


def _header_parts(source: Source, function: Function) -> list[tuple[str, list[Token]]]:
    """The header cut in three: `fn name<generics>`, the parameters, and what follows (return, where)."""
    header = source.tokens_in(function.header)
    params = source.tokens_in(function.params)
    fn_index = next((i for i, t in enumerate(header) if t.text == "fn" and t.kind == "ident"), 0)
    params_start = function.params.start if params else function.header.end
    name_part = [t for t in header[fn_index:] if t.start < params_start]
    rest = [t for t in header if t.start >= function.params.end] if params else []
    if function.mode in _LEMMA_MODES:
        rest = _without_prover(rest)
    return [
        ("name or generics", _without_final_comma(canonical(name_part))),
        ("parameters", _without_last_parameter_comma(canonical(params))),
        ("return type or where clause", _without_final_comma(canonical(rest))),
    ]


def _without_last_parameter_comma(tokens: list[Token]) -> list[Token]:
    """`(x: T,)` is the parameter list `(x: T)`: a parameter list is never a tuple, whatever its commas."""
    if len(tokens) >= 2 and tokens[-1].text == ")" and tokens[-2].text == "," and tokens[-2].kind == "punct":
        return [*tokens[:-2], tokens[-1]]
    return tokens


def _without_final_comma(tokens: list[Token]) -> list[Token]:
    """A where clause may end with a comma before `requires` or the body."""
    return tokens[:-1] if tokens and tokens[-1].text == "," and tokens[-1].kind == "punct" else tokens


def _without_prover(tokens: list[Token]) -> list[Token]:
    """A lemma's `by (nonlinear_arith)` picks a prover: proof engineering, not the problem."""
    if len(tokens) >= 3 and tokens[0].text == "by" and tokens[1].text == "(":
        close = next((i for i, t in enumerate(tokens) if t.text == ")"), len(tokens) - 1)
        return tokens[close + 1 :]
    return tokens
