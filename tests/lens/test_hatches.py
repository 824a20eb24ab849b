"""The escape-hatch table (verusagent.lens.hatches) and the sites the lens finds with it."""

from collections import defaultdict
from pathlib import Path

from verusagent.lens import ItemSiteKind, ProofSiteKind, parse
from verusagent.lens.hatches import HATCHES, NO_CHEATING_SITES, HatchKind, prompt_names
from verusagent.prompt.templates import system_prompt

RENAMED = """use vstd::prelude::*;
use builtin::assume_ as helper;
use vstd::prelude::{admit as give_up, assert_by_contradiction};

verus! {

proof fn lemma(x: int)
    ensures
        x == x,
{
    helper(x > 0);
    give_up();
}

fn exec_side(v: &Vec<u64>) -> (n: usize)
    ensures
        n == v.len(),
{
    proof {
        builtin::assume_(v.len() < 10);
    }
    let w = v.helper(1);
    v.len()
}

} // verus!
"""


def sites_of(model, function_id: str) -> list[tuple[ProofSiteKind, str, str]]:
    return [(s.kind, s.detail, model.slice(s.span)) for s in model.proof_sites_of(function_id)]


def test_builtin_assume_is_an_assume_site_spanning_its_path() -> None:
    model = parse(RENAMED)
    assert sites_of(model, "fn:exec_side") == [
        (ProofSiteKind.PROOF_BLOCK, "", "proof {\n        builtin::assume_(v.len() < 10);\n    }"),
        (ProofSiteKind.ASSUME, "builtin::assume_", "builtin::assume_(v.len() < 10);"),
    ]
    assert [c.path for c in model.calls_of("fn:exec_side")] == ["v.len", "v.len", "v.helper", "v.len"]  # a method


def test_calls_through_a_renamed_import_of_a_hatch_are_sites() -> None:
    model = parse(RENAMED)
    assert sites_of(model, "fn:lemma") == [
        (ProofSiteKind.ASSUME, "helper", "helper(x > 0);"),
        (ProofSiteKind.ADMIT, "give_up", "give_up();"),
    ]
    assert model.calls_of("fn:lemma") == []


def test_a_name_imported_without_renaming_a_hatch_is_an_ordinary_call() -> None:
    model = parse("use m::helper;\nverus! {\nproof fn lemma() {\n    helper(false);\n}\n}\n")
    assert model.proof_sites == [] and [c.callee for c in model.calls] == ["helper"]


def test_the_sites_no_cheating_rejects_are_the_fixtures_trusted_ones(rust_fixtures: Path) -> None:
    model = parse((rust_fixtures / "escape_hatches.rs").read_bytes())
    rejected = [s.kind for s in [*model.proof_sites, *model.item_sites] if s.kind in NO_CHEATING_SITES]
    assert sorted(rejected) == sorted(
        [
            ItemSiteKind.EXTERNAL_ATTRIBUTE,
            ItemSiteKind.EXTERNAL_ATTRIBUTE,
            ItemSiteKind.EXTERNAL_ATTRIBUTE,
            ItemSiteKind.AXIOM_FN,
            ItemSiteKind.ASSUME_SPECIFICATION,
            ItemSiteKind.UNSOUND_ATTRIBUTE,
            ProofSiteKind.ASSUME,
            ProofSiteKind.ADMIT,
        ]
    )
    assert not {ItemSiteKind.FILE_MODULE, ItemSiteKind.INCLUDE_MACRO, ItemSiteKind.ENV_MACRO} & NO_CHEATING_SITES


def test_rows_that_share_a_site_kind_agree_on_no_cheating() -> None:
    """The agent asks --no-cheating's verdict by site kind: the table must not split one kind."""
    verdicts = defaultdict(set)
    for hatch in HATCHES:
        if hatch.site is not None:
            verdicts[hatch.site].add(hatch.no_cheating)
    assert all(len(v) == 1 for v in verdicts.values()), verdicts


def test_each_word_marks_one_hatch_of_its_kind() -> None:
    for kind in HatchKind:
        words = [w for h in HATCHES if h.kind == kind for w in h.words]
        assert len(words) == len(set(words)), kind
    assert len({h.name for h in HATCHES}) == len(HATCHES)


def test_termination_off_is_barred_by_the_guard_but_not_rejected_by_no_cheating() -> None:
    """The one row where the lens and --no-cheating look away and the guard does not."""
    [hatch] = [h for h in HATCHES if h.name == "exec_allows_no_decreases_clause"]
    assert not hatch.no_cheating and hatch.site is None and "unless the original already had it" in hatch.prompt


def test_the_system_prompt_names_every_hatch_the_table_gives_words_for() -> None:
    text = " ".join(system_prompt().split())
    for name in [*prompt_names(outside_reads=False), *prompt_names(outside_reads=True)]:
        assert name in text


def test_assume_new_is_a_site_that_no_cheating_does_not_reject() -> None:
    model = parse("verus! {\nproof fn p() {\n    let tracked t: Tracked<int> = Tracked::assume_new();\n}\n}\n")
    assert sites_of(model, "fn:p")[-1] == (ProofSiteKind.ASSUME_NEW, "Tracked::assume_new", "Tracked::assume_new();")
    assert ProofSiteKind.ASSUME_NEW not in NO_CHEATING_SITES


def test_every_item_attribute_and_macro_hatch_has_an_item_site():
    """lens/sites.py scans item sites only: a hatch of those kinds with a proof-site kind would be skipped there,
    so the table may not hold one (a call hatch's site is a proof site)."""
    for hatch in HATCHES:
        if hatch.kind == HatchKind.CALL:
            assert hatch.site is None or isinstance(hatch.site, ProofSiteKind), hatch.name
        else:
            assert hatch.site is None or isinstance(hatch.site, ItemSiteKind), hatch.name
