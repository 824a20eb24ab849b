"""Gate output formats: the workflow annotation of a pre-check finding whose span lacks some positions."""

from verusagent.gate.formats import to_github
from verusagent.verus.models import SpanRef

from tests.gate.precheck_results import precheck_result as _result


def test_a_precheck_annotation_leaves_out_unknown_positions():
    [annotation, _] = to_github(_result(SpanRef(line=3))).splitlines()
    assert annotation == "::error file=src/a.rs,title=verusagent precheck unknown-function,line=3::bad"


def test_a_precheck_annotation_carries_every_known_position():
    [annotation, _] = to_github(_result(SpanRef(line=3, col=5, end_line=3, end_col=9))).splitlines()
    assert annotation.endswith(",line=3,col=5,endLine=3,endColumn=9::bad")
