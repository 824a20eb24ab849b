"""The review's context: the unit's enclosing function whole and what it calls, never the whole file."""

from pathlib import Path

from review_fakes import PROVED

from verusagent.lens import parse
from verusagent.review.context import PLACEHOLDER_NOTE, review_context

REPO = Path(__file__).resolve().parents[2]
TEXT = (REPO / PROVED).read_text()


def test_a_loop_is_shown_in_its_function_with_the_signatures_of_its_callees() -> None:
    context = review_context(parse(TEXT), ["fn:find/loop#1"])
    assert context.startswith(PLACEHOLDER_NOTE)
    assert "\nfn find(v: &Vec<u64>, k: u64) -> (r: Option<usize>)" in context
    assert "lemma_absent_extends(v@, k, i as int);" in context  # the function, whole
    assert "proof fn lemma_absent_extends(s: Seq<u64>, k: u64, upto: int)" in context
    assert "requires 0 <= upto < s.len(), absent(s, k, upto), s[upto] != k," in context
    assert "{ /* body elided */ }" in context
    assert "forall|i: int| 0 <= i < upto ==> s[i] != k" in context  # a spec fn it uses: whole
    assert "spec fn sorted(s: Seq<u64>)" in context  # find requires it
    assert "lemma_sum_to_grows" not in context and "struct Counter" not in context
    assert len(context) < len(TEXT)


def test_a_function_unit_is_shown_once() -> None:
    context = review_context(parse(TEXT), ["fn:find", "fn:find/loop#1"])
    assert context.count("\nfn find(") == 1


def test_in_a_large_real_file_every_unit_context_is_a_small_slice(shared_dir) -> None:
    path = shared_dir / "corpus" / "vstd" / "seq_lib.rs"
    model = parse(path.read_bytes())
    sizes = [len(review_context(model, [f.id])) for f in model.functions if f.body is not None]
    assert len(sizes) > 50 and max(sizes) < len(model.text) / 10
