"""`view(target)`: the current candidate's text of a unit, a function, a line range, or its outline; numbered
lines, errors of the latest verus run marked `>`, bounded in size."""

from verusagent.agent.session.outcome import ToolOutcome, failure, unknown
from verusagent.agent.session.workspace import Workspace
from verusagent.lens import Call, Function, Loop, SourceModel, Span
from verusagent.prompt import session as wording
from verusagent.reply.tool_calls import view_target

MAX_VIEW_LINES = 160
MAX_OUTLINE_ENTRIES = 300


def view(workspace: Workspace, target: str) -> ToolOutcome:
    wanted = view_target(target, files=workspace.is_crate)
    if wanted.outline:
        return ToolOutcome(text=outline(workspace))
    path = None
    if wanted.file is not None:
        path = workspace.crate_path(wanted.file)
        if path is None:
            return failure("unknown_target", wording.unknown_file(wanted.file, workspace.paths))
        if wanted.first is None and not wanted.name:
            return ToolOutcome(text=file_outline(workspace, path))
    if wanted.first is not None and wanted.last is not None:
        return _range(workspace, path, wanted.first, wanted.last)
    found = _units(workspace, wanted.name)
    if isinstance(found, ToolOutcome):
        return found
    label, span, path = found
    lines = workspace.lines(path)
    shown = numbered(lines, span.line, span.end_line, workspace.error_lines(path))
    return ToolOutcome(text=f"{label}, lines {span.line}-{span.end_line} of {len(lines)}:\n{shown}")


def _range(workspace: Workspace, path: str | None, first: int, last: int) -> ToolOutcome:
    lines = workspace.lines(path)
    where = f" of {path or workspace.file_name}" if workspace.is_crate else ""
    if first > len(lines) or first < 1 or last < first:
        return failure("unknown_target", wording.no_such_lines(first, last, where, len(lines)))
    last = min(last, len(lines))
    heading = (
        f"lines {first}-{last}{where} ({len(lines)} lines)"
        if workspace.is_crate
        else f"lines {first}-{last} of {len(lines)}"
    )
    return ToolOutcome(text=f"{heading}:\n" + numbered(lines, first, last, workspace.error_lines(path)))


def numbered(lines: list[str], first: int, last: int, marked: set[int]) -> str:
    """Lines first..last (1-based), numbered, at most MAX_VIEW_LINES; error lines marked with `>`."""
    stop = min(last, first + MAX_VIEW_LINES - 1)
    shown = [f"{'>' if n in marked else ' '}{n:5} | {lines[n - 1]}" for n in range(first, stop + 1)]
    if stop < last:
        shown.append(f"[... {last - stop} more lines: view('{stop + 1}-{last}') shows them]")
    return "\n".join(shown)


def _units(workspace: Workspace, target: str) -> tuple[str, Span, str | None] | ToolOutcome:
    """A unit by id, or a function by name: its label, span and file (None: the only file)."""
    models = workspace.models()
    for path, model in models.items():
        for unit in _loops_and_calls(model):
            if unit.id == target:
                return _in_file(workspace, unit.id, path), unit.span, path
    functions = workspace.functions_named(target)
    if len(functions) == 1:
        path = workspace.file_of(functions[0])
        return _in_file(workspace, describe(functions[0]), path), functions[0].span, path
    if functions:
        listed = ", ".join(
            f"{f.id} ({_in_file(workspace, 'line', workspace.file_of(f))} {f.span.line})" for f in functions
        )
        return failure("ambiguous_target", wording.ambiguous(target, listed, "View"))
    return unknown("function or unit", target, [n for model in models.values() for n in unit_names(model)])


def _in_file(workspace: Workspace, label: str, path: str) -> str:
    return f"{label} in {path}" if workspace.is_crate else label


def describe(function: Function) -> str:
    flags = " ".join([*function.modifiers, function.mode.value]).strip()
    return f"{function.id} ({flags} fn)"


def unit_names(model: SourceModel) -> list[str]:
    names = [name for f in model.functions for name in (f.id, f.name, f.qualified)]
    return list(dict.fromkeys(names + [u.id for u in _loops_and_calls(model)]))


def _loops_and_calls(model: SourceModel) -> list[Loop | Call]:
    return [*model.loops, *model.calls]


def outline(workspace: Workspace) -> str:
    """The file's functions; in a crate, every file's, file by file."""
    failing = workspace.failing_functions()
    status = _status(workspace, failing)
    if not workspace.is_crate:
        return file_outline(workspace, None, status)
    header = f"crate with {len(workspace.paths)} files (the prompt's file: {workspace.file_name}); {status}"
    return "\n".join([header, *(file_outline(workspace, path) for path in workspace.paths)])


def file_outline(workspace: Workspace, path: str | None, status: str = "") -> str:
    model, failing = workspace.model(path), workspace.failing_functions()
    rows = [_outline_row(f, failing.get(f.id, 0)) for f in model.functions[:MAX_OUTLINE_ENTRIES]]
    more = len(model.functions) - MAX_OUTLINE_ENTRIES
    if more > 0:
        rows.append(f"[... {more} more functions]")
    name = path or workspace.file_name
    module = workspace.crate.layout.module_of(name) if workspace.is_crate else None
    named = f"{name} (module {module or 'the crate root'})" if workspace.is_crate else name
    header = f"{named}: {len(workspace.lines(path))} lines, {len(model.functions)} functions"
    return "\n".join([header + (f"; {status}" if status else ""), *rows])


def _outline_row(function: Function, errors: int) -> str:
    mark = f"  <- {errors} error{'s' if errors != 1 else ''}" if errors else ""
    return f"  lines {function.span.line}-{function.span.end_line}  {describe(function)}{mark}"


def _status(workspace: Workspace, failing: dict[str, int]) -> str:
    result = workspace.latest_result()
    if result is None:
        return "not verified yet (call verify)"
    checker = "the verus STAND-IN (not verus)" if result.is_standin else "verus"
    scope = "a partial run" if result.partial else ("whole crate" if workspace.is_crate else "whole file")
    return f"last result, from {checker} ({scope}): {result.verdict.value}, {sum(failing.values())} errors"
