"""What a prompt shows of a crate: the target's file (whole, or sliced when large, as for a single file), and of
each other file the definitions that the shown text names (sliced the same way, with what is left out marked);
verus's errors with excerpts from the file each lies in. A single file is shown exactly as before crates."""

from pydantic import BaseModel

from verusagent.context import estimate_tokens, prompt_view, slice_mentioned
from verusagent.context.mentions import Mention
from verusagent.context.targets import functions_of_units
from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens.tokens import tokenize
from verusagent.prompt import PromptDiagnostic
from verusagent.prompt.feedback import MAX_DIAGNOSTICS, prompt_diagnostics
from verusagent.verus import Diagnostic

OTHER_FILES_TOKENS = 3000  # what the prompt may show of the crate's other files, in all
LEAST_FILE_TOKENS = 200  # a file is shown only while at least this much of the budget is left


class OtherFile(BaseModel):
    path: str  # relative to the crate folder
    source: str  # the sliced view of the file
    targets: list[str]  # its functions shown whole: named by --fn, or failing


class CrateView(BaseModel):
    file_name: str  # the target's file
    source: str  # what the prompt shows of it
    reply_format: str  # "file", "items" (single file), or "crate" (items, each file's after a `// file:` line)
    targets: list[str]
    other_files: list[OtherFile] = []


def crate_view(workspace: CrateWorkspace, text: str, named: list[str], error_units: list[str]) -> CrateView:
    files = workspace.files(text)
    module = workspace.layout.module_of(workspace.target) or ""
    view = prompt_view(files[workspace.target], named, error_units, module=module)
    if workspace.is_single_file:
        return CrateView(file_name=workspace.target, source=view.source, reply_format=view.reply_format,
                         targets=view.targets)
    others = other_files(workspace, text, view.source, named, error_units)
    reply_format = "crate" if others or view.reply_format == "items" else "file"
    return CrateView(file_name=workspace.target, source=view.source, reply_format=reply_format,
                     targets=view.targets, other_files=others)


def other_files(workspace: CrateWorkspace, text: str, shown: str, named: list[str],
                error_units: list[str]) -> list[OtherFile]:
    """The other files that hold a target or a failing function, then those the shown text names most of, each
    sliced within what is left of OTHER_FILES_TOKENS; a file whose slice shows nothing of it is left out."""
    mentioned_by = tokenize(shown.encode("utf-8"))
    files, parsed = workspace.files(text), workspace.parsed(text)
    left, found = OTHER_FILES_TOKENS, []
    for path, targets, _mentions in _ranked(workspace, parsed, mentioned_by, named, error_units):
        if left < LEAST_FILE_TOKENS:
            break
        model, stream = parsed[path]
        sliced = slice_mentioned(files[path], model, stream, targets, mentioned_by, left,
                                 _seen_from(workspace.layout.module_of(path) or ""))
        if sliced is not None and (sliced.targets or sliced.shown):
            found.append(OtherFile(path=path, source=sliced.text, targets=sliced.targets))
            left -= estimate_tokens(sliced.text)
    return sorted(found, key=lambda f: workspace.order.index(f.path))


def _ranked(workspace: CrateWorkspace, parsed: dict, mentioned_by, named: list[str], error_units: list[str]):
    """(path, targets, mentions) of each other file with a target or a mention, those with targets first, then
    by how many of the shown text's names they define."""
    ranked = []
    for path in workspace.order:
        if path == workspace.target:
            continue
        model, stream = parsed[path]
        targets = [f.qualified for f in model.functions if {f.id, f.qualified} & set(named)]
        targets += [name for name in functions_of_units(model, error_units) if name not in targets]
        names = {f.name for f in model.functions} | {d.name for d in model.definitions if d.name}
        mentions = len(names & set(mentioned_by.texts))
        if targets or mentions:
            ranked.append((path, targets, mentions))
    return sorted(ranked, key=lambda r: (not r[1], -r[2]))


def _seen_from(module: str):
    """A mention read in another file: `net::send` names `send` of the file of module `net`."""
    last = module.rsplit("::", 1)[-1]

    def adjust(mention: Mention) -> Mention:
        if last and mention.qualifier == last:
            return Mention(mention.name, None, mention.method)
        return mention
    return adjust


def crate_diagnostics(workspace: CrateWorkspace, errors: list[Diagnostic], text: str) -> list[PromptDiagnostic]:
    """Each error with the excerpt of its own file; an error outside the target's file says which file."""
    if workspace.is_single_file:
        return prompt_diagnostics(errors, text)
    files = workspace.files(text)
    shown = []
    for diagnostic in errors[:MAX_DIAGNOSTICS]:
        place = diagnostic.location.file if diagnostic.location else None
        path = place if place in files else workspace.target
        [entry] = prompt_diagnostics([diagnostic], files[path])
        if path != workspace.target:
            entry = entry.model_copy(update={"location": f"{entry.location} (file {path})"})
        shown.append(entry)
    return shown
