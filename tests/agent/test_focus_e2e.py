"""Focused screening end to end: the scripted model (a stand-in) and the verus stand-in (not verus), which holds
verus's rule that `--verify-function F` needs exactly one `--verify-root` or `--verify-only-module M`."""

from verusagent.audit import audit_run

from tests.agent.agent_harness import file_reply, proved

TASK = "two_modules.rs"
LOOP_PROOF = proved(
    TASK,
    "    while r < n {\n",
    "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {\n",
)
LEMMA_AND_LOOP = LOOP_PROOF.replace(
    "            a + b <= 20,\n    {\n    }", "            a + b <= 20,\n    {\n        assert(a + b <= 20);\n    }"
)
POSTCONDITION = {"message": "postcondition not satisfied", "line_contains": "r == n,"}
LEMMA_POST = {"message": "postcondition not satisfied", "line_contains": "a + b <= 20,"}
FAILING = {"verdict": "failed", "errors": [POSTCONDITION]}


def focused_calls(run) -> list[list[str]]:
    return [c["argv"] for c in run.verus_calls if "--verify-function" in c["argv"]]


def scope(flags: list[str]) -> str:
    """What a run covered: `fn NAME`, `module NAME` (`module ` for the root module) or `whole`."""
    if "--verify-function" in flags:
        return "fn " + flags[flags.index("--verify-function") + 1]
    if "--verify-only-module" in flags:
        return "module " + flags[flags.index("--verify-only-module") + 1]
    return "module " if "--verify-root" in flags else "whole"


def whole_calls(run) -> list[list[str]]:
    return [c["argv"] for c in run.verus_calls if not any(a.startswith("--verify-") for a in c["argv"])]


def test_a_changed_function_is_screened_alone_and_accepted_by_a_whole_file_run(harness) -> None:
    source = harness.task(TASK)
    harness.script([file_reply(LOOP_PROOF)])
    harness.scenario([{"when_contains": "decreases n - r", "verdict": "verified"}, FAILING])
    run = harness.run("prove", source, focus="on")
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified"
    assert [argv[-4:] for argv in focused_calls(run)] == [
        ["--verify-function", "count_up", "--verify-root", "two_modules.rs"]
    ]
    assert len(focused_calls(run)) == 1 and len(whole_calls(run)) == 2  # the baseline, then the acceptance run
    runs = run.events("verus_run")
    assert [(e["purpose"], e["partial"], e["verdict"]) for e in runs] == [
        ("baseline", False, "failed"),
        ("screen", True, "verified_partial"),
        ("acceptance", False, "verified"),
    ]
    plans = run.events("screening_plan")
    assert len(plans) == 1 and plans[0]["plan"] == "functions" and plans[0]["targets"][0]["pattern"] == "count_up"
    assert audit_run(run.folder).ok


def test_functions_in_two_modules_are_one_run_each_with_their_module(harness) -> None:
    source = harness.task(TASK)
    harness.script([file_reply(LEMMA_AND_LOOP)])
    harness.scenario(
        [
            {"when_contains": ["decreases n - r", "assert(a + b"], "verdict": "verified"},
            {"verdict": "failed", "errors": [POSTCONDITION, LEMMA_POST]},
        ]
    )
    run = harness.run("prove", source, focus="on")
    assert run.outcome["verdict"] == "verified"
    scopes = sorted(
        tuple(argv[argv.index("--verify-function") + 1 : argv.index("--verify-function") + 4])
        for argv in focused_calls(run)
    )
    assert scopes == [
        ("count_up", "--verify-root", "two_modules.rs"),
        ("lemma_bounded_sum", "--verify-only-module", "arith"),
    ]
    assert audit_run(run.folder).ok


def test_a_focused_failure_is_fed_back_with_its_location(harness) -> None:
    source = harness.task(TASK)
    wrong = LOOP_PROOF.replace("            r <= n,\n", "            r < n,\n")
    harness.script([{**file_reply(LOOP_PROOF), "when": "invariant not satisfied"}, file_reply(wrong)])
    harness.scenario(
        [
            {"when_contains": "r <= n,\n        decreases", "verdict": "verified"},
            {
                "when_contains": "r < n,\n",
                "verdict": "failed",
                "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "r < n,\n"}],
            },
            {"verdict": "failed", "errors": [POSTCONDITION, LEMMA_POST]},
        ]
    )
    run = harness.run("prove", source, focus="on")
    assert run.outcome["verdict"] == "verified" and len(run.prompts) == 2
    assert "fn:count_up/loop#1" in run.prompts[1] and "lemma_bounded_sum" not in run.prompts[1].split("# Errors")[1]
    screens = [(e["verdict"], scope(e["flags"])) for e in run.events("verus_run") if e["purpose"] == "screen"]
    assert sorted(screens[:2]) == [("failed", "fn count_up"), ("verified_partial", "fn lemma_bounded_sum")]
    # the lemma verified, so only count_up's module is checked again: one function run or one root-module run,
    # whichever the measured seconds of this task make cheaper
    assert screens[2:] in ([("verified_partial", "fn count_up")], [("verified_partial", "module ")])
    assert audit_run(run.folder).ok


def test_a_focused_run_verus_refuses_falls_back_to_the_whole_file(harness) -> None:
    source = harness.task(TASK)
    harness.script([file_reply(LOOP_PROOF)])
    refused = {
        "when_flags": ["--verify-function"],
        "stdout": None,
        "exit": 1,
        "stderr_lines": ["error: could not find function count_up specified by --verify-function"],
    }
    harness.scenario([refused, {"when_contains": "decreases n - r", "verdict": "verified"}, FAILING])
    run = harness.run("prove", source, focus="on")
    assert run.outcome["verdict"] == "verified"
    assert [e["plan"] for e in run.events("screening_plan")] == ["functions", "whole"]
    assert [(e["purpose"], e["partial"]) for e in run.events("verus_run")] == [
        ("baseline", False),
        ("screen", True),
        ("screen", False),
        ("acceptance", False),
    ]
    assert audit_run(run.folder).ok


def test_small_files_are_screened_whole_by_default(harness) -> None:
    source = harness.task(TASK)
    harness.script([file_reply(LOOP_PROOF)])
    harness.scenario([{"when_contains": "decreases n - r", "verdict": "verified"}, FAILING])
    run = harness.run("prove", source)
    assert run.outcome["verdict"] == "verified" and not focused_calls(run)
    [plan] = run.events("screening_plan")  # the whole-file plan is recorded too, with its reason
    assert plan["plan"] == "whole" and plan["targets"] == [] and "400" in plan["reason"]


def test_resume_replays_focused_candidates_from_the_cache(harness) -> None:
    source = harness.task(TASK)
    wrong = LOOP_PROOF.replace("            r <= n,\n", "            r < n,\n")
    harness.script([{**file_reply(wrong), "repeat": True}])
    harness.scenario(
        [
            {
                "when_contains": "r < n,\n",
                "verdict": "failed",
                "errors": [{"message": "invariant not satisfied at end of loop body", "line_contains": "r < n,\n"}],
            },
            FAILING,
        ]
    )
    first = harness.run("prove", source, focus="on", rounds=1)
    assert first.outcome["verdict"] == "partial" and focused_calls(first)
    calls_before = len(harness.verus_calls())
    again = harness.run("prove", source, resume=first.folder.name)
    replays = [e for e in again.events("verus_run") if e["purpose"] == "resume"]
    assert replays and all(e["from_cache"] for e in replays)
    assert any("--verify-function" in e["flags"] for e in replays)
    assert len(harness.verus_calls()) == calls_before  # nothing ran again
    assert audit_run(again.folder).ok
