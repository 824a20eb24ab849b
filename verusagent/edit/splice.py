"""Item replacement through the lens: the complete functions of a reply replace the original's functions of
the same name; new ones (lemmas, helpers) are inserted before the first function that calls them, after the
last method of their impl, or at the end of the ``verus!`` block."""

import re
from functools import partial
from typing import Any

from pydantic import BaseModel, Field

from verusagent.context.render import BODY_ELIDED
from verusagent.edit import machine_splice
from verusagent.lens import parse
from verusagent.lens.macro_roles import inductive_target, is_invariant
from verusagent.lens.model import DefinitionKind, Function, SourceModel
from verusagent.lens.tokens import is_cut_off
from verusagent.prompt import reply_text

_VERUS_MACRO = re.compile(r"\bverus!\s*\{")
_WRAP_PREFIX = "verus! {\n"
_WRAP_SUFFIX = "\n} // verus!\n"


class ReplyFunction(BaseModel):
    name: str
    qualified: str
    container: str | None
    text: str  # from its first attribute or doc comment to its closing brace
    indent: str  # the whitespace before its first line in the reply
    machine: str | None = None  # the state machine the reply wrote it in, if any
    inductive_for: str | None = None  # the operation of its `#[inductive(op)]` attribute
    invariant: bool = False  # it carries `#[invariant]`
    impl_header: str | None = None  # `impl<T: M> M for Vec<T>`, whitespace folded: tells two `impl M for Vec` apart


class FoundFunctions(BaseModel):
    complete: list[ReplyFunction] = Field(default_factory=list)
    incomplete: list[str] = Field(default_factory=list)  # names of functions cut off or unbalanced
    elided: list[str] = Field(default_factory=list)  # signatures copied from a sliced prompt, body still elided
    modules: list[str] = Field(default_factory=list)  # `mod name;` lines: a module the reply would add


def _line_indent(data: bytes, start: int) -> str:
    line_start = data.rfind(b"\n", 0, start) + 1
    prefix = data[line_start:start].decode("utf-8", errors="replace")
    return prefix if not prefix.strip() else ""


def _outermost(functions: list[Function]) -> list[Function]:
    return [f for f in functions if not any(g is not f and g.span.covers(f.span) for g in functions)]


def functions_in(code: str) -> FoundFunctions:
    """The complete functions of a piece of code (a whole file, or bare items without ``verus!``)."""
    wrapped = _VERUS_MACRO.search(code) is None
    source = _WRAP_PREFIX + code + _WRAP_SUFFIX if wrapped else code
    model = parse(source)
    limit = len((_WRAP_PREFIX + code).encode("utf-8")) if wrapped else len(model.data)
    modules = [d.name for d in model.definitions if d.kind == DefinitionKind.MOD and d.body is None]
    found = FoundFunctions(modules=modules)
    for function in _outermost(model.functions):
        text = model.slice(function.span)
        if function.body is None or function.span.end > limit or is_cut_off(text):
            found.incomplete.append(function.qualified)
            continue
        if _is_elided_body(model.slice(function.body)):
            found.elided.append(function.qualified)
            continue
        found.complete.append(
            ReplyFunction(
                name=function.name,
                qualified=function.qualified,
                container=function.container,
                text=text,
                indent=_line_indent(model.data, function.span.start),
                impl_header=impl_header(model, function),
                **_machine_hints(model, function),
            )
        )
    return found


def _machine_hints(model: SourceModel, function: Function) -> dict[str, Any]:
    unit = function.macro_unit
    machine = model.state_machine(unit) if unit is not None and unit.startswith("sm:") else None
    return {
        "machine": machine.name if machine else None,
        "inductive_for": inductive_target(function.attributes) or None,
        "invariant": is_invariant(function.attributes),
    }


def _is_elided_body(body: str) -> bool:
    """A body that is only the slicer's `// ... body elided (lines a-b)` comment: the model copied a signature."""
    inner = body.strip()[1:-1].strip()
    return inner.startswith(BODY_ELIDED) and "\n" not in inner


class Spliced(BaseModel):
    candidate: str
    replaced: list[str] = Field(default_factory=list)
    inserted: list[str] = Field(default_factory=list)
    unchanged: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class _Edit(BaseModel):
    start: int
    end: int
    text: str
    rank: int  # at the same offset, inserts (0) go before a replacement (1)
    order: int


def _reindent(text: str, old: str, new: str) -> str:
    if old == new:
        return text
    lines = text.split("\n")
    moved = [new + line[len(old) :] if line.startswith(old) else line for line in lines[1:]]
    return "\n".join([lines[0], *moved])


def impl_header(model: SourceModel, function: Function) -> str | None:
    """The header of the impl block holding the function, whitespace folded, or None outside an impl."""
    for impl in model.definitions:
        if impl.kind == DefinitionKind.IMPL and impl.body is not None and impl.body.covers(function.span):
            header = model.data[impl.span.start : impl.body.start].decode("utf-8", errors="replace")
            return " ".join(header[header.find("impl") :].split())
    return None


def _target(original: SourceModel, function: ReplyFunction) -> Function | None:
    by_qualified = [f for f in original.functions if f.qualified == function.qualified]
    if len(by_qualified) > 1 and function.impl_header:
        same_impl = [f for f in by_qualified if impl_header(original, f) == function.impl_header]
        by_qualified = same_impl or by_qualified
    if by_qualified:
        return by_qualified[0]
    if function.inductive_for:
        lemma = machine_splice.inductive_target(original, function.inductive_for, function.machine)
        if lemma is not None:
            return lemma
    by_name = [f for f in original.functions if f.name == function.name]
    return by_name[0] if function.container is None and len(by_name) == 1 else None


def _calls(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\s*(::\s*<[^>]*>\s*)?\(", text) is not None


class _Splicer:
    def __init__(self, original: SourceModel) -> None:
        self.original = original
        self.edits: list[_Edit] = []
        self.result = Spliced(candidate="")
        self.new_texts: dict[str, str] = {}  # original qualified name -> its text after the edit
        self.wrap_at: set[int] = set()  # insertion offsets that need a verus! { } around the new function

    def replace(self, target: Function, function: ReplyFunction) -> None:
        indent = _line_indent(self.original.data, target.span.start)
        text = _reindent(function.text, function.indent, indent)
        self.new_texts[target.qualified] = text
        if text == self.original.slice(target.span):
            self.result.unchanged.append(target.qualified)
            return
        self.edits.append(_Edit(start=target.span.start, end=target.span.end, text=text, rank=1, order=len(self.edits)))
        self.result.replaced.append(target.qualified)

    def insert(self, function: ReplyFunction) -> None:
        offset, indent, before = self._insertion_point(function)
        text = _reindent(function.text, function.indent, indent)
        if offset in self.wrap_at:  # before a state machine that is not inside verus! { }
            text = machine_splice.VERUS_WRAP[0] + text + machine_splice.VERUS_WRAP[1]
        text = f"{text}\n\n{indent}" if before else f"\n\n{indent}{text}"
        self.edits.append(_Edit(start=offset, end=offset, text=text, rank=0, order=len(self.edits)))
        self.result.inserted.append(function.qualified)

    def _insertion_point(self, function: ReplyFunction) -> tuple[int, str, bool]:
        """(byte offset, indentation, whether the text goes before what is at the offset)."""
        data = self.original.data
        indent_of = partial(_line_indent, data)
        texts = {f.id: self.new_texts.get(f.qualified, self.original.slice(f.span)) for f in self.original.functions}
        hints = (function.machine, function.inductive_for, function.invariant)
        machine = machine_splice.machine_for(self.original, function.name, hints, texts)
        if machine is not None:
            return machine_splice.inside_machine(self.original, machine, indent_of)
        siblings = [f for f in self.original.functions if function.container and f.container == function.container]
        if siblings:
            last = max(siblings, key=lambda f: f.span.end)
            return last.span.end, _line_indent(data, last.span.start), False
        anchors = [
            self._anchor(f)
            for f in self.original.functions
            if (f.container is None or f.id.startswith("sm:")) and _calls(texts[f.id], function.name)
        ]
        if anchors:
            offset, in_verus = min(anchors)
            if not in_verus:
                self.wrap_at.add(offset)
            return offset, _line_indent(data, offset), True
        if self.original.verus_blocks:
            closing = self.original.verus_blocks[-1].end - 1  # the token tree's closing brace
            return _end_of_items(data, closing), "", False
        return len(data.rstrip()), "", False

    def _anchor(self, user: Function) -> tuple[int, bool]:
        """Where a new function used by `user` goes (before it, or before its machine), and whether that place
        is inside verus! { } already."""
        machine = machine_splice.machine_anchor(self.original, user)
        return machine if machine is not None else (user.span.start, True)

    def build(self) -> Spliced:
        data = self.original.data
        pieces: list[bytes] = []
        cursor = 0
        for edit in sorted(self.edits, key=lambda e: (e.start, e.rank, e.order)):
            if edit.start < cursor:
                self.result.notes.append(reply_text.overlapping_edit(edit.start))
                continue
            pieces += [data[cursor : edit.start], edit.text.encode("utf-8")]
            cursor = edit.end
        pieces.append(data[cursor:])
        self.result.candidate = b"".join(pieces).decode("utf-8", errors="replace")
        return self.result


def _end_of_items(data: bytes, closing: int) -> int:
    """The offset just after the last non-blank text before the verus! block's closing brace."""
    return len(data[:closing].rstrip())


def splice(original: SourceModel, functions: list[ReplyFunction]) -> Spliced:
    """The original with each reply function replacing its namesake, new functions inserted; the last of
    several reply functions of one name wins."""
    latest = {f.qualified: f for f in functions}
    splicer = _Splicer(original)
    new: list[ReplyFunction] = []
    for function in latest.values():
        target = _target(original, function)
        if target is None:
            new.append(function)
        else:
            splicer.replace(target, function)
    for function in new:
        splicer.insert(function)
    return splicer.build()
