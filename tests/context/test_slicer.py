"""The slicer on rust_fixtures/slice/: what a slice shows, how it marks what it leaves out, and its budget."""

import re

import pytest

from verusagent.context import NoTargets, estimate_tokens, needs_slicing, slice_source, slicer
from verusagent.context.slicer import FileSlicer
from verusagent.lens import parse, parse_with_tokens

from tests.context.view_check import RUN, assert_accounts_for_every_line
from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "slice"


@pytest.fixture(scope="module")
def ledger() -> str:
    return (FIXTURES / "ledger.rs").read_text()


@pytest.fixture(scope="module")
def structure() -> str:
    return (FIXTURES / "structure.rs").read_text()


def function_text(source: str, name: str) -> str:
    model = parse(source)
    return model.slice(model.function(name).span)


def signature_text(source: str, name: str) -> str:
    model = parse(source)
    function = model.function(name)
    return model.data[function.span.start : function.body.start].decode().rstrip()


def test_the_target_is_whole_and_what_it_mentions_is_shown_by_its_definition(ledger):
    view = slice_source(ledger, ["sum_balances"], budget_tokens=700).text
    assert function_text(ledger, "sum_balances") in view
    for spec in ("total", "inv", "all_valid", "ids_unique", "valid"):  # inv's body mentions the last three
        assert function_text(ledger, spec) in view, spec
    assert "pub const MAX_ACCOUNTS: u64 = 1000;" in view and "pub type Amount = u64;" in view
    assert "pub struct Account {\n    pub id: AccountId," in view
    assert "use vstd::prelude::*;" in view and "use vstd::seq_lib::*;" in view


def test_lemmas_are_shown_by_signature_and_specs_with_the_body_elided(ledger):
    view = slice_source(ledger, ["sum_balances"], budget_tokens=700).text
    header = signature_text(ledger, "lemma_total_bounded")
    assert header + "\n{\n    // ... body elided (lines 137-144)\n}" in view
    assert "lemma_total_bounded(rest);" not in view


def test_what_is_not_needed_is_left_out_with_a_comment_naming_its_lines(ledger):
    view = slice_source(ledger, ["sum_balances"], budget_tokens=700).text
    assert "pub fn count_frozen" not in view and "pub fn largest_balance" not in view
    assert "    // ... lines 224-241 elided: fn count_frozen" in view
    assert "// ... lines 244-302 elided: impl Audit, mod reports, fn largest_balance" in view
    assert "// ... lines 35-48 elided: struct Audit, trait Summable" in view


@pytest.mark.parametrize(
    "target, budget",
    [
        ("sum_balances", 700),
        ("deposit", 300),
        ("lemma_total_update", 300),
        ("largest_balance", 2000),
        ("record", 100),
    ],
)
def test_every_line_is_shown_as_written_or_named_by_one_elision_comment(ledger, target, budget):
    assert_accounts_for_every_line(ledger, slice_source(ledger, [target], budget_tokens=budget).text)


@pytest.mark.parametrize("target", ["swap", "one_liner", "lemma_pair_sum_commutes", "describe", "area"])
def test_layouts_keep_their_structure(structure, target):
    view = slice_source(structure, [target], budget_tokens=150).text
    assert_accounts_for_every_line(structure, view)
    model = parse(view)
    assert not model.problems, model.problems
    assert len(model.verus_blocks) == 2  # both verus! blocks keep their place and their braces


def test_the_view_is_valid_looking_rust_in_the_same_impl_and_mod_structure(ledger):
    view = slice_source(ledger, ["header_width"], budget_tokens=200).text
    model = parse(view)
    assert not model.problems
    assert model.function("header_width").qualified == "reports::header_width"
    assert "pub mod reports {\n    use super::*;" in view
    sliced = slice_source(ledger, ["count_frozen"], budget_tokens=200).text
    assert parse(sliced).function("count_frozen").container == "impl Ledger"


def test_code_lines_carry_no_line_numbers(ledger):
    view = slice_source(ledger, ["deposit"], budget_tokens=400).text
    assert not [line for line in view.splitlines() if re.match(r"^\s*\d+\s*[|:]", line)]


def test_a_call_shows_the_callee_by_signature_and_its_spec_functions_whole(ledger):
    view = slice_source(ledger, ["deposit"], budget_tokens=300).text
    assert signature_text(ledger, "receive") + "\n    {\n        // ... body elided" in view
    assert function_text(ledger, "balance_of") in view
    assert "self.balance = self.balance + amount;" not in view  # receive's body


def test_two_items_on_one_line_are_shown_together(structure):
    view = slice_source(structure, ["swap"], budget_tokens=150).text
    assert "pub struct Pair { pub a: u64, pub b: u64 } pub struct Unused { pub z: u64 }" in view


def test_a_nested_function_stays_inside_its_target(structure):
    view = slice_source(structure, ["swap"], budget_tokens=150).text
    assert "    fn inner(x: u64) -> u64 { x }\n    Pair { a: inner(p.b), b: p.a }" in view


def test_an_item_macro_is_opened_like_a_container(structure):
    view = slice_source(structure, ["one_liner"], budget_tokens=10).text
    assert "struct_with_invariants!" not in view
    assert re.search(r"// \.\.\. lines \d+-\d+ elided: .*1 macro invocation", view)


def test_a_file_that_fits_the_budget_leaves_out_bodies_and_unmentioned_items_only(ledger, monkeypatch):
    roomy = estimate_tokens(ledger)
    fitted = slice_source(ledger, ["sum_balances"], budget_tokens=roomy)
    assert "// ... body elided (lines 137-144)" in fitted.text and "lemma_total_bounded(rest);" not in fitted.text
    assert "pub fn count_frozen" not in fitted.text and not fitted.left_out
    assert_accounts_for_every_line(ledger, fitted.text)
    monkeypatch.setattr(slicer, "UNMENTIONED_TOKENS", roomy)
    assert "pub fn count_frozen" in slice_source(ledger, ["sum_balances"], budget_tokens=roomy).text


def test_a_strict_slice_of_a_file_that_fits_the_budget_is_the_whole_file(ledger):
    whole = FileSlicer(ledger, *parse_with_tokens(ledger)).slice(["sum_balances"], estimate_tokens(ledger), strict=True)
    assert whole.text == ledger and whole.elided_lines == 0


def test_counts_of_what_was_left_out(ledger):
    sliced = slice_source(ledger, ["sum_balances"], budget_tokens=700)
    runs = [m for line in sliced.text.splitlines() if (m := RUN.match(line))]
    named = sum(int(m.group(2) or m.group(1)) - int(m.group(1)) + 1 for m in runs)
    bodies = [line for line in sliced.text.splitlines() if "// ... body elided" in line]
    assert sliced.elided_lines > named > 0 and bodies
    assert sliced.targets == ["Ledger::sum_balances"]


def test_targets_by_id_qualified_name_or_name_and_unknown_ones_refused(ledger):
    by_id = slice_source(ledger, ["fn:Ledger::deposit"], budget_tokens=300).text
    assert by_id == slice_source(ledger, ["Ledger::deposit"], budget_tokens=300).text
    assert by_id == slice_source(ledger, ["deposit"], budget_tokens=300).text
    with pytest.raises(NoTargets, match="no_such_fn"):
        slice_source(ledger, ["no_such_fn"])


def test_only_large_files_are_sliced(ledger, rust_fixtures):
    assert needs_slicing(ledger)
    for small in sorted((rust_fixtures / "demo").glob("*.rs")) + [rust_fixtures / "lens_constructs.rs"]:
        assert not needs_slicing(small.read_text()), small.name


@pytest.mark.parametrize("target", ["sum_balances", "deposit", "largest_balance"])
def test_one_slicer_slices_again_at_other_budgets_as_a_fresh_one_does(ledger, target):
    # what the targets need is closed once per slicer (select._closed) and each slice starts from a copy of it:
    # a slice at one budget leaves nothing behind for the next (a prompt cut to its cap slices several times)
    once = FileSlicer(ledger, *parse_with_tokens(ledger))
    for budget, ceiling in [(100, None), (2000, None), (300, 400), (100, None), (700, 700)]:
        again = once.slice([target], budget, ceiling_tokens=ceiling)
        fresh = FileSlicer(ledger, *parse_with_tokens(ledger)).slice([target], budget, ceiling_tokens=ceiling)
        assert again == fresh
    assert len(once.index.closures) == 1
