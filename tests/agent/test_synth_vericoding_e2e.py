"""synth on tasks in the vericoding benchmark's format (rust_fixtures/vericoding), end to end: the scripted model
(a stand-in for a model) and the verus stand-in (not verus). Each run's record passes the audit."""

from pathlib import Path

from verusagent.audit import audit_run

from agent_harness import REPO_ROOT, file_reply

TASKS = REPO_ROOT / "rust_fixtures" / "vericoding"


def task_files(name: str) -> tuple[str, str, Path]:
    folder = TASKS / name
    return (folder / "verus_spec.rs").read_text(), (folder / "solution.rs").read_text(), folder


def assert_audited(run) -> None:
    report = audit_run(run.folder)
    assert report.ok, report.model_dump_json(indent=2)


def test_a_body_for_an_empty_spec_function_is_accepted_with_the_sections_kept(harness) -> None:
    spec, solution, folder = task_files("linear_search")
    source = harness.task("verus_spec.rs", spec)
    harness.script([file_reply(solution)])
    harness.scenario([{"when_contains": "absent_before(v@, x, i as int)", "verdict": "verified"},
                      {"verdict": "failed", "errors": [{"message": "postcondition not satisfied",
                                                        "line_contains": "None => absent_before"}]}])
    run = harness.run("synth", source, description=folder / "verus_nl.txt")
    assert run.outcome["verdict"] == "verified", harness.last_err
    written = (harness.tmp / "verus_spec.standin-verified.rs").read_text()
    assert written == solution
    for marker in ("// <preamble>", "// <helpers>", "// <proofs>", "// <spec>", "// <code>"):
        assert written.count(marker) == 1
    assert "Functions to implement: `find_first`." in run.prompts[0]
    assert (folder / "verus_nl.txt").read_text().strip() in run.prompts[0]
    assert_audited(run)


def test_int_in_the_written_body_is_rejected_by_the_precheck_and_repaired(harness) -> None:
    spec, solution, folder = task_files("triangle_sum")
    ghost_in_exec = solution.replace("        sum = sum + i as u64;", "        sum = (sum as int + i as int) as u64;")
    assert ghost_in_exec != solution
    source = harness.task("verus_spec.rs", spec)
    harness.script([{**file_reply(solution), "when": "can only be used in ghost code"}, file_reply(ghost_in_exec)])
    harness.scenario([{"when_contains": "lemma_triangle_bound(i as nat)", "verdict": "verified"},
                      {"verdict": "failed", "errors": [{"message": "postcondition not satisfied",
                                                        "line_contains": "sum == triangle(n as nat)"}]}])
    run = harness.run("synth", source, description=folder / "verus_nl.txt")
    assert run.outcome["verdict"] == "verified", harness.last_err
    [rejected] = [e for e in run.events("precheck") if not e["clean"]]
    assert {f["rule"] for f in rejected["findings"]} == {"int-nat-in-exec"}
    assert rejected["sha256"] not in {c["sha256"] for c in run.verus_calls}
    assert [e["clean"] for e in run.events("guard_report") if e["sha256"] == rejected["sha256"]] == [True]
    assert_audited(run)
