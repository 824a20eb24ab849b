"""What a review prompt shows of the file around its unit: the prover's own context selection, never a whole
large file. The unit's enclosing function is shown whole, with what the unit needs (the function's own type,
what its signature and clauses and the unit's text name: spec functions and types whole, the signatures and
specs of what they call), then the likeliest rest (what the rest of the function names, the spec family below)
within REVIEW_BUDGET_TOKENS in all; when what the unit needs alone is larger, that is shown and no more. Every
part left out is marked; a file that fits the budget is shown whole. The file is parsed and indexed
once per candidate (`ReviewContext`), however many units it has.
"""

from verusagent.context import NoTargets, estimate_tokens
from verusagent.context.slicer import FileSlicer
from verusagent.lens import Function, SourceModel, tokenize
from verusagent.review.units import as_block

REVIEW_BUDGET_TOKENS = 3000  # a unit's context; the prover's prompts may hold more
REVIEW_NEEDED_DEPTH = 0  # what the unit's function names is needed; the spec family below it is ranked


class ReviewContext:
    def __init__(self, model: SourceModel):
        self.model = model
        self._slicer: FileSlicer | None = None

    def of(self, unit_ids: list[str], spans: list[tuple[int, int]] = ()) -> str:
        """spans: the units' byte ranges (a loop's, a call's): what they name is needed, what the rest of their
        function names is ranked; none: the whole function's names are needed."""
        enclosing = _enclosing_functions(self.model, unit_ids)
        if enclosing and estimate_tokens(self.model.text) <= REVIEW_BUDGET_TOKENS:
            return self.model.text
        try:
            return (
                self.slicer()
                .slice(
                    [f.id for f in enclosing],
                    REVIEW_BUDGET_TOKENS,
                    strict=True,
                    needed_depth=REVIEW_NEEDED_DEPTH,
                    focus=spans,
                )
                .text
            )
        except NoTargets:  # a unit outside any function the slicer shows: the functions alone
            return "\n\n".join(as_block(self.model, f.span).strip("\n") for f in enclosing) + "\n"

    def slicer(self) -> FileSlicer:
        if self._slicer is None:
            self._slicer = FileSlicer(self.model.text, self.model, tokenize(self.model.data))
        return self._slicer


def review_context(model: SourceModel, unit_ids: list[str], spans: list[tuple[int, int]] = ()) -> str:
    return ReviewContext(model).of(unit_ids, spans)


def _enclosing_functions(model: SourceModel, unit_ids: list[str]) -> list[Function]:
    found: dict[str, Function] = {}
    for unit_id in unit_ids:
        function = model.function(unit_id.split("/")[0])
        if function is not None:
            found.setdefault(function.id, function)
    return list(found.values())
