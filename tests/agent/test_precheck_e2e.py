"""The pre-check in the agent loop, end to end (the scripted model, a stand-in for a model; the verus stand-in,
not verus): a candidate it rejects never reaches verus, its findings are recorded, and the next prompt repairs
them as it would repair verus's own errors. Every run's record passes the audit."""

from verusagent.audit import audit_run

from tests.agent.agent_harness import BASELINE_RULE, GOOD_PROOF, GOOD_RULE, file_reply

# A proof that calls a lemma nobody wrote: the guard lets proof code be added; verus would stop at rustc's E0425.
MADE_UP_LEMMA = GOOD_PROOF.replace(
    "        r = r + 1;\n", "        proof { lemma_count_up_bound(r, n); }\n        r = r + 1;\n"
)


def test_a_candidate_the_precheck_rejects_never_reaches_verus_and_is_repaired(harness, shared_dir) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(GOOD_PROOF), "when": "cannot find function"}, file_reply(MADE_UP_LEMMA)])
    harness.scenario([{"when_contains": "lemma_count_up_bound", "verdict": "verified"}, GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, vstd=shared_dir / "corpus" / "vstd")
    assert run.outcome["verdict"] == "verified"
    [rejected] = [e for e in run.events("precheck") if not e["clean"]]
    assert rejected["findings"][0]["rule"] == "unknown-function"
    assert rejected["findings"][0]["unit"] == "fn:count_up/call#1:lemma_count_up_bound"
    assert rejected["sha256"] not in {c["sha256"] for c in run.verus_calls}, "a rejected candidate reached verus"
    feedback = run.prompts[1]
    line = MADE_UP_LEMMA.splitlines().index("        proof { lemma_count_up_bound(r, n); }") + 1
    assert (
        "Rejected without running verus (the pre-check: verus would stop at this error): cannot find function "
        f"`lemma_count_up_bound` in this scope At line {line} in fn:count_up/call#1:lemma_count_up_bound: "
        "`lemma_count_up_bound`."
    ) in feedback
    clean = [e for e in run.events("precheck") if e["clean"]]
    assert len(clean) == 2  # the input and the accepted proof
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)


def test_an_input_the_precheck_rejects_is_repaired_from_its_findings(harness, shared_dir) -> None:
    """`repair` of a file verus would not compile: no verus run on it; the repair prompt shows the pre-check's
    errors with their code excerpts, as it shows verus's."""
    source = harness.task("count_up.rs", MADE_UP_LEMMA)
    harness.script([file_reply(GOOD_PROOF)])
    harness.scenario([GOOD_RULE, {"verdict": "failed", "errors": [{"message": "assertion failed"}]}])
    run = harness.run("repair", source, vstd=shared_dir / "corpus" / "vstd")
    assert run.outcome["verdict"] == "verified"
    [baseline] = run.events("precheck")[:1]
    assert not baseline["clean"] and baseline["sha256"] not in {c["sha256"] for c in run.verus_calls}
    line = MADE_UP_LEMMA.splitlines().index("        proof { lemma_count_up_bound(r, n); }") + 1
    repair = run.prompts[0]
    assert f"cannot find function `lemma_count_up_bound` in this scope at line {line}" in repair
    assert f"> {line:4d} |         proof {{ lemma_count_up_bound(r, n); }}" in repair
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)


def test_the_audit_catches_a_verus_run_on_a_rejected_candidate(harness) -> None:
    from verusagent.audit import audit_events
    from verusagent.record import CandidateCreated, Prechecked, VerusRun

    finding = {"rule": "parse-error", "message": "unknown start of token: `", "line": 3}
    events = [
        CandidateCreated(seq=0, ts=1.0, sha256="ab" * 32),
        Prechecked(seq=1, ts=2.0, sha256="ab" * 32, clean=False, findings=[finding]),
        Prechecked(seq=2, ts=2.5, sha256="cd" * 32, clean=False, findings=[]),
        VerusRun(
            seq=3,
            ts=3.0,
            sha256="ab" * 32,
            verdict="failed",
            partial=False,
            flags=[],
            verus_version="x",
            is_standin=True,
            duration_s=0.1,
        ),
    ]
    breaches = [b for b in audit_events(events).breaches if b.invariant == 18]
    assert sorted(b.message for b in breaches) == [
        f"pre-check report #2 on {'cd' * 6} rejects with no finding",
        f"verus run #3 on {'ab' * 6}, which pre-check report #1 rejected",
    ]
