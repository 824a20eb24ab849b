"""A calibration from labels: the threshold, what it does on the labels, the time it saves, and resampling."""

from typing import TypedDict

from pydantic import BaseModel, Field

from verusagent.choices import DEFAULT_TRIALS
from verusagent.review.calibration.file import Calibration
from verusagent.review.calibration.labels import Label, LabelSet, Skip
from verusagent.review.calibration.resample import DEFAULT_SEED, DEFAULT_SHARE, Resampling, resample
from verusagent.review.calibration.threshold import choose_threshold, outcome_at
from verusagent.review.decision import calibrated_rule, can_ever_reject, rejects


class CalibrationReport(BaseModel):
    tau: float
    delta: float
    n_labels: int
    n_valid: int
    n_invalid: int
    k: int | None  # 1-based order-statistic index among the sorted valid scores; None: no threshold
    threshold: float | None
    n_needed: int  # valid labels the rule needs for a threshold at this tau and delta
    never_rejects: bool  # no threshold, or one no score can exceed (1.0)
    rule: str
    tnr: float | None  # on the labels (in-sample): rejected invalid / invalid
    fnr: float | None  # rejected valid / valid
    rejected_invalid: int
    rejected_valid: int
    verus_runs_saved: int  # invalid candidates the threshold rejects: verus runs not needed
    verus_seconds_saved: float | None  # their verus_s summed; None when no label carries verus_s
    rejected_without_verus_s: int  # rejected invalid labels whose verus_s is unknown (not in the sum)
    standin_labels: int  # labels whose verdict is the verus stand-in's, not verus's
    vote_counts: list[int]  # the numbers of votes per finding seen in the labels
    sources: list[str]
    skipped: list[Skip] = Field(default_factory=list)
    resampling: Resampling | None = None
    resampling_skipped: str | None = None

    def to_calibration(self) -> Calibration:
        return Calibration(
            threshold=self.threshold,
            tau=self.tau,
            delta=self.delta,
            k=self.k,
            n_valid=self.n_valid,
            n_invalid=self.n_invalid,
            n_needed=self.n_needed,
            tnr=self.tnr,
            fnr=self.fnr,
            standin_labels=self.standin_labels,
            vote_counts=self.vote_counts,
            sources=self.sources,
        )


def calibrate(
    labels: LabelSet,
    tau: float,
    delta: float,
    trials: int = DEFAULT_TRIALS,
    seed: int = DEFAULT_SEED,
    share: float = DEFAULT_SHARE,
) -> CalibrationReport:
    valid = [label.score for label in labels.labels if label.valid]
    invalid = [label.score for label in labels.labels if not label.valid]
    choice = choose_threshold(valid, tau, delta)
    outcome = outcome_at(valid, invalid, choice.threshold)
    resampled = resample(labels.labels, tau, delta, trials, seed, share) if labels.labels else None
    return CalibrationReport(
        tau=tau,
        delta=delta,
        n_labels=len(labels.labels),
        n_valid=len(valid),
        n_invalid=len(invalid),
        k=choice.k,
        threshold=choice.threshold,
        n_needed=choice.n_needed,
        never_rejects=not can_ever_reject(choice.threshold),
        rule=calibrated_rule(choice.threshold).describe(),
        tnr=outcome.tnr,
        fnr=outcome.fnr,
        rejected_invalid=outcome.rejected_invalid,
        rejected_valid=outcome.rejected_valid,
        **_savings(labels.labels, choice.threshold),
        standin_labels=sum(label.standin for label in labels.labels),
        vote_counts=sorted({len(v) for label in labels.labels for v in label.votes or []}),
        sources=labels.sources,
        skipped=labels.skipped,
        resampling=resampled if isinstance(resampled, Resampling) else None,
        resampling_skipped=getattr(resampled, "reason", None),
    )


class _Savings(TypedDict):
    verus_runs_saved: int
    verus_seconds_saved: float | None
    rejected_without_verus_s: int


def _savings(labels: list[Label], threshold: float | None) -> _Savings:
    saved = [label for label in labels if not label.valid and rejects(label.score, threshold)]
    timed = [label.verus_s for label in saved if label.verus_s is not None]
    any_timed = any(label.verus_s is not None for label in labels)
    return {
        "verus_runs_saved": len(saved),
        "verus_seconds_saved": sum(timed) if any_timed else None,
        "rejected_without_verus_s": len(saved) - len(timed),
    }
