"""A gate result of one changed file with one pre-check finding at a given location, for the output-format tests."""

from verusagent.gate.run import FileResult, GateResult
from verusagent.guard import GuardReport
from verusagent.precheck import PrecheckFinding, PrecheckReport, PrecheckRule
from verusagent.verus.diagnostics import DiagnosticKind
from verusagent.verus.models import Diagnostic, Level, SpanRef


def precheck_result(location: SpanRef, message: str = "bad") -> GateResult:
    diagnostic = Diagnostic(kind=DiagnosticKind.OTHER_ERROR, level=Level.ERROR, message=message, location=location)
    finding = PrecheckFinding(rule=PrecheckRule.UNKNOWN_FUNCTION, diagnostic=diagnostic)
    file = FileResult(
        path="src/a.rs",
        status="modified",
        base_path="src/a.rs",
        report=GuardReport(violations=[]),
        precheck=PrecheckReport(findings=[finding]),
    )
    return GateResult(base="0" * 40, base_reason="HEAD", root="/repo", files=[file])
