"""verus's diagnostics placed in a crate's units: each span in the model of its own file (spans already name
crate paths, `src/net.rs`; see verusagent.verus.cargo.crate_relative_spans). In a crate of one file this is
`map_to_units` on that file, as before crates."""

from verusagent.lens import SourceModel
from verusagent.verus import Diagnostic, SpanRef, map_to_units
from verusagent.verus.units import clause_at, location_offset


def map_crate_units(
    diagnostics: list[Diagnostic], models: dict[str, SourceModel], main_file: str | None
) -> list[Diagnostic]:
    """`models`: each module file's (prefixed) model by crate path; `main_file`: the name verus saw for a crate
    of one file (VerusResult.file_name)."""
    if len(models) == 1:
        return map_to_units(diagnostics, next(iter(models.values())), main_file)
    return [_mapped(d, models) for d in diagnostics]


def _mapped(diagnostic: Diagnostic, models: dict[str, SourceModel]) -> Diagnostic:
    location = _mapped_span(diagnostic.location, models)
    return diagnostic.model_copy(
        update={
            "location": location,
            "related": [_mapped_span(s, models) for s in diagnostic.related],
            "unit_id": location.unit_id if location else None,
            "clause": location.clause if location else None,
        }
    )


def _mapped_span(span: SpanRef | None, models: dict[str, SourceModel]) -> SpanRef | None:
    if span is None:
        return None
    model = models.get(span.file or "")
    offset = location_offset(span, model, span.file) if model is not None else None
    if model is None or offset is None:
        return span.model_copy(update={"unit_id": None, "clause": None})
    return span.model_copy(update={"unit_id": model.unit_at(offset), "clause": clause_at(model, offset)})


def file_of(diagnostic: Diagnostic) -> str | None:
    return diagnostic.location.file if diagnostic.location else None
