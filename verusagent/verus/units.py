"""Places diagnostics in the lens's units: the innermost call, loop or function of each location, and the
clause expression it falls in (an `ensures`, a loop `invariant`, a `requires` behind a failed precondition)."""

from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from verusagent.verus.models import ClauseRef, Diagnostic, SpanRef

if TYPE_CHECKING:  # the lens is only needed by callers that already hold a model
    from verusagent.lens.model import Clause, SourceModel


def map_to_units(diagnostics: list[Diagnostic], model: "SourceModel", main_file: str | None = None) -> list[Diagnostic]:
    """Copies of the diagnostics with `unit_id` and `clause` filled for spans in the model's file.

    `main_file` is the name verus saw (VerusResult.file_name); spans in other files (vstd, another module)
    get no unit. Without it, every span is taken to be in the model's file.
    """
    return [_mapped(d, model, main_file) for d in diagnostics]


def _mapped(diagnostic: Diagnostic, model: "SourceModel", main_file: str | None) -> Diagnostic:
    location = _mapped_span(diagnostic.location, model, main_file)
    related = [_mapped_span(s, model, main_file) for s in diagnostic.related]
    return diagnostic.model_copy(
        update={
            "location": location,
            "related": related,
            "unit_id": location.unit_id if location else None,
            "clause": location.clause if location else None,
        }
    )


def _mapped_span(span: SpanRef | None, model: "SourceModel", main_file: str | None) -> SpanRef | None:
    if span is None:
        return None
    offset = location_offset(span, model, main_file)
    if offset is None:
        return span.model_copy(update={"unit_id": None, "clause": None})
    return span.model_copy(update={"unit_id": model.unit_at(offset), "clause": clause_at(model, offset)})


def location_offset(span: SpanRef | None, model: "SourceModel", main_file: str | None) -> int | None:
    """The byte offset of a span in the model's file, None if it lies elsewhere or has no position."""
    if span is None or not same_file(span.file, main_file):
        return None
    if span.byte_start is not None:
        return span.byte_start
    if span.line is None:
        return None
    return byte_offset(model.data, span.line, span.col or 1)


def same_file(span_file: str | None, main_file: str | None) -> bool:
    if main_file is None:
        return True
    if span_file is None:
        return False
    return PurePosixPath(span_file.replace("\\", "/")).name == PurePosixPath(main_file.replace("\\", "/")).name


def byte_offset(data: bytes, line: int, col: int) -> int | None:
    """The byte offset of a 1-based line and character column (rustc's convention), None if out of range."""
    start = 0
    for _ in range(line - 1):
        start = data.find(b"\n", start) + 1
        if start == 0:
            return None
    end = data.find(b"\n", start)
    text = data[start : len(data) if end < 0 else end].decode("utf-8", errors="replace")
    return start + len(text[: col - 1].encode("utf-8"))


def clause_at(model: "SourceModel", offset: int) -> ClauseRef | None:
    """The innermost clause expression holding the offset, among the functions' and loops' clauses."""
    owners = [(f.id, f.clauses) for f in model.functions] + [(lp.id, lp.clauses) for lp in model.loops]
    found = [
        (expr.span.end - expr.span.start, owner, clause, index, expr.text)
        for owner, clauses in owners
        for clause in clauses
        for index, expr in enumerate(clause.exprs)
        if expr.span.contains(offset)
    ]
    if not found:
        return None
    _, owner, clause, index, text = min(found, key=lambda item: item[0])
    return _clause_ref(owner, clause, index, text)


def _clause_ref(owner: str, clause: "Clause", index: int, text: str) -> ClauseRef:
    return ClauseRef(owner_id=owner, kind=str(clause.kind.value), index=index, text=text)
