"""Houdini pruning without the model: drop the loop invariants and assertions that verus reports as failing.

Dropping a failing invariant or assertion can only remove ghost code, which the guard allows; whether the
proof is better without it is for verus to say, one run per step.
"""

from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens import Loop, ProofSiteKind, SourceModel, parse
from verusagent.lens.model import Span
from verusagent.verus import Diagnostic
from verusagent.verus.units import location_offset

_ASSERTS = frozenset({ProofSiteKind.ASSERT, ProofSiteKind.ASSERT_BY, ProofSiteKind.ASSERT_FORALL})


def prune(text: str, errors: list[Diagnostic], file_name: str | None) -> str | None:
    """The text without the invariants and assertions at the errors' locations; None if none is removable."""
    model = parse(text)
    cuts = {_removable_span(model, offset) for offset in _offsets(errors, model, file_name)}
    cuts.discard(None)
    if not cuts:
        return None
    data = model.data
    for start, end in sorted((c for c in cuts if c is not None), reverse=True):
        data = data[:start] + data[end:]
    return data.decode("utf-8", "replace")


def prune_crate(workspace: CrateWorkspace, text: str, errors: list[Diagnostic], main_file: str | None) -> str | None:
    """Houdini in each file of a candidate text: the failing invariants and assertions located in it dropped."""
    if workspace.is_single_file:
        return prune(text, errors, main_file)
    files, changed = workspace.files(text), {}
    for path in workspace.order:
        mine = [d for d in errors if d.location is not None and d.location.file == path]
        pruned = prune(files[path], mine, None) if mine else None
        if pruned is not None:
            changed[path] = pruned
    return workspace.with_files(text, changed) if changed else None


def _offsets(errors: list[Diagnostic], model: SourceModel, file_name: str | None) -> list[int]:
    offsets = [location_offset(d.location, model, file_name) for d in errors]
    return [o for o in offsets if o is not None]


def _removable_span(model: SourceModel, offset: int) -> tuple[int, int] | None:
    for loop in model.loops:
        expr_span = _invariant_expr_at(loop, offset)
        if expr_span is not None:
            return _with_trailing_comma(model, expr_span)
    for site in model.proof_sites:
        if site.kind in _ASSERTS and site.span.contains(offset):
            return site.span.start, site.span.end
    return None


def _invariant_expr_at(loop: Loop, offset: int) -> Span | None:
    for clause in loop.clauses:
        if clause.kind.value.startswith("invariant") and len(clause.exprs) > 1:
            for expr in clause.exprs:
                if expr.span.contains(offset):
                    return expr.span
    return None


def _with_trailing_comma(model: SourceModel, span: Span) -> tuple[int, int]:
    """The expression's bytes, its comma, and the rest of its line when nothing else is on it."""
    data = model.data
    end = span.end
    rest = data[end:].lstrip(b" \t")
    if rest.startswith(b","):
        end = len(data) - len(rest) + 1
    line_start = data.rfind(b"\n", 0, span.start) + 1
    line_end = data.find(b"\n", end)
    if not data[line_start : span.start].strip() and line_end >= 0 and not data[end:line_end].strip():
        return line_start, line_end + 1
    return span.start, end
