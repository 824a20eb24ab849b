"""The review's context: the context slicer's view around the unit's function, never a whole large file."""


from verusagent.lens import parse
from verusagent.review.context import REVIEW_BUDGET_TOKENS, review_context

from tests.paths import REPO_ROOT
from tests.review.review_fakes import PROVED

TEXT = (REPO_ROOT / PROVED).read_text()


def test_a_small_file_is_shown_whole() -> None:
    assert review_context(parse(TEXT), ["fn:find/loop#1"]) == TEXT


def test_a_function_unit_is_shown_once() -> None:
    context = review_context(parse(TEXT), ["fn:find", "fn:find/loop#1"])
    assert context.count("\nfn find(") == 1


def test_in_a_large_real_file_every_unit_context_is_a_slice_holding_its_function(shared_dir) -> None:
    path = shared_dir / "corpus" / "vstd" / "seq_lib.rs"
    model = parse(path.read_bytes())
    functions = [f for f in model.functions if f.body is not None][::10]
    assert len(functions) > 10
    for function in functions:
        context = review_context(model, [function.id])
        assert model.slice(function.span).strip() in context
        assert "lines elided" in context and len(context) < len(model.text) / 4
        assert len(context) // 3 <= 2 * REVIEW_BUDGET_TOKENS
