"""Shows verus's diagnostics grouped by function, with code excerpts (rich), or as JSON."""

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from verusagent.verus.models import Diagnostic, ParsedOutput, SpanRef, Verdict, VerusResult
from verusagent.verus.units import location_offset

if TYPE_CHECKING:
    from verusagent.lens.model import SourceModel

OUTSIDE = "(outside any function)"
UNKNOWN = "(position unknown)"
_STYLE = {"error": "bold red", "warning": "yellow", "note": "cyan", "help": "green"}
_VERDICT_STYLE = {Verdict.VERIFIED: "bold green", Verdict.VERIFIED_PARTIAL: "green", Verdict.FAILED: "bold red"}


def group_by_function(
    diagnostics: list[Diagnostic], model: "SourceModel | None", main_file: str | None
) -> dict[str, list[Diagnostic]]:
    groups: dict[str, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        groups.setdefault(_function_of(diagnostic, model, main_file), []).append(diagnostic)
    return groups


def _function_of(diagnostic: Diagnostic, model: "SourceModel | None", main_file: str | None) -> str:
    if model is None:
        return UNKNOWN
    offset = location_offset(diagnostic.location, model, main_file)
    if offset is None:
        return UNKNOWN
    function = model.function_at(offset)
    return function.id if function else (model.macro_unit_at(offset) or OUTSIDE)  # e.g. a transition's assert


def result_json(result: VerusResult, groups: dict[str, list[Diagnostic]]) -> dict[str, Any]:
    data = result.model_dump(mode="json", exclude={"diagnostics", "stdout", "stderr", "raw_lines"})
    data["accepted"] = result.accepted and not result.is_standin  # a stand-in's answer accepts nothing
    data["groups"] = _groups_json(groups)
    return data


def parsed_json(parsed: ParsedOutput, groups: dict[str, list[Diagnostic]]) -> dict[str, Any]:
    data = parsed.model_dump(mode="json", exclude={"diagnostics"})
    data["groups"] = _groups_json(groups)
    return data


def _groups_json(groups: dict[str, list[Diagnostic]]) -> list[dict[str, Any]]:
    return [
        {"function": name, "diagnostics": [d.model_dump(mode="json") for d in items]} for name, items in groups.items()
    ]


class Report:
    """Writes the human report of one verus outcome."""

    def __init__(self, console: Console, model: "SourceModel | None", main_file: str | None):
        self.console = console
        self.model = model
        self.main_file = main_file

    def header(self, title: str, verdict: Verdict | None, partial: bool, detail: str, standin: bool) -> None:
        if standin:
            self.console.print(
                Text(
                    "STAND-IN: these answers come from the verus stand-in for tests, not from verus",
                    style="bold magenta",
                )
            )
        name = verdict.value if verdict else "undetermined"
        line = Text(f"{title}: ")
        style = _VERDICT_STYLE.get(verdict, "bold") if verdict else "bold"
        line.append(name + (" (partial: not an acceptance)" if partial else ""), style)
        self.console.print(line + Text(f"  {detail}"))

    def reasons(self, reasons: list[str], warnings: list[str]) -> None:
        for reason in reasons:
            self.console.print(Text(f"  {reason}", style="dim"))
        for warning in warnings:
            self.console.print(Text(f"  warning: {warning}", style="yellow"))

    def groups(self, groups: dict[str, list[Diagnostic]]) -> None:
        for name, diagnostics in groups.items():
            self.console.print()
            self.console.print(Text(name, style="bold underline"))
            for diagnostic in diagnostics:
                self.diagnostic(diagnostic)

    def diagnostic(self, diagnostic: Diagnostic) -> None:
        title = Text(f"  {diagnostic.level.value}", style=_STYLE.get(diagnostic.level.value, ""))
        title.append(f"[{diagnostic.code or diagnostic.kind.value}]: ", style="dim")
        title.append(diagnostic.message)
        self.console.print(title)
        if self.model is None and diagnostic.rendered:
            self.console.print(Text(_indent(diagnostic.rendered, 4)))
            return
        if diagnostic.location is not None:
            self.span(diagnostic.location, diagnostic, primary=True)
        for related in diagnostic.related:
            self.span(related, diagnostic, primary=False)
        for note in diagnostic.notes:
            self.console.print(Text(f"    = note: {note}"))
        for help_text in diagnostic.helps:
            self.console.print(Text(f"    = help: {help_text}"))

    def span(self, span: SpanRef, diagnostic: Diagnostic, primary: bool) -> None:
        where = Text(f"    {'-->' if primary else ':::'} {span.where()}", style="blue")
        unit = span.unit_id or (diagnostic.unit_id if primary else None)
        if unit:
            where.append(f"  in {unit}", style="dim")
        if span.clause:
            where.append(f", {span.clause.kind} #{span.clause.index + 1}", style="dim")
        self.console.print(where)
        excerpt = self._excerpt(span, primary)
        if excerpt is not None:
            self.console.print(excerpt)
        elif span.text:
            self.console.print(Text(f"      {span.text}" + (f"  <- {span.label}" if span.label else "")))

    def _excerpt(self, span: SpanRef, primary: bool) -> Text | None:
        if self.model is None or span.line is None or location_offset(span, self.model, self.main_file) is None:
            return None
        lines = self.model.text.splitlines()
        if not 0 < span.line <= len(lines):
            return None
        source = lines[span.line - 1]
        start = (span.col or 1) - 1
        end = span.end_col - 1 if span.end_col and span.end_line == span.line else len(source)
        gutter = f"{span.line:>6} | "
        marks = ("^" if primary else "-") * max(end - start, 1)
        label = f" {span.label}" if span.label else ""
        text = Text(gutter + source + "\n")
        text.append(" " * (len(gutter) - 2) + "| " + " " * start + marks + label, style="red" if primary else "blue")
        return text


def _indent(text: str, width: int) -> str:
    return "\n".join(" " * width + line for line in text.rstrip().splitlines())
