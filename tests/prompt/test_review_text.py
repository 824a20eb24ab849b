"""The claim a review validator reads, worded in ``verusagent.prompt.review_text`` exactly as the review wrote it
before (prompts are cached by their text)."""

from verusagent.prompt import chat, review_text
from verusagent.reply.findings import CHECKS, SEVERITIES
from verusagent.review.votes import JUDGMENTS


def test_a_finding_s_location_is_its_unit_and_the_lines_of_its_quote() -> None:
    assert review_text.finding_location("fn:f/loop#1", [4, 5]) == "fn:f/loop#1, lines 4-5"
    assert review_text.finding_location("fn:f", [7]) == "fn:f, lines 7-7"
    assert review_text.finding_location("fn:f", []) == "fn:f, lines unknown"


def test_the_claim_shows_every_part_and_says_when_no_explanation_was_given() -> None:
    claim = review_text.validator_claim(
        severity="critical", unit="fn:f", lines=[2, 3], reason="r", quote="q", explanation="", check="logic"
    )
    assert claim == {
        "severity": "critical",
        "location": "fn:f, lines 2-3",
        "reason": "r",
        "quote": "q",
        "explanation": "(none given)",
        "check": "logic",
    }
    given = review_text.validator_claim(
        severity="gap", unit="fn:f", lines=[], reason="r", quote="q", explanation="e", check="scope"
    )
    assert (given["explanation"], given["location"]) == ("e", "fn:f, lines unknown")


def test_the_prompts_ask_for_the_vocabulary_the_reply_is_read_with() -> None:
    """The proposer's prompt names every severity and check ``verusagent.reply.findings`` accepts, and the validator's
    every judgment its vote is read against: the one vocabulary, in code, that the templates spell out."""
    unit = {"file_name": "f.rs", "unit_id": "fn:f", "unit_kind": "function", "unit_text": "fn f() {}", "context": ""}
    propose = chat("review_propose", **unit)[-1]["content"]
    severities = " or ".join(f'"{word}"' for word in SEVERITIES)
    checks = " or ".join(f'"{word}"' for word in CHECKS)
    assert f'"severity": {severities},' in propose and f'"check": {checks}}}]' in propose
    claim = review_text.validator_claim(
        severity="gap", unit="fn:f", lines=[1], reason="r", quote="fn f", explanation="", check="logic"
    )
    validate = chat("review_validate", **unit, finding=claim, dispute=None)[-1]["content"]
    assert '{"vote": ' + " or ".join(f'"{word}"' for word in JUDGMENTS) + "," in validate
