"""`view(target)`: the current candidate's text of a unit, a function, a line range, or its outline; numbered
lines, errors of the latest verus run marked `>`, bounded in size."""

import re

from verusagent.agent.session.outcome import ToolOutcome, failure, unknown
from verusagent.agent.session.workspace import Workspace
from verusagent.lens import Function, SourceModel, Span

MAX_VIEW_LINES = 160
MAX_OUTLINE_ENTRIES = 300
_RANGE = re.compile(r"^\s*(?:lines?\s*)?(\d+)\s*(?:(?:-|:|\.\.=?|to)\s*(\d+))?\s*$", re.IGNORECASE)


def view(workspace: Workspace, target: str) -> ToolOutcome:
    wanted = target.strip()
    if wanted.lower() in ("", "outline", "file", "all"):
        return ToolOutcome(text=outline(workspace))
    lines = workspace.lines()
    numbers = _RANGE.match(wanted)
    if numbers:
        return _range(workspace, lines, int(numbers[1]), int(numbers[2] or numbers[1]))
    found = _units(workspace, wanted)
    if isinstance(found, ToolOutcome):
        return found
    label, span = found
    shown = numbered(lines, span.line, span.end_line, workspace.error_lines())
    return ToolOutcome(text=f"{label}, lines {span.line}-{span.end_line} of {len(lines)}:\n{shown}")


def _range(workspace: Workspace, lines: list[str], first: int, last: int) -> ToolOutcome:
    if first > len(lines) or first < 1 or last < first:
        return failure("unknown_target", f"No lines {first}-{last}: the current candidate has {len(lines)} lines.")
    last = min(last, len(lines))
    return ToolOutcome(text=f"lines {first}-{last} of {len(lines)}:\n"
                            + numbered(lines, first, last, workspace.error_lines()))


def numbered(lines: list[str], first: int, last: int, marked: set[int]) -> str:
    """Lines first..last (1-based), numbered, at most MAX_VIEW_LINES; error lines marked with `>`."""
    stop = min(last, first + MAX_VIEW_LINES - 1)
    shown = [f"{'>' if n in marked else ' '}{n:5} | {lines[n - 1]}" for n in range(first, stop + 1)]
    if stop < last:
        shown.append(f"[... {last - stop} more lines: view('{stop + 1}-{last}') shows them]")
    return "\n".join(shown)


def _units(workspace: Workspace, target: str) -> tuple[str, Span] | ToolOutcome:
    model = workspace.model()
    for unit in [*model.loops, *model.calls]:
        if unit.id == target:
            return unit.id, unit.span
    functions = workspace.functions_named(target)
    if len(functions) == 1:
        return describe(functions[0]), functions[0].span
    if functions:
        listed = ", ".join(f"{f.id} (line {f.span.line})" for f in functions)
        return failure("ambiguous_target", f"Several functions are named `{target}`: {listed}. View one by its id.")
    return unknown("function or unit", target, unit_names(model))


def describe(function: Function) -> str:
    flags = " ".join([*function.modifiers, function.mode.value]).strip()
    return f"{function.id} ({flags} fn)"


def unit_names(model: SourceModel) -> list[str]:
    names = [name for f in model.functions for name in (f.id, f.name, f.qualified)]
    return list(dict.fromkeys(names + [u.id for u in [*model.loops, *model.calls]]))


def outline(workspace: Workspace) -> str:
    model, failing = workspace.model(), workspace.failing_functions()
    rows = [_outline_row(f, failing.get(f.id, 0)) for f in model.functions[:MAX_OUTLINE_ENTRIES]]
    more = len(model.functions) - MAX_OUTLINE_ENTRIES
    if more > 0:
        rows.append(f"[... {more} more functions]")
    status = _status(workspace, failing)
    header = f"{workspace.file_name}: {len(workspace.lines())} lines, {len(model.functions)} functions; {status}"
    return "\n".join([header, *rows])


def _outline_row(function: Function, errors: int) -> str:
    mark = f"  <- {errors} error{'s' if errors != 1 else ''}" if errors else ""
    return f"  lines {function.span.line}-{function.span.end_line}  {describe(function)}{mark}"


def _status(workspace: Workspace, failing: dict[str, int]) -> str:
    result = workspace.latest_result()
    if result is None:
        return "not verified yet (call verify)"
    checker = "the verus STAND-IN (not verus)" if result.is_standin else "verus"
    scope = "a partial run" if result.partial else "whole file"
    return f"last result, from {checker} ({scope}): {result.verdict.value}, {sum(failing.values())} errors"
