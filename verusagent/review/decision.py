"""The review's decision on a score: the single place where a score turns into "reject".

Two rules exist, and the screening must apply exactly one of them, chosen once per run by ``reject_rule``:

- **Calibrated** (``--calibration FILE``): reject when the score is *strictly above* the file's threshold
  (``rejects(score, threshold)``). A file whose threshold is null (too few labels for the rule) never rejects;
  a threshold of 1.0 never rejects either, since no score exceeds 1.0 (with 3 votes the scores are 0, 1/3,
  2/3, 1).
- **Default** (no calibration): reject only when every vote on one finding is ``substantial``, i.e. a score of
  1.0. "Strictly above a threshold" cannot say this (no threshold below 1.0 lets 1.0 through alone for every
  vote count), so it is its own rule, not a threshold.

How the screening applies it: compute each reviewed unit's score (``votes.score_of``) as the unit is reviewed and ask
``rule.rejects(unit_score)``; the first unit for which it is true stops the review and rejects the candidate
(outside shadow mode). Since a candidate's score is the largest unit score, this is the same as asking it of
the candidate's score. In shadow mode nothing is blocked: the decision is only recorded. Say
``rule.describe()`` in the run summary.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict

# Scores are fractions s/m computed the same way everywhere; the tolerance only absorbs float noise, far below
# the spacing 1/m of any vote grid, so a score equal to the threshold is never rejected.
SCORE_TOLERANCE = 1e-9
MAX_SCORE = 1.0


def rejects(score: float, threshold: float | None) -> bool:
    """The calibrated rule: reject only a score strictly above the threshold; no threshold never rejects."""
    return threshold is not None and score > threshold + SCORE_TOLERANCE


def can_ever_reject(threshold: float | None) -> bool:
    return threshold is not None and threshold + SCORE_TOLERANCE < MAX_SCORE


class RejectRule(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["calibrated", "default"]
    threshold: float | None = None  # calibrated only: reject strictly above it; None: never reject
    source: str = ""  # the calibration file, for the summary

    def rejects(self, score: float) -> bool:
        if self.kind == "default":
            return score >= MAX_SCORE - SCORE_TOLERANCE
        return rejects(score, self.threshold)

    def describe(self) -> str:
        if self.kind == "default":
            return (
                "no calibration: the review rejects a candidate only when all votes on one finding are "
                "substantial (score 1.0)"
            )
        where = f" (calibration {self.source})" if self.source else ""
        if self.threshold is None:
            return f"calibrated{where} without a threshold (too few labels): the review never rejects"
        if not can_ever_reject(self.threshold):
            return f"calibrated{where} threshold {self.threshold:g}: no score is above it, so the review never rejects"
        return f"calibrated{where}: the review rejects a candidate whose score is strictly above {self.threshold:g}"


DEFAULT_RULE = RejectRule(kind="default")


def calibrated_rule(threshold: float | None, source: str = "") -> RejectRule:
    return RejectRule(kind="calibrated", threshold=threshold, source=source)
