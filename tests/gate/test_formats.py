"""Gate output formats: the workflow annotation of a pre-check finding whose span lacks some positions."""

from verusagent.gate.formats import to_github
from verusagent.gate.run import FileResult, GateResult
from verusagent.guard import GuardReport
from verusagent.precheck import PrecheckFinding, PrecheckReport, PrecheckRule
from verusagent.verus.diagnostics import DiagnosticKind
from verusagent.verus.models import Diagnostic, Level, SpanRef


def _result(location: SpanRef) -> GateResult:
    diagnostic = Diagnostic(kind=DiagnosticKind.OTHER_ERROR, level=Level.ERROR, message="bad", location=location)
    finding = PrecheckFinding(rule=PrecheckRule.UNKNOWN_FUNCTION, diagnostic=diagnostic)
    file = FileResult(
        path="src/a.rs",
        status="modified",
        base_path="src/a.rs",
        report=GuardReport(violations=[]),
        precheck=PrecheckReport(findings=[finding]),
    )
    return GateResult(base="0" * 40, base_reason="HEAD", root="/repo", files=[file])


def test_a_precheck_annotation_leaves_out_unknown_positions():
    [annotation, _] = to_github(_result(SpanRef(line=3))).splitlines()
    assert annotation == "::error file=src/a.rs,title=verusagent precheck unknown-function,line=3::bad"


def test_a_precheck_annotation_carries_every_known_position():
    [annotation, _] = to_github(_result(SpanRef(line=3, col=5, end_line=3, end_col=9))).splitlines()
    assert annotation.endswith(",line=3,col=5,endLine=3,endColumn=9::bad")
