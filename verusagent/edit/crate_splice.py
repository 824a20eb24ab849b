"""A model's reply as an edit of a crate: a set of edited files.

A reply is a list of sections (read in ``verusagent.reply.edits``), each for one file of the crate or (file None)
for the target's file. The functions of a section without a file go to the file that defines them (a function
name defined in one file of the crate resolves to that file; a new function goes to the target's file); a named
section's go to its file. A section naming a file outside the crate, or no file of it, is refused with feedback
(a ``ReplyError``), and no code of the reply is used.
"""

from pathlib import PurePosixPath

from pydantic import BaseModel, ConfigDict

from verusagent.crate.workspace import CrateWorkspace
from verusagent.edit.extract import Edit, extract_edit, worded_rust_blocks
from verusagent.edit.splice import ReplyFunction, functions_in, splice
from verusagent.lens import parse
from verusagent.prompt import reply_text
from verusagent.reply.edits import EditReply, ReplySection
from verusagent.reply.errors import ReplyError, ReplyReason


def crate_edit(reply: EditReply, workspace: CrateWorkspace, text: str, *, truncated: bool = False) -> Edit:
    """The candidate text after the reply: for a single file, exactly `extract_edit` on that file. Raises
    ``ReplyError`` when the reply holds no usable edit."""
    if workspace.is_single_file:
        return extract_edit(reply.text, text, truncated=truncated)
    return edit_from_sections(reply.sections, workspace, text, truncated=truncated)


def edit_from_sections(
    sections: list[ReplySection], workspace: CrateWorkspace, text: str, *, truncated: bool = False
) -> Edit:
    """The sections of one file are read together; each file's edit starts from the edits before it. A section
    for a file outside the crate refuses the whole reply (``ReplyError``, outside_crate)."""
    files = workspace.files(text)
    by_path: dict[str, list[str]] = {}
    for section in sections:
        by_path.setdefault(_section_file(section, workspace), []).append(section.text)
    edits = []
    for path, texts in by_path.items():
        edits.append(_section_edit("\n".join(texts), path, workspace, files, truncated))
        files.update(edits[-1].changed)
    return _combined(edits, workspace, text)


def _section_file(section: ReplySection, workspace: CrateWorkspace) -> str:
    if section.file is None:
        return workspace.target
    written = section.file.strip().replace("\\", "/").removeprefix("./")
    normal = PurePosixPath(written)
    if normal.is_absolute() or ".." in normal.parts:
        raise _refusal(reply_text.outside_crate(section.file, workspace.order))
    if str(normal) not in workspace.order:
        endings = [path for path in workspace.order if path.endswith(f"/{normal}")]
        if len(endings) == 1:
            return endings[0]
        raise _refusal(reply_text.not_a_crate_file(section.file, workspace.order))
    return str(normal)


def _refusal(detail: str) -> ReplyError:
    return ReplyError(ReplyReason.OUTSIDE_CRATE, detail)


class _FileEdits(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    changed: dict[str, str] = {}
    replaced: list[str] = []
    inserted: list[str] = []
    notes: list[str] = []
    failure: ReplyError | None = None
    kind: str = "items"


def _section_edit(
    section: str, path: str, workspace: CrateWorkspace, files: dict[str, str], truncated: bool
) -> _FileEdits:
    """A whole file replaces `path`; functions go to the file defining them (default: `path`)."""
    try:
        first = extract_edit(section, files[path], truncated=truncated)
    except ReplyError as error:
        if error.reason != ReplyReason.UNCHANGED:
            return _FileEdits(failure=error)
    else:
        if first.kind == "whole_file":
            return _FileEdits(changed={path: first.candidate}, notes=first.notes, kind="whole_file")
    functions = [f for block in worded_rust_blocks(section) for f in functions_in(block.text).complete]
    return _routed(functions, path, workspace, files)


def _routed(
    functions: list[ReplyFunction], default: str, workspace: CrateWorkspace, files: dict[str, str]
) -> _FileEdits:
    groups: dict[str, list[ReplyFunction]] = {}
    result = _FileEdits()
    for function in functions:
        home = home_of(function, default, workspace, files)
        if home is None:
            result.notes.append(reply_text.defined_in_several_files(function.qualified))
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


def _combined(edits: list[_FileEdits], workspace: CrateWorkspace, text: str) -> Edit:
    refused = [e.failure for e in edits if e.failure and e.failure.reason == ReplyReason.MODULE_ADDED]
    if refused:  # a reply that adds a module is not used at all
        raise refused[0]
    changed = {path: content for e in edits for path, content in e.changed.items()}
    notes = [n for e in edits for n in e.notes]
    if not changed:
        failures = [e.failure for e in edits if e.failure is not None]
        raise (failures[0] if failures else ReplyError(ReplyReason.UNCHANGED, reply_text.identical_functions()))
    whole = any(e.kind == "whole_file" for e in edits)
    return Edit(
        kind="whole_file" if whole else "items",
        candidate=workspace.with_files(text, changed),
        replaced=[n for e in edits for n in e.replaced],
        inserted=[n for e in edits for n in e.inserted],
        notes=notes,
    )
