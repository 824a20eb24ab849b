"""The verdict rules of verus-reference.md section 3, one row each, through `parse_output`."""

import json

import pytest

from verusagent.verus import Verdict as V
from verusagent.verus import parse_output

OK = {
    "encountered-error": False,
    "encountered-vir-error": False,
    "success": True,
    "verified": 2,
    "errors": 0,
    "is-verifying-entire-crate": True,
}
ERROR_LINE = json.dumps(
    {
        "$message_type": "diagnostic",
        "message": "assertion failed",
        "code": None,
        "level": "error",
        "spans": [],
        "children": [],
        "rendered": "",
    }
)
RUSTC_LINE = json.dumps(
    {
        "$message_type": "diagnostic",
        "message": "mismatched types",
        "code": {"code": "E0308", "explanation": None},
        "level": "error",
        "spans": [],
        "children": [],
        "rendered": "",
    }
)


def document(**changes) -> str:
    results = {**OK, **changes}
    return json.dumps({"verification-results": {k: v for k, v in results.items() if v is not None}})


CASES = [
    ("whole-crate success", document(), "", 0, V.VERIFIED),
    ("success key missing", document(success=None), "", 0, V.TOOL_FAILURE),
    ("success but exit 1", document(), "", 1, V.TOOL_FAILURE),
    ("success but an error on stderr", document(), ERROR_LINE, 0, V.TOOL_FAILURE),
    ("partial run passing", document(success=None, **{"is-verifying-entire-crate": False}), "", 0, V.VERIFIED_PARTIAL),
    ("partial run even with success true", document(**{"is-verifying-entire-crate": False}), "", 0, V.VERIFIED_PARTIAL),
    ("failed queries", document(success=False, errors=2, **{"encountered-error": True}), ERROR_LINE, 1, V.FAILED),
    (
        "front-end error",
        json.dumps(
            {"verification-results": {"encountered-error": True, "encountered-vir-error": True, "success": False}}
        ),
        ERROR_LINE,
        1,
        V.FRONTEND_REJECTED,
    ),
    (
        "did not compile",
        document(success=False, verified=0, **{"encountered-error": True}),
        RUSTC_LINE,
        1,
        V.DID_NOT_COMPILE,
    ),
    (
        "error outside queries after some verified",
        document(success=False, **{"encountered-error": True}),
        ERROR_LINE,
        1,
        V.FRONTEND_REJECTED,
    ),
    ("empty stdout", "", ERROR_LINE, 1, V.TOOL_FAILURE),
    ("garbage stdout", "Segmentation fault\n", "", 139, V.TOOL_FAILURE),
    ("truncated JSON", document()[:40], "", 0, V.TOOL_FAILURE),
    ("JSON without results", json.dumps({"verus": {"version": "x"}}), "", 0, V.TOOL_FAILURE),
    ("incomplete install", "", "error: Verus installation is incomplete", 128, V.TOOL_FAILURE),
    ("bad flag", "", "Error: Unrecognized option: 'no-cheating'", 255, V.TOOL_FAILURE),
    ("killed by a signal", document(), "", -9, V.TOOL_FAILURE),
    ("panic with success", document(), "thread 'rustc' panicked at a.rs:1:1:\nboom", 0, V.TOOL_FAILURE),
    ("internal error line", document(), "Verus Internal Error: oops", 0, V.TOOL_FAILURE),
    ("unknown exit code", document(), "", None, V.VERIFIED),
]


@pytest.mark.parametrize("name, stdout, stderr, exit_code, verdict", CASES, ids=[c[0] for c in CASES])
def test_verdict(name: str, stdout: str, stderr: str, exit_code: int | None, verdict: V) -> None:
    parsed = parse_output(stdout, stderr, exit_code)
    assert parsed.verdict == verdict, parsed.reasons
    assert parsed.reasons


def test_tool_failure_reasons_name_the_cause() -> None:
    parsed = parse_output("", "Error: Unrecognized option: 'no-cheating'", 255)
    assert "verus rejected its arguments (exit 255)" in parsed.reasons
    assert any("stdout is empty" in reason for reason in parsed.reasons)
    assert parsed.raw_lines == ["Error: Unrecognized option: 'no-cheating'"]


def test_a_partial_run_is_never_verified() -> None:
    for success in (True, None):
        parsed = parse_output(document(success=success, **{"is-verifying-entire-crate": False}), "", 0)
        assert parsed.partial and parsed.verdict != V.VERIFIED
