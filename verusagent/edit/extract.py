"""From a model's reply to an edit of the original file: a whole file, or complete functions that replace
their namesakes through the lens. A reply with nothing usable raises a ``ReplyError`` whose reason and
detail go back to the model (``prompt.feedback.extraction_feedback``; the details' words are ``prompt.reply_text``'s);
extraction raises nothing else on a bad reply."""

import re
from typing import Literal

from pydantic import BaseModel, Field

from verusagent.edit.splice import FoundFunctions, functions_in, splice
from verusagent.lens import parse_shared
from verusagent.lens.model import SourceModel
from verusagent.lens.tokens import is_cut_off
from verusagent.prompt import reply_text
from verusagent.reply.edits import rust_blocks
from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.fences import CodeBlock

_VERUS_MACRO = re.compile(r"\bverus!\s*\{")


class Edit(BaseModel):
    kind: Literal["whole_file", "items"]
    candidate: str  # the whole new file
    replaced: list[str] = Field(default_factory=list)  # qualified names of functions replaced
    inserted: list[str] = Field(default_factory=list)  # qualified names of functions added
    notes: list[str] = Field(default_factory=list)  # what was skipped and why


class _Block(BaseModel):
    block: CodeBlock
    found: FoundFunctions


def extract_edit(reply: str, original: str, *, truncated: bool = False) -> Edit:
    """``truncated``: the provider said the reply stopped at max_tokens (finish_reason "length"). Raises
    ``ReplyError`` when the reply holds no usable edit."""
    rust = worded_rust_blocks(reply)
    model = parse_shared(original)[0]
    analysed = [_Block(block=b, found=functions_in(b.text)) for b in rust]
    whole = [a for a in analysed if _is_whole_file(a, model)]
    if whole:
        return _whole_file_edit(whole[-1], original, len(whole))
    return _items_edit(analysed, model, original, truncated)


def worded_rust_blocks(reply: str) -> list[CodeBlock]:
    """The reply's Rust code blocks (``reply.edits.rust_blocks``); its ``ReplyError`` with the model's words."""
    try:
        return rust_blocks(reply)
    except ReplyError as error:
        raise reply_text.worded(error) from None


def _is_whole_file(analysed: _Block, original: SourceModel) -> bool:
    text = analysed.block.text
    if is_cut_off(text):
        return False
    if bool(original.verus_blocks) != bool(_VERUS_MACRO.search(text)):
        return False
    names = {f.qualified for f in analysed.found.complete}
    return all(f.qualified in names for f in original.functions)


def _whole_file_edit(chosen: _Block, original: str, count: int) -> Edit:
    candidate = chosen.block.text.strip("\n") + "\n"
    if candidate.strip() == original.strip():
        raise ReplyError(ReplyReason.UNCHANGED, reply_text.original_file_sent())
    notes = [reply_text.several_whole_files(count)] if count > 1 else []
    if not chosen.block.closed:
        notes.append(reply_text.unclosed_whole_file())
    return Edit(kind="whole_file", candidate=candidate, notes=notes)


def _items_edit(analysed: list[_Block], model: SourceModel, original: str, truncated: bool) -> Edit:
    modules = [name for a in analysed for name in a.found.modules]
    if modules:
        raise module_refusal(modules)
    functions = [f for a in analysed for f in a.found.complete]
    cut = [name for a in analysed for name in a.found.incomplete]
    copied = [name for a in analysed for name in a.found.elided]
    if not functions and copied and not cut:
        raise ReplyError(ReplyReason.UNCHANGED, reply_text.only_elided_signatures())
    if not functions:
        raise _no_functions(analysed, cut, truncated)
    spliced = splice(model, functions)
    if not spliced.replaced and not spliced.inserted:
        raise ReplyError(ReplyReason.UNCHANGED, reply_text.identical_functions())
    notes = spliced.notes + [reply_text.function_cut_off(name) for name in cut]
    notes += [reply_text.function_left_elided(name) for name in copied]
    return Edit(
        kind="items", candidate=spliced.candidate, replaced=spliced.replaced, inserted=spliced.inserted, notes=notes
    )


def module_refusal(modules: list[str]) -> ReplyError:
    return ReplyError(ReplyReason.MODULE_ADDED, reply_text.module_added(modules))


def _no_functions(analysed: list[_Block], cut: list[str], truncated: bool) -> ReplyError:
    cut_off = truncated or cut or any(not a.block.closed or is_cut_off(a.block.text) for a in analysed)
    if cut_off:
        return ReplyError(ReplyReason.TRUNCATED, reply_text.ended_mid_function(cut))
    return ReplyError(ReplyReason.NO_FUNCTIONS, reply_text.no_function_with_a_body())
