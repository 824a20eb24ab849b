"""The agent end to end: the scripted model (a stand-in for a model) and the verus stand-in (not verus).

Each run's record must pass the audit of its invariants.
"""

import pytest

from tests.agent.agent_harness import (
    AGENT_FIXTURES,
    BASELINE_RULE,
    GOOD_PROOF,
    GOOD_RULE,
    ORIGINAL_LOOP,
    assert_audited,
    file_reply,
    proved,
    run_agent,
)

WRONG_PROOF = proved(
    "count_up.rs",
    ORIGINAL_LOOP,
    "    while r < n\n        invariant\n            r < n,\n        decreases n - r,\n    {\n",
)
WRONG_RULE = {
    "when_contains": "            r < n,",
    "verdict": "failed",
    "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "r < n,"}],
}


def test_proved_in_one_round(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([file_reply(GOOD_PROOF)])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source)
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified"
    assert run.outcome["verus_is_standin"] is True
    written = (harness.tmp / "count_up.standin-verified.rs").read_text()
    assert written == GOOD_PROOF and source.read_text() == (harness.tmp / "count_up.rs").read_text()
    assert len(run.prompts) == 1 and "loop must have a decreases clause" in run.prompts[0]
    acceptance = [e for e in run.events("verus_run") if e["purpose"] == "acceptance"]
    assert len(acceptance) == 1 and acceptance[0]["no_cheating"] is True
    assert_audited(run)


def test_repair_round_driven_by_an_invariant_error_at_its_real_location(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            {**file_reply(GOOD_PROOF), "when": "invariant not satisfied at end of loop body"},
            file_reply(WRONG_PROOF),
        ]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified" and len(run.prompts) == 2
    wrong_line = WRONG_PROOF.splitlines().index("            r < n,") + 1
    repair_prompt = run.prompts[1]
    assert f"line {wrong_line} in fn:count_up/loop#1" in repair_prompt
    assert f"> {wrong_line:4d} |             r < n," in repair_prompt
    assert_audited(run)


def test_houdini_drops_a_failing_invariant_without_the_model(harness) -> None:
    source = harness.task("count_up.rs")
    both = GOOD_PROOF.replace("            r <= n,\n", "            r <= n,\n            r < n,\n")
    harness.script([file_reply(both)])
    harness.scenario([WRONG_RULE, GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified" and len(run.prompts) == 1
    assert "r < n," not in run.outcome and "r < n," not in (harness.tmp / "count_up.standin-verified.rs").read_text()
    assert any(e["purpose"] == "houdini" for e in run.events("verus_run"))
    assert_audited(run)


def test_assume_false_is_rejected_fed_back_and_an_honest_proof_accepted(harness) -> None:
    source = harness.task("count_up.rs")
    cheat = GOOD_PROOF.replace("        r = r + 1;\n", "        r = r + 1;\n        proof { assume(false); }\n")
    harness.script([{**file_reply(GOOD_PROOF), "when": "Rejected without running verus"}, file_reply(cheat)])
    cheat_rule = {"when_contains": "assume(false)", "verdict": "verified"}  # a fooled verifier would accept
    harness.scenario([cheat_rule, GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified"
    assert "assume" not in (harness.tmp / "count_up.standin-verified.rs").read_text()
    rejected = [e for e in run.events("guard_report") if not e["clean"]]
    assert len(rejected) == 1 and rejected[0]["violations"][0]["rule"] == "escape-hatch-added"
    assert rejected[0]["sha256"] not in {c["sha256"] for c in run.verus_calls}, "a cheat reached verus"
    assert "assume" in run.prompts[1] and "Rejected without running verus" in run.prompts[1]
    assert_audited(run)


def test_garbage_replies_are_fed_back_and_the_run_ends_partial(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{"text": "I am sorry, I cannot verify programs.", "repeat": True}])
    harness.scenario([BASELINE_RULE])
    run = harness.run("prove", source, rounds=2)
    assert run.exit_code == 1 and run.outcome["verdict"] == "partial"
    assert run.outcome["obligations"][0]["kind"] == "missing_decreases"
    assert len(run.prompts) == 2 and "code block" in run.prompts[1].lower()
    assert not (harness.tmp / "count_up.standin-verified.rs").exists()
    assert_audited(run)


def test_verus_timing_out_is_a_timeout_not_a_proof_failure(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(GOOD_PROOF), "repeat": True}])
    harness.scenario([{"when_contains": "r <= n,", "hang": True}, BASELINE_RULE])
    run = harness.run("prove", source, rounds=1, timeout=1.0)
    assert run.outcome["verdict"] == "partial"
    verdicts = [e["verdict"] for e in run.events("verus_run")]
    assert verdicts == ["frontend_rejected", "timeout"]
    assert_audited(run)


def test_budget_running_out_stops_with_partial_and_obligations(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(WRONG_PROOF), "repeat": True}])
    harness.scenario([WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source, rounds=5, max_calls=1)
    assert run.exit_code == 1 and run.outcome["verdict"] == "partial"
    assert run.outcome["stopped_reason"] == "budget" and run.outcome["calls"] == 1
    obligation = run.outcome["obligations"][0]
    assert obligation["kind"] == "invariant_end_of_loop" and obligation["unit"] == "fn:count_up/loop#1"
    assert (harness.tmp / "count_up.partial.rs").read_text() == WRONG_PROOF
    assert_audited(run)


def test_synth_writes_a_body_and_keeps_the_spec(harness) -> None:
    source = harness.task("max_of.rs")
    body = proved("max_of.rs", "    unimplemented!()\n", "    if a >= b {\n        a\n    } else {\n        b\n    }\n")
    weakened = body.replace("        m == a || m == b,\n", "")
    harness.script([{**file_reply(body), "when": "Rejected without running verus"}, file_reply(weakened)])
    harness.scenario(
        [
            {"when_contains": "if a >= b", "verdict": "verified"},
            {"verdict": "failed", "errors": [{"message": "postcondition not satisfied", "line_contains": "m >= a"}]},
        ]
    )
    run = harness.run("synth", source)
    assert run.outcome["verdict"] == "verified"
    assert (harness.tmp / "max_of.standin-verified.rs").read_text() == body
    assert [e["clean"] for e in run.events("guard_report")] == [True, False, True]
    assert "synth" in run.events("model_request")[0]["purpose"]
    assert_audited(run)


def test_already_verified_input_writes_nothing(harness) -> None:
    source = harness.task("count_up.rs", GOOD_PROOF)
    harness.script([])
    harness.scenario([GOOD_RULE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified" and run.outcome["already_verified"] is True
    assert run.outcome["output_path"] is None and run.prompts == []
    assert_audited(run)


def test_output_over_the_input_needs_in_place(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([file_reply(GOOD_PROOF)])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    refused = harness.run("prove", source, out=source)
    assert refused.exit_code == 2 and source.read_text() != GOOD_PROOF
    original = source.read_text()
    run = harness.run("prove", source, in_place=True)
    assert run.exit_code == 0 and source.read_text() == GOOD_PROOF
    assert (harness.tmp / "count_up.rs.bak").read_text() == original


def test_repair_from_a_saved_log_skips_the_first_verus_run(harness, verus_outputs_dir) -> None:
    source = harness.task("count_up.rs", WRONG_PROOF)
    line = WRONG_PROOF.splitlines().index("            r < n,") + 1
    log = harness.tmp / "verus.log"
    log.write_text(
        "error: invariant not satisfied at end of loop body\n"
        f"  --> count_up.rs:{line}:13\n   |\n{line} |             r < n,\n   |             ^^^^^\n\n"
        "error: aborting due to 1 previous error\n\nverification results:: 0 verified, 1 errors\n"
    )
    harness.script([{**file_reply(GOOD_PROOF), "when": "invariant not satisfied"}])
    harness.scenario([GOOD_RULE, WRONG_RULE])
    run = harness.run("repair", source, log=log)
    assert run.outcome["verdict"] == "verified"
    assert [e["purpose"] for e in run.events("verus_run")] == ["screen", "acceptance"]
    assert f"line {line} in fn:count_up/loop#1" in run.prompts[0]
    assert_audited(run)


@pytest.mark.parametrize("missing", ["nope.rs"])
def test_unreadable_input_is_a_usage_error(harness, missing) -> None:
    harness.script([])
    harness.scenario([BASELINE_RULE])
    run_code = run_agent(
        "prove", harness.tmp / missing, model="scripted/test", runs_dir=harness.runs_dir, verus="/nonexistent/verus"
    )
    assert run_code == 2


def test_ctrl_c_then_resume(harness) -> None:
    """A real SIGINT to a `verusagent prove` process in its second model call; then --resume finishes."""
    import os
    import signal
    import subprocess
    import sys

    source = harness.task("count_up.rs")
    harness.script(
        [
            {**file_reply(GOOD_PROOF), "when": "invariant not satisfied at end of loop body", "delay_s": 3.0},
            file_reply(WRONG_PROOF),
        ]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    command = [
        sys.executable,
        "-m",
        "verusagent.cli",
        "prove",
        str(source),
        "--model",
        "scripted/test",
        "--strategies",
        "1",
        "--jobs",
        "1",
        "--verus",
        str(harness_standin()),
        "--runs-dir",
        str(harness.runs_dir),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ.copy())
    events_file = wait_for_second_request(harness, process)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr.decode()
    kinds = [line.split('"kind": "')[1].split('"')[0] for line in events_file.read_text().splitlines()]
    assert kinds[-1] == "run_stopped" and "verdict" not in kinds
    harness.script([{**file_reply(GOOD_PROOF), "when": "invariant not satisfied at end of loop body"}])
    resumed = harness.run("prove", source, resume=events_file.parent.name)
    assert resumed.outcome["verdict"] == "verified" and resumed.folder == events_file.parent
    assert resumed.outcome["calls"] == 3  # two before the interrupt (one cut short), one after
    assert_audited(resumed)


def harness_standin():
    from tests.agent.agent_harness import STANDIN

    return STANDIN


def wait_for_second_request(harness, process, limit_s: float = 60.0):
    import time

    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        runs = list(harness.runs_dir.glob("*/events.jsonl")) if harness.runs_dir.exists() else []
        if runs and runs[0].read_text().count('"kind": "model_request"') >= 2:
            return runs[0]
        assert process.poll() is None, process.communicate()[1].decode()
        time.sleep(0.05)
    raise AssertionError("the run did not reach its second model request")


def test_a_repeated_candidate_is_not_verified_again_and_the_model_is_told(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script(
        [
            {**file_reply(GOOD_PROOF), "when": "Try something different"},
            file_reply(WRONG_PROOF),
            {**file_reply(source.read_text()), "repeat": True},  # back to the input, which was verified already
        ]
    )
    harness.scenario([GOOD_RULE, WRONG_RULE, BASELINE_RULE])
    run = harness.run("prove", source, rounds=3)
    assert run.outcome["verdict"] == "verified" and len(run.prompts) == 3
    assert "repeated candidate" in run.prompts[2]
    verified = [e["sha256"] for e in run.events("verus_run") if e["purpose"] != "acceptance"]
    assert len(verified) == len(set(verified)) == 3  # baseline, the wrong proof, the good one: no repeat
    assert_audited(run)


def test_a_failed_acceptance_run_is_not_retried_and_nothing_is_accepted(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(GOOD_PROOF), "repeat": True}])
    refuse = {
        "when_contains": "r <= n,",
        "when_flags": ["--no-cheating"],
        "verdict": "frontend_rejected",
        "errors": [{"message": "assume/admit not allowed with --no-cheating", "line_contains": "r <= n,"}],
    }
    harness.scenario([refuse, GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source, rounds=3)
    assert run.exit_code == 1 and run.outcome["verdict"] == "partial"
    assert [e["purpose"] for e in run.events("verus_run")].count("acceptance") == 1
    assert not (harness.tmp / "count_up.standin-verified.rs").exists()
    assert_audited(run)


def test_an_original_calling_builtin_assume_is_accepted_without_no_cheating(harness) -> None:
    """--no-cheating would reject the input's own `builtin::assume_`: the acceptance run goes without it."""
    given = "fn main() {\n    proof { builtin::assume_(1 + 1 == 2); }\n}"
    source = harness.task("count_up.rs", (AGENT_FIXTURES / "count_up.rs").read_text().replace("fn main() {\n}", given))
    harness.script([file_reply(GOOD_PROOF.replace("fn main() {\n}", given))])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified"
    acceptance = [e for e in run.events("verus_run") if e["purpose"] == "acceptance"]
    assert len(acceptance) == 1 and acceptance[0]["no_cheating"] is False
    assert_audited(run)


def test_verus_missing_is_a_clear_error_with_exit_3(harness, capsys) -> None:
    source = harness.task("count_up.rs")
    code = run_agent(
        "prove", source, model="scripted/test", runs_dir=harness.runs_dir, verus=str(harness.tmp / "no-such-verus")
    )
    assert code == 3
    assert "no-such-verus" in capsys.readouterr().err


def test_non_utf8_input_is_refused_before_anything_runs(harness, capsys) -> None:
    source = harness.tmp / "latin1.rs"
    source.write_bytes(b"// caf\xe9\nfn main() {}\n")
    code = run_agent("prove", source, model="scripted/test", runs_dir=harness.runs_dir)
    error = capsys.readouterr().err
    assert code == 2 and "not UTF-8 (byte 6)" in error and error.count("\n") == 1
    assert not harness.runs_dir.exists()


def test_a_verus_crash_is_a_tool_failure_never_a_proof(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(GOOD_PROOF), "repeat": True}])
    harness.scenario([{"when_contains": "r <= n,", "panic": True}, BASELINE_RULE])
    run = harness.run("prove", source, rounds=1)
    assert run.outcome["verdict"] == "partial"
    assert [e["verdict"] for e in run.events("verus_run")] == ["frontend_rejected", "tool_failure"]
    assert not (harness.tmp / "count_up.standin-verified.rs").exists()
    assert_audited(run)


def test_resume_refuses_a_record_whose_candidates_were_edited(harness) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(WRONG_PROOF), "repeat": True}])
    harness.scenario([WRONG_RULE, BASELINE_RULE])
    first = harness.run("prove", source, rounds=1)
    assert first.outcome["verdict"] == "partial"
    stored = next((first.folder / "candidates").glob("*.rs"))
    stored.write_text(stored.read_text() + "\n// edited\n")
    again = harness.run("prove", source, resume=first.folder.name)
    assert again.exit_code == 2 and again.outcome == {}
    assert "changed after it was recorded" in harness.last_err
