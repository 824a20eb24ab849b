"""edit(items): spliced through the lens, guarded on exactly the text produced; refused edits are not applied."""

from verusagent.agent.candidate import Candidate
from verusagent.agent.session.editing import edit

from tests.agent.session.session_support import PROVED_LOOP, total_fn

ORIGIN = Candidate(text="", sha256="", strategy="agent", round=1)


def test_an_honest_edit_is_applied_after_the_guard(workspace, recorded, task_text):
    before = workspace.sha
    result = edit(workspace, recorded.evaluator, total_fn(task_text), ORIGIN)
    assert result.ok and result.applied and result.produced_sha256 == workspace.sha != before
    assert result.text.startswith("Edit applied (replaced total). The current candidate is now ")
    assert PROVED_LOOP in workspace.text and workspace.current.candidate.parent == before
    assert recorded.kinds() == ["candidate_created", "guard_report", "review_report"]


def test_assume_false_is_refused_with_reason_and_location(workspace, recorded, task_text):
    before = workspace.sha
    cheat = total_fn(task_text, extra="        proof { assume(false); }\n")
    result = edit(workspace, recorded.evaluator, cheat, ORIGIN)
    assert not result.ok and result.error == "refused" and not result.applied and workspace.sha == before
    line = next(n for n, text in enumerate(cheat.splitlines(), 40) if "assume(false)" in text)
    assert f"- [escape-hatch-added] line {line}:" in result.text and " in fn:total: " in result.text
    refused = f"Edit refused by the guard, not applied: the current candidate is still {before[:10]}."
    assert result.text.startswith(refused)


def test_spec_and_exec_changes_are_refused(workspace, recorded, task_text):
    weaker = total_fn(task_text).replace("r == scaled(n as int, step as int),\n{", "r >= 0,\n{")
    assert "[spec-changed]" in edit(workspace, recorded.evaluator, weaker, ORIGIN).text
    faster = total_fn(task_text).replace("r = r + step;", "r = r + step + 0;")
    assert "[exec-changed]" in edit(workspace, recorded.evaluator, faster, ORIGIN).text


def test_a_new_lemma_is_added_and_a_reply_without_functions_is_unusable(workspace, recorded):
    lemma = (
        "proof fn lemma_step_bound(step: int)\n    requires\n        step <= 10,\n    ensures\n"
        "        step < 11,\n{\n}\n"
    )
    added = edit(workspace, recorded.evaluator, lemma, ORIGIN)
    assert added.applied and "added lemma_step_bound" in added.text
    unusable = edit(workspace, recorded.evaluator, "invariant i <= n,", ORIGIN)
    assert unusable.error == "unusable" and unusable.text.startswith("Edit not applied (no_functions)")
    assert edit(workspace, recorded.evaluator, lemma, ORIGIN).error == "unusable"  # changes nothing now
