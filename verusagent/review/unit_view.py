"""What a review prompt shows of the file around its unit: the prover's own context selection, never a whole
large file. The unit's enclosing function is shown whole, with what the unit needs (the function's own type,
what its signature and clauses and the unit's text name: spec functions and types whole, the signatures and
specs of what they call), then the likeliest rest (what the rest of the function names, the spec family below)
within REVIEW_BUDGET_TOKENS in all; when what the unit needs alone is larger, that is shown and no more. Every
part left out is marked; a file that fits the budget is shown whole. The file is parsed and indexed
once per candidate (`UnitView`), however many units it has.
"""

from collections.abc import Sequence

from verusagent.context import NoTargets, estimate_tokens
from verusagent.context.slicer import FileSlicer
from verusagent.lens import Function, SourceModel, tokenize
from verusagent.review.units import as_block

REVIEW_BUDGET_TOKENS = 3000  # a unit's context; the prover's prompts may hold more
# A unit's whole prompt (instructions, the unit, its context) stays within REVIEW_PROMPT_TOKENS: the context gets
# what the unit leaves, up to REVIEW_BUDGET_TOKENS, and what its function needs is cut to that (context/fit.py).
REVIEW_PROMPT_TOKENS = 6000
REVIEW_INSTRUCTION_TOKENS = 1000  # the review_propose template around the unit: 958-964 o200k tokens by kind
LEAST_CONTEXT_TOKENS = 100  # a unit that leaves less is not reviewed whole (its loops and calls are units too)
REVIEW_NEEDED_DEPTH = 0  # what the unit's function names is needed; the spec family below it is ranked


class UnitView:
    def __init__(self, model: SourceModel):
        self.model = model
        self._slicer: FileSlicer | None = None

    def of(self, unit_ids: list[str], spans: Sequence[tuple[int, int]] = (), unit_text: str = "") -> str:
        """spans: the units' byte ranges (a loop's, a call's): what they name is needed, what the rest of their
        function names is ranked; none: the whole function's names are needed. unit_text: what the prompt shows
        of the units besides (the context gets the rest of the prompt's budget)."""
        enclosing = _enclosing_functions(self.model, unit_ids)
        budget = context_budget(unit_text)
        if enclosing and estimate_tokens(self.model.text) <= budget:
            return self.model.text
        try:
            return (
                self.slicer()
                .slice(
                    [f.id for f in enclosing],
                    budget,
                    strict=True,
                    needed_depth=REVIEW_NEEDED_DEPTH,
                    focus=spans,
                    hard=True,
                )
                .text
            )
        except NoTargets:  # a unit outside any function the slicer shows: the functions alone
            return "\n\n".join(as_block(self.model, f.span).strip("\n") for f in enclosing) + "\n"

    def slicer(self) -> FileSlicer:
        if self._slicer is None:
            self._slicer = FileSlicer(self.model.text, self.model, tokenize(self.model.data))
        return self._slicer


def review_context(
    model: SourceModel, unit_ids: list[str], spans: Sequence[tuple[int, int]] = (), unit_text: str = ""
) -> str:
    return UnitView(model).of(unit_ids, spans, unit_text)


def context_budget(unit_text: str) -> int:
    """The tokens a unit's context may take: what the prompt's budget leaves beside the unit, at most
    REVIEW_BUDGET_TOKENS (estimated at 4 bytes a token, which Verus code exceeds: 4.1-4.3 with o200k)."""
    return min(REVIEW_BUDGET_TOKENS, REVIEW_PROMPT_TOKENS - REVIEW_INSTRUCTION_TOKENS - estimate_tokens(unit_text))


def fits_review(unit_text: str) -> bool:
    """Whether a unit leaves its context room enough to be reviewed (a larger one is reviewed by its parts)."""
    return context_budget(unit_text) >= LEAST_CONTEXT_TOKENS


def _enclosing_functions(model: SourceModel, unit_ids: list[str]) -> list[Function]:
    found: dict[str, Function] = {}
    for unit_id in unit_ids:
        function = model.function(unit_id.split("/")[0])
        if function is not None:
            found.setdefault(function.id, function)
    return list(found.values())
