"""An agent-mode session's record grows linearly with its turns: each model request records only the messages
that are new since the turn before; read back, every request is whole (what the model was sent), `show --full`
and the audit read it. The scripted model (a stand-in) and the verus stand-in (not verus) run the session."""

import json

from typer.testing import CliRunner

from verusagent.audit import audit_run
from verusagent.cli import app
from verusagent.record import ModelRequest, read_run

from tests.agent.agent_harness import REPO_ROOT

DEMO = REPO_ROOT / "rust_fixtures" / "demo"
TURNS = 12


def views(turns: int) -> list[dict]:
    ranges = [{"tool_calls": [{"name": "view", "arguments": {"target": f"{1 + k}-{7 + k}"}}]} for k in range(turns - 1)]
    return [*ranges, {"tool_calls": [{"name": "submit", "arguments": {"summary": "done"}}]}]


def run_session(harness):
    source = harness.task("double.rs", (DEMO / "double.rs").read_text())
    harness.script(views(TURNS))
    harness.scenario(json.loads((DEMO / "demo_standin.json").read_text())["rules"])
    return harness.run("prove", source, strategy=["agent"], rounds=1, session_tool_calls=TURNS + 2)


def sent(message: dict) -> tuple[str, str]:
    return message["role"], message.get("content") or ""


def test_each_turn_records_only_its_new_messages(harness) -> None:
    run = run_session(harness)
    raw = [r for r in run.events("model_request") if r["purpose"].startswith("agent:")]
    assert len(raw) == TURNS and raw[0]["continues"] is None
    assert all(
        len(r["messages"]) == 2 and r["continues"]["seq"] == before["seq"] for before, r in zip(raw, raw[1:])
    )  # the reply with its tool call, and the tool's result


def test_read_back_each_request_is_what_the_model_was_sent(harness) -> None:
    run = run_session(harness)
    log = read_run(run.folder)
    assert not log.problems
    requests = [e for e in log.events if isinstance(e, ModelRequest) and e.purpose.startswith("agent:")]
    received = harness.model.requests[-TURNS:]
    assert [[sent(m) for m in e.messages] for e in requests] == [[sent(m) for m in r["messages"]] for r in received]
    assert audit_run(run.folder).ok
    shown = CliRunner().invoke(app, ["show", str(run.folder), "--full"])
    assert shown.exit_code == 0, shown.output
    assert f"{2 * TURNS} messages" in shown.output  # the last request, whole
