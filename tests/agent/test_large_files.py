"""The agent on a large file: a sliced prompt around the failing function, an item reply spliced into the whole
file, the guard and the verus stand-in (not verus) on the whole file. The scripted model is a stand-in too."""

import textwrap

import pytest

from verusagent.choices import CONTEXT_CEILING_TOKENS
from verusagent.context import slicer

from tests.agent.agent_harness import assert_audited, file_reply
from tests.paths import REPO_ROOT

LEDGER = (REPO_ROOT / "rust_fixtures" / "slice" / "ledger.rs").read_text()
LOOP = "        while k < self.accounts.len() {\n"
PROVED_LOOP = (
    "        while k < self.accounts.len()\n            invariant\n                k <= self.accounts.len(),\n"
    "            decreases self.accounts.len() - k,\n        {\n"
)
METHOD = LEDGER[LEDGER.index("    pub fn sum_balances") : LEDGER.index("    pub fn count_frozen")].rstrip() + "\n"
PROVED_METHOD = METHOD.replace(LOOP, PROVED_LOOP)  # the method as a model sends it back, with the proof
BASELINE = {
    "verdict": "failed",
    "errors": [{"message": "loop must have a decreases clause", "line_contains": "while k < self.accounts.len() {"}],
}
PROVED = {"when_contains": "decreases self.accounts.len() - k,\n        {\n            sum", "verdict": "verified"}


@pytest.fixture
def sliced(monkeypatch):
    monkeypatch.setattr(slicer, "SLICE_BUDGET_TOKENS", 700)  # the ledger (2,600 tokens) would fit the default


def test_an_item_reply_to_a_sliced_prompt_proves_the_whole_file(harness, sliced) -> None:
    source = harness.task("ledger.rs", LEDGER)
    harness.script([file_reply(PROVED_METHOD, prose="Only the method changes.")])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", source)
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified"
    prompt = run.prompts[0]
    assert "elided: " in prompt and "Reply with only the functions you changed" in prompt
    assert "if self.accounts[k].frozen" not in prompt  # count_frozen's body: not what this proof needs
    assert "fn:Ledger::sum_balances/loop#1" in prompt  # a repair prompt around the failing function
    written = (harness.tmp / "ledger.standin-verified.rs").read_text()
    assert written == LEDGER.replace(LOOP, PROVED_LOOP)  # the whole file, with the one method replaced
    guard_events = run.events("guard_report")
    assert guard_events and all(e["clean"] for e in guard_events)
    assert_audited(run)


def test_a_reply_that_drops_an_elided_body_cannot_erase_it(harness, sliced) -> None:
    source = harness.task("ledger.rs", LEDGER)
    start = LEDGER.index("pub proof fn lemma_total_bounded")
    header = LEDGER[start : LEDGER.index("{", LEDGER.index("decreases accounts.len(),", start))]
    copied = header + "{\n    // ... body elided (lines 137-144)\n}\n\n" + textwrap.dedent(PROVED_METHOD)
    harness.script([file_reply(copied)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified"
    written = (harness.tmp / "ledger.standin-verified.rs").read_text()
    assert "lemma_total_bounded(rest);" in written and written == LEDGER.replace(LOOP, PROVED_LOOP)


@pytest.mark.parametrize("options", [{}, {"context_budget": 100}])
def test_a_run_whose_targets_need_more_than_the_budget_says_so_before_any_call(harness, monkeypatch, options) -> None:
    monkeypatch.setattr(slicer, "SLICE_BUDGET_TOKENS", 100)  # sum_balances alone is larger
    source = harness.task("ledger.rs", LEDGER)
    harness.script([file_reply(PROVED_METHOD)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", source, **options)  # --json: the notice goes to stderr all the same
    assert run.outcome["verdict"] == "verified"
    [event] = run.events("context_over_budget")
    assert event["budget_tokens"] == 100 and event["floor_tokens"] > 100 and event["cut"] == bool(options)
    assert event["cap_tokens"] == (100 if options else CONTEXT_CEILING_TOKENS)  # the record says the cap apart
    [request] = run.events("model_request")
    assert event["seq"] < request["seq"]
    assert "warning: context: what the targets need (their signatures, types and spec family) is about " in (
        harness.last_err
    )
    shown = f"all of it is shown, within the prompt's cap of {CONTEXT_CEILING_TOKENS:,}"
    cut = "cut to the prompt's cap of 100 tokens" if options else shown
    assert f"{event['floor_tokens']:,} tokens, over the budget of 100: {cut}" in harness.last_err
    assert_audited(run)


def test_a_run_whose_targets_fit_the_budget_says_nothing_of_it(harness, sliced) -> None:
    source = harness.task("ledger.rs", LEDGER)
    harness.script([file_reply(PROVED_METHOD)])
    harness.scenario([PROVED, BASELINE])
    run = harness.run("prove", source)
    assert run.events("context_over_budget") == [] and "context:" not in harness.last_err
