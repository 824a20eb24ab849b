"""`--review auto`: review when expected rejection rate x verus seconds per run > expected review seconds."""

from verusagent.review.auto import AutoSwitch
from verusagent.review.settings import PRIOR_REJECTION_RATE, PRIOR_REVIEW_S, ReviewSettings


def switch(verus_s: float | None, **settings) -> AutoSwitch:
    return AutoSwitch(ReviewSettings(**settings), lambda: verus_s)


def test_before_any_verus_run_nothing_can_be_saved() -> None:
    choice = switch(None).choose()
    assert not choice.review and "no verus run measured" in choice.reason


def test_a_fast_verus_is_not_worth_a_review_and_a_slow_one_is() -> None:
    fast = switch(0.3).choose()
    assert not fast.review and fast.figures["saving_s"] == PRIOR_REJECTION_RATE * 0.3
    assert fast.figures["review_s"] == PRIOR_REVIEW_S and "(the prior)" in fast.reason
    break_even = PRIOR_REVIEW_S / PRIOR_REJECTION_RATE
    assert not switch(break_even).choose().review  # equal is not more
    slow = switch(break_even * 1.01).choose()
    assert slow.review and "reviewed" in slow.reason


def test_what_the_run_measured_replaces_the_priors() -> None:
    auto = switch(200.0)
    assert auto.choose().review  # 0.2 x 200 s = 40 s > 30 s
    for _ in range(5):
        auto.observe(seconds=50.0, rejected=False)  # reviews that cost more and never rejected
    choice = auto.choose()
    assert auto.rejection_rate() == PRIOR_REJECTION_RATE * 5 / 10
    assert choice.figures["review_s"] == 50.0 and not choice.review and "0 of 5 reviews rejected" in choice.reason
    for _ in range(10):
        auto.observe(seconds=5.0, rejected=True)
    assert auto.choose().review
