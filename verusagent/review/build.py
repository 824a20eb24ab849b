"""Wiring a review: the screening's rule from the calibration file, the model clients (sharing the run's budget and
record with the prover), the reviewer, and the ``review_rule`` event that says which rule applies."""

from pathlib import Path

from verusagent.llm import BudgetTracker, ModelSettings, RetryPolicy, make_client
from verusagent.record.events import ReviewRule
from verusagent.record.sink import EventSink
from verusagent.review.calibration.file import load_calibration, reject_rule
from verusagent.review.decision import RejectRule, can_ever_reject
from verusagent.review.reviewer import Reviewer
from verusagent.review.settings import ReviewSettings

PROPOSER_CALLS = "review-call"  # call ids of review requests: never confused with the prover's "call-N"
VALIDATOR_CALLS = "validator-call"


def load_rule(calibration: Path | None) -> RejectRule:
    """Raises ``CalibrationFileError`` (a one-line message) for a file that is not a calibration."""
    return reject_rule(load_calibration(calibration) if calibration else None, str(calibration or ""))


def rule_event(rule: RejectRule, votes: int) -> ReviewRule:
    return ReviewRule(
        rule=rule.kind,
        threshold=rule.threshold,
        source=rule.source,
        description=rule.describe(),
        votes=votes,
        never_rejects=rule.kind == "calibrated" and not can_ever_reject(rule.threshold),
    )


def build_reviewer(
    settings: ReviewSettings,
    prover: ModelSettings,
    rule: RejectRule,
    budget: BudgetTracker,
    sink: EventSink,
    file_name: str,
    retry: RetryPolicy | None = None,
) -> Reviewer:
    """The proposer asks the prover's model at temperature 0; the validators sample ``--review-model`` (or the
    same model) at the review temperature. Every call is charged to ``budget`` and written to ``sink``."""
    proposing = prover.model_copy(update={"temperature": 0.0, "n": 1})
    proposer = make_client(proposing, budget=budget, recorder=sink, retry=retry, call_prefix=PROPOSER_CALLS)
    validating = proposing.model_copy(
        update={"model": settings.model or prover.model, "temperature": settings.temperature}
    )
    validator = make_client(validating, budget=budget, recorder=sink, retry=retry, call_prefix=VALIDATOR_CALLS)
    return Reviewer(
        proposer,
        validator,
        rule,
        sink,
        file_name,
        votes=settings.votes,
        temperature=settings.temperature,
        proposer_model=proposing.model,
        validator_model=validating.model,
    )
