"""synth on tasks in the vericoding benchmark's format (rust_fixtures/vericoding), end to end: the scripted model
(a stand-in for a model) and the verus stand-in (not verus). Each run's record passes the audit."""

from pathlib import Path

from verusagent.audit import audit_run

from tests.agent.agent_harness import file_reply
from tests.paths import REPO_ROOT

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
    harness.scenario(
        [
            {"when_contains": "absent_before(v@, x, i as int)", "verdict": "verified"},
            {
                "verdict": "failed",
                "errors": [{"message": "postcondition not satisfied", "line_contains": "None => absent_before"}],
            },
        ]
    )
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
    harness.scenario(
        [
            {"when_contains": "lemma_triangle_bound(i as nat)", "verdict": "verified"},
            {
                "verdict": "failed",
                "errors": [{"message": "postcondition not satisfied", "line_contains": "sum == triangle(n as nat)"}],
            },
        ]
    )
    run = harness.run("synth", source, description=folder / "verus_nl.txt")
    assert run.outcome["verdict"] == "verified", harness.last_err
    [rejected] = [e for e in run.events("precheck") if not e["clean"]]
    assert {f["rule"] for f in rejected["findings"]} == {"int-nat-in-exec"}
    assert rejected["sha256"] not in {c["sha256"] for c in run.verus_calls}
    assert [e["clean"] for e in run.events("guard_report") if e["sha256"] == rejected["sha256"]] == [True]
    assert_audited(run)


POWER_VERIFIED = {"when_contains": "lemma_pow_step(base as nat, exp as nat);", "verdict": "verified"}
POWER_BASELINE = {
    "verdict": "did_not_compile",
    "errors": [{"message": "mismatched types", "line_contains": "fn power("}],
}


def test_a_helper_a_lemma_and_a_decreases_on_the_target_are_accepted(harness) -> None:
    spec, solution, folder = task_files("power_recursive")
    assert "fn mul_within(" in solution and "proof fn lemma_pow_step(" in solution
    assert "    decreases exp,\n// <code>" in solution  # added to the target
    source = harness.task("verus_spec.rs", spec)
    harness.script([file_reply(solution)])
    harness.scenario([POWER_VERIFIED, POWER_BASELINE])
    run = harness.run("synth", source, description=folder / "verus_nl.txt")
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert (harness.tmp / "verus_spec.standin-verified.rs").read_text() == solution
    assert all(e["clean"] for e in run.events("guard_report"))
    assert all(e["clean"] for e in run.events("precheck"))
    assert_audited(run)


def test_the_same_reply_with_a_changed_preamble_is_rejected(harness) -> None:
    spec, solution, folder = task_files("power_recursive")
    weakened = solution.replace(
        "        1\n    } else {\n        base * pow", "        0\n    } else {\n        base * pow", 1
    )
    assert weakened != solution
    source = harness.task("verus_spec.rs", spec)
    harness.script([{**file_reply(weakened), "repeat": True}])
    harness.scenario([POWER_VERIFIED, POWER_BASELINE])  # a fooled verifier would accept it
    run = harness.run("synth", source, description=folder / "verus_nl.txt", rounds=1)
    assert run.outcome["verdict"] == "partial"
    [rejected] = [e for e in run.events("guard_report") if not e["clean"]]
    assert [(v["rule"], v["function"]) for v in rejected["violations"]] == [("spec-changed", "fn:pow")]
    assert rejected["sha256"] not in {c["sha256"] for c in run.verus_calls}, "a changed problem reached verus"
    assert not (harness.tmp / "verus_spec.standin-verified.rs").exists()
    assert_audited(run)


def test_main_under_external_stays_as_it_was(harness) -> None:
    spec, solution, folder = task_files("power_recursive")
    changed_main = solution.replace('println!("{}", power(3, 4));', 'println!("{}", power(3, 5));')
    source = harness.task("verus_spec.rs", spec)
    harness.script([{**file_reply(changed_main), "repeat": True}])
    harness.scenario([POWER_VERIFIED, POWER_BASELINE])
    run = harness.run("synth", source, rounds=1)
    assert run.outcome["verdict"] == "partial"
    [rejected] = [e for e in run.events("guard_report") if not e["clean"]]
    assert ("exec-changed", "fn:main") in {(v["rule"], v["function"]) for v in rejected["violations"]}
    assert_audited(run)
