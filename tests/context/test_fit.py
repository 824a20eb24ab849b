"""The hard budget (context/fit.py): what the targets need is cut down to the budget in a fixed order: the spec
family's bodies deepest first, then the targets' bodies but a window around the focus, then needed definitions
dropped. rust_fixtures/slice/deep_family.rs: `target` needs top_fact -> mid_fact -> deep_fact and calls
helper_lemma at the end of a long body."""

import pytest

from verusagent.context.slicer import BYTES_PER_TOKEN, FileSlicer
from verusagent.lens import parse, tokenize

from tests.paths import RUST_FIXTURES

TEXT = (RUST_FIXTURES / "slice" / "deep_family.rs").read_text()
FAMILY = ("deep_fact", "mid_fact", "top_fact")


@pytest.fixture(scope="module")
def slicer() -> FileSlicer:
    model = parse(TEXT)
    return FileSlicer(TEXT, model, tokenize(model.data))


def _hard(slicer: FileSlicer, budget: int, focus: bool = True):
    model = slicer.file.model
    call = next(c for c in model.calls if c.callee == "helper_lemma")
    spans = [(call.span.start, call.span.end)] if focus else []
    return slicer.slice(["target"], budget, strict=True, needed_depth=None, focus=spans, hard=True)


def _elided(text: str) -> list[str]:
    return [name for name in FAMILY if f"fn {name}(x: int) -> bool {{\n    // ... body elided" in text]


def test_within_the_budget_nothing_is_cut(slicer: FileSlicer) -> None:
    sliced = _hard(slicer, 2000)
    assert not sliced.over_budget and not _elided(sliced.text) and "assert(x + 0 >= 0);" in sliced.text


def test_spec_bodies_go_deepest_first_then_the_targets_body_then_definitions(slicer: FileSlicer) -> None:
    order = []
    for budget in (2000, 1500, 1200, 900, 200):
        sliced = _hard(slicer, budget)
        order.append((tuple(_elided(sliced.text)), "// ... elided (lines" in sliced.text, tuple(sliced.left_out)))
    assert order[1][0] and order[1][0] != FAMILY and order[1][0][0] == "deep_fact"  # deeper bodies first
    assert order[2] == (FAMILY, False, ())  # every spec body elided before the target's
    assert order[3][0] == FAMILY and order[3][1]  # then the target's body, but its window
    assert set(order[4][2]) == {f"fn {name}" for name in FAMILY}  # then definitions dropped
    assert all(sliced_over for sliced_over in (_hard(slicer, b).over_budget for b in (1500, 900, 200)))


def test_the_window_holds_the_focus_and_the_lines_before_it(slicer: FileSlicer) -> None:
    text = _hard(slicer, 900).text
    assert "    helper_lemma(x);" in text and "assert(x + 119 >= 119);" in text
    assert "assert(x + 0 >= 0);" not in text
    assert len(_hard(slicer, 900).text.encode()) <= 900 * BYTES_PER_TOKEN


def test_without_focus_the_targets_body_is_elided_whole(slicer: FileSlicer) -> None:
    text = _hard(slicer, 900, focus=False).text
    assert "helper_lemma(x);" not in text and "pub proof fn target(x: int)" in text


def test_a_soft_slice_shows_what_is_needed_whatever_it_costs(slicer: FileSlicer) -> None:
    sliced = slicer.slice(["target"], 200, strict=True, needed_depth=None)
    assert sliced.over_budget and not _elided(sliced.text) and "assert(x + 0 >= 0);" in sliced.text


def test_the_provers_targets_stay_whole_under_a_hard_budget(slicer: FileSlicer) -> None:
    model = slicer.file.model
    call = next(c for c in model.calls if c.callee == "helper_lemma")
    sliced = slicer.slice(
        ["target"],
        900,
        strict=True,
        needed_depth=None,
        focus=[(call.span.start, call.span.end)],
        hard=True,
        cut_targets=False,
    )
    assert "assert(x + 0 >= 0);" in sliced.text and "    helper_lemma(x);" in sliced.text
    assert not any(f"fn {name}(x: int) -> bool {{\n        &&&" in sliced.text for name in FAMILY)


def test_a_ceiling_cuts_the_provers_slice_to_it_with_the_target_whole(slicer: FileSlicer) -> None:
    soft = slicer.slice(["target"], 600)
    capped = slicer.slice(["target"], 600, ceiling_tokens=1200)
    assert soft.over_budget and not soft.cut_to_ceiling and not _elided(soft.text)
    assert capped.cut_to_ceiling and capped.ceiling_tokens == 1200 and capped.floor_tokens == soft.floor_tokens
    assert _elided(capped.text)[0] == "deep_fact"  # the deepest body goes first
    assert "assert(x + 0 >= 0);" in capped.text and "    helper_lemma(x);" in capped.text
    assert len(capped.text.encode()) <= 1200 * BYTES_PER_TOKEN < len(soft.text.encode())


def test_nothing_is_added_beyond_a_ceiling(slicer: FileSlicer) -> None:
    """The lemma growth and the least extra room stop at the ceiling too."""
    for ceiling in (1000, 1300, 1600, 2000):
        capped = slicer.slice(["target"], 600, ceiling_tokens=ceiling)
        assert len(capped.text.encode()) <= ceiling * BYTES_PER_TOKEN


def test_a_ceiling_below_the_budget_is_the_budget(slicer: FileSlicer) -> None:
    assert slicer.slice(["target"], 700, ceiling_tokens=100).ceiling_tokens == 700
