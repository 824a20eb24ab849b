"""Agent mode end to end: the model drives with tools (the scripted model, a stand-in, and the replay server, a
stand-in over HTTP) on the demo task, against the verus stand-in (not verus). Every record passes the audit."""

import json
import os
import signal
import subprocess
import sys
import time

from verusagent.agent.session.schema import TOOL_NAMES

from tests.agent.agent_harness import REPO_ROOT, STANDIN, assert_audited

DEMO = REPO_ROOT / "rust_fixtures" / "demo"
DEMO_RULES = json.loads((DEMO / "demo_standin.json").read_text())["rules"]
PROOF_FILE = (DEMO / "reply_complete.md").read_text().split("```rust\n")[1].split("```")[0]
WEAK_FILE = (DEMO / "reply_partial.md").read_text().split("```rust\n")[1].split("```")[0]


def double_fn(text: str) -> str:
    return text[text.index("/// Adds 2") : text.index("fn main()")].rstrip() + "\n"


PROOF_FN, WEAK_FN = double_fn(PROOF_FILE), double_fn(WEAK_FILE)
CHEAT_FN = PROOF_FN.replace("        r = r + 2;\n", "        r = r + 2;\n        proof { assume(false); }\n")


def call(tool: str, call_id: str | None = None, **arguments) -> dict:
    return {"name": tool, "arguments": arguments, **({"id": call_id} if call_id else {})}


def reply(*calls: dict, when: str | None = None, **extra) -> dict:
    return {"tool_calls": list(calls), **({"when": when} if when else {}), **extra}


def demo_session() -> list[dict]:
    """view -> verify -> edit -> verify -> submit, each reply chosen by the result before it."""
    return [
        reply(call("view", "c1", target="double"), expect_tools=TOOL_NAMES),
        reply(call("verify", "c2"), when="lines 6-20 of 27"),
        reply(call("edit", "c3", items=PROOF_FN), when="loop must have a decreases clause"),
        reply(call("verify", "c4"), when="Edit applied"),
        reply(call("submit", "c5", summary="invariants bound i, r and n"), when="The whole file verifies"),
    ]


def run_agent(harness, replies: list[dict], rules=DEMO_RULES, **options):
    source = harness.task("double.rs", (DEMO / "double.rs").read_text())
    harness.script(replies)
    harness.scenario(rules)
    return harness.run("prove", source, **({"strategy": ["agent"], "rounds": 1} | options))


def tool_results(run) -> list[dict]:
    return run.events("tool_result")


def test_a_scripted_session_proves_the_demo(harness) -> None:
    run = run_agent(harness, demo_session())
    assert run.exit_code == 0 and run.outcome["verdict"] == "verified" and run.outcome["verus_is_standin"]
    assert (harness.tmp / "double.standin-verified.rs").read_text() == PROOF_FILE
    assert [e["name"] for e in run.events("tool_call")] == ["view", "verify", "edit", "verify", "submit"]
    results = tool_results(run)
    assert all(r["ok"] for r in results) and results[2]["applied"] and results[3]["verdict"] == "verified"
    assert ">   15 |     while i < n {" in results[0]["text"]  # the line of the baseline's error, marked
    assert [e["reason"] for e in run.events("session_ended")] == ["submitted"]
    acceptance = [e for e in run.events("verus_run") if e["purpose"] == "acceptance"]
    assert len(acceptance) == 1 and acceptance[0]["sha256"] == results[2]["sha256"] and not acceptance[0]["from_cache"]
    assert all(r["params"]["tools"] == TOOL_NAMES for r in run.events("model_request"))
    assert_audited(run)


def test_the_transcript_shows_the_session(harness) -> None:
    from typer.testing import CliRunner

    from verusagent.cli import app

    run = run_agent(harness, demo_session())
    shown = CliRunner().invoke(app, ["show", str(run.folder)]).output
    for expected in [
        "AGENT SESSION agent-r1 (round 1)",
        '-> view(target="double")  [c1]',
        "<- view: ok",
        "| fn:double (exec fn), lines 6-20 of 27:",
        "<- edit: ok, applied, now",
        '-> edit(items="/// Adds 2 to a counter n times.…" (21 lines))',
        "<- verify: ok, verified (verus runs #",
        "AGENT SESSION agent-r1 ended: submitted",
    ]:
        assert expected in shown, expected


def test_verify_one_function_then_the_whole_file(harness) -> None:
    run = run_agent(
        harness,
        [
            reply(call("edit", items=PROOF_FN)),
            reply(call("verify", function="double"), when="Edit applied"),
            reply(call("verify", function="fn:double"), when="only fn:double: a partial run"),
            reply(call("verify"), when="verified before in this session"),
            reply(call("submit"), when="The whole file verifies"),
        ],
    )
    partial, again, whole = tool_results(run)[1:4]
    assert partial["verdict"] == "verified_partial" and "a partial run never accepts" in partial["text"]
    assert again["verus_runs"] == partial["verus_runs"]  # the same text and function: not run again
    runs = {e["seq"]: e for e in run.events("verus_run")}
    focused = runs[partial["verus_runs"][0]]
    assert focused["purpose"] == "agent-function" and "--verify-function" in focused["flags"] and focused["partial"]
    assert whole["verdict"] == "verified" and runs[whole["verus_runs"][0]]["purpose"] == "agent"
    assert run.outcome["verdict"] == "verified"
    assert_audited(run)


def test_the_anthropic_form_over_http(harness, replay_server, monkeypatch) -> None:
    """The same session through litellm's anthropic provider against the replay server's /v1/messages."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-replay-agent-0123456789")
    entries = [
        {"tool_calls": [c], "expect_tools": TOOL_NAMES}
        for c in (
            call("view", "toolu_1", target="double"),
            call("verify", "toolu_2"),
            call("edit", "toolu_3", items=PROOF_FN),
            call("verify", "toolu_4"),
            call("submit", "toolu_5"),
        )
    ]
    server = replay_server(entries)
    source = harness.task("double.rs", (DEMO / "double.rs").read_text())
    harness.script([])  # the scripted model is not asked
    harness.scenario(DEMO_RULES)
    run = harness.run(
        "prove",
        source,
        model="anthropic/claude-sonnet-4-5",
        api_base=server.anthropic_base_url,
        strategy=["agent"],
        rounds=1,
    )
    assert run.outcome["verdict"] == "verified" and len(server.requests) == 5
    assert all(r["path"] == "/v1/messages" for r in server.requests)
    first = server.requests[0]["body"]
    assert [t["name"] for t in first["tools"]] == TOOL_NAMES and all("input_schema" in t for t in first["tools"])
    last = server.requests[-1]["body"]["messages"]
    results = [
        b
        for m in last
        if m["role"] == "user" and isinstance(m["content"], list)
        for b in m["content"]
        if b.get("type") == "tool_result"
    ]
    assert [r["tool_use_id"] for r in results] == ["toolu_1", "toolu_2", "toolu_3", "toolu_4"]
    assert (
        run.events("session_started")[0]["protocol_reason"]
        == "litellm supports function calling for anthropic/claude-sonnet-4-5"
    )
    assert_audited(run)


def test_an_edit_adding_assume_false_is_refused_and_the_session_goes_on(harness) -> None:
    fooled = {"when_contains": "assume(false)", "verdict": "verified"}  # a verifier that could be fooled
    run = run_agent(
        harness,
        [
            reply(call("edit", items=CHEAT_FN)),
            reply(call("edit", items=PROOF_FN), when="Edit refused by the guard"),
            reply(call("verify"), when="Edit applied"),
            reply(call("submit"), when="The whole file verifies"),
        ],
        rules=[fooled, *DEMO_RULES],
    )
    refused, applied = tool_results(run)[:2]
    assert (
        refused["error"] == "refused"
        and not refused["applied"]
        and refused["sha256"] == run.events("session_started")[0]["sha256"]
    )
    cheat_line = CHEAT_FN.split("\n").index("        proof { assume(false); }") + 6
    assert "[escape-hatch-added] line " + str(cheat_line) in refused["text"] and "assume" in refused["text"]
    assert refused["produced_sha256"] not in {c["sha256"] for c in run.verus_calls}, "a cheat reached verus"
    assert applied["applied"] and run.outcome["verdict"] == "verified"
    assert "assume" not in (harness.tmp / "double.standin-verified.rs").read_text()
    assert_audited(run)


def test_verify_on_an_input_the_precheck_rejects_runs_no_verus(harness) -> None:
    """The session starts from the input, which the pre-check rejects: verify() says why and runs no verus (it
    failed on the missing verus result)."""
    ghost_in_exec = "    let mut i: u64 = 0;\n    let y = n as int;\n"
    text = (DEMO / "double.rs").read_text().replace("    let mut i: u64 = 0;\n", ghost_in_exec, 1)
    harness.script(
        [
            reply(call("verify")),
            reply(call("verify", function="double"), when="Not run: the pre-check rejected"),
            reply(call("submit"), when="Not run: the pre-check rejected"),
        ]
    )
    harness.scenario(DEMO_RULES)
    run = harness.run("prove", harness.task("double.rs", text), strategy=["agent"], rounds=1)
    whole, function = tool_results(run)[:2]
    for result in (whole, function):
        assert result["error"] == "rejected" and not result["verus_runs"]
        assert "`nat` and `int` can only be used in ghost code" in result["text"].replace("'", "`")
    assert not run.verus_calls, "a rejected candidate reached verus"
    assert run.outcome["verdict"] == "partial" and run.outcome["obligations"][0]["line"] == 14
    assert_audited(run)


def test_tool_errors_are_results_and_a_repeated_call_ends_the_session(harness) -> None:
    run = run_agent(
        harness,
        [
            reply(
                call("run_shell", command="cat /etc/passwd"),
                {"name": "view", "arguments": '{"target": "dou'},
                call("view", target="fn:nope"),
                call("definition", name=["not", "a", "string"]),
                call("view", target="double"),
            ),
            reply(call("view", target="double")),
            reply(call("view", target="double")),
        ],
    )
    results = tool_results(run)
    assert [r["error"] for r in results] == [
        "unknown_tool",
        "malformed_arguments",
        "unknown_target",
        "malformed_arguments",
        None,
        None,
        "repeated",
    ]
    assert "There is no tool `run_shell`" in results[0]["text"] and "not a JSON object" in results[1]["text"]
    assert "There is no function or unit `fn:nope`" in results[2]["text"]
    assert "making it again ends the session" in results[5]["text"]
    ended = run.events("session_ended")[0]
    assert ended["reason"] == "repeated" and "view" in ended["detail"]
    assert run.outcome["verdict"] == "partial" and run.outcome["obligations"][0]["kind"] == "missing_decreases"
    assert_audited(run)


def test_the_session_budget_running_out_ends_partial_with_obligations(harness) -> None:
    run = run_agent(
        harness,
        [
            reply(call("view", target="double")),
            reply(call("edit", items=WEAK_FN)),
            reply(call("view", target="outline")),
            reply(call("submit")),  # never asked for: the budget is spent first
        ],
        session_tool_calls=3,
    )
    assert [e["name"] for e in run.events("tool_call")] == ["view", "edit", "view"]
    ended = run.events("session_ended")[0]
    assert ended["reason"] == "budget" and "3 of 3 tool calls" in ended["detail"]
    assert run.outcome["verdict"] == "partial"
    assert run.outcome["obligations"][0]["kind"] == "arithmetic_overflow"  # the weak edit, verified by the loop
    assert (harness.tmp / "double.partial.rs").read_text() == WEAK_FILE
    assert_audited(run)


def test_the_run_budget_running_out_mid_session_stops_the_run(harness) -> None:
    run = run_agent(
        harness,
        [
            reply(call("edit", items=WEAK_FN)),
            reply(call("verify")),
            reply(call("edit", items=PROOF_FN)),
            reply(call("verify")),
        ],
        max_verus_runs=2,
        rounds=3,
    )
    ended = run.events("session_ended")[0]
    assert ended["reason"] == "run_budget" and "verus run budget spent" in ended["detail"]
    assert run.outcome["verdict"] == "partial" and run.outcome["stopped_reason"] == "budget"
    assert run.outcome["obligations"][0]["kind"] == "arithmetic_overflow"
    assert len(run.events("session_started")) == 1  # no later round
    assert_audited(run)


def test_the_text_protocol_for_a_model_without_tool_calls(harness) -> None:
    def text_call(name: str, **arguments) -> str:
        return f"Next step.\n```tool\n{json.dumps({'name': name, 'arguments': arguments})}\n```\n"

    run = run_agent(
        harness,
        [
            {"text": text_call("view", target="double"), "expect_tools": []},
            {"text": text_call("edit", items=PROOF_FN), "when": "### 1. view (call text-1-1)"},
            {"text": "I think it is done now.", "when": "Edit applied"},
            {"text": text_call("verify"), "when": "Your reply called no tool"},
            {"text": text_call("submit"), "when": "The whole file verifies"},
        ],
        tool_protocol="text",
    )
    assert run.outcome["verdict"] == "verified"
    first = harness.model.requests[0]["messages"][1]["content"]
    assert "# How to call a tool" in first and "```tool" in first
    assert run.events("session_started")[0]["protocol"] == "text"
    assert_audited(run)


def test_agent_beside_a_prompt_strategy_in_the_portfolio(harness) -> None:
    run = run_agent(
        harness,
        [
            {"text": f"```rust\n{WEAK_FILE}```\n", "when": "Approach for this attempt"},
            reply(call("edit", items=PROOF_FN), when="# The tools"),
            reply(call("verify"), when="Edit applied"),
            reply(call("submit"), when="The whole file verifies"),
        ],
        strategy=["invariants", "agent"],
    )
    strategies = {e["strategy"] for e in run.events("candidate_created")}
    assert {"invariants", "agent"} <= strategies and run.outcome["verdict"] == "verified"
    assert_audited(run)


def test_ctrl_c_in_a_session_then_resume(harness) -> None:
    """A real SIGINT while the session waits for its third model reply; --resume replays what the session verified
    and goes on with a new session in the next round."""
    source = harness.task("double.rs", (DEMO / "double.rs").read_text())
    harness.script([reply(call("edit", items=WEAK_FN)), reply(call("verify")), reply(call("submit"), delay_s=3.0)])
    harness.scenario(DEMO_RULES)
    command = [
        sys.executable,
        "-m",
        "verusagent.cli",
        "prove",
        str(source),
        "--model",
        "scripted/test",
        "--strategy",
        "agent",
        "--rounds",
        "2",
        "--jobs",
        "1",
        "--verus",
        str(STANDIN),
        "--runs-dir",
        str(harness.runs_dir),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ.copy())
    events_file = wait_for_requests(harness, process, 3)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr.decode()
    kinds = [json.loads(line)["kind"] for line in events_file.read_text().splitlines()]
    assert kinds[-1] == "run_stopped" and "session_ended" not in kinds and "verdict" not in kinds
    harness.script(
        [
            reply(call("edit", items=PROOF_FN), when="arithmetic underflow/overflow"),
            reply(call("verify"), when="Edit applied"),
            reply(call("submit"), when="whole file verifies"),
        ]
    )
    resumed = harness.run("prove", source, resume=events_file.parent.name)
    assert resumed.outcome["verdict"] == "verified" and resumed.folder == events_file.parent
    assert [e["session"] for e in resumed.events("session_started")] == ["agent-r1", "agent-r2"]
    assert_audited(resumed)


def wait_for_requests(harness, process, count: int, limit_s: float = 90.0):
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        runs = list(harness.runs_dir.glob("*/events.jsonl")) if harness.runs_dir.exists() else []
        if runs and runs[0].read_text().count('"kind": "model_request"') >= count:
            return runs[0]
        assert process.poll() is None, process.communicate()[1].decode()
        time.sleep(0.05)
    raise AssertionError(f"the run did not reach model request {count}")
