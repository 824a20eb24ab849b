"""The review threshold by FactTest's order-statistic rule (the calibration appendix of OSVERIFY), exactly.

Labels are (score, valid) pairs: valid means verus verified the candidate. With the n valid scores sorted,
s(1) <= ... <= s(n), the threshold is s(k) for the smallest k (1-based) such that

    P[Binomial(n, 1 - tau) >= k] <= delta,

and the gate rejects only scores strictly above it. Why this bounds the false-negative rate: let q be the
(1 - tau)-quantile of the valid scores' distribution. The rejected fraction of valid candidates exceeds tau only
if s(k) < q, that is only if at least k of the n valid scores fall below q, and that count is binomial with a
success probability of at most 1 - tau. So P[FNR > tau] <= delta over the draw of the labels, ties included.

The tail falls as k grows, so no k qualifies when even k = n fails, (1 - tau)^n > delta: then there is no
threshold (the calibrated gate never rejects) and ``labels_needed`` says the smallest n for which one exists.
The tails are computed in integers (tau and delta read as the decimals they are written as), so a k is never
off by one through rounding.
"""

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from pydantic import BaseModel

from verusagent.review.decision import rejects


def exact(value: float) -> Fraction:
    """A probability as the decimal it is written as: 0.05 is 1/20, not the binary float next to it."""
    return Fraction(repr(float(value)))


def check_probability(name: str, value: float) -> None:
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, not {value}")


def upper_tail(n: int, p: Fraction, k: int) -> Fraction:
    """P[Binomial(n, p) >= k], exactly."""
    q = 1 - p
    return sum((math.comb(n, i) * p**i * q ** (n - i) for i in range(max(k, 0), n + 1)), Fraction(0))


@lru_cache(maxsize=256)
def order_statistic_index(n: int, tau: float, delta: float) -> int | None:
    """The smallest 1-based k with P[Binomial(n, 1 - tau) >= k] <= delta; None when no k in 1..n qualifies."""
    check_probability("tau", tau)
    check_probability("delta", delta)
    success = 1 - exact(tau)
    a, b = success.numerator, success.denominator  # p = a/b, 1 - p = (b - a)/b
    bound = exact(delta)
    limit = bound.numerator * b**n  # tail * b^n * den(delta) <= num(delta) * b^n
    term, scaled_tail, best = a**n, 0, None  # term = C(n, k) a^k (b - a)^(n - k), starting at k = n
    for k in range(n, 0, -1):
        scaled_tail += term
        if scaled_tail * bound.denominator > limit:
            break
        best = k
        term = term * k * (b - a) // ((n - k + 1) * a)  # exact: the result is the integer term for k - 1
    return best


def _rule_holds_at(n: int, tau: Fraction, delta: Fraction) -> bool:
    """(1 - tau)^n <= delta: the best k (k = n) qualifies."""
    success = 1 - tau
    failing: int = success.numerator**n * delta.denominator  # int ** int is typed Any (a negative power is a float)
    allowed: int = delta.numerator * success.denominator**n
    return failing <= allowed


@lru_cache(maxsize=64)
def labels_needed(tau: float, delta: float) -> int:
    """The smallest number of valid labels for which the rule gives a threshold."""
    check_probability("tau", tau)
    check_probability("delta", delta)
    estimate = max(1, math.ceil(math.log(delta) / math.log1p(-tau)))
    if estimate > 50_000:  # exact powers that large cost seconds; the float estimate is within one there
        return estimate
    tau_x, delta_x = exact(tau), exact(delta)
    while estimate > 1 and _rule_holds_at(estimate - 1, tau_x, delta_x):
        estimate -= 1
    while not _rule_holds_at(estimate, tau_x, delta_x):
        estimate += 1
    return estimate


class ThresholdChoice(BaseModel):
    n_valid: int
    k: int | None  # 1-based order-statistic index; None when no k qualifies
    threshold: float | None  # the k-th smallest valid score; None: never reject
    n_needed: int  # valid labels the rule needs for any threshold at this tau and delta


def choose_threshold(valid_scores: Sequence[float], tau: float, delta: float) -> ThresholdChoice:
    n = len(valid_scores)
    k = order_statistic_index(n, tau, delta)
    threshold = sorted(valid_scores)[k - 1] if k is not None else None
    return ThresholdChoice(n_valid=n, k=k, threshold=threshold, n_needed=labels_needed(tau, delta))


class ThresholdOutcome(BaseModel):
    """What the gate would have done on the labels at one threshold (in-sample)."""

    rejected_valid: int
    rejected_invalid: int
    tnr: float | None  # rejected invalid / invalid; None without invalid labels
    fnr: float | None  # rejected valid / valid; None without valid labels


def outcome_at(
    valid_scores: Sequence[float], invalid_scores: Sequence[float], threshold: float | None
) -> ThresholdOutcome:
    rejected_valid = sum(rejects(s, threshold) for s in valid_scores)
    rejected_invalid = sum(rejects(s, threshold) for s in invalid_scores)
    return ThresholdOutcome(
        rejected_valid=rejected_valid,
        rejected_invalid=rejected_invalid,
        tnr=_rate(rejected_invalid, len(invalid_scores)),
        fnr=_rate(rejected_valid, len(valid_scores)),
    )


def _rate(count: int, total: int) -> float | None:
    return count / total if total else None
