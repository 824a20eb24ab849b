"""The lens on rust_fixtures/: every construct it must understand, with exact spans and stable ids."""

from pathlib import Path

import pytest

from verusagent.lens import ClauseKind, ItemSiteKind, LoopKind, Mode, ProofSiteKind, SourceModel, parse

from tests.paths import REPO_ROOT


@pytest.fixture(scope="module")
def constructs() -> SourceModel:
    return parse((REPO_ROOT / "rust_fixtures" / "lens_constructs.rs").read_bytes())


@pytest.fixture(scope="module")
def hatches() -> SourceModel:
    return parse((REPO_ROOT / "rust_fixtures" / "escape_hatches.rs").read_bytes())


def _clause_texts(model: SourceModel, fn: str, kind: ClauseKind) -> list[str]:
    clause = model.function(fn).clause(kind)
    return [e.text for e in clause.exprs] if clause else []


def test_modes_visibility_and_modifiers(constructs: SourceModel) -> None:
    triangle = constructs.function("triangle")
    assert (triangle.mode, triangle.visibility, triangle.modifiers) == (Mode.SPEC, "pub", ["open"])
    bounded = constructs.function("bounded")
    assert (bounded.mode, bounded.modifiers) == (Mode.SPEC_CHECKED, ["closed"])
    assert constructs.function("lemma_triangle_monotone").mode == Mode.PROOF
    assert constructs.function("sum_pairs").mode == Mode.EXEC
    assert constructs.function("helper_outside").in_verus is False
    assert constructs.function("sum_pairs").in_verus is True


def test_named_returns_and_signature(constructs: SourceModel) -> None:
    sum_pairs = constructs.function("sum_pairs")
    assert (sum_pairs.return_binding, sum_pairs.return_type) == ("total", "u64")
    assert sum_pairs.signature == "fn sum_pairs(v: &Vec<u64>) -> (total: u64)"
    assert constructs.function("triangle").return_binding is None
    assert constructs.slice(sum_pairs.params) == "(v: &Vec<u64>)"


def test_function_clauses_split_at_top_level_commas(constructs: SourceModel) -> None:
    assert _clause_texts(constructs, "sum_pairs", ClauseKind.REQUIRES) == [
        "v.len() < 100",
        "forall|i: int| 0 <= i < v.len() ==> v[i] < 100",
    ]
    assert _clause_texts(constructs, "lemma_triangle_monotone", ClauseKind.DECREASES) == ["b"]
    assert _clause_texts(constructs, "set_to_seven", ClauseKind.ENSURES) == ["*final(x) == 7"]
    bullets = _clause_texts(constructs, "ext_and_bullets", ClauseKind.ENSURES)
    assert len(bullets) == 1 and "&&& s1 =~= s2" in bullets[0]
    assert _clause_texts(constructs, "ext_and_bullets", ClauseKind.REQUIRES) == ["s1 =~= s2"]


def test_clause_spans_are_exact(constructs: SourceModel) -> None:
    clause = constructs.function("sum_pairs").clause(ClauseKind.ENSURES)
    assert constructs.slice(clause.keyword_span) == "ensures"
    assert constructs.slice(clause.exprs[0].span) == "total <= 100 * 100 * v.len()"
    line = constructs.text.splitlines()[clause.exprs[0].span.line - 1]
    assert line[clause.exprs[0].span.col - 1 :].startswith("total <= 100")


def test_nested_loops_with_all_clause_kinds(constructs: SourceModel) -> None:
    outer, inner = constructs.loops_of("fn:sum_pairs")
    assert (outer.id, inner.id, inner.parent_id) == ("fn:sum_pairs/loop#1", "fn:sum_pairs/loop#2", outer.id)
    assert [c.kind for c in outer.clauses] == [ClauseKind.INVARIANT, ClauseKind.DECREASES]
    assert len(outer.clauses[0].exprs) == 3
    assert [c.kind for c in inner.clauses] == [
        ClauseKind.INVARIANT_EXCEPT_BREAK,
        ClauseKind.ENSURES,
        ClauseKind.DECREASES,
    ]
    assert constructs.slice(outer.header) == "i < v.len()"
    assert outer.body.covers(inner.span)


def test_loop_and_for_loops(constructs: SourceModel) -> None:
    loops = constructs.loops_of("fn:count_down")
    assert [lp.kind for lp in loops] == [LoopKind.LOOP, LoopKind.FOR]
    assert loops[0].header is None
    assert constructs.slice(loops[1].header) == "x in iter: 0..n"


def test_trait_default_methods_and_impls(constructs: SourceModel) -> None:
    area = constructs.function("fn:Shape::area")
    assert area.body is None and area.container == "trait Shape"
    assert constructs.function("fn:Shape::double_area").body is not None
    assert constructs.function("fn:Square::area").container == "impl Shape for Square"
    assert constructs.function("fn:Square::new").container == "impl Square"
    assert constructs.function("fn:geometry::lemma_square_nonneg").mode == Mode.PROOF


def test_proof_sites(constructs: SourceModel) -> None:
    sites = [(s.kind, s.detail) for s in constructs.proof_sites_of("fn:bit_and_nonlinear")]
    assert (ProofSiteKind.ASSERT_BY, "bit_vector") in sites
    assert (ProofSiteKind.ASSERT_BY, "nonlinear_arith") in sites
    assert (ProofSiteKind.ASSERT_BY, "compute") in sites
    assert (ProofSiteKind.ASSERT_FORALL, "") in sites
    assert (ProofSiteKind.GHOST_LET, "ghost") in sites
    assert sum(kind == ProofSiteKind.REVEAL for kind, _ in sites) == 2
    kinds = {s.kind for s in constructs.proof_sites}
    assert {ProofSiteKind.PROOF_BLOCK, ProofSiteKind.CALC, ProofSiteKind.BROADCAST_USE, ProofSiteKind.ASSUME} <= kinds


def test_assert_by_requires_span_covers_the_whole_statement(constructs: SourceModel) -> None:
    site = next(
        s for s in constructs.proof_sites if s.detail == "nonlinear_arith" and s.function_id == "fn:bit_and_nonlinear"
    )
    text = constructs.slice(site.span)
    assert text.startswith("assert(x * y < 100) by (nonlinear_arith)") and "requires" in text and text.endswith("}")


def test_lemma_calls_and_ghost_context(constructs: SourceModel) -> None:
    lemma_calls = [c for c in constructs.calls if c.is_lemma]
    assert {c.id for c in lemma_calls} == {
        "fn:lemma_triangle_monotone/call#1:lemma_triangle_monotone",
        "fn:sum_pairs/call#1:lemma_triangle_monotone",
    }
    assert all(c.in_ghost for c in lemma_calls)
    exec_len = [c for c in constructs.calls_of("fn:sum_pairs") if c.callee == "len" and not c.in_ghost]
    assert len(exec_len) == 1 and constructs.slice(exec_len[0].span) == "v.len()"


def test_unit_at_finds_the_innermost_unit(constructs: SourceModel) -> None:
    inner = constructs.loops_of("fn:sum_pairs")[1]
    assert constructs.unit_at(inner.body.start + 1) == inner.id
    call = next(c for c in constructs.calls if c.is_lemma and c.function_id == "fn:sum_pairs")
    assert constructs.unit_at(call.span.start) == call.id
    assert constructs.unit_at(constructs.function("triangle").body.start) == "fn:triangle"


def test_ids_survive_edits_elsewhere(constructs: SourceModel) -> None:
    edited = constructs.text.replace(
        "fn count_down(n: u32) -> (r: u32)", "spec fn extra(x: int) -> int { x }\n\nfn count_down(n: u32) -> (r: u32)"
    ).replace("proof {\n            lemma", "assert(total >= 0);\n        proof {\n            lemma")
    model = parse(edited)
    before = {u.id for u in [*constructs.loops, *constructs.calls]} | {f.id for f in constructs.functions}
    after = {u.id for u in [*model.loops, *model.calls]} | {f.id for f in model.functions}
    assert before <= after and after - before == {"fn:extra"}


def test_escape_hatches_and_outside_reads(hatches: SourceModel) -> None:
    kinds = [s.kind for s in hatches.item_sites]
    assert kinds.count(ItemSiteKind.EXTERNAL_ATTRIBUTE) == 3
    assert kinds.count(ItemSiteKind.FILE_MODULE) == 2
    for kind in (
        ItemSiteKind.PATH_ATTRIBUTE,
        ItemSiteKind.EXTERN_CRATE,
        ItemSiteKind.INCLUDE_MACRO,
        ItemSiteKind.ENV_MACRO,
        ItemSiteKind.AXIOM_FN,
        ItemSiteKind.ASSUME_SPECIFICATION,
        ItemSiteKind.UNSOUND_ATTRIBUTE,
    ):
        assert kinds.count(kind) == 1, kind
    assert hatches.function("trusted_lemma").attributes[0].path == "verifier::external_body"
    assert hatches.function("everything_holds").mode == Mode.AXIOM and hatches.function("everything_holds").body is None
    cheats = [s.kind for s in hatches.proof_sites_of("fn:cheats")]
    assert cheats == [ProofSiteKind.ASSUME, ProofSiteKind.PROOF_BLOCK, ProofSiteKind.ADMIT]


def test_plain_rust_without_verus(rust_fixtures: Path) -> None:
    model = parse((rust_fixtures / "plain_rust.rs").read_bytes())
    assert [f.id for f in model.functions] == ["fn:Counter::new", "fn:Counter::bump", "fn:apply", "fn:main"]
    assert not model.verus_blocks and not model.problems
    assert [lp.kind for lp in model.loops] == [LoopKind.FOR]


def test_verus_macro_with_path_prefix() -> None:
    model = parse("::verus_builtin_macros::verus! {\nproof fn lemma() ensures true {}\n}\n")
    assert model.function("lemma").in_verus and len(model.verus_blocks) == 1


def test_contextual_keywords_are_decided_by_position() -> None:
    source = """verus! {
fn f(requires: u64, spec: u64) -> (ghost: u64)
    requires
        requires < 10,
    ensures
        ghost == requires + spec,
{
    let proof = requires;
    proof + spec
}
}"""
    model = parse(source)
    f = model.function("f")
    assert f.mode == Mode.EXEC and f.return_binding == "ghost"
    assert [e.text for e in f.clause(ClauseKind.REQUIRES).exprs] == ["requires < 10"]
    assert model.proof_sites == []


def test_cfg_attr_wrapped_external_body_is_an_escape_hatch() -> None:
    model = parse(b"verus! {\n#[cfg_attr(verus_keep_ghost, verifier::external_body)]\nfn f() {}\n}")
    assert [(s.kind, s.function_id) for s in model.item_sites] == [(ItemSiteKind.EXTERNAL_ATTRIBUTE, "fn:f")]


def test_a_loop_body_after_a_generic_value_is_the_body() -> None:
    """`PhantomData::<Vec<u8>> {`: the `>>` ends an operand, so the `{` is the loop's body, not a block of its
    invariant (which would hide the body and take a later `if`'s block for it)."""
    model = parse("verus! { fn f(c: bool) { while c invariant m == PhantomData::<Vec<u8>> { g(); } if c { h(); } } }")
    [loop] = model.loops
    assert model.slice(loop.body) == "{ g(); }"
