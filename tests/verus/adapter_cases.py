"""Small Verus programs whose verus verdict is known, shared by the stand-in tests and the real-verus tests.

The stand-in answers them from tools/standin_scenarios/adapter_cases.json as verus does; with `-m verus` the
same expectations are checked against the real binary.
"""

from dataclasses import dataclass

from verusagent.verus import DiagnosticKind, Verdict


@dataclass(frozen=True)
class Case:
    name: str
    source: str
    verdict: Verdict
    kind: DiagnosticKind | None = None  # of the first error
    location_text: str | None = None  # the highlighted text at the failing location
    related_label: str | None = None


HEADER = "use vstd::prelude::*;\nverus! {\n"

CASES = [
    Case(
        "verified",
        HEADER + "fn double(x: u32) -> (r: u32)\n    requires x < 1000,\n    ensures r == 2 * x,\n{\n    x * 2\n}\n}\n",
        Verdict.VERIFIED,
    ),
    Case(
        "assertion",
        HEADER + "proof fn facts(x: int) {\n    assert(x * x >= 0) by (nonlinear_arith);\n    assert(x > 0);\n}\n}\n",
        Verdict.FAILED,
        DiagnosticKind.ASSERTION,
        "x > 0",
    ),
    Case(
        "invariant",
        HEADER + "fn count(n: u32) -> (r: u32)\n    ensures r == n,\n{\n    let mut i: u32 = 0;\n"
        "    while i < n\n        invariant\n            i <= n,\n            i < 5,\n        decreases n - i,\n"
        "    {\n        i = i + 1;\n    }\n    i\n}\n}\n",
        Verdict.FAILED,
        DiagnosticKind.INVARIANT_END_OF_LOOP,
        "i < 5",
    ),
    Case(
        "precondition",
        HEADER + "fn inc(x: u32) -> (r: u32)\n    requires x < 100,\n    ensures r == x + 1,\n{\n    x + 1\n}\n\n"
        "fn caller() {\n    let y = inc(200);\n}\n}\n",
        Verdict.FAILED,
        DiagnosticKind.PRECONDITION,
        "inc(200)",
        "failed precondition",
    ),
    Case(
        "mode",
        HEADER + "fn exec_fn() -> u32 {\n    7\n}\n\nspec fn spec_fn() -> u32 {\n    exec_fn()\n}\n}\n",
        Verdict.FRONTEND_REJECTED,
        DiagnosticKind.MODE_CALL,
        "exec_fn()",
    ),
    Case(
        "rustc",
        HEADER + "fn not_a_number() -> u32 {\n    true\n}\n}\n",
        Verdict.DID_NOT_COMPILE,
        DiagnosticKind.RUSTC_ERROR,
        "true",
    ),
    Case(
        "with_main",
        HEADER + "fn id(x: u8) -> (r: u8)\n    ensures r == x,\n{\n    x\n}\n}\n\nfn main() {\n    id(1);\n}\n",
        Verdict.VERIFIED,
    ),
]
