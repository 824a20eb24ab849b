"""What a review prompt shows of the file around its unit: never the whole file.

PLACEHOLDER until the context slicer (``verusagent/context/``) lands: the lead switches ``review_context`` to
the slicer at merge, and nothing else changes (the prompts take its result as ``context``). For now it renders
each unit's enclosing function whole, then the signature and clauses of each function of this file it calls,
bodies elided and the elision marked (spec functions whole: their bodies are the definitions the proof uses).
"""

from verusagent.lens import Function, Mode, SourceModel
from verusagent.review.units import as_block

PLACEHOLDER_NOTE = "// review context (placeholder slice): the enclosing function whole, then what it calls"


def review_context(model: SourceModel, unit_ids: list[str]) -> str:
    enclosing = _enclosing_functions(model, unit_ids)
    shown = {f.id for f in enclosing}
    called = [f for f in _callees(model, enclosing) if f.id not in shown]
    parts = [PLACEHOLDER_NOTE, *(as_block(model, f.span).strip("\n") for f in enclosing)]
    if called:
        parts.append("// called functions: signature and clauses (bodies elided), spec functions whole")
        parts.extend(_declaration(model, f) for f in called)
    return "\n\n".join(parts) + "\n"


def _enclosing_functions(model: SourceModel, unit_ids: list[str]) -> list[Function]:
    found: dict[str, Function] = {}
    for unit_id in unit_ids:
        function = model.function(unit_id.split("/")[0])
        if function is not None:
            found.setdefault(function.id, function)
    return list(found.values())


def _callees(model: SourceModel, functions: list[Function]) -> list[Function]:
    seen: dict[str, Function] = {}
    for function in functions:
        for call in model.calls_of(function.id):
            callee = model.function(call.callee)
            if callee is not None:
                seen.setdefault(callee.id, callee)
    return list(seen.values())


def _declaration(model: SourceModel, function: Function) -> str:
    if function.mode in (Mode.SPEC, Mode.SPEC_CHECKED):
        return as_block(model, function.span).strip("\n")
    lines = [function.signature]
    for clause in function.clauses:
        lines.append("    " + " ".join(model.slice(clause.span).split()))
    elided = "{ /* body elided */ }" if function.body is not None else ";"
    return "\n".join(lines) + "\n" + elided
