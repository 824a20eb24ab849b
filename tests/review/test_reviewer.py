"""The reviewer on the guard's fixture (base.rs -> base_proved.rs): units cheapest first, findings checked,
votes scored with the one score (votes.score_of), the gate's strict rule applied; ties on the 3-vote grid."""

import json

import pytest

from verusagent.review.decision import DEFAULT_RULE, calibrated_rule
from verusagent.review.reviewer import Reviewer

from tests.paths import REPO_ROOT
from tests.review.review_fakes import BASE, PROVED, ListSink, RuleCompleter

BEFORE, AFTER = (REPO_ROOT / BASE).read_text(), (REPO_ROOT / PROVED).read_text()
SHA = "ab" * 32
LOOP = "Unit to review: `fn:find/loop#1`"
CALL = "Unit to review: `fn:find/call#1:lemma_absent_extends`"


def claim(quote: str, severity: str = "critical") -> dict:
    return {
        "severity": severity,
        "reason": "not established",
        "quote": quote,
        "evidence": "see the invariants",
        "check": "depend",
    }


def proposals(*rules: tuple[str, list[dict]]) -> RuleCompleter:
    return RuleCompleter(
        [(marker, "Thinking aloud here.\n```json\n" + json.dumps(items) + "\n```") for marker, items in rules]
    )


def votes(*judgments: str) -> RuleCompleter:
    return RuleCompleter([("Decide independently", [json.dumps({"vote": j}) for j in judgments])])


def reviewer(proposer, validator, rule=DEFAULT_RULE, sink=None, count=3) -> Reviewer:
    return Reviewer(
        proposer, validator, rule, sink or ListSink(), "find.rs", votes=count, proposer_model="p", validator_model="v"
    )


def test_units_come_cheapest_first_and_on_stops_at_the_first_rejecting_one() -> None:
    proposer = proposals((LOOP, [claim("v@ == start,")]), ("Unit to review", []))
    outcome = reviewer(proposer, votes("substantial")).review(SHA, AFTER, BEFORE, "on")
    assert [u.id for u in outcome.units] == ["fn:find/call#1:lemma_absent_extends", "fn:find/loop#1"]
    assert outcome.blocked and outcome.rejects and outcome.stopped_at == "fn:find/loop#1"
    assert outcome.changed_units == 8 and outcome.score == 1.0
    [finding] = outcome.findings
    line = AFTER.splitlines().index("            v@ == start,") + 1
    assert finding.location == {"unit": "fn:find/loop#1", "lines": [line, line]} and finding.validated


def test_shadow_and_full_review_every_unit_and_block_nothing() -> None:
    for mode in ("shadow", "full"):
        proposer = proposals((LOOP, [claim("v@ == start,")]), ("Unit to review", []))
        outcome = reviewer(proposer, votes("substantial")).review(SHA, AFTER, BEFORE, mode)
        assert len(outcome.units) == outcome.changed_units == 8
        assert outcome.rejects and not outcome.blocked and outcome.stopped_at == "fn:find/loop#1"


@pytest.mark.parametrize("substantial", [0, 1, 2, 3])
@pytest.mark.parametrize("threshold", [0.0, 1 / 6, 1 / 3, 0.5, 2 / 3, 5 / 6, 1.0, None])
def test_ties_on_the_three_vote_grid_follow_the_strict_rule(substantial: int, threshold: float | None) -> None:
    judgments = ["substantial"] * substantial + ["minor"] * (3 - substantial)
    proposer = proposals((CALL, [claim("lemma_absent_extends(v@, k, i as int);")]))
    outcome = reviewer(proposer, votes(*judgments), calibrated_rule(threshold)).review(SHA, AFTER, BEFORE, "on")
    score = outcome.units[0].score
    assert score == substantial / 3
    assert outcome.blocked == (threshold is not None and substantial / 3 > threshold + 1e-12)


def test_the_default_rule_rejects_only_unanimous_substantial_votes() -> None:
    for judgments, blocked in ((["substantial"] * 3, True), (["substantial", "substantial", "minor"], False)):
        proposer = proposals((CALL, [claim("lemma_absent_extends(v@, k, i as int);")]))
        assert reviewer(proposer, votes(*judgments)).review(SHA, AFTER, BEFORE, "on").blocked is blocked


def test_gap_findings_are_voted_but_neither_count_nor_block() -> None:
    proposer = proposals((LOOP, [claim("v@ == start,", "gap")]))
    outcome = reviewer(proposer, votes("substantial")).review(SHA, AFTER, BEFORE, "on")
    [gap] = outcome.findings
    assert gap.score == 1.0 and gap.validated and not gap.counts and not outcome.blocked and outcome.score == 0.0
    assert "votes" not in gap.record() and gap.record()["votes_cast"] == ["substantial"] * 3


def test_validators_see_the_claim_and_the_unit_never_the_proposers_reply() -> None:
    proposer = proposals((LOOP, [claim("v@ == start,")]))
    validator = votes("not_real")
    reviewer(proposer, validator).review(SHA, AFTER, BEFORE, "full")
    [request] = validator.requests
    assert "Thinking aloud" not in request["prompt"] and "`v@ == start,`" in request["prompt"]
    assert request["n"] == 3 and request["temperature"] > 0 and request["purpose"] == "review_validate"
    assert all(r["temperature"] == 0.0 and r["n"] == 1 for r in proposer.requests)


def test_dropped_findings_are_recorded_and_missing_votes_leave_a_finding_unscored() -> None:
    sink = ListSink()
    proposer = proposals((LOOP, [claim("v@ == start,"), claim("i < v.len() + 7"), {"severity": "fatal"}, "x"]))
    validator = RuleCompleter([("Decide independently", ['{"vote": "substantial"}', "no idea", '{"vote": "x"}'])])
    outcome = reviewer(proposer, validator, sink=sink).review(SHA, AFTER, BEFORE, "on")
    reasons = [e.reason for e in sink.kinds("review_finding_dropped")]
    assert reasons == [
        "the quoted evidence is not in the candidate",
        "severity must be one of critical, gap, not 'fatal'",
        "not a JSON object",
    ]
    [finding] = outcome.findings
    assert finding.score is None and "1 of 3 votes usable" in finding.unscored and not outcome.blocked
    assert [e.vote for e in sink.kinds("review_vote")] == ["substantial", None, None]
    assert "votes" not in finding.record() and finding.record()["votes_cast"] == ["substantial"]


def test_nothing_changed_means_nothing_reviewed() -> None:
    proposer = proposals(("Unit to review", [claim("v@ == start,")]))
    outcome = reviewer(proposer, votes("substantial")).review(SHA, AFTER, AFTER, "on")
    assert outcome.units == [] and proposer.requests == [] and outcome.score == 0.0


def _claim(unit: str, reason: str, lines: list[int]):
    from verusagent.review.findings import Finding, Quote

    return Finding(
        id="x",
        unit=unit,
        unit_kind="loop",
        severity="critical",
        location={"unit": unit, "lines": lines},
        reason=reason,
        evidence=Quote(quote="r < n,"),
        check="logic",
    )


def test_a_claim_proposed_again_for_another_unit_is_merged_before_its_votes():
    from verusagent.review.reviewer import merge_repeated

    first = _claim("fn:f/loop#1", "The invariant is too weak.", [4, 4])
    first.id = "abcdef12.1"
    again = _claim("fn:f", "the invariant  is too WEAK.", [4, 4])  # whitespace and case aside: the same claim
    elsewhere = _claim("fn:f", "The invariant is too weak.", [9, 9])  # the same words at another place
    kept, merged = merge_repeated([again, elsewhere], [first], "abcdef1234", known=1)
    assert merged == ["abcdef12.1"] and kept == [elsewhere] and elsewhere.id == "abcdef12.2"


def test_a_unit_that_fills_the_prompt_alone_is_not_reviewed_whole_but_its_parts_are() -> None:
    from verusagent.review.unit_view import REVIEW_PROMPT_TOKENS

    padding = "".join(f"    assert(0 <= {n});\n" for n in range(REVIEW_PROMPT_TOKENS // 3))
    huge = AFTER.replace("    assert(absent(v@, k, 0));\n", "    assert(absent(v@, k, 0));\n" + padding, 1)
    proposer = proposals(("Unit to review", []))
    outcome = reviewer(proposer, votes("substantial")).review(SHA, huge, BEFORE, "full")
    [whole] = [u for u in outcome.units if u.id == "fn:find"]
    assert whole.problem is not None and str(REVIEW_PROMPT_TOKENS) in whole.problem
    prompts = [r["prompt"] for r in proposer.requests]
    assert not any("Unit to review: `fn:find`" in p for p in prompts)
    assert any(LOOP in p for p in prompts) and any(CALL in p for p in prompts)
