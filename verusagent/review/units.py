"""The units a review looks at: what a candidate changed against its parent, located by the lens, cheapest first.

Four kinds, in this order (the review stops at the first unit whose score the screening rejects): lemma calls (the
call, the callee's ``requires``, the facts in scope), loops (the loop with its invariants and the code before
it), whole functions (ensures against body), then new lemmas. A unit is changed when its id is new or its text
differs from the parent's (white space aside); only units inside changed functions can have changed. Within a
kind, units come in source order.
"""

import textwrap
from enum import StrEnum

from pydantic import BaseModel

from verusagent.lens import Function, Mode, SourceModel, Span


class UnitKind(StrEnum):
    LEMMA_CALL = "lemma_call"
    LOOP = "loop"
    FUNCTION = "function"
    NEW_LEMMA = "new_lemma"


ORDER = (UnitKind.LEMMA_CALL, UnitKind.LOOP, UnitKind.FUNCTION, UnitKind.NEW_LEMMA)


class ReviewUnit(BaseModel):
    id: str  # the lens's unit id: "fn:f/call#1:lemma_x", "fn:f/loop#1", "fn:f"
    kind: UnitKind
    function_id: str  # the enclosing function
    start: int  # byte offsets into the candidate
    end: int
    line: int
    end_line: int
    text: str
    file: str | None = None  # in a crate: the unit's file (the review prompts name it); None: the run's file

    def describe(self) -> str:
        return f"{self.kind.value.replace('_', ' ')} {self.id} (lines {self.line}-{self.end_line})"


def changed_units(
    candidate: SourceModel, parent: SourceModel | None, kinds: tuple[UnitKind, ...] = ORDER
) -> list[ReviewUnit]:
    """The units of ``candidate`` that differ from ``parent`` (all of them when there is no parent)."""
    before = _texts(parent) if parent is not None else {}
    functions = [f for f in _outermost(candidate.functions) if _changed(candidate, f.id, f.span, before)]
    units: dict[UnitKind, list[ReviewUnit]] = {kind: [] for kind in ORDER}
    for function in functions:
        new = function.id not in before
        kind = UnitKind.NEW_LEMMA if new and function.mode == Mode.PROOF else UnitKind.FUNCTION
        units[kind].append(_unit(candidate, function.id, kind, function.id, function.span))
        for loop in candidate.loops_of(function.id):
            if _changed(candidate, loop.id, loop.span, before):
                units[UnitKind.LOOP].append(_unit(candidate, loop.id, UnitKind.LOOP, function.id, loop.span))
        for call in candidate.calls_of(function.id):
            if call.is_lemma and _changed(candidate, call.id, call.span, before):
                units[UnitKind.LEMMA_CALL].append(
                    _unit(candidate, call.id, UnitKind.LEMMA_CALL, function.id, call.span)
                )
    return [unit for kind in ORDER if kind in kinds for unit in sorted(units[kind], key=lambda u: u.start)]


def _texts(model: SourceModel) -> dict[str, str]:
    """Each unit's text, white space folded: re-indenting a unit does not change it."""
    texts = {f.id: _folded(model, f.span) for f in _outermost(model.functions)}
    texts |= {lp.id: _folded(model, lp.span) for lp in model.loops}
    return texts | {c.id: _folded(model, c.span) for c in model.calls}


def _folded(model: SourceModel, span: Span) -> str:
    return " ".join(model.slice(span).split())


def _changed(model: SourceModel, unit_id: str, span: Span, before: dict[str, str]) -> bool:
    return before.get(unit_id) != _folded(model, span)


def _unit(model: SourceModel, unit_id: str, kind: UnitKind, function_id: str, span: Span) -> ReviewUnit:
    return ReviewUnit(
        id=unit_id,
        kind=kind,
        function_id=function_id,
        start=span.start,
        end=span.end,
        line=span.line,
        end_line=span.end_line,
        text=as_block(model, span),
    )


def as_block(model: SourceModel, span: Span) -> str:
    """The unit's text as a block of its own: its first line keeps the indentation it has in the file."""
    line_start = model.data.rfind(b"\n", 0, span.start) + 1
    indent = model.data[line_start : span.start]
    prefix = indent.decode("utf-8", errors="replace") if not indent.strip() else ""
    return textwrap.dedent(prefix + model.slice(span))


def _outermost(functions: list[Function]) -> list[Function]:
    return [f for f in functions if not any(g is not f and g.span.covers(f.span) for g in functions)]


def unit_text(model: SourceModel, unit_id: str) -> str | None:
    """The text of a unit of ``model`` by id, white space folded (None when the model has no such unit): what
    the life cycle compares."""
    return _texts(model).get(unit_id)


def find_unit(model: SourceModel, unit_id: str, kind: UnitKind) -> ReviewUnit | None:
    """The unit ``unit_id`` of ``model`` as a review unit of ``kind`` (a dispute re-reads a reviewed unit)."""
    spans = {f.id: f.span for f in model.functions} | {lp.id: lp.span for lp in model.loops}
    spans |= {c.id: c.span for c in model.calls}
    span = spans.get(unit_id)
    if span is None:
        return None
    return _unit(model, unit_id, kind, unit_id.split("/")[0], span)
