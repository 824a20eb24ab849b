"""The order-statistic rule against exact binomial tails computed here, and its FNR guarantee by simulation."""

import math
import random
from fractions import Fraction

import pytest

from verusagent.review.calibration.threshold import (
    choose_threshold,
    labels_needed,
    order_statistic_index,
    outcome_at,
    upper_tail,
)
from verusagent.review.decision import rejects


def tail(n: int, p: Fraction, k: int) -> Fraction:
    """P[Binomial(n, p) >= k] by the definition, in fractions."""
    return sum((Fraction(math.comb(n, i)) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


def decimal(value: float) -> Fraction:
    return Fraction(str(value))


def test_the_issue_figures_at_n_100_and_delta_010():
    assert order_statistic_index(100, 0.05, 0.10) == 99
    assert order_statistic_index(100, 0.10, 0.10) == 95


@pytest.mark.parametrize("n", [20, 50, 100, 1000])
@pytest.mark.parametrize("tau", [0.05, 0.10])
@pytest.mark.parametrize("delta", [0.05, 0.10])
def test_k_is_the_smallest_index_whose_exact_tail_is_at_most_delta(n, tau, delta):
    k = order_statistic_index(n, tau, delta)
    p, bound = 1 - decimal(tau), decimal(delta)
    if k is None:
        assert tail(n, p, n) > bound  # even the largest order statistic fails: (1 - tau)^n > delta
        assert n < labels_needed(tau, delta)
        return
    assert tail(n, p, k) <= bound
    assert k == 1 or tail(n, p, k - 1) > bound
    assert n >= labels_needed(tau, delta)


def test_the_qualifying_indices_at_the_asked_sizes():
    found = {
        (n, tau, delta): order_statistic_index(n, tau, delta)
        for n in (20, 50, 100, 1000)
        for tau in (0.05, 0.10)
        for delta in (0.05, 0.10)
    }
    # n = 20 is too few for every target here: 0.95^20 = 0.358 and 0.9^20 = 0.122 both exceed 0.10
    assert [found[(20, tau, delta)] for tau in (0.05, 0.10) for delta in (0.05, 0.10)] == [None] * 4
    assert found[(50, 0.05, 0.10)] == 50 and found[(50, 0.05, 0.05)] is None  # 0.95^50 = 0.077
    assert found[(1000, 0.05, 0.05)] < found[(1000, 0.05, 0.10)] + 3  # a tighter delta needs a larger k


@pytest.mark.parametrize(("tau", "delta"), [(0.05, 0.10), (0.10, 0.10), (0.05, 0.05), (0.10, 0.05), (0.01, 0.1)])
def test_labels_needed_is_the_first_n_with_a_threshold(tau, delta):
    needed = labels_needed(tau, delta)
    assert (1 - decimal(tau)) ** needed <= decimal(delta) < (1 - decimal(tau)) ** (needed - 1)
    assert order_statistic_index(needed, tau, delta) == needed
    assert order_statistic_index(needed - 1, tau, delta) is None


def test_the_figures_are_read_as_decimals_not_binary_floats():
    # 0.9^3 is exactly 0.729, while in floats (1 - 0.1) ** 3 is 0.7290000000000001 > 0.729
    assert (1 - 0.1) ** 3 > 0.729
    assert order_statistic_index(3, 0.1, 0.729) == 3
    assert labels_needed(0.1, 0.729) == 3


def test_the_exact_tail_matches_the_definition():
    assert upper_tail(100, Fraction(19, 20), 99) == tail(100, Fraction(19, 20), 99)
    assert float(upper_tail(100, Fraction(19, 20), 99)) == pytest.approx(0.0371, abs=1e-4)


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.1, 1.5])
def test_probabilities_outside_the_open_interval_are_refused(bad):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        order_statistic_index(10, bad, 0.1)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        labels_needed(0.05, bad)


def test_the_threshold_is_the_kth_smallest_valid_score():
    scores = [i / 100 for i in range(100)]
    random.Random(3).shuffle(scores)
    choice = choose_threshold(scores, 0.05, 0.10)
    assert (choice.k, choice.threshold, choice.n_needed) == (99, 0.98, 45)
    assert choose_threshold(scores[:44], 0.05, 0.10).threshold is None
    assert choose_threshold([], 0.05, 0.10).k is None


def test_tnr_and_fnr_at_the_threshold_count_strictly_above():
    outcome = outcome_at(valid_scores=[0.0, 0.5, 0.5, 1.0], invalid_scores=[0.5, 1.0, 1.0], threshold=0.5)
    assert (outcome.rejected_valid, outcome.rejected_invalid) == (1, 2)
    assert (outcome.fnr, outcome.tnr) == (0.25, pytest.approx(2 / 3))
    never = outcome_at([0.0, 1.0], [1.0], None)
    assert (never.fnr, never.tnr) == (0.0, 0.0)
    assert outcome_at([], [], 0.5).tnr is None


def _violation_rate(draw_valid, true_fnr, n: int, tau: float, delta: float, repeats: int, seed: int) -> float:
    """The share of repeated calibrations (n fresh valid scores each) whose threshold's true FNR exceeds tau."""
    rng = random.Random(seed)
    violations = 0
    for _ in range(repeats):
        threshold = choose_threshold(draw_valid(rng, n), tau, delta).threshold
        violations += true_fnr(threshold) > tau
    return violations / repeats


def test_continuous_scores_violate_the_fnr_target_at_exactly_the_binomial_tail_rate():
    # valid scores U^2: P[S > t] = 1 - sqrt(t); for a continuous law P[FNR > tau] is the tail itself
    n, tau, delta, repeats = 100, 0.05, 0.10, 2000
    rate = _violation_rate(
        lambda rng, n: [rng.random() ** 2 for _ in range(n)],
        lambda t: 1 - math.sqrt(t),
        n,
        tau,
        delta,
        repeats,
        seed=11,
    )
    expected = float(tail(n, Fraction(19, 20), order_statistic_index(n, tau, delta)))
    noise = math.sqrt(expected * (1 - expected) / repeats)
    assert expected <= delta
    assert abs(rate - expected) <= 4 * noise, (rate, expected)


GRID = [0.0, 1 / 3, 2 / 3, 1.0]


@pytest.mark.parametrize(
    ("weights", "tau"),
    [([0.80, 0.15, 0.04, 0.01], 0.05), ([0.55, 0.30, 0.10, 0.05], 0.10), ([0.90, 0.05, 0.03, 0.02], 0.05)],
)
def test_tied_vote_scores_keep_the_guarantee(weights, tau):
    delta, n, repeats = 0.10, 60, 2000

    def true_fnr(threshold):
        return sum(w for value, w in zip(GRID, weights, strict=True) if rejects(value, threshold))

    rate = _violation_rate(lambda rng, n: rng.choices(GRID, weights, k=n), true_fnr, n, tau, delta, repeats, 5)
    assert rate <= delta + 3 * math.sqrt(delta * (1 - delta) / repeats), rate
