"""From a model's reply to an edit of the original file: a whole file, or complete functions that replace
their namesakes through the lens. A reply with nothing usable gives an ``ExtractionFailure`` whose reason and
feedback go back to the model; extraction never raises on a bad reply."""

import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from verusagent.edit.fences import CodeBlock, code_blocks
from verusagent.edit.splice import FoundFunctions, functions_in, splice
from verusagent.lens import parse_shared
from verusagent.lens.model import SourceModel
from verusagent.lens.tokens import is_cut_off
from verusagent.prompt.templates import render

_VERUS_MACRO = re.compile(r"\bverus!\s*\{")


class FailureReason(StrEnum):
    NO_CODE = "no_code"  # no code block, nothing that looks like Rust
    UNSUPPORTED_FORMAT = "unsupported_format"  # only diffs or patches
    TRUNCATED = "truncated"  # code cut off before any function was complete
    NO_FUNCTIONS = "no_functions"  # code, but neither a whole file nor a complete function
    UNCHANGED = "unchanged"  # the edit gives back the original
    OUTSIDE_CRATE = "outside_crate"  # a section for a file outside the crate, or for no file of it (crates)
    MODULE_ADDED = "module_added"  # a `mod name;` line among the functions: a module a proof never adds


class ExtractionFailure(BaseModel):
    reason: FailureReason
    detail: str

    def feedback(self) -> str:
        """The message for the model: what was wrong with its reply and what to send instead."""
        return render("extraction_feedback", reason=self.reason.value, detail=self.detail)


class Edit(BaseModel):
    kind: Literal["whole_file", "items"]
    candidate: str  # the whole new file
    replaced: list[str] = Field(default_factory=list)  # qualified names of functions replaced
    inserted: list[str] = Field(default_factory=list)  # qualified names of functions added
    notes: list[str] = Field(default_factory=list)  # what was skipped and why


class _Block(BaseModel):
    block: CodeBlock
    found: FoundFunctions


def extract_edit(reply: str, original: str, *, truncated: bool = False) -> Edit | ExtractionFailure:
    """``truncated``: the provider said the reply stopped at max_tokens (finish_reason "length")."""
    blocks = code_blocks(reply)
    rust = [b for b in blocks if b.is_rust]
    if not rust:
        if any(b.is_patch for b in blocks):
            return ExtractionFailure(
                reason=FailureReason.UNSUPPORTED_FORMAT, detail="Send the changed code itself, not a diff."
            )
        return ExtractionFailure(reason=FailureReason.NO_CODE, detail="No code was found in the reply.")
    model = parse_shared(original)[0]
    analysed = [_Block(block=b, found=functions_in(b.text)) for b in rust]
    whole = [a for a in analysed if _is_whole_file(a, model)]
    if whole:
        return _whole_file_edit(whole[-1], original, len(whole))
    return _items_edit(analysed, model, original, truncated)


def _is_whole_file(analysed: _Block, original: SourceModel) -> bool:
    text = analysed.block.text
    if is_cut_off(text):
        return False
    if bool(original.verus_blocks) != bool(_VERUS_MACRO.search(text)):
        return False
    names = {f.qualified for f in analysed.found.complete}
    return all(f.qualified in names for f in original.functions)


def _whole_file_edit(chosen: _Block, original: str, count: int) -> Edit | ExtractionFailure:
    candidate = chosen.block.text.strip("\n") + "\n"
    if candidate.strip() == original.strip():
        return ExtractionFailure(reason=FailureReason.UNCHANGED, detail="The file you sent is the original file.")
    notes = [f"the reply held {count} whole files; the last one was used"] if count > 1 else []
    if not chosen.block.closed:
        notes.append("the code block was not closed, but the file in it is complete")
    return Edit(kind="whole_file", candidate=candidate, notes=notes)


def _items_edit(analysed: list[_Block], model: SourceModel, original: str, truncated: bool) -> Edit | ExtractionFailure:
    modules = [name for a in analysed for name in a.found.modules]
    if modules:
        return module_refusal(modules)
    functions = [f for a in analysed for f in a.found.complete]
    cut = [name for a in analysed for name in a.found.incomplete]
    copied = [name for a in analysed for name in a.found.elided]
    if not functions and copied and not cut:
        return ExtractionFailure(
            reason=FailureReason.UNCHANGED, detail="You sent back only signatures shown with an elided body."
        )
    if not functions:
        return _no_functions(analysed, cut, truncated)
    spliced = splice(model, functions)
    if not spliced.replaced and not spliced.inserted:
        return ExtractionFailure(
            reason=FailureReason.UNCHANGED, detail="Every function you sent is identical to the original."
        )
    notes = spliced.notes + [f"function {name} was cut off or unbalanced and was not used" for name in cut]
    notes += [f"function {name} was sent with its body still elided and was left as it is" for name in copied]
    return Edit(
        kind="items", candidate=spliced.candidate, replaced=spliced.replaced, inserted=spliced.inserted, notes=notes
    )


def module_refusal(modules: list[str]) -> ExtractionFailure:
    lines = ", ".join(f"`mod {name};`" for name in modules)
    return ExtractionFailure(
        reason=FailureReason.MODULE_ADDED,
        detail=f"It declares {lines}: a proof adds no module. Put new lemmas in the file itself.",
    )


def _no_functions(analysed: list[_Block], cut: list[str], truncated: bool) -> ExtractionFailure:
    cut_off = truncated or cut or any(not a.block.closed or is_cut_off(a.block.text) for a in analysed)
    if cut_off:
        names = f" (incomplete: {', '.join(cut)})" if cut else ""
        return ExtractionFailure(reason=FailureReason.TRUNCATED, detail=f"The code ended mid-function{names}.")
    return ExtractionFailure(
        reason=FailureReason.NO_FUNCTIONS, detail="The code blocks held no function definition with a body."
    )
