"""Cheats a naive comparison misses, each written by hand on rust_fixtures/guard/base_proved.rs (an honest proof of
base.rs): the guard must name the rule, the function and the place."""

import pytest

from verusagent.guard import Rule, guard


def edit(text: str, old: str, new: str) -> str:
    assert old in text, f"fixture lacks {old!r}"
    return text.replace(old, new, 1)


def rules_of(report) -> set[tuple[str, str | None]]:
    return {(str(v.rule), v.function) for v in report.violations}


def test_the_honest_proof_is_clean(base_text, proved_text) -> None:
    report = guard(base_text, proved_text)
    assert report.violations == []
    assert report.clean and report.functions_compared == 6


def test_assume_false_in_a_proof_block_in_a_loop(base_text, proved_text) -> None:
    call = "lemma_absent_extends(v@, k, i as int);"
    cheat = edit(proved_text, call, call + "\n            assume(false);")
    report = guard(base_text, cheat)
    assert rules_of(report) == {("escape-hatch-added", "fn:find")}
    violation = report.violations[0]
    assert violation.evidence.candidate == "assume(false)"
    assert cheat.splitlines()[violation.candidate.line - 1].strip() == "assume(false);"


@pytest.mark.parametrize(
    ("attribute", "rule"),
    [
        ("#[verifier::external_body]", "escape-hatch-added"),
        ("#[verifier(external_body)]", "escape-hatch-added"),
        ("#[verifier::external]", "escape-hatch-added"),
        ("#[verifier::external_fn_specification]", "escape-hatch-added"),
        ("#[verifier::assume_termination]", "escape-hatch-added"),
        ("#[verus_verify(external_body)]", "escape-hatch-added"),
        ("#[cfg_attr(verus_keep_ghost, verifier::external_body)]", "escape-hatch-added"),
        ("#[verifier::exec_allows_no_decreases_clause]", "termination-check-disabled"),
        ("#[verifier::rlimit(infinity)]", "rlimit-unbounded"),
        ("#[cfg(any())]", "attribute-changed"),
        ("#[verifier::when_used_as_spec(sorted)]", "attribute-changed"),
    ],
)
def test_an_attribute_added_to_an_existing_function(base_text, proved_text, attribute, rule) -> None:
    cheat = edit(proved_text, "impl Counter {\n    fn bump", f"impl Counter {{\n    {attribute}\n    fn bump")
    report = guard(base_text, cheat)
    assert rules_of(report) == {(rule, "fn:Counter::bump")}


def test_proof_tuning_attributes_are_silent(base_text, proved_text) -> None:
    tuning = "#[verifier::rlimit(50)]\n    #[verifier::spinoff_prover]\n    "
    tuned = edit(proved_text, "impl Counter {\n    fn bump", "impl Counter {\n    " + tuning + "fn bump")
    assert guard(base_text, tuned).violations == []


def test_making_an_existing_spec_fn_opaque_changes_what_every_proof_sees(base_text, proved_text) -> None:
    hidden = edit(proved_text, "pub open spec fn sorted", "#[verifier::opaque]\npub open spec fn sorted")
    assert rules_of(guard(base_text, hidden)) == {("attribute-changed", "fn:sorted")}


def test_an_original_hatch_licenses_no_new_one_elsewhere(base_text) -> None:
    original = edit(base_text, "let mut i: usize = 0;", "let mut i: usize = 0;\n    assume(k > 0);")
    moved = edit(original, "assume(k > 0);\n", "")
    moved = edit(moved, "        i = i + 1;", "        assume(k > 0);\n        i = i + 1;")
    [violation] = guard(original, moved).violations  # the same hatch, moved into the loop: assumed at every step
    assert (violation.rule, violation.function) == (Rule.ESCAPE_HATCH_ADDED, "fn:find")
    assert "moved" in violation.reason
    elsewhere = edit(original, "self.value = self.value + 1;", "assume(k > 0);\n        self.value = self.value + 1;")
    report = guard(original, elsewhere)
    assert rules_of(report) >= {("escape-hatch-added", "fn:Counter::bump")}
    assert "fn:find" not in {v.function for v in report.violations}


def test_the_builtin_behind_assume(base_text, proved_text) -> None:
    cheat = edit(proved_text, "i = i + 1;", "i = i + 1;\n        proof { builtin::assume_(false); }")
    assert rules_of(guard(base_text, cheat)) == {("escape-hatch-added", "fn:find")}


def test_admit_inside_an_assert_by(base_text, proved_text) -> None:
    claim = "assert(absent(v@, k, v.len() as int))"
    cheat = edit(proved_text, claim + ";", claim + " by { admit(); }")
    assert rules_of(guard(base_text, cheat)) == {("escape-hatch-added", "fn:find")}


def test_spec_fn_made_uninterp_or_closed(base_text, proved_text) -> None:
    start = proved_text.index("spec fn sum_to")
    end = proved_text.index("}\n}\n", start) + 4
    uninterp = proved_text[:start] + "uninterp spec fn sum_to(n: nat) -> nat;\n" + proved_text[end:]
    report = guard(base_text, uninterp)
    assert {str(v.rule) for v in report.violations} == {"spec-changed"}
    reasons = " | ".join(v.reason for v in report.violations)
    assert "modifiers of `sum_to` changed: `none` → `uninterp`" in reasons
    assert "decreases of `sum_to` deleted" in reasons
    closed = edit(proved_text, "pub open spec fn sorted", "pub closed spec fn sorted")
    reasons = [v.reason for v in guard(base_text, closed).violations]
    assert reasons == ["modifiers of `sorted` changed: `open` → `closed`"]


def test_spec_fn_body_changed(base_text, proved_text) -> None:
    own = edit(proved_text, "0 <= i < upto ==> s[i] != k", "0 <= i && i < upto ==> s[i] != k")
    assert guard(base_text, own).violations == []  # a new spec fn is the model's
    cheat = edit(proved_text, "#[trigger] s[i] <= #[trigger] s[j]", "s[i] < s[j]")
    report = guard(base_text, cheat)
    assert [v.reason for v in report.violations] == ["body of spec fn `sorted` changed: `<=` → `<`"]


def test_requires_added_ensures_weakened_and_deleted(base_text, proved_text) -> None:
    lemma_ensures = "    ensures\n        sum_to(n) >= n,"
    stronger = edit(proved_text, lemma_ensures, "    requires\n        n < 10,\n" + lemma_ensures)
    report = guard(base_text, stronger)
    assert [v.reason for v in report.violations] == ["requires clause 1 added to `lemma_sum_to_grows`: `n < 10`"]
    weaker = edit(proved_text, "v[r.unwrap() as int] == k,", "v[r.unwrap() as int] == k || true,")
    report = guard(base_text, weaker)
    assert report.violations[0].reason == (
        "ensures clause 1 of `find` changed: `r.is_some() ==> v[r.unwrap() as int] == k` → "
        "`r.is_some() ==> v[r.unwrap() as int] == k || true`"
    )
    gone = edit(proved_text, "        ensures\n            self.value == old(self).value + 1,\n", "")
    report = guard(base_text, gone)
    reasons = [v.reason for v in report.violations]
    assert reasons == ["ensures of `Counter::bump` deleted: `self.value == old(self).value + 1`"]


def test_a_renamed_function_is_a_deleted_one(base_text, proved_text) -> None:
    renamed = proved_text.replace("lemma_sum_to_grows", "lemma_sum_grows")
    report = guard(base_text, renamed)
    assert rules_of(report) == {("function-deleted", "fn:lemma_sum_to_grows")}
    assert "(renamed to `lemma_sum_grows`?)" in report.violations[0].reason
    assert report.violations[0].candidate is not None  # located at the likely new name


def test_body_replaced_by_unimplemented(base_text, proved_text) -> None:
    cheat = edit(proved_text, "        self.value = self.value + 1;\n", "        unimplemented!()\n")
    report = guard(base_text, cheat)
    assert rules_of(report) == {("exec-changed", "fn:Counter::bump")}
    expected = "exec code of `Counter::bump` changed: `self.value = self.value + 1` → `unimplemented!()`"
    assert report.violations[0].reason == expected


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [
        ("while (i < v.len())", "while (i + 1 < v.len())", "`+ 1` added"),
        ("        i = i + 1;\n    }\n    assert forall", "    }\n    assert forall", "`i = i + 1` removed"),
        (
            "lemma_absent_extends(v@, k, i as int);\n        }\n        i = i + 1;",
            "lemma_absent_extends(v@, k, i as int);\n            i = i + 1;\n        }",
            "`i = i + 1` removed",
        ),
    ],
)
def test_exec_changes_hidden_near_ghost_code(base_text, proved_text, old, new, shown) -> None:
    report = guard(base_text, edit(proved_text, old, new))
    assert rules_of(report) == {("exec-changed", "fn:find")}
    assert shown in report.violations[0].reason


def test_main_is_exec_code_too(base_text, proved_text) -> None:
    cheat = edit(proved_text, "let _ = find(&v, 3);", "let _ = find(&v, 4);")
    assert [v.reason for v in guard(base_text, cheat).violations] == ["exec code of `main` changed: `3` → `4`"]


def test_signature_changes(base_text, proved_text) -> None:
    cases = {
        "fn find(v: &Vec<u64>, k: u64) -> (r: Option<usize>)": "fn find(v: &Vec<u64>, k: u32) -> (r: Option<usize>)",
        "proof fn lemma_sum_to_grows(n: nat)": "proof fn lemma_sum_to_grows(n: nat, Ghost(m): Ghost<nat>)",
        "spec fn sum_to(n: nat) -> nat": "spec fn sum_to(n: nat) -> int",
    }
    for old, new in cases.items():
        report = guard(base_text, edit(proved_text, old, new))
        assert {str(v.rule) for v in report.violations} == {"spec-changed"}, new
    renamed = proved_text.replace("(r: Option<usize>)", "(res: Option<usize>)")
    binding = guard(base_text, renamed.replace("r.is_", "res.is_").replace("r.unwrap", "res.unwrap"))
    assert any("return type" in v.reason for v in binding.violations)
    mode = guard(base_text, edit(proved_text, "proof fn lemma_sum_to_grows", "axiom fn lemma_sum_to_grows"))
    assert "mode of `lemma_sum_to_grows` changed: `proof` → `axiom`" in [v.reason for v in mode.violations]


@pytest.mark.parametrize(
    "item",
    [
        'const HINT: &str = include_str!("hint.txt");',
        'const RAW: &[u8] = include_bytes!("raw.bin");',
        'include!("more.rs");',
        'const HOME: &str = env!("HOME");',
        'const MAYBE: Option<&str> = option_env!("X");',
        '#[path = "other.rs"]\nmod other_file;',
        "mod lemmas;",
        "extern crate alloc;",
    ],
)
def test_outside_file_reads(base_text, proved_text, item) -> None:
    cheat = edit(proved_text, "pub const LIMIT", f"{item}\n\npub const LIMIT")
    report = guard(base_text, cheat)
    assert "outside-read-added" in {str(v.rule) for v in report.violations}
    assert all(v.function is None for v in report.violations)


def test_items_outside_functions_are_part_of_the_problem(base_text, proved_text) -> None:
    limit = guard(base_text, edit(proved_text, "pub const LIMIT: u64 = 1000;", "pub const LIMIT: u64 = 10;"))
    assert [v.reason for v in limit.violations] == ["code outside functions changed: `1000` → `10`"]
    field = guard(base_text, edit(proved_text, "pub value: u64,", "pub value: u8,"))
    assert {str(v.rule) for v in field.violations} == {"item-changed"}
    shadow_vec = "macro_rules! vec { ($($x:tt)*) => { Vec::new() } }\n\n"
    macro = guard(base_text, edit(proved_text, "pub const LIMIT", shadow_vec + "pub const LIMIT"))
    assert {str(v.rule) for v in macro.violations} == {"item-changed", "name-shadowed"}


def test_new_blocks_of_lemmas_are_silent(base_text, proved_text) -> None:
    more = edit(
        proved_text,
        "} // verus!",
        "impl Counter {\n    proof fn lemma_zero() ensures 0int == 0 {}\n}\n\n"
        "pub broadcast group group_find {\n    lemma_absent_extends,\n}\n\n} // verus!",
    )
    assert guard(base_text, more).violations == []


def test_a_new_inline_module_is_a_module_added(base_text, proved_text) -> None:
    """Its items are new names and its `use` lines reach anything: a proof adds no module, even of lemmas."""
    more = edit(
        proved_text,
        "} // verus!",
        "mod lemmas {\n    use super::*;\n    pub proof fn lemma_one() ensures 1int == 1 {}\n}\n\n} // verus!",
    )
    assert rules_of(guard(base_text, more)) == {("module-changed", None), ("name-shadowed", None)}  # `super::*`


def test_new_exec_code_and_bodiless_lemmas(base_text, proved_text) -> None:
    helper = guard(base_text, edit(proved_text, "} // verus!", "fn helper(x: u64) -> u64 { x }\n\n} // verus!"))
    assert [v.reason for v in helper.violations] == [
        "new exec fn `helper` added (3 tokens of exec code): exec code is not the model's to add"
    ]
    bodiless = guard(base_text, edit(proved_text, "} // verus!", "proof fn lemma_free() ensures false;\n\n} // verus!"))
    assert rules_of(bodiless) == {("escape-hatch-added", "fn:lemma_free")}


def test_shadowing_a_name_the_original_calls() -> None:
    original = "use vstd::prelude::*;\nverus! {\nproof fn p(n: nat) ensures pow2(n) > 0 { lemma_pow2_pos(n); }\n}\n"
    local = original.replace("verus! {\n", "verus! {\nspec fn pow2(n: nat) -> nat { 1 }\n")
    assert rules_of(guard(original, local)) == {("name-shadowed", "fn:pow2")}
    imported = original.replace("verus! {\n", "verus! {\nuse crate::weak::always_one as pow2;\n")
    report = guard(original, imported)
    assert [str(v.rule) for v in report.violations] == ["name-shadowed"]
    brings_pow2 = original.replace("verus! {\n", "verus! {\nuse vstd::arithmetic::power2::*;\n")
    assert [str(v.rule) for v in guard(original, brings_pow2).violations] == ["name-shadowed"]
    honest = original.replace("verus! {\n", "verus! {\nuse vstd::arithmetic::mul::*;\n")
    assert guard(original, honest).violations == []


def test_honest_edits_that_look_like_changes(base_text, proved_text) -> None:
    reformatted = proved_text.replace("    ", "  ").replace("i = i + 1;", "i = i + 1; // next")
    assert guard(base_text, reformatted).violations == []
    ghost_wrapper = edit(proved_text, "let ghost start = v@;", "let start: Ghost<Seq<u64>> = Ghost(v@);")
    assert guard(base_text, ghost_wrapper).violations == []
    trailing = edit(proved_text, "let _ = find(&v, 3);", "let _ = find(&v, 3,);")
    assert guard(base_text, trailing).violations == []
    bump_body = "    {\n        self.value = self.value + 1;"
    decreases_added = edit(proved_text, bump_body, "    decreases 0int,\n" + bump_body)
    assert guard(base_text, decreases_added).violations == []


def test_decreases_of_a_spec_fn_is_guarded(base_text, proved_text) -> None:
    header = "spec fn sum_to(n: nat) -> nat\n    decreases n"
    report = guard(base_text, edit(proved_text, header + ",", header + " + 1,"))
    assert [v.reason for v in report.violations] == ["decreases clause 1 of `sum_to` changed: `n` → `n + 1`"]


def test_violation_fields(base_text, proved_text) -> None:
    cheat = edit(proved_text, "v.len() < LIMIT,\n    ensures", "v.len() < 10,\n    ensures")
    [violation] = guard(base_text, cheat).violations
    assert violation.rule == Rule.SPEC_CHANGED and violation.severity == "error"
    assert violation.function == "fn:find"
    assert violation.reason == "requires clause 2 of `find` changed: `v.len() < LIMIT` → `v.len() < 10`"
    assert violation.evidence.original == "v.len() < LIMIT" and violation.evidence.candidate == "v.len() < 10"
    assert base_text.encode()[violation.original.start : violation.original.end] == b"v.len() < LIMIT"
    assert cheat.encode()[violation.candidate.start : violation.candidate.end] == b"v.len() < 10"
    assert cheat.splitlines()[violation.candidate.line - 1][violation.candidate.col - 1 :].startswith("v.len() < 10")


def test_a_function_moved_out_of_verus_is_no_longer_verified(base_text, proved_text) -> None:
    bump = proved_text[proved_text.index("impl Counter {") : proved_text.index("} // verus!")]
    moved = proved_text.replace(bump, "").replace("fn main() {", bump + "\nfn main() {")
    report = guard(base_text, moved)
    reasons = [v.reason for v in report.violations if v.function == "fn:Counter::bump"]
    assert "place of `Counter::bump` changed: `inside verus!` → `outside verus!`" in reasons


def test_imports_of_the_original_stay(base_text, proved_text) -> None:
    report = guard(base_text, edit(proved_text, "use vstd::prelude::*;", "use vstd::prelude::Ghost;"))
    assert sorted(str(v.rule) for v in report.violations) == ["item-changed", "name-shadowed"]
    removed = next(v for v in report.violations if v.rule == Rule.ITEM_CHANGED)
    assert removed.reason == "import `use vstd::prelude::*;` of the original was removed or changed"


def test_an_original_hatch_may_not_be_rewritten(base_text) -> None:
    original = edit(base_text, "let mut i: usize = 0;", "let mut i: usize = 0;\n    assume(k > 0);")
    reformatted = edit(original, "assume(k > 0);", "assume( k>0 ); // given")
    assert guard(original, reformatted).violations == []
    rewritten = edit(original, "assume(k > 0);", "assume(false);")
    [violation] = guard(original, rewritten).violations
    assert violation.rule == Rule.ESCAPE_HATCH_ADDED and violation.function == "fn:find"
    assert violation.reason == (
        "escape hatch `assume(false)` is new (the original's differ) in `find` (assume: 1 in the original there, "
        "1 in the candidate)"
    )


def test_a_hatch_outside_any_function_counts_per_file(base_text, proved_text) -> None:
    cheat = edit(proved_text, "pub const LIMIT", "const CHEAT: () = { assume(false); };\n\npub const LIMIT")
    report = guard(base_text, cheat)
    assert ("escape-hatch-added", None) in rules_of(report)
    hatch = next(v for v in report.violations if v.rule == Rule.ESCAPE_HATCH_ADDED)
    assert hatch.reason.endswith("added at item level (assume: 0 in the original there, 1 in the candidate)")


def test_a_new_lemma_may_not_take_a_name_the_original_calls() -> None:
    """The original's `lemma_square` comes from somewhere (a glob import): a new one would be found first."""
    original = "verus! {\nproof fn p(n: nat) ensures n * n >= 0 { lemma_square(n); }\n}\n"
    own = original.replace("verus! {\n", "verus! {\nproof fn lemma_square(n: nat) ensures n * n >= 0 {}\n")
    assert rules_of(guard(original, own)) == {("name-shadowed", "fn:lemma_square")}
    fresh = own.replace("fn lemma_square", "fn lemma_square_nonnegative")
    assert guard(original, fresh).violations == []


@pytest.mark.parametrize(
    "cheat",
    [
        "use builtin::assume_ as helper;\n",
        "use vstd::prelude::admit as helper;\n",
    ],
)
def test_a_renamed_escape_hatch_is_still_one(cheat: str) -> None:
    original = "use vstd::prelude::*;\nverus! {\nproof fn lemma() ensures 1 + 1 == 2 {}\n}\n"
    candidate = original.replace("verus! {\n", f"{cheat}verus! {{\n").replace(
        "ensures 1 + 1 == 2 {}", "ensures 1 + 1 == 2 { helper(false); }"
    )
    report = guard(original, candidate)
    assert not report.clean and report.violations[0].rule == "escape-hatch-added"


def test_a_hatch_taken_as_a_value_is_caught() -> None:
    original = "use vstd::prelude::*;\nverus! {\nproof fn lemma() ensures 1 + 1 == 2 {}\n}\n"
    candidate = original.replace("ensures 1 + 1 == 2 {}", "ensures 1 + 1 == 2 { let f = builtin::assume_; f(false); }")
    assert not guard(original, candidate).clean


def test_an_original_renamed_hatch_licenses_no_new_call_elsewhere() -> None:
    original = (
        "use vstd::prelude::*;\nuse builtin::assume_ as helper;\nverus! {\n"
        "proof fn a(x: int) ensures x == x { helper(x > 0); }\n"
        "proof fn b() ensures 1 + 1 == 2 {}\n}\n"
    )
    candidate = original.replace("ensures 1 + 1 == 2 {}", "ensures 1 + 1 == 2 { helper(false); }")
    [violation] = guard(original, candidate).violations
    assert (violation.rule, violation.function, violation.evidence.candidate) == (
        Rule.ESCAPE_HATCH_ADDED,
        "fn:b",
        "helper(false)",
    )


def test_a_tracked_permission_conjured_with_assume_new(base_text, proved_text) -> None:
    """`Tracked::assume_new()` makes a tracked value (a permission) out of nothing: an escape hatch that
    `--no-cheating` does not see (it is vstd's function), so the guard must."""
    cheat = edit(proved_text, "i = i + 1;", "i = i + 1;\n        let tracked t: Tracked<int> = Tracked::assume_new();")
    report = guard(base_text, cheat)
    assert rules_of(report) == {("escape-hatch-added", "fn:find")}
    assert report.violations[0].evidence.candidate == "assume_new()"


HATCHED = """use vstd::prelude::*;
verus! {
proof fn split(x: int)
    ensures x * x >= 0,
{
    if x >= 0 {
        assume(x * x >= 0);
    } else {
        assert(x < 0);
    }
}
fn run(v: &mut Vec<u64>, c: bool)
    requires old(v).len() < 10,
{
    if c {
        proof { assume(v.len() < 5); }
        v.push(1);
    }
    v.push(2);
}
fn main() {}
}
"""


@pytest.mark.parametrize(
    ("old", "new", "unit"),
    [
        (
            "        assume(x * x >= 0);\n    } else {\n        assert(x < 0);",
            "    } else {\n        assume(x * x >= 0);\n        assert(x < 0);",
            "fn:split",
        ),
        (
            "        proof { assume(v.len() < 5); }\n        v.push(1);",
            "        v.push(1);\n        proof { assume(v.len() < 5); }",
            "fn:run",
        ),
        (
            "        proof { assume(v.len() < 5); }\n        v.push(1);\n    }\n    v.push(2);",
            "        v.push(1);\n    }\n    proof { assume(v.len() < 5); }\n    v.push(2);",
            "fn:run",
        ),
        ("assume(x * x >= 0);", "assume(x * x >= 1);", "fn:split"),
    ],
    ids=["other-branch-of-a-lemma", "after-exec-code", "out-of-its-block", "expression-changed"],
)
def test_an_original_hatch_that_moves_or_changes_is_a_new_one(old, new, unit) -> None:
    report = guard(HATCHED, HATCHED.replace(old, new, 1))
    assert rules_of(report) == {("escape-hatch-added", unit)}


def test_proof_written_around_an_original_hatch_leaves_it_in_place() -> None:
    proved = HATCHED.replace(
        "        assume(x * x >= 0);",
        "        assert(x >= 0);\n        assume(x * x >= 0);\n        assert(x * x >= 0);",
    )
    proved = proved.replace("proof { assume(v.len() < 5); }", "proof { assert(c); assume(v.len() < 5); }")
    proved = proved.replace("    v.push(2);", "    proof { assert(v.len() < 12); }\n    v.push(2);")
    assert guard(HATCHED, proved).violations == []


SMALL = """use vstd::prelude::*;
verus! {
pub open spec fn double(x: int) -> int { 2 * x }
proof fn lemma_double(x: int)
    ensures double(x) == x + x,
    decreases x,
{
}
fn take<T>(t: T) {}
fn run(v: &mut Vec<u64>, c: Option<u64>) -> (r: u64)
    requires old(v).len() < 10,
    ensures r <= 10,
{
    let mut i: u64 = 0;
    match c {
        Some(k) => while i < 10 && i < k {
            i = i + 1;
        },
        None => {},
    }
    take(Ghost(0int));
    i
}
fn main() {}
}
"""


def small(old: str, new: str) -> str:
    return edit(SMALL, old, new)


@pytest.mark.parametrize(
    ("candidate", "rule"),
    [
        (small("decreases x,\n{\n}", "decreases x,\n{\n    r#admit();\n}"), "escape-hatch-added"),
        (small("decreases x,\n{\n}", "decreases x,\n{\n    r#assume(false);\n}"), "escape-hatch-added"),
        (small("proof fn lemma_double", "#[verifier::r#external_body]\nproof fn lemma_double"), "escape-hatch-added"),
        (small("proof fn lemma_double", "#[verifier(r#external_body)]\nproof fn lemma_double"), "escape-hatch-added"),
        (small("fn run(", "#[verifier::r#exec_allows_no_decreases_clause]\nfn run("), "termination-check-disabled"),
        (small("decreases x,\n{\n}", "decreases x,\n{\n    builtin::r#assume_(false);\n}"), "escape-hatch-added"),
    ],
    ids=["admit", "assume", "external_body-path", "external_body-call", "no-decreases", "assume_"],
)
def test_a_raw_identifier_is_the_same_name(candidate: str, rule: str) -> None:
    assert rule in {str(v.rule) for v in guard(SMALL, candidate).violations}


def test_a_raw_keyword_is_a_name_never_the_keyword() -> None:
    """`r#proof { .. }` is no proof block and `r#assert(..)` calls a function: their insides are exec code."""
    with_proof_fn = small("fn main() {}", "fn r#assert(b: bool) {}\nfn main() {}")
    cheat = edit(with_proof_fn, "    take(Ghost(0int));", "    take(Ghost(0int));\n    r#assert(v.len() > 3);")
    assert rules_of(guard(with_proof_fn, cheat)) == {("exec-changed", "fn:run")}


@pytest.mark.parametrize(
    ("inner", "rule"),
    [
        ("#![verifier::external_body]", "escape-hatch-added"),
        ("#![verifier::external]", "escape-hatch-added"),
        ("#![verifier::proof]", "attribute-changed"),
        ("#![verifier::exec_allows_no_decreases_clause]", "termination-check-disabled"),
        ("#![cfg(any())]", "attribute-changed"),
    ],
)
def test_an_inner_attribute_in_a_body_is_the_functions(inner: str, rule: str) -> None:
    cheat = small("    let mut i: u64 = 0;", f"    {inner}\n    let mut i: u64 = 0;")
    assert (rule, "fn:run") in rules_of(guard(SMALL, cheat))
    nested = small("        None => {},", f"        None => {{ {inner} }},")
    assert (rule, "fn:run") in rules_of(guard(SMALL, nested))


def test_inner_attributes_are_read_like_outer_ones() -> None:
    from verusagent.lens import parse

    function = parse(small("    let mut i: u64 = 0;", "    #![verifier::proof]\n    let mut i: u64 = 0;")).function(
        "run"
    )
    assert [(a.path, a.inner) for a in function.attributes] == [("verifier::proof", True)]
    quantified = parse("verus! { spec fn p() -> bool { forall|i: int| #![trigger f(i)] f(i) } }").function("p")
    assert quantified.attributes == []  # a quantifier's trigger stays a trigger


@pytest.mark.parametrize(
    "attribute",
    [
        "#[verifier::type_invariant]",
        "#[verifier::when_used_as_spec(double)]",
        "#[verifier::external_derive]",
        "#[verus::trusted]",
        "#[verifier::prophetic]",
        "#[cfg_attr(verus_keep_ghost, verifier::spinoff_prover)]",
        "#[verifier::no_such_thing]",
        "#[verifier::returns(proof)]",
    ],
)
def test_a_new_function_carries_only_proof_tuning_attributes(attribute: str) -> None:
    lemma = "proof fn lemma_fresh_name(x: int) ensures x == x {}\n"
    cheat = small("fn main() {}", f"{attribute}\n{lemma}fn main() {{}}")
    assert "attribute-changed" in {str(v.rule) for v in guard(SMALL, cheat).violations}


def test_proof_tuning_attributes_on_a_new_lemma_are_silent() -> None:
    tuned = (
        "#[verifier::rlimit(20)]\n#[verifier::spinoff_prover]\n#[verifier::nonlinear]\n#[verifier::opaque]\n"
        "#[allow(unused)]\n/// doc\nproof fn lemma_fresh_name(x: int) ensures x * x >= 0 {}\n"
    )
    assert guard(SMALL, small("fn main() {}", tuned + "fn main() {}")).violations == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Some(k) => while i < 10 && i < k {\n            i = i + 1;",
            "Some(k) => while i < 10 && i < k\n            invariant i <= 10,\n        {\n            i = i + 2;",
        ),
        ("take(Ghost(0int));", "take((while i > 100 invariant i <= 10 { i = 0; }, Ghost(0int)).1);"),
    ],
    ids=["match-arm", "tuple-element"],
)
def test_a_loop_in_expression_position_keeps_its_body(old: str, new: str) -> None:
    assert rules_of(guard(SMALL, small(old, new))) == {("exec-changed", "fn:run")}


def test_invariants_of_a_loop_in_a_match_arm_are_proof() -> None:
    proved = small(
        "Some(k) => while i < 10 && i < k {",
        "Some(k) => while i < 10 && i < k\n            invariant i <= 10,\n            decreases 10 - i\n        {",
    )
    assert guard(SMALL, proved).violations == []


def test_proof_words_out_of_context_are_exec_code() -> None:
    with_methods = small(
        "fn main() {}",
        "struct Checker { n: u64 }\nimpl Checker {\n"
        "    fn assert(&mut self, x: u64) { self.n = x; }\n    fn hide(&mut self) { self.n = 0; }\n}\n"
        "fn main() {\n    let mut c = Checker { n: 0 };\n    c.assert(1);\n    c.hide();\n}",
    )
    for old, new in (("c.assert(1);", "c.assert(2);"), ("c.hide();", "c.hide(); c.hide();")):
        assert rules_of(guard(with_methods, edit(with_methods, old, new))) == {("exec-changed", "fn:main")}


def test_a_ghost_name_shadowed_by_an_exec_binding_is_exec_data() -> None:
    original = small("    take(Ghost(0int));", "    let g = Ghost(0int);\n    let g = v.len();\n    take(Ghost(1int));")
    cheat = edit(original, "take(Ghost(1int));", "take(g);")
    assert rules_of(guard(original, cheat)) == {("exec-changed", "fn:run")}
    honest = edit(original, "    let g = Ghost(0int);\n", "    let g = Ghost(0int);\n    let h = Ghost(1int);\n")
    assert guard(original, edit(honest, "take(Ghost(1int));", "take(h);")).violations == []


def test_honest_constructs_flagged_before() -> None:
    turbofish = small(
        "    take(Ghost(0int));",
        "    let g = Ghost::<int>(0int);\n    let t = Tracked::<int>(0int);\n    take(Ghost::<int>(0int));",
    )
    decreases = small("    decreases x,\n", "    decreases x + 1,\n")
    grouped = small(
        "fn take<T>",
        "pub broadcast group group_double {\n    lemma_double,\n}\n"
        "proof fn lemma_uses(x: int) ensures double(x) == x + x {\n    broadcast use group_double;\n}\n"
        "fn take<T>",
    )
    original_grouped = small("fn take<T>", "pub broadcast group group_double {\n    lemma_double,\n}\nfn take<T>")
    assert guard(SMALL, turbofish).violations == []
    assert guard(SMALL, decreases).violations == []
    assert guard(original_grouped, grouped).violations == []


@pytest.mark.parametrize(
    "addition",
    [
        "pub trait Inv { spec fn inv(&self) -> bool; }",
        "impl View for Wrapper { type V = int; open spec fn view(&self) -> int { 0 } }",
        "pub struct Wrapper { x: u64 }",
        "pub const K: u64 = 3;",
        "pub type Alias = u64;",
        "macro_rules! m { () => {} }",
    ],
    ids=["trait", "trait-impl", "struct", "const", "type", "macro"],
)
def test_no_new_trait_impl_type_const_or_macro(addition: str) -> None:
    assert "name-shadowed" in {
        str(v.rule) for v in guard(SMALL, small("fn main() {}", addition + "\nfn main() {}")).violations
    }


@pytest.mark.parametrize(
    ("addition", "why"),
    [
        ("proof fn take() {}", "a name the original spells"),
        ("impl Checker { spec fn view(&self) -> int { 0 } }", "vstd trait"),
        ("spec fn spec_add(a: int, b: int) -> int { a }", "vstd trait"),
        ("use vstd::prelude::take;", "import of `take`"),
    ],
)
def test_a_new_name_must_be_new(addition: str, why: str) -> None:
    original = small("fn main() {}", "struct Checker { n: u64 }\nfn main() {}")
    report = guard(original, edit(original, "fn main() {}", addition + "\nfn main() {}"))
    assert any(v.rule == Rule.NAME_SHADOWED and why in v.reason for v in report.violations), report.violations


def test_a_new_call_of_the_files_own_macro_that_holds_a_hatch_is_that_hatch() -> None:
    original = (
        "use vstd::prelude::*;\nmacro_rules! trust { ($e:expr) => { assume($e) } }\nverus! {\n"
        "proof fn a(x: int) ensures x >= 0 { trust!(x >= 0); }\nproof fn b(x: int) ensures x >= 1 { }\n}\n"
    )
    cheat = original.replace("ensures x >= 1 { }", "ensures x >= 1 { trust!(x >= 1); }")
    assert rules_of(guard(original, cheat)) == {("escape-hatch-added", "fn:b")}
    around = original.replace("{ trust!(x >= 0); }", "{ assert(x == x); trust!(x >= 0); }")
    assert guard(original, around).violations == []


def test_what_an_item_macro_makes_of_a_function_is_unread() -> None:
    original = (
        "use vstd::prelude::*;\nmacro_rules! facts { ($($i:item)*) => { verus! { $(#[verifier::external_body]"
        " $i)* } } }\nfacts! {\n    proof fn lemma_a() ensures 1int == 1 {}\n}\nverus! {\nfn main() {}\n}\n"
    )
    cheat = original.replace(
        "proof fn lemma_a() ensures 1int == 1 {}",
        "proof fn lemma_a() ensures 1int == 1 {}\n    proof fn lemma_b() ensures false {}",
    )
    assert rules_of(guard(original, cheat)) == {("item-changed", "fn:lemma_b"), ("escape-hatch-added", None)}


@pytest.mark.parametrize(
    ("addition", "flagged"),
    [
        ("use vstd::prelude::*;\nuse vstd::seq_lib::*;", True),
        ("use vstd::std_specs::vec::VecAdditionalSpecFns;", True),
        ("use vstd::arithmetic::power::lemma_pow_positive;", False),
        ("use vstd::arithmetic::power::*;", False),
        ("use crate::lemmas::*;", True),
    ],
)
def test_new_imports_bring_only_fresh_lemma_names(addition: str, flagged: bool) -> None:
    candidate = SMALL.replace("verus! {\n", f"{addition}\nverus! {{\n", 1)
    assert ("name-shadowed" in {str(v.rule) for v in guard(SMALL, candidate).violations}) == flagged


def test_an_impl_inside_a_lemma_body_is_a_new_item() -> None:
    """An impl is global wherever it is written: one inside a new lemma's body adds methods everywhere."""
    original = small("fn main() {}", "struct Checker { n: u64 }\nfn main() {}")
    cheat = edit(
        original,
        "fn main() {}",
        "proof fn lemma_fresh_name() {\n    impl Checker { fn fresh_method(&self) {} }\n}\nfn main() {}",
    )
    assert ("name-shadowed", "fn:lemma_fresh_name") in rules_of(guard(original, cheat))


def test_an_original_hatch_whose_names_are_bound_anew_is_a_new_one() -> None:
    original = (
        "use vstd::prelude::*;\nverus! {\nproof fn p(x: int) ensures x + 1 > x {\n    let y = x + 1;\n"
        "    assume(y > x);\n}\n}\n"
    )
    cheat = original.replace("let y = x + 1;", "let y = x;")
    assert rules_of(guard(original, cheat)) == {("escape-hatch-added", "fn:p")}
    around = original.replace("    let y = x + 1;\n", "    let y = x + 1;\n    assert(y == x + 1);\n")
    assert guard(original, around).violations == []
