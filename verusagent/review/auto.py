"""The ``auto`` mode's choice, per candidate: review when it is expected to save time.

    expected rejection rate x measured verus seconds per run on this file > expected review seconds

The verus seconds are the mean of this task's fresh verus runs so far (the baseline first); before any is
measured there is nothing to save and the review is skipped. The rejection rate starts from a stated prior
(``settings.PRIOR_REJECTION_RATE``, weighted as ``PRIOR_WEIGHT`` reviews) and moves with what this run's reviews
rejected; the review seconds start from ``PRIOR_REVIEW_S`` and become the mean of the reviews measured. With a
fast verus (the stand-in on small files) the saving is a fraction of a second, so no review request is made.
"""

from collections.abc import Callable
from statistics import fmean

from pydantic import BaseModel

from verusagent.review.settings import ReviewSettings


class AutoChoice(BaseModel):
    review: bool
    reason: str
    figures: dict[str, float | None]


class AutoSwitch:
    def __init__(self, settings: ReviewSettings, verus_seconds: Callable[[], float | None]):
        self.settings = settings
        self.verus_seconds = verus_seconds  # the mean measured verus seconds per run, None before any run
        self.reviews = 0
        self.rejections = 0
        self.review_seconds: list[float] = []

    def rejection_rate(self) -> float:
        s = self.settings
        return (s.prior_rejection_rate * s.prior_weight + self.rejections) / (s.prior_weight + self.reviews)

    def expected_review_s(self) -> tuple[float, str]:
        if self.review_seconds:
            return fmean(self.review_seconds), f"measured over {len(self.review_seconds)} reviews"
        return self.settings.prior_review_s, "the prior"

    def choose(self) -> AutoChoice:
        verus_s = self.verus_seconds()
        rate = self.rejection_rate()
        review_s, review_source = self.expected_review_s()
        figures = {
            "rejection_rate": rate,
            "verus_s": verus_s,
            "review_s": review_s,
            "saving_s": rate * verus_s if verus_s is not None else None,
        }
        if verus_s is None:
            return AutoChoice(
                review=False,
                figures=figures,
                reason="auto: no verus run measured on this file yet, so nothing to save: not reviewed",
            )
        saving = rate * verus_s
        rate_source = "the prior" if not self.reviews else f"{self.rejections} of {self.reviews} reviews rejected"
        comparison = ">" if saving > review_s else "<="
        verdict = "reviewed" if saving > review_s else "not reviewed"
        reason = (
            f"auto: expected saving {rate:.2f} (rejection rate, {rate_source}) x {verus_s:.2f} s (verus per "
            f"run on this file) = {saving:.2f} s {comparison} {review_s:.2f} s expected review ({review_source})"
            f": {verdict}"
        )
        return AutoChoice(review=saving > review_s, reason=reason, figures=figures)

    def observe(self, seconds: float, rejected: bool) -> None:
        """A review this run made: its own seconds (model latency included) and whether it rejected."""
        self.reviews += 1
        self.rejections += int(rejected)
        self.review_seconds.append(seconds)
