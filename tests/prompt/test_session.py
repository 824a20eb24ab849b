"""The words of an agent-mode session's messages (``verusagent.prompt.session``) and the feedback lines beside
them: one wording for a guard violation's snippets, wherever the model reads it."""

import pytest

from verusagent.guard import Evidence, GuardReport, Rule, Violation
from verusagent.prompt import session
from verusagent.prompt.feedback import evidence_text, guard_feedback
from verusagent.reply import ReplyError, ReplyReason

CHANGED = Violation(
    rule=Rule.SPEC_CHANGED,
    function="fn:f",
    candidate=None,
    original=None,
    reason="the ensures changed.",
    evidence=Evidence(original="r > 0", candidate="r >= 0"),
)


def test_a_violation_shows_its_snippets_in_the_same_words_in_feedback_and_in_a_session() -> None:
    shown = " Original: `r > 0`. Yours: `r >= 0`."
    assert evidence_text(CHANGED.evidence) == shown
    assert session.violation_line(CHANGED) == f"[spec-changed] the file in fn:f: the ensures changed.{shown}"
    assert guard_feedback(GuardReport(violations=[CHANGED])) == [
        f"Rejected without running verus (spec-changed): the ensures changed.{shown}"
    ]


def test_a_snippet_left_empty_is_not_shown() -> None:
    assert evidence_text(Evidence(original="", candidate="assume(false)")) == " Yours: `assume(false)`."
    assert evidence_text(Evidence(original="fn g()", candidate="")) == " Original: `fn g()`."
    assert evidence_text(None) == ""


def test_the_text_protocol_gives_every_result_its_section() -> None:
    text = session.tool_results([("view", "c1", "one"), ("", "c2", "two")])
    assert text == "Results of your tool calls, in order:\n\n### 1. view (call c1)\none\n\n### 2. ? (call c2)\ntwo"


@pytest.mark.parametrize(
    ("case", "crate", "start"),
    [
        ("verified", False, "The whole file verifies"),
        ("verified", True, "The whole crate verifies"),
        ("verified_function", False, "This function verifies;"),
        ("verified_partial", False, "The functions checked verify;"),
        ("not_alone", False, "verus did not take a run of this function alone"),
        ("unfinished", False, "verus did not finish"),
        ("failed", False, "Fix these with edit"),
    ],
)
def test_advice_after_a_run(case: str, crate: bool, start: str) -> None:
    assert session.advice(case, crate, 8).startswith(start)


def test_an_unusable_edit_says_what_to_send() -> None:
    text = session.edit_unusable(ReplyError(ReplyReason.NO_FUNCTIONS, "No function."))
    assert text.startswith("Edit not applied (no_functions): No function. Send complete functions")


def test_an_applied_edit_says_what_changed() -> None:
    text = session.edit_applied(["f"], [], "abc", 20, False, ["one note"])
    assert text == (
        "Edit applied (replaced f). The current candidate is now abc (20 lines), not verified yet: call verify()."
        "\nnote: one note"
    )
    assert "(the whole file replaced)" in session.edit_applied([], [], "abc", 20, True, [])
