"""The prompt cap: the largest slice whose prompt counts within the cap, found by re-slicing at moved ceilings; a
prompt that is no slice is returned as built; when the targets alone exceed the cap, the smallest prompt."""

from verusagent.context.slicer import SLICE_BUDGET_TOKENS
from verusagent.prompt.capped import FIT_TRIES, Built, capped_prompt
from verusagent.prompt.crate import ContextFit


class FakeSlicer:
    """A prompt of `fixed` tokens plus `per_estimate` counted tokens per estimated token of its slice, which
    holds `floor` (cut to the ceiling where it is larger) and the rest up to `wanted` in all."""

    def __init__(self, floor: int, wanted: int, fixed: int = 700, per_estimate: float = 0.85):
        self.floor, self.wanted, self.fixed, self.per_estimate = floor, wanted, fixed, per_estimate
        self.calls: list[tuple[int | None, int]] = []

    def build(self, budget: int | None, ceiling: int) -> Built:
        self.calls.append((budget, ceiling))
        shown = min(max(self.wanted, self.floor), ceiling)
        fit = ContextFit(
            budget_tokens=budget or 5000,
            floor_tokens=self.floor,
            over_budget=self.floor > (budget or 5000),
            cut_to_ceiling=self.floor > ceiling,
            at_ceiling=max(self.wanted, self.floor) > ceiling,
        )
        return "prove", {"context_fit": fit, "shown": shown}

    def count(self, built: Built) -> int:
        return self.fixed + int(built[1]["shown"] * self.per_estimate)


def test_a_slice_the_ceiling_held_grows_to_the_largest_prompt_within_the_cap():
    slicer = FakeSlicer(floor=26_000, wanted=30_000)  # anvil-like: 12,000 estimated count 10,900
    name, context = capped_prompt(slicer.build, None, 12_000, slicer.count)
    size = slicer.count((name, context))
    assert 11_900 <= size <= 12_000 and len(slicer.calls) <= FIT_TRIES
    assert context["context_fit"].cap_tokens == 12_000 and context["context_fit"].budget_tokens == 12_000


def test_a_dense_file_is_cut_below_its_estimate_so_the_cap_holds():
    slicer = FakeSlicer(floor=20_000, wanted=20_000, per_estimate=1.3)  # more tokens than bytes / 4
    built = capped_prompt(slicer.build, None, 12_000, slicer.count)
    assert 11_500 <= slicer.count(built) <= 12_000


def test_a_slice_within_its_own_budget_is_built_once():
    slicer = FakeSlicer(floor=1_500, wanted=4_000)
    built = capped_prompt(slicer.build, None, 12_000, slicer.count)
    assert slicer.calls == [(None, 12_000)] and built[1]["context_fit"].cap_tokens == 12_000
    assert built[1]["context_fit"].budget_tokens == 5000  # not cut: its budget is its own


def test_the_slice_budget_never_exceeds_the_ceiling_tried():
    slicer = FakeSlicer(floor=9_000, wanted=9_000, per_estimate=1.5)
    capped_prompt(slicer.build, 8_000, 8_000, slicer.count)
    assert all(budget is not None and budget <= min(8_000, ceiling) for budget, ceiling in slicer.calls)


def test_targets_larger_than_the_cap_give_the_smallest_prompt_tried_and_say_so():
    slicer = FakeSlicer(floor=50_000, wanted=50_000, fixed=13_000)  # the fixed part alone is over the cap
    built = capped_prompt(slicer.build, None, 12_000, slicer.count)
    fit = built[1]["context_fit"]
    assert fit.cut_to_ceiling and fit.over_budget and "raise --context-budget to 50,000" in fit.notice()
    tried = [ceiling for _, ceiling in slicer.calls]
    assert len(tried) <= FIT_TRIES and slicer.count(built) == min(slicer.count(slicer.build(None, c)) for c in tried)


def test_a_prompt_that_is_no_slice_is_returned_as_built():
    calls = []

    def whole(budget, ceiling):
        calls.append(ceiling)
        return "prove", {"context_fit": None}

    def count(built):
        raise AssertionError("a whole file is not counted")

    assert capped_prompt(whole, None, 100, count) == ("prove", {"context_fit": None}) and calls == [100]


def test_a_ceiling_below_the_slicers_own_budget_lowers_that_budget_too():
    """The slicer takes a budget above its ceiling for the ceiling: a shrinking ceiling must take the budget along,
    or a prompt the cap needs below 5,000 estimated tokens could never be cut to it."""
    slicer = FakeSlicer(floor=3_000, wanted=6_000, fixed=2_000, per_estimate=1.5)  # 12,000 counted at 6,667
    capped_prompt(slicer.build, None, 6_000, slicer.count)
    assert all(budget is None or budget <= ceiling for budget, ceiling in slicer.calls)
    assert any(ceiling < SLICE_BUDGET_TOKENS for _, ceiling in slicer.calls)
    assert all(budget is not None for budget, ceiling in slicer.calls if ceiling < SLICE_BUDGET_TOKENS)


class SteppedSlicer(FakeSlicer):
    """A count that rises by whole items: one large item enters past 12,100 estimated tokens (a real slice's
    count is such a staircase: ironkv's receive_packet_next counted 11,833 at 13,049 and 12,072 at 13,128)."""

    def count(self, built: Built) -> int:
        shown = built[1]["shown"]
        return 11_260 + (shown - 12_000) * 9 // 10 + (500 if shown > 12_100 else 0)


def test_a_search_past_a_step_comes_back_between_the_tries_within_and_over_the_cap():
    """The secant through the last two tries walked on over the cap (12,788, 12,482, 12,268: every one over) and
    kept the first prompt, 739 tokens short; kept between the tries within and over, it fills the cap."""
    slicer = SteppedSlicer(floor=26_000, wanted=30_000)
    built = capped_prompt(slicer.build, None, 12_000, slicer.count)
    assert 11_880 <= slicer.count(built) <= 12_000 and len(slicer.calls) <= FIT_TRIES
