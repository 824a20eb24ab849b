"""The review's context: the context slicer's view around the unit's function, never a whole large file."""

from verusagent.lens import parse
from verusagent.review.unit_view import REVIEW_BUDGET_TOKENS, review_context

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
        assert "elided: " in context and len(context) < len(model.text) / 4
        assert len(context) // 3 <= 2 * REVIEW_BUDGET_TOKENS


def test_the_context_keeps_the_reviews_budget_unless_what_the_unit_needs_exceeds_it(shared_dir) -> None:
    """The budget holds the context (the prover's extras beyond it are not added); a call inside a large
    function needs what the call and the function's own statement name, and what the rest names is ranked."""
    from verusagent.context.slicer import BYTES_PER_TOKEN, FileSlicer
    from verusagent.lens import tokenize
    from verusagent.review.unit_view import REVIEW_NEEDED_DEPTH, UnitView

    path = shared_dir / "corpus" / "vstd" / "seq_lib.rs"
    model = parse(path.read_bytes())
    slicer = FileSlicer(model.text, model, tokenize(model.data))
    contexts = UnitView(model)
    for function in [f for f in model.functions if f.body is not None][::10]:
        sliced = slicer.slice([function.id], REVIEW_BUDGET_TOKENS, strict=True, needed_depth=REVIEW_NEEDED_DEPTH)
        assert contexts.of([function.id]) == sliced.text
        if not sliced.over_budget:
            assert len(sliced.text.encode()) <= (REVIEW_BUDGET_TOKENS + 100) * BYTES_PER_TOKEN
    [caller] = [f for f in model.functions if f.name == "lemma_fold_left_alt"]
    calls = [c for c in model.calls_of(caller.id) if c.is_lemma]
    whole = contexts.of([caller.id])
    focused = contexts.of([calls[0].id], [(calls[0].span.start, calls[0].span.end)])
    assert model.slice(caller.span).strip() in focused and len(focused) <= len(whole)
    assert f"fn {calls[0].callee}" in focused  # the callee, by its signature and specs


LARGEST = (
    "anvil-controller/"
    "vreplicaset_controller__proof__liveness__resource_match__lemma_from_diff_and_init_to_current_state_matches"
)


def test_on_the_largest_shared_file_every_unit_prompt_keeps_the_reviews_budget(shared_dir) -> None:
    """The task with its ground-truth proof spliced in, reviewed against the task: each changed unit's prompt
    (instructions, unit, context; o200k tokens) stays within REVIEW_PROMPT_TOKENS (it was up to 25,960), and only
    a unit that fills a prompt alone goes unreviewed (its loops and calls are units)."""
    from verusagent.bench.verusage import discover, spliced_pair
    from verusagent.llm.tokens import count_messages_o200k
    from verusagent.prompt import chat
    from verusagent.review.unit_view import REVIEW_PROMPT_TOKENS, UnitView, fits_review
    from verusagent.review.units import changed_units

    [task] = [t for t in discover(shared_dir / "corpus" / "verusage-bench") if t.task_id == LARGEST]
    pair = spliced_pair(task)
    model = parse(pair.spliced)
    units = changed_units(model, parse(pair.original))
    reviewed = [u for u in units if fits_review(u.text)]
    assert len(units) - len(reviewed) <= 1 and len(reviewed) >= 20
    contexts = UnitView(model)
    for unit in reviewed:
        context = contexts.of([unit.id], [(unit.start, unit.end)], unit.text)
        messages = chat(
            "review_propose",
            file_name="c.rs",
            unit_id=unit.id,
            unit_kind=unit.kind.value,
            unit_text=unit.text,
            context=context,
        )
        assert count_messages_o200k(messages) <= REVIEW_PROMPT_TOKENS, unit.id
