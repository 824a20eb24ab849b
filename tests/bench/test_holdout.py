"""Leave one project out (verusagent.bench.holdout): the value is chosen on the other projects only, so a value
that suits the held-out project alone is not chosen for it."""

import importlib

from verusagent.bench.holdout import (
    CONSTANTS,
    GOAL_OVER_BUDGET_P90,
    GOAL_P90,
    choose,
    clause,
    floor_bound,
    leave_one_out,
    meets,
    setting,
)
from verusagent.context import slicer


def part(coverage: float, median: int = 1000, p90: int = 4000, needed: int = 1000) -> dict:
    missing = round(needed * (100 - coverage) / 100)
    return {
        "coverage_percent": coverage,
        "median_tokens": median,
        "p90_tokens": p90,
        "over_budget": 0,
        "needed": needed,
        "missing": missing,
    }


def counted(needed: int, missing: int) -> dict:
    return part(round(100 * (needed - missing) / needed, 1)) | {"needed": needed, "missing": missing}


CURVE = {
    2000: {"a": part(99.0), "b": part(99.5), "c": part(90.0)},
    4000: {"a": part(99.0), "b": part(97.0), "c": part(99.9)},
    8000: {"a": part(99.9, p90=9000), "b": part(99.9), "c": part(99.9)},
}


def test_meets_needs_every_goal() -> None:
    assert meets(part(98.0)) and not meets(part(97.9)) and not meets(part(99.0, median=3001))
    assert not meets(part(99.0, p90=8001))


def test_the_value_is_chosen_on_the_tuned_projects_and_ties_go_to_the_cheaper() -> None:
    assert choose(CURVE, ["a", "b"]) == 2000  # both meet at 2000 only
    assert choose(CURVE, ["b", "c"]) == 8000  # both meet at 8000 only
    assert choose({1: {"a": part(99.0)}, 2: {"a": part(99.0)}}, ["a"]) == 1


def test_ties_go_to_the_exact_worst_miss_rate_not_the_rounded_coverage() -> None:
    # 14 and 6 missed of 10,000 both round to 99.9%; on the rounded figure the cheaper 1000 would win.
    curve = {1000: {"a": counted(10_000, 14)}, 2000: {"a": counted(10_000, 6)}}
    assert curve[1000]["a"]["coverage_percent"] == curve[2000]["a"]["coverage_percent"] == 99.9
    assert choose(curve, ["a"]) == 2000
    # the worst miss rate decides before the total: 2/100 (2%) is worse than 10/10,000 + 10/10,000.
    curve = {
        1000: {"a": counted(100, 2), "b": counted(10_000, 0)},
        2000: {"a": counted(100, 0), "b": counted(10_000, 20)},
    }
    assert choose(curve, ["a", "b"]) == 2000
    # equal worst rates: no value is better on what decides, so the cheaper
    curve = {
        1000: {"a": counted(1000, 1), "b": counted(1000, 1)},
        2000: {"a": counted(1000, 1), "b": counted(1000, 0)},
    }
    assert choose(curve, ["a", "b"]) == 1000


def test_a_worst_miss_rate_within_one_standard_error_of_the_best_is_a_tie_that_goes_to_the_cheaper() -> None:
    """The one-standard-error rule of cross-validation (Breiman et al., CART): the storage fold of LEMMA_GROWTH
    chose 0.6 over 0.45 for one of ironkv's 1,821 definitions (31 against 32 missed, a standard error is about 5),
    and held out storage's p90 then went over the goal (8,702)."""
    curve = {0.45: {"ironkv": counted(1821, 32)}, 0.6: {"ironkv": counted(1821, 31)}}
    assert choose(curve, ["ironkv"]) == 0.45
    # more than a standard error apart (about 0.14% at 6 of 1,785): the better one, however it costs
    curve = {0.3: {"storage": counted(1785, 17)}, 0.45: {"storage": counted(1785, 6)}}
    assert choose(curve, ["storage"]) == 0.45


def test_each_project_is_measured_under_the_others_choice() -> None:
    rows = {r.project: r for r in leave_one_out(CURVE)}
    assert rows["c"].value == 2000 and rows["c"].coverage_percent == 90.0 and not rows["c"].meets_goals
    assert rows["a"].value == 8000 and not rows["a"].meets_goals  # its p90 under the others' choice
    assert (rows["b"].value, rows["b"].tuned_meeting_goals, rows["b"].meets_goals) == (4000, 2, False)


def test_a_setting_holds_for_its_measure_only() -> None:
    before = slicer.UNMENTIONED_TOKENS
    assert set(CONSTANTS) >= {"LEMMA_GROWTH", "UNMENTIONED_TOKENS", "LEMMA_PRIOR", "VIEW_PRIOR", "HEADER_PRIOR"}
    for name, module in CONSTANTS.items():  # each is the global its selection reads
        read = importlib.import_module(module)
        kind = type(getattr(read, name))
        with setting(name, 0.5):
            assert getattr(read, name) == kind(0.5)
    with setting("UNMENTIONED_TOKENS", 150.0):
        assert slicer.UNMENTIONED_TOKENS == 150 and isinstance(slicer.UNMENTIONED_TOKENS, int)
    assert before == slicer.UNMENTIONED_TOKENS


def over_floor(
    p90: int, floor_p90: int = 33_099, unreported: int = 0, coverage: float = 42.3, median: int = 11_942
) -> dict:
    return part(coverage, median=median, p90=p90) | {
        "floor_p90_tokens": floor_p90,
        "unreported_over_budget": unreported,
    }


def test_a_project_whose_needed_floor_exceeds_the_p90_goal_is_held_to_the_over_budget_clause() -> None:
    # anvil-controller: at p90 its proofs need 33,099 tokens by the ground truth's measure, so no prompt within
    # the p90 goal of 8,000 shows them; the issue's own clause applies: over_budget said, p90 within 12,000.
    assert GOAL_OVER_BUDGET_P90 == 12_000
    assert floor_bound(over_floor(11_993)) and clause(over_floor(11_993)) == "over budget"
    assert meets(over_floor(11_993)) and meets(over_floor(12_000))
    assert not meets(over_floor(12_001))  # over the cap the clause names
    assert not meets(over_floor(11_993, unreported=1))  # a task over the cap that does not say so
    # the rule is the floor, not the project's name: a project whose floor fits the p90 goal keeps the 98% rule
    fitting = over_floor(7_900, floor_p90=GOAL_P90)
    assert not floor_bound(fitting) and clause(fitting) == "98%" and not meets(fitting)
    assert meets(over_floor(7_900, floor_p90=GOAL_P90, coverage=98.0, median=2_999))
    assert clause(part(99.0)) == "98%"  # a summary without a floor: the 98% rule


def test_the_held_out_row_says_which_clause_it_is_held_to() -> None:
    curve = {5000: {"anvil": over_floor(11_993), "b": part(99.0)}, 8000: {"anvil": over_floor(12_500), "b": part(99.5)}}
    rows = {r.project: r for r in leave_one_out(curve)}
    assert rows["anvil"].value == 8000 and rows["anvil"].clause == "over budget" and not rows["anvil"].meets_goals
    assert rows["b"].value == 5000 and rows["b"].clause == "98%" and rows["b"].meets_goals
    assert (rows["anvil"].floor_p90_tokens, rows["anvil"].unreported_over_budget) == (33_099, 0)


def test_a_project_held_to_the_over_budget_clause_does_not_decide_the_miss_rate() -> None:
    """anvil-controller misses 57% at every budget (held to the other clause): were it the worst, every value would
    be within its standard error and the smallest would win, whatever the projects held to 98% lose."""
    anvil = counted(13_275, 7_597) | {"floor_p90_tokens": 33_000, "p90_tokens": 11_967}
    curve = {
        2000: {"anvil": anvil, "ironkv": counted(1821, 42)},
        5000: {"anvil": anvil, "ironkv": counted(1821, 32)},
    }
    assert choose(curve, ["anvil", "ironkv"]) == 5000
