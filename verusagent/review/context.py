"""What a review prompt shows of the file around its unit: the prover's own context slicer, never a whole
large file. The unit's enclosing function is shown whole, with what reasoning about it needs (the signatures
and specs of what it calls, the spec functions and types it mentions), every part left out marked; a file that
fits the review's budget is shown whole.
"""

from verusagent.context import NoTargets, slice_source
from verusagent.lens import Function, SourceModel
from verusagent.review.units import as_block

REVIEW_BUDGET_TOKENS = 3000  # a unit and what it needs; the prover's prompts may hold more


def review_context(model: SourceModel, unit_ids: list[str]) -> str:
    enclosing = _enclosing_functions(model, unit_ids)
    try:
        return slice_source(model.text, [f.id for f in enclosing], REVIEW_BUDGET_TOKENS).text
    except NoTargets:  # a unit outside any function the slicer shows: the functions alone
        return "\n\n".join(as_block(model, f.span).strip("\n") for f in enclosing) + "\n"


def _enclosing_functions(model: SourceModel, unit_ids: list[str]) -> list[Function]:
    found: dict[str, Function] = {}
    for unit_id in unit_ids:
        function = model.function(unit_id.split("/")[0])
        if function is not None:
            found.setdefault(function.id, function)
    return list(found.values())
