"""`view(target)`: the current candidate's text of a unit, a function, a line range, or its outline; numbered
lines, errors of the latest verus run marked `>`, bounded in size."""

from verusagent.agent.session.outcome import ToolOutcome, failure, unknown
from verusagent.agent.session.workspace import Workspace
from verusagent.lens import Call, Function, Loop, SourceModel, Span
from verusagent.prompt import session as wording
from verusagent.prompt import tool_results as shown_as
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
    return ToolOutcome(text=shown_as.unit_view(label, span.line, span.end_line, len(lines), shown))


def _range(workspace: Workspace, path: str | None, first: int, last: int) -> ToolOutcome:
    lines = workspace.lines(path)
    where = shown_as.of_file((path or workspace.file_name) if workspace.is_crate else None)
    if first > len(lines) or first < 1 or last < first:
        return failure("unknown_target", wording.no_such_lines(first, last, where, len(lines)))
    last = min(last, len(lines))
    shown = numbered(lines, first, last, workspace.error_lines(path))
    return ToolOutcome(text=shown_as.lines_view(first, last, where, len(lines), workspace.is_crate, shown))


def numbered(lines: list[str], first: int, last: int, marked: set[int]) -> str:
    """Lines first..last (1-based), numbered, at most MAX_VIEW_LINES; error lines marked with `>`."""
    stop = min(last, first + MAX_VIEW_LINES - 1)
    shown = [shown_as.numbered_line(n, lines[n - 1], n in marked) for n in range(first, stop + 1)]
    if stop < last:
        shown.append(shown_as.more_lines(last - stop, stop + 1, last))
    return "\n".join(shown)


def _units(workspace: Workspace, target: str) -> tuple[str, Span, str | None] | ToolOutcome:
    """A unit by id, or a function by name: its label, span and file (None: the only file)."""
    models = workspace.models()
    for path, model in models.items():
        for unit in _loops_and_calls(model):
            if unit.id == target:
                return shown_as.in_file(unit.id, _crate_file(workspace, path)), unit.span, path
    functions = workspace.functions_named(target)
    if len(functions) == 1:
        path = workspace.file_of(functions[0])
        return shown_as.in_file(describe(functions[0]), _crate_file(workspace, path)), functions[0].span, path
    if functions:
        listed = [
            shown_as.ambiguous_entry(f.id, _crate_file(workspace, workspace.file_of(f)), f.span.line) for f in functions
        ]
        return failure("ambiguous_target", wording.ambiguous_view(target, listed))
    names = [n for model in models.values() for n in unit_names(model)]
    return unknown(wording.UNKNOWN_UNIT, target, names)


def _crate_file(workspace: Workspace, path: str) -> str | None:
    """The file to name beside a unit: in a crate its file, else none."""
    return path if workspace.is_crate else None


def describe(function: Function) -> str:
    return shown_as.function_label(function.id, function.modifiers, function.mode.value)


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
    header = shown_as.crate_outline_header(len(workspace.paths), workspace.file_name, status)
    return "\n".join([header, *(file_outline(workspace, path) for path in workspace.paths)])


def file_outline(workspace: Workspace, path: str | None, status: str = "") -> str:
    model, failing = workspace.model(path), workspace.failing_functions()
    rows = [_outline_row(f, failing.get(f.id, 0)) for f in model.functions[:MAX_OUTLINE_ENTRIES]]
    more = len(model.functions) - MAX_OUTLINE_ENTRIES
    if more > 0:
        rows.append(shown_as.more_functions(more))
    name = path or workspace.file_name
    module = workspace.crate.layout.module_of(name) if workspace.is_crate else None
    lines, functions = len(workspace.lines(path)), len(model.functions)
    header = shown_as.file_outline_header(name, module, workspace.is_crate, lines, functions, status)
    return "\n".join([header, *rows])


def _outline_row(function: Function, errors: int) -> str:
    return shown_as.outline_row(function.span.line, function.span.end_line, describe(function), errors)


def _status(workspace: Workspace, failing: dict[str, int]) -> str:
    result = workspace.latest_result()
    if result is None:
        return shown_as.not_verified_yet()
    errors = sum(failing.values())
    return shown_as.last_result(result.is_standin, result.partial, workspace.is_crate, result.verdict.value, errors)
