"""Validator votes and the scores made of them: the one definition the review and the calibration share.

A validator judges one finding ``substantial``, ``minor`` or ``not_real``; only ``substantial`` counts against
the candidate. A finding's score is the fraction of its votes that are substantial; a unit's score, and a
candidate's, is the largest finding score in it (0.0 when it has no finding). Scores are therefore fractions
``s / m`` of the vote count ``m``: with 3 votes, one of 0, 1/3, 2/3 and 1.
"""

from collections.abc import Iterable, Sequence
from typing import Any

JUDGMENTS = ("substantial", "minor", "not_real")


class VoteError(ValueError):
    pass


def is_substantial(vote: Any) -> bool:
    """A vote as a bool: a judgment name, or 1/0 (true/false) meaning substantial or not."""
    if isinstance(vote, bool):
        return vote
    if isinstance(vote, int) and vote in (0, 1):
        return vote == 1
    if isinstance(vote, str) and vote in JUDGMENTS:
        return vote == "substantial"
    raise VoteError(f"vote {vote!r} is none of {', '.join(JUDGMENTS)}, 0, 1, true, false")


def finding_votes(votes: Sequence[Any]) -> tuple[bool, ...]:
    if isinstance(votes, str) or not isinstance(votes, Sequence) or not votes:
        raise VoteError(f"a finding's votes must be a non-empty list, not {votes!r}")
    return tuple(is_substantial(vote) for vote in votes)


def vote_fraction(votes: Sequence[bool]) -> float:
    """The fraction of substantial votes, computed as ``s / m`` so that equal counts give equal floats."""
    return sum(votes) / len(votes)


def score_of(findings_votes: Iterable[Sequence[bool]]) -> float:
    """A candidate's (or unit's) score: the largest substantial fraction over its findings, 0.0 with none."""
    return max((vote_fraction(votes) for votes in findings_votes), default=0.0)
