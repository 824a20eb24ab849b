"""What a prompt shows of a crate: the target's file (whole, or sliced when large, as for a single file), and of
the other files what the targets need (by the slicer's dependency rule, across modules) and then what the shown
text likely needs, all selected together within one budget, with what is left out marked; verus's errors with
excerpts from the file each lies in. A single file is shown exactly as a single file's prompt."""

from pydantic import BaseModel

from verusagent.context import SLICE_BUDGET_TOKENS, SourceFile, estimate_tokens, needs_slicing, prompt_view, slice_files
from verusagent.context.outline import Node, build_outline
from verusagent.context.slicer import find_targets
from verusagent.context.targets import choose_targets, functions_of_units
from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens import Function
from verusagent.prompt import PromptDiagnostic
from verusagent.prompt.feedback import MAX_DIAGNOSTICS, prompt_diagnostics
from verusagent.verus import Diagnostic


class OtherFile(BaseModel):
    path: str  # relative to the crate folder
    source: str  # the sliced view of the file
    targets: list[str]  # its functions shown whole: named by --fn, or failing


class ContextFit(BaseModel):
    """How a sliced prompt's context fits its budget: what its targets need is shown whatever it costs."""

    budget_tokens: int
    floor_tokens: int  # what the targets need (estimated at 4 bytes a token)
    over_budget: bool  # the needed part alone exceeds the budget: all of it is shown, unless cut_to_ceiling
    cut_to_ceiling: bool = False  # it exceeds the ceiling too (--context-budget): cut to it (context/fit.py)
    at_ceiling: bool = False  # the ceiling held the slice: a larger one would show more
    cap_tokens: int | None = None  # what the prompt may count (prompt.capped); None: no cap

    def notice(self) -> str:
        """What a run says before its first model call when the targets' need exceeds the budget."""
        need = (
            f"context: what the targets need (their signatures, types and spec family) is about "
            f"{self.floor_tokens:,} tokens, over the budget of {self.budget_tokens:,}"
        )
        if self.cut_to_ceiling:
            return (
                f"{need}: cut to the prompt's cap of {self.cap_tokens or self.budget_tokens:,} tokens (spec bodies "
                f"elided deepest first, the targets whole); raise --context-budget to {self.floor_tokens:,} to show "
                "all of it"
            )
        if self.cap_tokens is not None:
            return f"{need}: all of it is shown, within the prompt's cap of {self.cap_tokens:,} tokens"
        return f"{need}: all of it is shown; --context-budget TOKENS caps the prompt by cutting it"


class CrateView(BaseModel):
    file_name: str  # the target's file
    source: str  # what the prompt shows of it
    reply_format: str  # "file", "items" (single file), or "crate" (items, each file's after a `// file:` line)
    targets: list[str]
    other_files: list[OtherFile] = []
    fit: ContextFit | None = None  # None: nothing was sliced


def crate_view(
    workspace: CrateWorkspace,
    text: str,
    named: list[str],
    error_units: list[str],
    budget_tokens: int | None = None,
    ceiling_tokens: int | None = None,
) -> CrateView:
    """budget_tokens: what the prompt may show of the crate in all (None: SLICE_BUDGET_TOKENS); what the targets
    need is shown beyond it, up to ceiling_tokens (None: all of it; see slicer.slice_files)."""
    files = workspace.files(text)
    if workspace.is_single_file:
        module = workspace.layout.module_of(workspace.target) or ""
        view = prompt_view(
            files[workspace.target],
            named,
            error_units,
            module,
            budget_tokens=budget_tokens,
            ceiling_tokens=ceiling_tokens,
        )
        fit = (
            ContextFit(**view.sliced.model_dump(include=set(ContextFit.model_fields)))
            if view.sliced is not None and view.sliced.budget_tokens
            else None
        )
        return CrateView(
            file_name=workspace.target,
            source=view.source,
            reply_format=view.reply_format,
            targets=view.targets,
            fit=fit,
        )
    return _crate_view(workspace, text, named, error_units, budget_tokens or SLICE_BUDGET_TOKENS, ceiling_tokens)


def _crate_view(
    workspace: CrateWorkspace,
    text: str,
    named: list[str],
    error_units: list[str],
    budget_tokens: int,
    ceiling_tokens: int | None,
) -> CrateView:
    """Every file of the crate selected together: the target's file sliced when large (whole when small), of
    the others what the targets need (a module their specs reach is never skipped), then the likeliest rest."""
    sources = _sources(workspace, text)
    target = workspace.order.index(workspace.target)
    own = sources[target]
    own_targets = find_targets(own.root, choose_targets(own.model, named, error_units))
    targets = own_targets + _other_targets(workspace, sources, named, error_units)
    whole = not needs_slicing(own.text) or not own_targets
    budget = max(budget_tokens - estimate_tokens(own.text), 0) if whole else budget_tokens
    ceiling = None if ceiling_tokens is None else max(ceiling_tokens - (budget_tokens - budget), 0)
    slices = slice_files(
        sources, targets, budget, frozenset({target}) if whole else frozenset(), ceiling_tokens=ceiling
    )
    others = [
        OtherFile(path=workspace.order[n], source=s.text, targets=s.targets)
        for n, s in sorted(slices.items())
        if n != target
    ]
    large = needs_slicing(own.text)
    view_targets = slices[target].targets if target in slices else [_qualified(n) for n in own_targets]
    reply_format = "crate" if others or large else "file"
    fit = next((ContextFit(**s.model_dump(include=set(ContextFit.model_fields))) for s in slices.values()), None)
    return CrateView(
        file_name=workspace.target,
        source=own.text if whole else slices[target].text,
        reply_format=reply_format,
        targets=view_targets if large else [],
        other_files=others,
        fit=fit,
    )


def _sources(workspace: CrateWorkspace, text: str) -> list[SourceFile]:
    files, parsed = workspace.files(text), workspace.parsed(text)
    sources = []
    for number, path in enumerate(workspace.order):
        model, stream = parsed[path]
        sources.append(
            SourceFile(files[path], model, stream, build_outline(model, number), workspace.layout.module_of(path) or "")
        )
    return sources


def _other_targets(
    workspace: CrateWorkspace, sources: list[SourceFile], named: list[str], error_units: list[str]
) -> list[Node]:
    """The functions of the other files named by `--fn` or holding an error: shown whole too."""
    found = []
    for number, source in enumerate(sources):
        if workspace.order[number] == workspace.target:
            continue
        names = [f.qualified for f in source.model.functions if {f.id, f.qualified} & set(named)]
        names += [name for name in functions_of_units(source.model, error_units) if name not in names]
        found += find_targets(source.root, names) if names else []
    return found


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


def _qualified(node: Node) -> str:
    return node.item.qualified if isinstance(node.item, Function) else node.name
