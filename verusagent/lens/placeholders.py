"""Functions whose body is left for synthesis to write: `unimplemented!()` / `todo!()` anywhere in the body, or
an exec function with a specification (`requires` or `ensures`) whose body is empty: `{ }`, or only comments
(`{ // TODO: ... }`), as the vericoding benchmarks write their tasks."""

from verusagent.lens.lexer import lex
from verusagent.lens.model import ClauseKind, Function, Mode, SourceModel
from verusagent.lens.span import Span

PLACEHOLDER_MACROS = ("unimplemented!", "todo!")
_SPEC_CLAUSES = frozenset({ClauseKind.REQUIRES, ClauseKind.ENSURES})


def is_placeholder(model: SourceModel, function: Function) -> bool:
    span = function.body
    if span is None:
        return False
    body = model.slice(span)
    return any(macro in body for macro in PLACEHOLDER_MACROS) or _empty_with_spec(model, function, span)


def _empty_with_spec(model: SourceModel, function: Function, body: Span) -> bool:
    if function.mode != Mode.EXEC or function.macro_unit or not any(c.kind in _SPEC_CLAUSES for c in function.clauses):
        return False
    return lex(model.data[body.start : body.end]).texts == ["{", "}"]


def placeholder_functions(model: SourceModel) -> list[Function]:
    return [f for f in model.functions if is_placeholder(model, f)]
