"""The review of a crate's candidates, end to end (the scripted model, a stand-in for a model; the verus stand-in,
not verus): a candidate is a set of files, and each changed file is reviewed against the parent's same file;
findings name their file and carry the crate's unit ids. The record passes the audit."""

import json

from verusagent.audit import audit_run
from verusagent.crate.discover import find_crate
from verusagent.crate_text import split_files
from verusagent.record import read_run

from tests.crate.crate_texts import BASELINE, PROVED, PROVED_SEND, items_reply

PROVER = "Repair the proof"
PROPOSER = "You are reviewing"
VALIDATOR = "Decide independently"
WRONG_SEND = PROVED_SEND.replace("            sent <= n,\n", "            sent < n,\n")
WRONG = {
    "when_contains": "            sent < n,",
    "verdict": "failed",
    "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "sent < n,"}],
}


def proposal(*quotes: str, repeat: bool = False) -> dict:
    findings = [
        {
            "severity": "critical",
            "reason": "the invariant fails on the last step",
            "quote": quote,
            "evidence": "sent reaches n",
            "check": "logic",
        }
        for quote in quotes
    ]
    return {"when": PROPOSER, "text": "```json\n" + json.dumps(findings) + "\n```\n", "repeat": repeat}


def test_a_finding_in_a_submodule_blocks_the_candidate_and_names_its_file(harness, crates) -> None:
    crate = crates("netlib")
    harness.script(
        [
            {**items_reply(WRONG_SEND), "when": PROVER},
            proposal("sent < n,"),
            {"when": VALIDATOR, "text": json.dumps({"vote": "substantial"}), "repeat": True},
            {**items_reply(PROVED_SEND), "when": PROVER},
            proposal(repeat=True),
        ]
    )
    harness.scenario([PROVED, WRONG, BASELINE])
    run = harness.run("prove", crate, fn=["net::send"], review="on")
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified", harness.last_err
    [blocked] = [r for r in run.events("review_report") if r["blocked"]]
    assert blocked["stopped_at"] == "fn:net::send/loop#1"
    [stopper] = blocked["findings"]
    layout = find_crate(crate).layout
    wrong_net = split_files(read_run(run.folder).candidate(blocked["sha256"]), layout.paths)["src/net.rs"]
    line = wrong_net.splitlines().index("            sent < n,") + 1
    assert stopper["location"] == {"unit": "fn:net::send/loop#1", "lines": [line, line], "file": "src/net.rs"}
    assert blocked["sha256"] not in {c["sha256"] for c in run.verus_calls}
    proposer_prompts = [p for p in run.prompts if PROPOSER in p]
    assert "sent < n," in proposer_prompts[0] and "//@ verusagent crate" not in proposer_prompts[0]
    assert "(loop) in file `src/net.rs`" in proposer_prompts[0]
    second = [p for p in run.prompts if PROVER in p][1]
    assert f"finding `{stopper['id']}` (critical) in `fn:net::send/loop#1`, lines {line}-{line}" in second
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)
