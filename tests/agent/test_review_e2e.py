"""The review in the agent loop, end to end: the scripted model (a stand-in for a model) proposes and votes,
the verus stand-in (not verus) verifies. Every run's record must pass the audit, review invariants included.

Script routing: the prover's prompts say "Repair the proof", the proposer's "You are reviewing", a validator's
"Decide independently", a dispute judge's "the proof's author disputes it".
"""

import json

from typer.testing import CliRunner

from verusagent.audit import audit_run
from verusagent.cli import app
from verusagent.record import sha256_text

from tests.agent.agent_harness import file_reply, proved

ORIGINAL_LOOP = "    while r < n {\n"
GOOD_PROOF = proved(
    "count_up.rs",
    ORIGINAL_LOOP,
    "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {\n",
)
WRONG_PROOF = proved(
    "count_up.rs",
    ORIGINAL_LOOP,
    "    while r < n\n        invariant\n            r < n,\n        decreases n - r,\n    {\n",
)
BASELINE_RULE = {
    "verdict": "frontend_rejected",
    "errors": [{"message": "loop must have a decreases clause", "line_contains": "while r < n"}],
}
GOOD_RULE = {"when_contains": "            r <= n,\n        decreases", "verdict": "verified"}
WRONG_RULE = {
    "when_contains": "            r < n,",
    "verdict": "failed",
    "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "r < n,"}],
}

PROVER = "Repair the proof"
PROPOSER = "You are reviewing"
VALIDATOR = "Decide independently"
JUDGE = "the proof's author disputes it"


def finding(quote: str, severity: str = "critical", reason: str = "the invariant does not hold") -> dict:
    return {"severity": severity, "reason": reason, "quote": quote, "evidence": "nothing bounds it", "check": "logic"}


def proposal(*findings: dict, when: str = PROPOSER, repeat: bool = False) -> dict:
    return {"when": when, "text": "I looked.\n```json\n" + json.dumps(list(findings)) + "\n```\n", "repeat": repeat}


def vote(judgment: str, when: str = VALIDATOR, repeat: bool = True) -> dict:
    return {"when": when, "text": json.dumps({"vote": judgment, "justification": "checked"}), "repeat": repeat}


def prover(text: str) -> dict:
    return {**file_reply(text), "when": PROVER}


def assert_audited(run) -> None:
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)


def screened_shas(run) -> set[str]:
    return {c["sha256"] for c in run.verus_calls}


def test_a_validated_finding_stops_a_candidate_before_verus_and_reaches_the_next_prompt(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            prover(WRONG_PROOF),
            proposal(finding("r < n,")),
            vote("substantial"),
            prover(GOOD_PROOF),
            proposal(repeat=True),
        ]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on")
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified"
    wrong = sha256_text(WRONG_PROOF)
    assert wrong not in screened_shas(run), "the blocked candidate reached the verus stand-in"
    [blocked] = [r for r in run.events("review_report") if r["blocked"]]
    assert blocked["sha256"] == wrong and blocked["stopped_at"] == "fn:count_up/loop#1"
    [stopper] = blocked["findings"]
    assert stopper["votes"] == ["substantial"] * 3 and stopper["validated"] is True
    line = WRONG_PROOF.splitlines().index("            r < n,") + 1
    assert stopper["location"] == {"unit": "fn:count_up/loop#1", "lines": [line, line]}
    prover_prompts = [p for p in run.prompts if PROVER in p]
    assert "Review findings that blocked" not in prover_prompts[0]
    second = prover_prompts[1]
    assert f"finding `{stopper['id']}` (critical) in `fn:count_up/loop#1`, lines {line}-{line}" in second
    assert "evidence: `r < n,`" in second and '{"disputes":' in second
    assert "review" in run.outcome["review"] and "1 rejected" in run.outcome["review"]
    assert_audited(run)


def test_a_quote_not_in_the_candidate_is_dropped_and_not_real_votes_let_it_through(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            prover(GOOD_PROOF),
            proposal(finding("r <= n + 1,"), finding("decreases n - r"), repeat=True),
            vote("not_real"),
        ]
    )
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on")
    assert run.outcome["verdict"] == "verified"
    good = sha256_text(GOOD_PROOF)
    assert good in screened_shas(run)
    dropped = run.events("review_finding_dropped")
    assert dropped and {d["reason"] for d in dropped} == {"the quoted evidence is not in the candidate"}
    assert all(d["finding"]["quote"] == "r <= n + 1," for d in dropped)
    [report] = [r for r in run.events("review_report") if r["sha256"] == good]
    assert report["score"] == 0.0 and not report["blocked"] and report["mode"] == "on"
    [kept] = report["findings"]  # proposed on the loop and again on its function: merged, voted once
    assert kept["evidence"]["quote"] == "decreases n - r" and kept["votes"] == ["not_real"] * 3
    proposals = [p for p in run.events("review_proposal") if p["sha256"] == good]
    assert [p["merged_into"] for p in proposals] == [[], [kept["id"]]]
    assert all(p["prompt_tokens"] > 0 for p in proposals)  # each unit's review prompt size, recorded
    votes = [v for v in run.events("review_vote") if v["sha256"] == good]
    assert len(votes) == 3
    validator_prompts = [p for p in run.prompts if VALIDATOR in p]
    assert validator_prompts and all("I looked." not in p for p in validator_prompts)  # no proposer reasoning
    assert_audited(run)


def test_a_disputed_finding_dismissed_by_a_second_validator_releases_the_candidate(harness) -> None:
    source = harness.task("count_up.rs")
    good = sha256_text(GOOD_PROOF)
    finding_id = f"{good[:8]}.1"
    dispute = {"disputes": [{"finding": finding_id, "reason": "r <= n holds on entry (r == 0) and after r += 1"}]}
    dispute_reply = {
        "when": "Review findings that blocked",
        "text": f"```json\n{json.dumps(dispute)}\n```\n\n```rust\n{GOOD_PROOF}```\n",
    }
    harness.script(
        [
            dispute_reply,
            prover(GOOD_PROOF),
            proposal(finding("r <= n,")),
            proposal(repeat=True),
            vote("not_real", when=JUDGE),
            vote("substantial"),
        ]
    )
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on")
    assert run.outcome["verdict"] == "verified", run.outcome
    [judged] = run.events("review_dispute")
    assert judged["outcome"] == "dismissed" and judged["finding"] == finding_id and judged["vote"] == "not_real"
    [status] = run.events("finding_status")
    assert status["status"] == "dismissed" and status["by"] == judged["judge"]
    assert status["by"] not in status["confirmed_by"] and len(status["confirmed_by"]) == 3
    reports = [r for r in run.events("review_report") if r["sha256"] == good]
    assert [r["blocked"] for r in reports] == [True, False]
    assert reports[1]["findings"][0]["status"] == "dismissed" and "released" in reports[1]["note"]
    assert good in screened_shas(run)
    assert_audited(run)


def test_shadow_mode_blocks_nothing_and_its_run_calibrates(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            prover(WRONG_PROOF),
            {**prover(GOOD_PROOF), "when": "invariant not satisfied"},
            proposal(finding("decreases n - r"), repeat=True),
            vote("substantial", when="r < n,"),
            vote("minor"),
        ]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="shadow")
    assert run.outcome["verdict"] == "verified"
    wrong, good = sha256_text(WRONG_PROOF), sha256_text(GOOD_PROOF)
    assert {wrong, good} <= screened_shas(run), "shadow mode kept a candidate from verus"
    shadow = {r["sha256"]: r for r in run.events("review_report") if r["mode"] == "shadow"}
    assert shadow[wrong]["score"] == 1.0 and not shadow[wrong]["blocked"] and shadow[wrong]["stopped_at"]
    assert shadow[good]["score"] == 0.0 and len(shadow[good]["units"]) == 2  # every changed unit, no early stop
    assert_audited(run)
    result = CliRunner().invoke(app, ["calibrate", str(run.folder), "--json", "--tau", "0.6", "--delta", "0.5"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["n_valid"] >= 1 and report["n_invalid"] >= 1 and report["standin_labels"] == report["n_labels"]
    assert report["threshold"] == 0.0 and report["tnr"] == 1.0 and report["fnr"] == 0.0


def test_auto_makes_no_review_request_with_a_fast_verus(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([prover(GOOD_PROOF)])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source)  # the default: --review auto
    assert run.outcome["verdict"] == "verified" and len(run.prompts) == 1
    decisions = [d for d in run.events("review_decision") if d["sha256"] == sha256_text(GOOD_PROOF)]
    assert decisions and decisions[0]["review"] == "off" and decisions[0]["mode"] == "auto"
    assert "not reviewed" in decisions[0]["reason"] and decisions[0]["figures"]["verus_s"] < 5
    assert run.events("review_rule")[0]["rule"] == "default"
    assert_audited(run)


def test_auto_reviews_when_verus_is_slow(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([prover(GOOD_PROOF), proposal(repeat=True)])
    harness.scenario([GOOD_RULE, {**BASELINE_RULE, "sleep": 0.5}])
    run = harness.run("prove", source, review_prior_seconds=0.02)
    assert run.outcome["verdict"] == "verified"
    [decision] = [d for d in run.events("review_decision") if d["sha256"] == sha256_text(GOOD_PROOF)]
    assert decision["review"] == "on" and decision["figures"]["verus_s"] >= 0.5
    assert decision["figures"]["saving_s"] > decision["figures"]["review_s"] == 0.02
    assert "reviewed" in decision["reason"] and any(PROPOSER in p for p in run.prompts)
    assert_audited(run)


def test_garbage_review_replies_never_block(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            prover(GOOD_PROOF),
            {"when": PROPOSER, "text": "Looks fine to me, no JSON here."},
            proposal(finding("decreases n - r")),
            {"when": VALIDATOR, "text": '```json\n{"vote": 7}\n```'},
            vote("substantial"),
        ]
    )
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on")
    assert run.outcome["verdict"] == "verified" and sha256_text(GOOD_PROOF) in screened_shas(run)
    problems = [p["problem"] for p in run.events("review_proposal") if p["problem"]]
    assert problems and "no JSON" in problems[0]
    assert any(v["vote"] is None and "no usable vote" in v["problem"] for v in run.events("review_vote"))
    [report] = [r for r in run.events("review_report") if r["sha256"] == sha256_text(GOOD_PROOF)]
    [unscored] = report["findings"]
    assert "votes" not in unscored and "not scored" in unscored["unscored"] and not report["blocked"]
    assert_audited(run)


def test_a_model_error_in_the_review_never_blocks(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([prover(GOOD_PROOF), {"when": PROPOSER, "error": "bad_request", "repeat": True}])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on")
    assert run.outcome["verdict"] == "verified" and sha256_text(GOOD_PROOF) in screened_shas(run)
    [report] = [r for r in run.events("review_report") if r["sha256"] == sha256_text(GOOD_PROOF)]
    assert not report["blocked"] and "could not be reached" in report["note"]
    assert any("model error" in (p["problem"] or "") for p in run.events("review_proposal"))
    assert_audited(run)


def test_review_calls_count_against_the_run_budget(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [prover(WRONG_PROOF), proposal(finding("r < n,"), repeat=True), vote("substantial"), prover(GOOD_PROOF)]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source, review="on", max_calls=3)
    assert run.outcome["stopped_reason"] == "budget" and run.outcome["calls"] == 3
    requests = [r for r in run.events("model_request") if r["attempt"] > 0]
    assert [r["purpose"].split(":")[0] for r in requests] == ["repair", "review_propose", "review_validate"]
    [report] = [r for r in run.events("review_report") if r["sha256"] == sha256_text(WRONG_PROOF)]
    assert not report["blocked"] and "budget" in report["note"]  # unreviewed, so it went to verus
    assert sha256_text(WRONG_PROOF) in screened_shas(run)
    assert_audited(run)
