"""Focused screening plans: which functions a candidate's screening runs cover, and when the whole file instead."""

import pytest

from verusagent.agent.focus import (
    CostBook,
    FocusMode,
    FocusSettings,
    ParentView,
    ScreeningPlan,
    combine,
    focus_targets,
    is_scope_failure,
    plan_screening,
)
from verusagent.lens import parse
from verusagent.verus import Diagnostic, Verdict, VerusResult
from verusagent.verus.diagnostics import DiagnosticKind
from verusagent.verus.models import Level

from tests.paths import REPO_ROOT

TASK = (REPO_ROOT / "rust_fixtures" / "agent" / "two_modules.rs").read_text()
ON = FocusSettings(mode=FocusMode.ON)


def result(verdict: Verdict, failing: list[str] = (), flags: list[str] = (), duration: float = 10.0) -> VerusResult:
    errors = [
        Diagnostic(
            kind=DiagnosticKind.POSTCONDITION, level=Level.ERROR, message="postcondition not satisfied", unit_id=unit
        )
        for unit in failing
    ]
    return VerusResult(
        verdict=verdict,
        partial=bool(flags),
        diagnostics=errors,
        duration_s=duration,
        verus_path="verus",
        verus_version="test",
        is_standin=False,
        content_sha256="0" * 64,
        file_name="two_modules.rs",
        flags=list(flags),
    )


def measured(whole: float = 10.0, function: float | None = None) -> CostBook:
    book = CostBook()
    book.observe([], whole, "failed", False)
    if function is not None:
        book.observe(["--verify-function", "f", "--verify-root"], function, "verified_partial", False)
    return book


def edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


LOOP_PROOF = edit(
    TASK,
    "    while r < n {\n",
    "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {\n",
)


def test_targets_are_the_changed_functions_and_the_parents_failing_ones() -> None:
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:arith::lemma_bounded_sum"]))
    targets = focus_targets(LOOP_PROOF, parent, CostBook())
    assert [(t.unit_id, t.pattern, t.module) for t in targets] == [
        ("fn:arith::lemma_bounded_sum", "lemma_bounded_sum", "arith"),
        ("fn:count_up", "count_up", ""),
    ]


def test_a_method_is_named_by_its_type_within_its_module() -> None:
    text = "verus! {\nmod m {\nstruct S;\nimpl S {\nfn get(&self) -> u8 { 1 }\n}\n}\n}\n"
    changed = edit(text, "{ 1 }", "{ proof { assert(true); } 1 }")
    targets = focus_targets(changed, ParentView(text=text, result=result(Verdict.VERIFIED)), CostBook())
    assert [(t.pattern, t.module) for t in targets] == [("S::get", "m")]


@pytest.mark.parametrize(
    "parent, text, reason",
    [
        (None, LOOP_PROOF, "does not say which functions fail"),
        (ParentView(text=TASK, result=result(Verdict.FRONTEND_REJECTED)), LOOP_PROOF, "does not say"),
        (ParentView(text=TASK, result=result(Verdict.FAILED, [None])), LOOP_PROOF, "outside any function"),
        (
            ParentView(text=TASK, result=result(Verdict.FAILED)),
            edit(LOOP_PROOF, "use vstd::prelude::*;\n\nverus", "use vstd::prelude::*;\nuse vstd::seq::*;\n\nverus"),
            "outside functions",
        ),
    ],
)
def test_the_whole_file_when_focusing_would_guess(parent, text, reason) -> None:
    assert reason in focus_targets(text, parent, CostBook())


def test_a_new_lemma_is_verified_with_the_function_that_uses_it() -> None:
    lemma = "proof fn lemma_new(n: u32)\n    ensures\n        n >= 0,\n{\n}\n\n"
    text = edit(LOOP_PROOF, "fn count_up", lemma + "fn count_up")
    targets = focus_targets(
        text, ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:count_up/loop#1"])), CostBook()
    )
    assert [t.unit_id for t in targets] == ["fn:count_up", "fn:lemma_new"]


def test_a_function_verus_refused_to_focus_on_is_verified_whole() -> None:
    book = measured()
    book.unfocusable.add("fn:count_up")
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:count_up"]))
    assert "did not take a focused run" in focus_targets(LOOP_PROOF, parent, book)


def test_auto_keeps_small_files_and_unmeasured_tasks_whole() -> None:
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:count_up"]))
    assert plan_screening(LOOP_PROOF, parent, measured(), FocusSettings()).kind == "whole"
    assert "under 400 lines" in plan_screening(LOOP_PROOF, parent, measured(), FocusSettings()).reason
    assert "no whole-file run" in plan_screening(LOOP_PROOF, parent, CostBook(), ON).reason
    assert plan_screening(LOOP_PROOF, parent, measured(), FocusSettings(mode=FocusMode.OFF)).kind == "whole"


def test_auto_chooses_by_measured_cost() -> None:
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:count_up"]))
    large = FocusSettings(min_lines=10)
    assert plan_screening(LOOP_PROOF, parent, measured(whole=60.0), large).kind == "functions"  # prior 0.6 x 60
    two = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:count_up", "fn:arith::add_small"]))
    assert plan_screening(LOOP_PROOF, two, measured(whole=60.0), large).kind == "whole"  # 2 x 36 > 60
    assert plan_screening(LOOP_PROOF, two, measured(whole=60.0, function=5.0), large).kind == "functions"
    slow = plan_screening(LOOP_PROOF, parent, measured(whole=60.0, function=70.0), large)
    assert slow.kind == "whole" and slow.estimate_s == {"whole": 60.0, "functions": 70.0, "module": 60.0}


def test_functions_sharing_a_module_may_be_one_module_run() -> None:
    text = edit(TASK, "        a + b\n", "        proof { lemma_bounded_sum(a as int, b as int); }\n        a + b\n")
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:arith::lemma_bounded_sum"]))
    book = measured(whole=60.0, function=40.0)
    book.observe(["--verify-only-module", "arith"], 30.0, "failed", False)
    plan = plan_screening(text, parent, book, ON)
    assert plan.kind == "module" and plan.scopes() == [{"verify_module": "arith"}]


def test_scopes_name_one_function_per_run() -> None:
    parent = ParentView(text=TASK, result=result(Verdict.FAILED, ["fn:arith::lemma_bounded_sum"]))
    plan = plan_screening(LOOP_PROOF, parent, measured(function=1.0), ON)
    assert plan.scopes() == [
        {"verify_function": "lemma_bounded_sum", "verify_module": "arith"},
        {"verify_function": "count_up", "verify_module": None},
    ]


def test_combined_results_are_partial_and_keep_every_error() -> None:
    plan = ScreeningPlan(kind="functions", targets=[], reason="test")
    parts = [
        result(Verdict.VERIFIED_PARTIAL, flags=["--verify-root"], duration=2.0),
        result(Verdict.FAILED, ["fn:count_up"], flags=["--verify-root"], duration=3.0),
    ]
    combined = combine(parts, plan)
    assert combined.verdict == Verdict.FAILED and combined.partial and not combined.accepted
    assert combined.duration_s == 5.0 and [d.unit_id for d in combined.errors_only()] == ["fn:count_up"]
    passed = combine([result(Verdict.VERIFIED_PARTIAL, flags=["--verify-root"])], plan)
    assert passed.verdict == Verdict.VERIFIED_PARTIAL and not passed.accepted


def test_scope_failures_are_told_from_proof_failures() -> None:
    refused = result(Verdict.TOOL_FAILURE).model_copy(
        update={"stderr": "Error: could not find function f specified by --verify-function"}
    )
    assert is_scope_failure(refused)
    assert not is_scope_failure(result(Verdict.FAILED, ["fn:count_up"]))
    assert not is_scope_failure(result(Verdict.TOOL_FAILURE))


def test_the_fixture_parses_into_the_units_the_tests_name() -> None:
    ids = {f.id for f in parse(TASK).functions}
    assert {"fn:arith::lemma_bounded_sum", "fn:arith::add_small", "fn:count_up", "fn:main"} <= ids


MACHINE = """verus! {
state_machine!{ X {
    fields { pub n: int, }
    #[invariant]
    pub fn nonneg(&self) -> bool { self.n >= 0 }
    init!{ initialize() { init n = 0; } }
    #[inductive(initialize)]
    fn initialize_inductive(post: Self) { }
}}
}
"""


def test_a_state_machines_functions_are_verified_with_the_whole_file() -> None:
    changed = edit(MACHINE, "post: Self) { }", "post: Self) { assert(post.n == 0); }")
    parent = ParentView(text=MACHINE, result=result(Verdict.FAILED, ["sm:X/inductive:initialize"]))
    assert "sm:X/inductive:initialize: a state machine's functions" in focus_targets(changed, parent, CostBook())
