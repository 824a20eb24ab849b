"""What a prompt shows of a crate, for now: the target's file whole (as for a single file), and verus's errors
with excerpts from the file each lies in. The crate prompt proper (the target's file with the definitions it
depends on from other modules, sliced as for large files) comes with the context slicing."""

from verusagent.agent.feedback import MAX_DIAGNOSTICS, prompt_diagnostics
from verusagent.crate.workspace import Workspace
from verusagent.llm import PromptDiagnostic
from verusagent.verus import Diagnostic


def prompt_source(workspace: Workspace, text: str) -> tuple[str, str]:
    """(the file name the prompt shows, its text): the target's file."""
    return workspace.target, workspace.target_text(text)


def crate_diagnostics(workspace: Workspace, errors: list[Diagnostic], text: str) -> list[PromptDiagnostic]:
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
