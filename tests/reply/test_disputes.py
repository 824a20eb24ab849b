"""Disputes: a ```json {"disputes": [...]} block before the reply's code block; the prover prompt explains them
only when there is a blocking finding, so every other prompt stays byte for byte what it was."""

from verusagent.prompt.templates import render
from verusagent.reply.disputes import parse_disputes

CODE = "```rust\nfn f() {}\n```\n"


def block(payload: str, language: str = "json") -> str:
    return f"```{language}\n{payload}\n```\n"


def test_disputes_before_the_code_block_are_read() -> None:
    reply = "I disagree.\n" + block('{"disputes": [{"finding": "ab12cd34.1", "reason": "r <= n holds"}]}') + CODE
    [dispute] = parse_disputes(reply)
    assert (dispute.finding, dispute.reason) == ("ab12cd34.1", "r <= n holds")
    assert parse_disputes(block('{"disputes": [{"finding": "x.1", "reason": "y"}]}', "") + CODE)[0].finding == "x.1"


def test_disputes_after_the_code_block_or_malformed_are_ignored() -> None:
    assert parse_disputes(CODE + block('{"disputes": [{"finding": "a.1", "reason": "r"}]}')) == []
    assert parse_disputes(block('{"disputes": [{"finding": "", "reason": "r"}, {"finding": 3}, "x"]}') + CODE) == []
    assert parse_disputes(block('{"disputes": "all of them"}') + CODE) == []
    assert parse_disputes(block("not json at all") + CODE) == []
    assert parse_disputes("no blocks here") == []


PROVE = dict(
    file_name="f.rs", source="verus! { fn f() {} }\n", targets=[], strategy="", feedback=["a note"], reply_format="file"
)
FINDING = {
    "id": "ab12cd34.1",
    "severity": "critical",
    "unit": "fn:f/loop#1",
    "location": {"lines": [4, 5]},
    "reason": "the invariant fails on entry",
    "evidence": {"quote": "i < n,", "explanation": "i == n first"},
}


def test_prompts_without_blocking_findings_are_unchanged_byte_for_byte() -> None:
    for task in ("prove", "synth"):
        assert render(task, **PROVE, review_findings=[]) == render(task, **PROVE)
    diagnostics = [{"kind": "assertion", "message": "m", "location": "l", "excerpt": "", "related": []}]
    assert render("repair", **PROVE, diagnostics=diagnostics, review_findings=[]) == render(
        "repair", **PROVE, diagnostics=diagnostics
    )


def test_blocking_findings_are_shown_with_the_dispute_format() -> None:
    text = render("prove", **PROVE, review_findings=[FINDING])
    assert "finding `ab12cd34.1` (critical) in `fn:f/loop#1`, lines 4-5: the invariant fails on entry" in text
    assert "evidence: `i < n,`: i == n first" in text
    assert '{"disputes": [{"finding": "<the finding\'s id>", "reason": "why the error is not real"}]}' in text
    assert text.index("Review findings") < text.index("Reply with the complete file")
