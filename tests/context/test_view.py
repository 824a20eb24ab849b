"""Targets of a sliced prompt (named, failing, unproved) and the choice between a whole file and a slice."""

import pytest

from verusagent.context import choose_targets, prompt_view, unproved_functions
from verusagent.lens import parse

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures"


@pytest.fixture(scope="module")
def ledger() -> str:
    return (FIXTURES / "slice" / "ledger.rs").read_text()


def test_unproved_functions_are_loops_without_invariants_and_empty_lemmas(ledger):
    assert unproved_functions(parse(ledger)) == ["Ledger::sum_balances"]
    structure = parse((FIXTURES / "slice" / "structure.rs").read_text())
    assert unproved_functions(structure) == ["lemma_pair_sum_commutes"]


def test_named_targets_come_first_then_the_functions_verus_reports(ledger):
    model = parse(ledger)
    assert choose_targets(model, ["deposit"], ["fn:largest_balance/loop#1"]) == ["Ledger::deposit"]
    failing = ["fn:largest_balance/loop#1", "fn:Ledger::deposit/call#1:receive", "fn:largest_balance"]
    assert choose_targets(model, [], failing) == ["Ledger::deposit", "largest_balance"]
    assert choose_targets(model, [], []) == ["Ledger::sum_balances"]


def test_a_small_file_is_shown_whole_and_comes_back_whole():
    source = (FIXTURES / "demo" / "double.rs").read_text()
    view = prompt_view(source, [], [])
    assert (view.source, view.reply_format, view.targets, view.sliced) == (source, "file", [], None)


def test_a_large_file_is_shown_around_its_targets_and_comes_back_as_items(ledger, monkeypatch):
    from verusagent.context import slicer

    monkeypatch.setattr(slicer, "SLICE_BUDGET_TOKENS", 700)
    view = prompt_view(ledger, [], ["fn:Ledger::deposit/call#1:receive"])
    assert view.reply_format == "items" and view.targets == ["Ledger::deposit"]
    assert view.sliced is not None and view.source == view.sliced.text and "elided: " in view.source


def test_a_large_file_that_fits_the_budget_is_shown_but_for_bodies_and_comes_back_as_items(ledger):
    view = prompt_view(ledger, ["sum_balances"], [])
    assert view.reply_format == "items" and "// ... body elided" in view.source and not view.sliced.over_budget
    assert view.sliced.left_out == [] and "pub fn sum_balances" in view.source


def test_a_large_file_without_any_target_is_shown_whole_with_item_replies(ledger):
    proved = ledger.replace(
        "while k < self.accounts.len() {",
        "while k < self.accounts.len()\n            invariant k <= self.accounts.len(),\n        {",
    )
    view = prompt_view(proved, [], [])
    assert (view.source, view.reply_format, view.targets) == (proved, "items", [])
