"""How the review runs: its mode, its votes, its model, its calibration, and the priors of the ``auto`` mode.

Modes (``--review``):

- ``off``: no review; every guard-clean candidate goes to verus.
- ``on``: progressive and pessimistic: the changed units cheapest first, stop at the first unit whose score the
  screening's rule rejects, and reject the candidate without a verus run.
- ``shadow``: every changed unit of every candidate, no early stop, nothing blocked: each reviewed candidate also
  gets its verus verdict, so the (score, verdict, verus seconds) triples are labels for ``calibrate``.
- ``auto`` (the default): ``on`` for a candidate when the review is expected to save time, ``off`` otherwise
  (``review/auto.py``).

``full`` is not a ``--review`` choice: it is how ``verusagent review`` and ``gate --review`` review, every
changed unit, reported rather than blocked.
"""

from pathlib import Path

from pydantic import BaseModel, Field

from verusagent.choices import (  # the stated priors of `auto` (choices says why these)
    DEFAULT_VOTES,
    PRIOR_REJECTION_RATE,
    PRIOR_REVIEW_S,
    PRIOR_WEIGHT,
    SAMPLING_TEMPERATURE,
    ReviewMode,
)

__all__ = ["PRIOR_REJECTION_RATE", "PRIOR_REVIEW_S", "PRIOR_WEIGHT", "ReviewSettings"]


class ReviewSettings(BaseModel):
    mode: ReviewMode = ReviewMode.AUTO
    votes: int = Field(default=DEFAULT_VOTES, ge=1, le=15)  # validator votes per finding
    model: str | None = None  # --review-model: proposer and validators; None: the prover's model
    calibration: Path | None = None  # --calibration FILE; None: the default rule
    # validators sample: votes must be independent
    temperature: float = Field(default=SAMPLING_TEMPERATURE, gt=0.0, le=2.0)
    prior_rejection_rate: float = Field(default=PRIOR_REJECTION_RATE, ge=0.0, le=1.0)
    prior_weight: float = Field(default=PRIOR_WEIGHT, gt=0.0)
    prior_review_s: float = Field(default=PRIOR_REVIEW_S, gt=0.0)
