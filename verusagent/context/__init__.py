"""Sliced context for large files: the target functions whole, and what reasoning about them needs (the
signatures and specs of what they call, the spec functions and types they mention, transitively within a
budget), in the file's own structure, with a comment for every part left out.

    from verusagent.context import needs_slicing, slice_source
    if needs_slicing(source):
        view = slice_source(source, ["lemma_x"]).text
"""

from verusagent.context.mentions import SourceFile
from verusagent.context.slicer import (
    LEAST_EXTRA_TOKENS,
    SLICE_ABOVE_TOKENS,
    SLICE_BUDGET_TOKENS,
    NoTargets,
    SlicedSource,
    estimate_tokens,
    needs_slicing,
    slice_files,
    slice_parsed,
    slice_source,
)
from verusagent.context.targets import choose_targets, unproved_functions
from verusagent.context.view import PromptView, prompt_view

__all__ = [
    "LEAST_EXTRA_TOKENS",
    "SLICE_BUDGET_TOKENS",
    "SLICE_ABOVE_TOKENS",
    "NoTargets",
    "PromptView",
    "SlicedSource",
    "SourceFile",
    "choose_targets",
    "estimate_tokens",
    "needs_slicing",
    "prompt_view",
    "slice_files",
    "slice_parsed",
    "slice_source",
    "unproved_functions",
]
