"""The approach line fits the targets: a strategy whose sentence is about loops says nothing to targets without
one, on small programs and on real VeruSAGE and Verus-Bench tasks."""

from pathlib import Path

import pytest

from verusagent.agent.strategies import PORTFOLIO
from verusagent.bench.slice_coverage import prove_request
from verusagent.bench.verusage import discover, target_of
from verusagent.crate.workspace import CrateWorkspace
from verusagent.prompt import chat, system_prompt
from verusagent.prompt.approaches import ABOUT_LOOPS, APPROACHES, BEFORE_ERRORS, approach
from verusagent.prompt.proposal import round_prompt
from verusagent.prompt.targets import have_loops
from verusagent.verus import Diagnostic, DiagnosticKind, Level

FIXTURE = Path(__file__).resolve().parents[2] / "rust_fixtures" / "prompt" / "loops_and_lemmas.rs"
SOURCE = FIXTURE.read_text()
LOOP_SENTENCE = APPROACHES["invariants"]


@pytest.mark.parametrize(
    ("targets", "expected"),
    [
        (["count_up"], True),  # a while loop
        (["first_positive"], True),  # a for loop inside a block of the body
        (["lemma_sum_to_monotone"], False),
        (["add_one"], False),
        (["add_one", "count_up"], True),  # one target with a loop is enough
        ([], True),  # every function of the file: it has loops
        (["no_such_function"], True),  # a shape not known is not taken for loop-less
    ],
)
def test_loops_are_found_in_the_named_targets_only(targets, expected):
    assert have_loops(SOURCE, targets) is expected


def test_a_file_without_loops_has_none_when_every_function_is_a_target():
    without = SOURCE[: SOURCE.index("fn count_up")] + "\n} // verus!\n"
    assert have_loops(without, []) is False


def test_only_the_strategies_about_loops_fall_silent_without_loops():
    assert ABOUT_LOOPS.issubset(APPROACHES)
    for name, sentence in APPROACHES.items():
        assert approach(name, loops=True) == sentence
        assert approach(name, loops=False) == ("" if name in ABOUT_LOOPS else sentence)


def test_before_verus_has_run_no_sentence_speaks_of_failures_or_errors():
    for name in APPROACHES:
        before = approach(name, errors=False)
        assert "failing" not in before and "error" not in before and "complain" not in before
        assert before == BEFORE_ERRORS.get(name, APPROACHES[name])
    assert approach("assertions", errors=True) == APPROACHES["assertions"]


def user_prompt(targets: list[str], strategy: str, synth: bool = False, errors: list[Diagnostic] | None = None) -> str:
    workspace = CrateWorkspace.single(FIXTURE.name)
    name, context = round_prompt(
        workspace, SOURCE, errors or [], targets=targets, synth=synth, strategy=strategy, feedback=[]
    )
    return chat(name, **context)[1]["content"]


def test_a_loopless_target_gets_no_approach_line_from_the_loop_strategy():
    assert "Approach for this attempt" not in user_prompt(["add_one"], "invariants")
    assert f"Approach for this attempt: {LOOP_SENTENCE}" in user_prompt(["count_up"], "invariants")
    assert f"Approach for this attempt: {BEFORE_ERRORS['assertions']}" in user_prompt(["add_one"], "assertions")


def test_a_repair_prompt_works_from_the_failing_location_a_prove_prompt_has_none():
    failed = Diagnostic(kind=DiagnosticKind.POSTCONDITION, level=Level.ERROR, message="postcondition not satisfied")
    repair = user_prompt(["add_one"], "assertions", errors=[failed])
    assert f"Approach for this attempt: {APPROACHES['assertions']}" in repair
    assert "failing location" not in user_prompt(["add_one"], "assertions")


def test_a_synth_prompt_keeps_the_loop_sentence_the_bodies_are_still_to_write():
    assert f"Approach for this attempt: {LOOP_SENTENCE}" in user_prompt(["add_one"], "invariants", synth=True)
    workspace = CrateWorkspace.single(FIXTURE.name)
    failed = Diagnostic(kind=DiagnosticKind.POSTCONDITION, level=Level.ERROR, message="postcondition not satisfied")
    name, context = round_prompt(
        workspace,
        SOURCE,
        [failed],
        targets=["add_one"],
        synth=False,
        strategy="invariants",
        feedback=[],
        writes=["add_one"],
    )  # the repair of a synth run's candidate: the body is still the model's, a loop may be what it needs
    assert context["loops"] and LOOP_SENTENCE in chat(name, **context)[1]["content"]


def test_every_strategy_of_the_portfolio_has_a_sentence():
    assert [s.name for s in PORTFOLIO if s.name not in APPROACHES] == []


def first_request_text(task) -> str:
    text = task.task_path.read_text()
    return prove_request(task, text, target_of(task, text), None).messages[1]["content"]


def test_on_a_verusage_task_without_loops_the_first_prompt_says_nothing_of_loops(shared_dir):
    tasks = {(t.project, t.name): t for t in discover(shared_dir / "corpus" / "verusage-bench")}
    task = tasks["storage", "logimpl_start"]
    assert not have_loops(task.task_path.read_text(), [])
    assert LOOP_SENTENCE not in first_request_text(task)


def test_on_a_verus_bench_task_with_a_loop_the_loop_sentence_stays(bench_dir):
    path = next(p for p in sorted(bench_dir.rglob("*.rs")) if have_loops(p.read_text(), []))
    workspace = CrateWorkspace.single(path.name)
    name, context = round_prompt(
        workspace, path.read_text(), [], targets=[], synth=False, strategy="invariants", feedback=[]
    )
    assert f"Approach for this attempt: {LOOP_SENTENCE}" in chat(name, **context)[1]["content"]


def system_prompt_of(targets: list[str], synth: bool = False) -> str:
    workspace = CrateWorkspace.single(FIXTURE.name)
    name, context = round_prompt(
        workspace, SOURCE, [], targets=targets, synth=synth, strategy="assertions", feedback=[]
    )
    return chat(name, **context)[0]["content"]


def test_the_advice_on_loop_invariants_is_given_where_the_targets_have_loops():
    advice = "A loop's invariants are all verus knows"
    assert advice in system_prompt_of(["count_up"]) and advice in system_prompt_of(["add_one"], synth=True)
    without = system_prompt_of(["add_one"])
    assert advice not in without and "recursive function needs a `decreases`" in without
    assert advice in system_prompt()  # every other caller (agent sessions, the review) as before
