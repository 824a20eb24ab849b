"""TNR at FNR <= tau under resampling, for labels that carry their validators' votes.

One trial: every label's score is drawn anew by redrawing each of its findings' votes from that finding's own
votes (m votes with s substantial give Binomial(m, s/m) substantial votes: a unanimous finding stays
unanimous), the score being the largest fraction as always. The labels are then split at random, within valid
and within invalid, into a calibration part (``calibration_share`` of each) and the rest; the threshold is
re-selected on the calibration part's valid scores by the order-statistic rule, and TNR and FNR are measured on
the rest. The trials are seeded, so a run repeats exactly; 2,000 of them take well under a second for
hundreds of labels, since a label's score distribution is computed once and identical labels draw together.
"""

import random
import statistics
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from math import comb

from pydantic import BaseModel

from verusagent.choices import DEFAULT_TRIALS
from verusagent.review.calibration.labels import Label
from verusagent.review.calibration.threshold import labels_needed, order_statistic_index
from verusagent.review.decision import rejects

DEFAULT_SEED = 0
DEFAULT_SHARE = 0.5

Counts = tuple[tuple[int, int], ...]  # (votes, substantial) per finding, sorted: labels alike draw alike


class Resampling(BaseModel):
    trials: int
    seed: int
    calibration_share: float
    n_calibration_valid: int
    k: int  # the order-statistic index on the calibration part
    tnr_mean: float | None  # None without invalid labels in the held-out part
    tnr_sd: float | None
    tnr_p05: float | None
    tnr_p95: float | None
    fnr_mean: float
    fnr_above_tau: float  # share of trials whose held-out FNR exceeded tau (sampling noise included)


class ResamplingSkipped(BaseModel):
    reason: str


def resampling_obstacle(labels: Sequence[Label], tau: float, delta: float, share: float) -> str | None:
    """Why the protocol cannot run on these labels, or None when it can."""
    missing = sum(label.votes is None for label in labels)
    if missing:
        return f"{missing} of {len(labels)} labels carry no per-vote data"
    n_valid = sum(label.valid for label in labels)
    n_cal = _calibration_size(n_valid, share)
    if order_statistic_index(n_cal, tau, delta) is None or n_valid - n_cal == 0:
        need = labels_needed(tau, delta)
        return (
            f"the calibration part would hold {n_cal} valid labels; the rule needs {need}, and the rest must "
            f"hold at least one (so {_total_needed(need, share)} valid labels in all)"
        )
    return None


def _calibration_size(n: int, share: float) -> int:
    return int(n * share)


def _total_needed(need: int, share: float) -> int:
    n = need
    while _calibration_size(n, share) < need or n - _calibration_size(n, share) == 0:
        n += 1
    return n


def resample(
    labels: Sequence[Label],
    tau: float,
    delta: float,
    trials: int = DEFAULT_TRIALS,
    seed: int = DEFAULT_SEED,
    share: float = DEFAULT_SHARE,
) -> Resampling | ResamplingSkipped:
    obstacle = resampling_obstacle(labels, tau, delta, share)
    if obstacle:
        return ResamplingSkipped(reason=obstacle)
    rng = random.Random(seed)
    valid = ScoreDraws([label for label in labels if label.valid])
    invalid = ScoreDraws([label for label in labels if not label.valid])
    n_cal = _calibration_size(len(valid), share)
    n_cal_invalid = _calibration_size(len(invalid), share)
    k = order_statistic_index(n_cal, tau, delta)
    assert k is not None
    fnrs, tnrs = [], []
    for _ in range(trials):
        fnr, tnr = _trial(rng, valid, invalid, n_cal, n_cal_invalid, k)
        fnrs.append(fnr)
        if tnr is not None:
            tnrs.append(tnr)
    return Resampling(
        trials=trials,
        seed=seed,
        calibration_share=share,
        n_calibration_valid=n_cal,
        k=k,
        **_spread(tnrs),
        fnr_mean=statistics.fmean(fnrs),
        fnr_above_tau=sum(f > tau for f in fnrs) / len(fnrs),
    )


def _trial(
    rng: random.Random, valid: "ScoreDraws", invalid: "ScoreDraws", n_cal: int, n_cal_invalid: int, k: int
) -> tuple[float, float | None]:
    valid_scores = valid.draw(rng)
    rng.shuffle(valid_scores)
    threshold = sorted(valid_scores[:n_cal])[k - 1]
    held_valid = valid_scores[n_cal:]
    fnr = _above(held_valid, threshold) / len(held_valid)
    invalid_scores = invalid.draw(rng)
    rng.shuffle(invalid_scores)
    held_invalid = invalid_scores[n_cal_invalid:]
    tnr = _above(held_invalid, threshold) / len(held_invalid) if held_invalid else None
    return fnr, tnr


def _above(scores: list[float], threshold: float) -> int:
    return sum(rejects(score, threshold) for score in scores)  # the gate's own strict rule


def _spread(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"tnr_mean": None, "tnr_sd": None, "tnr_p05": None, "tnr_p95": None}
    ordered = sorted(values)
    sd = statistics.pstdev(values) if len(values) > 1 else 0.0
    return {
        "tnr_mean": statistics.fmean(values),
        "tnr_sd": sd,
        "tnr_p05": _quantile(ordered, 0.05),
        "tnr_p95": _quantile(ordered, 0.95),
    }


def _quantile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class ScoreDraws:
    """Draws a fresh score for every label of a group; labels with the same vote counts share one distribution."""

    def __init__(self, labels: Sequence[Label]):
        groups: dict[Counts, int] = {}
        for label in labels:
            key = _counts(label.votes or [])
            groups[key] = groups.get(key, 0) + 1
        self.fixed: list[float] = []
        self.random: list[tuple[list[float], list[float], int]] = []  # values, cumulative weights, how many
        for key, size in groups.items():
            values, weights = score_distribution(key)
            if len(values) == 1:
                self.fixed.extend(values * size)
            else:
                self.random.append((values, list(accumulate(weights)), size))

    def __len__(self) -> int:
        return len(self.fixed) + sum(size for _, _, size in self.random)

    def draw(self, rng: random.Random) -> list[float]:
        scores = list(self.fixed)
        for values, cumulative, size in self.random:
            scores.extend(rng.choices(values, cum_weights=cumulative, k=size))
        return scores


def _counts(votes: list[tuple[bool, ...]]) -> Counts:
    return tuple(sorted((len(v), sum(v)) for v in votes))


def score_distribution(counts: Counts) -> tuple[list[float], list[float]]:
    """The resampled score's values and probabilities: the max over findings of Binomial(m, s/m) / m."""
    grid = sorted({Fraction(c, m) for m, _ in counts for c in range(m + 1)} | {Fraction(0)})
    below = [_probability_all_at_most(counts, value) for value in grid]  # P[score <= value]
    masses = [float(p - q) for p, q in zip(below, [Fraction(0), *below[:-1]], strict=True)]
    kept = [(float(v.numerator / v.denominator), mass) for v, mass in zip(grid, masses, strict=True) if mass > 0]
    return [v for v, _ in kept], [mass for _, mass in kept]


def _probability_all_at_most(counts: Counts, value: Fraction) -> Fraction:
    product = Fraction(1)
    for m, s in counts:
        p = Fraction(s, m)
        product *= sum((_binomial_mass(m, p, c) for c in range(m + 1) if Fraction(c, m) <= value), Fraction(0))
    return product


def _binomial_mass(m: int, p: Fraction, c: int) -> Fraction:
    return comb(m, c) * p**c * (1 - p) ** (m - c)
