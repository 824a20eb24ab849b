"""Function clauses of existing functions (requires, ensures, recommends, decreases, ...), expression by expression.

Expressions are compared as token sequences with trigger annotations dropped, so formatting, comments and
triggers do not matter. A `decreases` that an exec or proof function gains where the original had none is
allowed: verus checks it, and the corpus's ground truths predate the requirement; a lemma's may change freely.
"""

from difflib import SequenceMatcher

from verusagent.guard.evidence import function_violation, located, shown
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import canonical, drop_triggers, texts
from verusagent.lens import ClauseKind, Function, Mode, Token
from verusagent.lens.model import FUNCTION_CLAUSES

_ORDER = [kind for kind in ClauseKind if kind in FUNCTION_CLAUSES]
_DECREASES_MAY_BE_ADDED = frozenset({Mode.EXEC, Mode.PROOF})

Exprs = list[list[Token]]


def clause_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    found: list[Violation] = []
    for kind in _ORDER:
        a, b = _exprs(pair[0], f, kind), _exprs(pair[1], g, kind)
        if kind == ClauseKind.DECREASES and (not a and f.mode in _DECREASES_MAY_BE_ADDED or _lemmas(f, g)):
            continue
        found.extend(_compare(pair, (f, g), kind, (a, b)))
    return found


def _lemmas(f: Function, g: Function) -> bool:
    """A lemma's `decreases` may change: verus checks the lemma's termination with whichever it has."""
    return f.mode == Mode.PROOF and g.mode == Mode.PROOF


def _exprs(source: Source, function: Function, kind: ClauseKind) -> Exprs:
    exprs: Exprs = []
    for clause in function.clauses:
        if clause.kind == kind:
            exprs.extend(canonical(drop_triggers(source.tokens_in(expr.span))) for expr in clause.exprs)
    return [e for e in exprs if e]


def _compare(
    pair: tuple[Source, Source], functions: tuple[Function, Function], kind: ClauseKind, runs: tuple[Exprs, Exprs]
) -> list[Violation]:
    a, b = runs
    f = functions[0]
    if [texts(e) for e in a] == [texts(e) for e in b]:
        return []
    if not b:
        listed = "; ".join(f"`{shown(pair[0], e)}`" for e in a)
        return [function_violation(Rule.SPEC_CHANGED, pair, functions, f"{kind} of `{f.qualified}` deleted: {listed}")]
    matcher = SequenceMatcher(None, [tuple(texts(e)) for e in a], [tuple(texts(e)) for e in b], autojunk=False)
    found = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            found.extend(_opcode_violations(pair, functions, kind, runs, (i1, i2, j1, j2)))
    return found


def _opcode_violations(
    pair: tuple[Source, Source],
    functions: tuple[Function, Function],
    kind: ClauseKind,
    runs: tuple[Exprs, Exprs],
    bounds: tuple[int, int, int, int],
) -> list[Violation]:
    """Pair up replaced expressions; the rest are deletions or additions."""
    a, b = runs
    i1, i2, j1, j2 = bounds
    found = []
    for offset in range(max(i2 - i1, j2 - j1)):
        i, j = i1 + offset, j1 + offset
        before = a[i] if i < i2 else None
        after = b[j] if j < j2 else None
        found.append(_expr_violation(pair, functions, kind, (before, after), (i, j, a, b)))
    return found


def _expr_violation(
    pair: tuple[Source, Source],
    functions: tuple[Function, Function],
    kind: ClauseKind,
    exprs: tuple[list[Token] | None, list[Token] | None],
    places: tuple[int, int, Exprs, Exprs],
) -> Violation:
    original, candidate = pair
    f, g = functions
    before, after = exprs
    i, j, a, b = places
    name = f"`{f.qualified}`"
    if before is not None and after is not None:
        reason = f"{kind} clause {i + 1} of {name} changed: `{shown(original, before)}` → `{shown(candidate, after)}`"
    elif before is not None:
        reason = f"{kind} clause {i + 1} of {name} deleted: `{shown(original, before)}`"
    else:  # an opcode pairs at least one side: here the added `after`
        reason = f"{kind} clause {j + 1} added to {name}: `{shown(candidate, after)}`"  # type: ignore[arg-type]
    return Violation(
        rule=Rule.SPEC_CHANGED,
        function=f.id,
        candidate=located(candidate, after or [], _near(b, j, g.header.end)),
        original=located(original, before or [], _near(a, i, f.header.end)),
        reason=reason,
        evidence=Evidence(
            original=original.tokens_snippet(before or []), candidate=candidate.tokens_snippet(after or [])
        ),
    )


def _near(exprs: Exprs, index: int, default: int) -> int:
    if index < len(exprs):
        return exprs[index][0].start
    return exprs[-1][-1].end if exprs else default
