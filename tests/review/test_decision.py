"""The gate's decision: strictly above a calibrated threshold, or the default rule; ties on the vote grid."""

import json

import pytest

from verusagent.review import DEFAULT_RULE, reject_rule, rejects, score_of
from verusagent.review.calibration.threshold import choose_threshold
from verusagent.review.decision import calibrated_rule, can_ever_reject
from verusagent.review.votes import VoteError, finding_votes

# 3 votes: the only scores there are
ZERO, THIRD, TWO_THIRDS, ONE = (score_of([finding_votes(["substantial"] * s + ["minor"] * (3 - s))]) for s in range(4))
GRID = [ZERO, THIRD, TWO_THIRDS, ONE]


def test_three_votes_give_the_grid():
    assert GRID == [0.0, 1 / 3, 2 / 3, 1.0]


@pytest.mark.parametrize(
    ("threshold", "rejected"),
    [
        (0.0, [THIRD, TWO_THIRDS, ONE]),  # at a grid point: the point itself passes
        (1 / 6, [THIRD, TWO_THIRDS, ONE]),  # between points: everything above passes the cut
        (1 / 3, [TWO_THIRDS, ONE]),
        (0.5, [TWO_THIRDS, ONE]),
        (2 / 3, [ONE]),
        (5 / 6, [ONE]),
        (1.0, []),  # nothing is above 1: a threshold of 1.0 can never reject
        (None, []),  # no threshold: never reject
    ],
)
def test_ties_on_the_three_vote_grid_follow_the_strict_rule(threshold, rejected):
    assert [score for score in GRID if rejects(score, threshold)] == rejected
    assert can_ever_reject(threshold) == bool(rejected)


def test_a_threshold_read_back_from_json_is_the_same_grid_point():
    threshold = json.loads(json.dumps({"t": 2 / 3}))["t"]
    assert not rejects(TWO_THIRDS, threshold) and rejects(ONE, threshold)


def test_a_threshold_calibrated_on_grid_scores_is_a_grid_score():
    valid = [ZERO] * 80 + [THIRD] * 15 + [TWO_THIRDS] * 5
    choice = choose_threshold(valid, tau=0.10, delta=0.10)
    assert choice.threshold == THIRD  # k = 95 of 100: the 95th smallest is the last 1/3
    assert [rejects(s, choice.threshold) for s in GRID] == [False, False, True, True]


def test_the_default_rule_rejects_only_unanimous_substantial_findings():
    for votes in (["substantial"] * 3, ["substantial"] * 5, [1, 1, 1, 1]):
        assert DEFAULT_RULE.rejects(score_of([finding_votes(votes)]))
    for votes in (["substantial", "substantial", "minor"], ["substantial"] * 3 + ["not_real"], [1, 0]):
        assert not DEFAULT_RULE.rejects(score_of([finding_votes(votes)]))
    # one unanimous finding among others is enough: the candidate's score is the largest
    assert DEFAULT_RULE.rejects(score_of([finding_votes(["minor"] * 3), finding_votes(["substantial"] * 3)]))


def test_no_single_threshold_says_what_the_default_rule_says():
    # 2/3 as a threshold works for 3 votes, but with 4 votes it also rejects 3/4, which the default lets through
    four_of_four, three_of_four = 1.0, 3 / 4
    assert rejects(three_of_four, 2 / 3) and not DEFAULT_RULE.rejects(three_of_four)
    assert DEFAULT_RULE.rejects(four_of_four) and not rejects(four_of_four, 1.0)


def test_the_rules_say_what_they_do():
    assert "all votes on one finding are substantial" in DEFAULT_RULE.describe()
    assert "never rejects" in calibrated_rule(1.0, "c.json").describe()
    assert "never rejects" in calibrated_rule(None).describe()
    assert "strictly above 0.333333" in calibrated_rule(1 / 3).describe()
    assert reject_rule(None) is DEFAULT_RULE


@pytest.mark.parametrize("bad", [[], "substantial", ["maybe"], [2], [None]])
def test_votes_must_be_judgments(bad):
    with pytest.raises(VoteError):
        finding_votes(bad)
