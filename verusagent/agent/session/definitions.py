"""`definition(name)`: where a name is defined, through the lens: a function's signature and clauses (and a
spec fn's body), a struct/enum/type/const/trait item of the file, or a vstd lemma from the lemma index."""

import re

from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.outcome import ToolOutcome, unknown
from verusagent.agent.session.views import describe, unit_names
from verusagent.agent.session.workspace import Workspace
from verusagent.guard.source import Source
from verusagent.lemmas import Lemma
from verusagent.lemmas.model import LemmaHit
from verusagent.lemmas.render import render_hit
from verusagent.lens import Function, Mode
from verusagent.prompt import session as wording
from verusagent.prompt import tool_results as shown_as

MAX_DEFINITIONS = 5
MAX_ITEM_LINES = 40
_ITEM_KEYWORDS = frozenset({"struct", "enum", "union", "type", "const", "static", "trait"})


def definition(workspace: Workspace, library: LemmaLibrary, name: str) -> ToolOutcome:
    wanted = name.strip()
    found = [_function(workspace, f) for f in workspace.functions_named(wanted)]
    for path in workspace.paths if workspace.is_crate else [None]:
        found += _items(workspace.source(path), wanted.rsplit("::", 1)[-1], path)
    if not found:
        found = [
            render_hit(LemmaHit(lemma=lemma, score=0.0), rank)
            for rank, lemma in enumerate(_vstd_lemmas(library, wanted), 1)
        ]
    if not found:
        known = [name for model in workspace.models().values() for name in unit_names(model)]
        return unknown(wording.UNKNOWN_DEFINITION, wanted, known)
    return ToolOutcome(text=shown_as.definitions(found, MAX_DEFINITIONS))


def _function(workspace: Workspace, function: Function) -> str:
    path = workspace.file_of(function)
    model = workspace.model(path)
    end = (
        function.body.start
        if function.body is not None and function.mode not in (Mode.SPEC, Mode.SPEC_CHECKED)
        else function.span.end
    )
    text = _clip(model.data[function.span.start : end].decode("utf-8", "replace").rstrip())
    body = None if end == function.span.end or function.body is None else (function.body.line, function.body.end_line)
    span = function.span
    return shown_as.function_definition(describe(function), path, span.line, span.end_line, text, body, function.id)


def _items(source: Source, name: str, path: str | None = None) -> list[str]:
    """Items the lens steps over (structs, enums, types, consts, traits), found by their keyword and name."""
    stream, found = source.stream, []
    for match in re.finditer(rb"\b" + re.escape(name.encode("utf-8")) + rb"\b", source.data):
        i = source.token_range(match.start(), match.end())[0]
        if not (stream.is_ident(i, name) and stream.is_ident(i - 1, *_ITEM_KEYWORDS)):
            continue
        end = _item_end(source, i + 1)
        span = source.location(stream.tokens[i - 1].start, stream.tokens[end].end)
        text = _clip(source.data[_line_start(source.data, span.start) : span.end].decode("utf-8", "replace"))
        found.append(shown_as.item_definition(stream.text(i - 1), name, path, span.line, span.end_line, text))
    return found


def _item_end(source: Source, i: int) -> int:
    """The token ending the item whose name ends before i: its `{ }` body, or the `;` after it."""
    stream = source.stream
    while i < len(stream):
        if stream.is_punct(i, "{"):
            return stream.close_of(i)
        if stream.is_punct(i, ";"):
            return i
        i = stream.close_of(i) + 1 if stream.is_punct(i, "(", "[") else i + 1
    return len(stream) - 1


def _line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def _vstd_lemmas(library: LemmaLibrary, name: str) -> list[Lemma]:
    bare = name.removeprefix("vstd::")
    return [
        lemma
        for lemma in library.vstd_lemmas()
        if lemma.name == bare or lemma.path == name or lemma.path.endswith("::" + bare)
    ]


def _clip(text: str) -> str:
    lines = text.split("\n")
    if len(lines) <= MAX_ITEM_LINES:
        return text
    return "\n".join(lines[:MAX_ITEM_LINES] + [shown_as.more_item_lines(len(lines) - MAX_ITEM_LINES)])
