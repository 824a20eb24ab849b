"""The resampling protocol: votes redrawn, threshold re-selected on a calibration part, TNR/FNR on the rest."""

import random
from fractions import Fraction

import pytest

from verusagent.review.calibration.labels import Label
from verusagent.review.calibration.resample import Resampling, ResamplingSkipped, resample, score_distribution


def label(valid: bool, *findings: list[int]) -> Label:
    votes = [tuple(bool(v) for v in finding) for finding in findings]
    score = max((sum(v) / len(v) for v in votes), default=0.0)
    return Label(score=score, valid=valid, votes=votes, source="test")


def mixed_labels(seed: int = 2, n_valid: int = 200, n_invalid: int = 100) -> list[Label]:
    rng = random.Random(seed)

    def finding(p: float) -> list[int]:
        return [int(rng.random() < p) for _ in range(3)]

    return [label(True, finding(0.1)) for _ in range(n_valid)] + [
        label(False, finding(0.7), finding(0.3)) for _ in range(n_invalid)
    ]


def test_a_finding_redraws_as_a_binomial_of_its_own_votes():
    values, weights = score_distribution(((3, 2),))
    assert values == [0.0, 1 / 3, 2 / 3, 1.0]
    assert weights == pytest.approx([1 / 27, 6 / 27, 12 / 27, 8 / 27])
    assert score_distribution(((3, 3),)) == ([1.0], [1.0])  # unanimous stays unanimous
    assert score_distribution(()) == ([0.0], [1.0])  # no finding: score 0


def test_the_score_of_two_findings_is_their_maximum():
    values, weights = score_distribution(((2, 1), (3, 0)))
    assert values == [0.0, 0.5, 1.0] and weights == pytest.approx([0.25, 0.5, 0.25])
    values, weights = score_distribution(((3, 1), (3, 1)))
    at_most_third = (Fraction(8, 27) + Fraction(12, 27)) ** 2
    assert weights[0] == pytest.approx(float(Fraction(8, 27) ** 2))
    assert weights[1] == pytest.approx(float(at_most_third - Fraction(8, 27) ** 2))


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    labels = mixed_labels()
    first, again, other = (resample(labels, 0.10, 0.10, trials=300, seed=s) for s in (7, 7, 8))
    assert isinstance(first, Resampling) and first == again
    assert first.tnr_mean != other.tnr_mean


def test_the_protocol_reports_tnr_at_its_fnr_with_the_spread():
    result = resample(mixed_labels(), 0.10, 0.10, trials=2000, seed=0)
    assert isinstance(result, Resampling)
    assert (result.trials, result.n_calibration_valid, result.k) == (2000, 100, 95)
    assert 0.0 < result.tnr_p05 <= result.tnr_mean <= result.tnr_p95 < 1.0 and result.tnr_sd > 0
    assert result.fnr_mean < 0.10
    assert result.fnr_above_tau < 0.2  # held-out FNR is itself noisy; the rule bounds the true one


def test_perfectly_separated_unanimous_labels_give_certain_figures():
    labels = [label(True, [0, 0, 0]) for _ in range(100)] + [label(False, [1, 1, 1]) for _ in range(50)]
    result = resample(labels, 0.05, 0.10, trials=100)
    assert isinstance(result, Resampling)
    assert (result.tnr_mean, result.tnr_sd, result.fnr_mean, result.fnr_above_tau) == (1.0, 0.0, 0.0, 0.0)


def test_no_invalid_labels_leave_tnr_unknown():
    result = resample([label(True, [0, 0, 1]) for _ in range(100)], 0.05, 0.10, trials=50)
    assert isinstance(result, Resampling) and result.tnr_mean is None


def test_the_protocol_says_why_it_cannot_run():
    missing = [*mixed_labels(), Label(score=0.0, valid=True, source="no votes")]
    assert "1 of 301 labels carry no per-vote data" in resample(missing, 0.05, 0.10).reason
    few = resample(mixed_labels(n_valid=60), 0.05, 0.10)
    assert isinstance(few, ResamplingSkipped)
    assert "would hold 30 valid labels; the rule needs 45" in few.reason and "90 valid labels in all" in few.reason
