"""What a prompt shows as "the file": the whole file with whole-file replies (small files, as always), or for a
large file a slice around its targets with item replies (only the functions changed and new lemmas come back,
and are spliced into the whole file, which the guard and verus see)."""

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel

from verusagent.context.slicer import FileSlicer, NoTargets, SlicedSource, needs_slicing
from verusagent.context.targets import choose_targets
from verusagent.lens import SourceModel
from verusagent.lens.parse import parse_shared


class PromptView(BaseModel):
    source: str  # the text the prompt shows in its code block
    reply_format: Literal["file", "items"]
    targets: list[str]  # the functions a large file's prompt is about (empty for a small file)
    sliced: SlicedSource | None = None  # None: the whole file is shown

    @property
    def is_large(self) -> bool:
        return self.reply_format == "items"


def prompt_view(
    source: str,
    named: list[str],
    error_units: list[str],
    module: str = "",
    budget_tokens: int | None = None,
    ceiling_tokens: int | None = None,
) -> PromptView:
    """named: `--fn` (or synth's placeholder functions); error_units: the lens units verus reported errors in;
    module: the file's module path in its crate (its ids then carry it: `fn:net::send`); budget_tokens: the
    slice's (None: SLICE_BUDGET_TOKENS); ceiling_tokens: what the slice never exceeds but by its targets alone
    (None: what they need is shown whatever it costs)."""
    if not needs_slicing(source):
        return PromptView(source=source, reply_format="file", targets=[])
    model, slicer = _slicer(source, module)
    targets = choose_targets(model, named, error_units)
    if not targets:  # nothing to centre a slice on: the whole file, still without an echo of it
        return PromptView(source=source, reply_format="items", targets=[])
    try:
        sliced = slicer.slice(targets, budget_tokens, ceiling_tokens=ceiling_tokens)
    except NoTargets:  # a target the outline cannot place (a broken file): show it all
        return PromptView(source=source, reply_format="items", targets=targets)
    return PromptView(source=sliced.text, reply_format="items", targets=sliced.targets, sliced=sliced)


@lru_cache(maxsize=2)
def _slicer(source: str, module: str) -> tuple[SourceModel, FileSlicer]:
    """A prompt's file is sliced several times over (each strategy's prompt, each try of the prompt cap,
    prompt.capped): it is parsed, outlined and indexed once, and what its targets need is closed once
    (select._closed). The slicer reads the model, its stream, the outline and the names, never changes them
    (each slice has its own selection)."""
    model, stream = parse_shared(source, module=module)  # the agent's shared parse: the same text, read once
    return model, FileSlicer(source, model, stream)
