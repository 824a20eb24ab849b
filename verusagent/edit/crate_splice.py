"""A model's reply as an edit of a crate: a set of edited files.

A reply is a list of sections, each for one file of the crate or (file None) for the target's file: a line
`// file: src/net.rs`, inside a code block or in the prose before one, starts the section of that file. The
functions of a section without a file go to the file that defines them (a function name defined in one file of
the crate resolves to that file; a new function goes to the target's file); a named section's go to its file.
A section naming a file outside the crate, or no file of it, is refused with feedback, and no code of the reply
is used.
"""

import re
from pathlib import PurePosixPath

from pydantic import BaseModel

from verusagent.crate.workspace import CrateWorkspace
from verusagent.edit import Edit, ExtractionFailure, extract_edit
from verusagent.edit.extract import FailureReason
from verusagent.edit.fences import code_blocks
from verusagent.edit.splice import ReplyFunction, functions_in, splice
from verusagent.lens import parse


class ReplySection(BaseModel):
    file: str | None  # a path relative to the crate folder, as the reply wrote it; None: the target's file
    text: str  # the reply text of this section (prose and code blocks)


_CODE_MARKER = re.compile(r"^[ \t]*//[ \t]*file:[ \t]*(?P<path>\S+)[ \t]*$", re.I)
_PROSE_MARKER = re.compile(
    r"^[ \t]*(?://|#+|\*\*)?[ \t]*file:[ \t]*`(?P<path>[^`\s]+)`[ \t]*(?:\*\*)?:?[ \t]*$|"
    r"^[ \t]*//[ \t]*file:[ \t]*(?P<bare>\S+)[ \t]*$",
    re.I,
)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def reply_sections(reply: str) -> list[ReplySection]:
    """The reply cut into per-file sections at its `// file:` lines (one section per file, in the order first
    named; a marker inside a code block closes the block there and opens it again in the next section). A reply
    without markers is one section, for the target's file, exactly as it came."""
    lines = reply.replace("\r\n", "\n").split("\n")
    if not any(_CODE_MARKER.match(line) or _PROSE_MARKER.match(line) for line in lines):
        return [ReplySection(file=None, text=reply)]
    texts: dict[str | None, list[str]] = {}
    current, fence = None, None
    for line in lines:
        marker, opened = (_CODE_MARKER if fence else _PROSE_MARKER).match(line), _FENCE.match(line)
        if marker:
            if fence:
                texts.setdefault(current, []).append(fence)
            current = marker["path"] or marker.groupdict().get("bare")
            if fence:
                texts.setdefault(current, []).append(f"{fence}rust")
            continue
        if opened:
            fence = None if fence and line.strip() == fence else (fence or opened[1])
        texts.setdefault(current, []).append(line)
    return [
        ReplySection(file=path, text="\n".join(body))
        for path, body in texts.items()
        if path is not None or _has_code(body)
    ]


def _has_code(lines: list[str]) -> bool:
    """Whether the section before the first marker holds any code (else it is prose and empty fences)."""
    return any(block.text.strip() for block in code_blocks("\n".join(lines)) if block.fenced)


def crate_edit(
    reply: str, workspace: CrateWorkspace, text: str, *, truncated: bool = False
) -> Edit | ExtractionFailure:
    """The candidate text after the reply: for a single file, exactly `extract_edit` on that file."""
    if workspace.is_single_file:
        return extract_edit(reply, text, truncated=truncated)
    return edit_from_sections(reply_sections(reply), workspace, text, truncated=truncated)


def edit_from_sections(
    sections: list[ReplySection], workspace: CrateWorkspace, text: str, *, truncated: bool = False
) -> Edit | ExtractionFailure:
    """The sections of one file are read together; each file's edit starts from the edits before it."""
    files, refused = workspace.files(text), []
    by_path: dict[str, list[str]] = {}
    for section in sections:
        path = _section_file(section, workspace)
        if isinstance(path, ExtractionFailure):
            refused.append(path)
        else:
            by_path.setdefault(path, []).append(section.text)
    edits = []
    for path, texts in by_path.items():
        edits.append(_section_edit("\n".join(texts), path, workspace, files, truncated))
        files.update(edits[-1].changed)
    return _combined(edits, refused, workspace, text)


def _section_file(section: ReplySection, workspace: CrateWorkspace) -> str | ExtractionFailure:
    if section.file is None:
        return workspace.target
    written = section.file.strip().replace("\\", "/").removeprefix("./")
    normal = PurePosixPath(written)
    if normal.is_absolute() or ".." in normal.parts:
        return _refusal(
            f"`{section.file}` is outside the crate: edit only the files of the crate ({', '.join(workspace.order)})."
        )
    if str(normal) not in workspace.order:
        endings = [path for path in workspace.order if path.endswith(f"/{normal}")]
        if len(endings) == 1:
            return endings[0]
        return _refusal(
            f"`{section.file}` is not a file of the crate (a proof adds no module): edit only "
            f"{', '.join(workspace.order)}."
        )
    return str(normal)


def _refusal(detail: str) -> ExtractionFailure:
    return ExtractionFailure(reason=FailureReason.OUTSIDE_CRATE, detail=detail)


class _FileEdits(BaseModel):
    changed: dict[str, str] = {}
    replaced: list[str] = []
    inserted: list[str] = []
    notes: list[str] = []
    failure: ExtractionFailure | None = None
    kind: str = "items"


def _section_edit(
    section: str, path: str, workspace: CrateWorkspace, files: dict[str, str], truncated: bool
) -> _FileEdits:
    """A whole file replaces `path`; functions go to the file defining them (default: `path`)."""
    first = extract_edit(section, files[path], truncated=truncated)
    if isinstance(first, Edit) and first.kind == "whole_file":
        return _FileEdits(changed={path: first.candidate}, notes=first.notes, kind="whole_file")
    if isinstance(first, ExtractionFailure) and first.reason != FailureReason.UNCHANGED:
        return _FileEdits(failure=first)
    functions = [f for block in code_blocks(section) if block.is_rust for f in functions_in(block.text).complete]
    return _routed(functions, path, workspace, files)


def _routed(
    functions: list[ReplyFunction], default: str, workspace: CrateWorkspace, files: dict[str, str]
) -> _FileEdits:
    groups: dict[str, list[ReplyFunction]] = {}
    result = _FileEdits()
    for function in functions:
        home = home_of(function, default, workspace, files)
        if home is None:
            result.notes.append(
                f"function {function.qualified} is defined in several files of the crate and was "
                "not used: name its file"
            )
            continue
        groups.setdefault(home, []).append(function)
    for path, group in groups.items():
        spliced = splice(parse(files[path]), group)
        if spliced.replaced or spliced.inserted:
            result.changed[path] = spliced.candidate
        result.replaced += [_named(path, workspace.target, n) for n in spliced.replaced]
        result.inserted += [_named(path, workspace.target, n) for n in spliced.inserted]
        result.notes += spliced.notes
    return result


def _named(path: str, default: str, name: str) -> str:
    return name if path == default else f"{path}: {name}"


def home_of(function: ReplyFunction, default: str, workspace: CrateWorkspace, files: dict[str, str]) -> str | None:
    """The file that defines the function (by its path in its module, `Conn::open`, else by its name when it
    has no container); `default` when it defines it or none does (a new function); None when several do."""

    def defines(path: str) -> bool:
        found = parse(files[path]).functions
        return any(f.qualified == function.qualified for f in found) or (
            function.container is None and any(f.name == function.name and f.container is None for f in found)
        )

    if defines(default):
        return default
    homes = [path for path in workspace.order if path != default and defines(path)]
    if len(homes) > 1:
        return None
    return homes[0] if homes else default


def _combined(
    edits: list[_FileEdits], refused: list[ExtractionFailure], workspace: CrateWorkspace, text: str
) -> Edit | ExtractionFailure:
    refused = refused + [e.failure for e in edits if e.failure and e.failure.reason == FailureReason.MODULE_ADDED]
    if refused:  # a reply that reaches outside the crate, or adds a module, is not used at all
        return refused[0]
    changed = {path: content for e in edits for path, content in e.changed.items()}
    notes = [n for e in edits for n in e.notes]
    if not changed:
        failures = [e.failure for e in edits if e.failure is not None]
        return (
            failures[0]
            if failures
            else ExtractionFailure(
                reason=FailureReason.UNCHANGED, detail="Every function you sent is identical to the original."
            )
        )
    whole = any(e.kind == "whole_file" for e in edits)
    return Edit(
        kind="whole_file" if whole else "items",
        candidate=workspace.with_files(text, changed),
        replaced=[n for e in edits for n in e.replaced],
        inserted=[n for e in edits for n in e.inserted],
        notes=notes,
    )
