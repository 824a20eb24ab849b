"""`prove --api-base` end to end, through litellm's OpenAI provider, against a model that cannot be used: the replay
server on 127.0.0.1 (a stand-in for a model endpoint) failing each way, or a closed port. The run stops with exit 3
and its stop reason (`model_unreachable`, `credentials`, `context_window`), no verdict, the first failure told on
stderr in one line, attempts and answered calls counted apart, and a record the audit accepts.

Short retry delays and request timeouts come from the environment (VERUSAGENT_RETRY_DELAY,
VERUSAGENT_MODEL_TIMEOUT), as an operator would set them."""

import json
import socket
from pathlib import Path

import pytest

from verusagent.audit import audit_run

from tests.agent.agent_harness import BASELINE_RULE, GOOD_PROOF, GOOD_RULE, STANDIN, run_agent

CONTEXT_EXCEEDED = {
    "status": 400,
    "code": "context_length_exceeded",
    "message": "This model's maximum context length is 1024 tokens. However, your messages resulted in 1500 tokens.",
}
BAD_REPLY = {"content": "No code block here, only prose.", "prompt_tokens": 900}


@pytest.fixture
def fast_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERUSAGENT_RETRY_DELAY", "0.001")
    monkeypatch.setenv("VERUSAGENT_MODEL_TIMEOUT", "0.3")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # a local server needs none


def prove(harness, api_base: str, model: str = "openai/replay-model", **options) -> tuple[int, dict, str]:
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    source = harness.task("count_up.rs")
    harness.capsys.readouterr()
    settings = {"strategies": 1, "rounds": 4, "verus": str(STANDIN), "runs_dir": harness.runs_dir, "jobs": 1}
    code = run_agent("prove", source, model=model, api_base=api_base, as_json=True, **settings | options)
    captured = harness.capsys.readouterr()
    return code, json.loads(captured.out), captured.err


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("warning: model ")]


def assert_stopped(code: int, outcome: dict, reason: str) -> None:
    assert code == 3, outcome
    assert outcome["verdict"] is None and outcome["stopped_reason"] == reason
    assert outcome["output_path"] is None
    report = audit_run(Path(outcome["run_folder"]))
    assert report.ok, report.model_dump_json(indent=2)


def test_a_closed_port_stops_the_run_after_one_round(harness, fast_transport) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, outcome, err = prove(harness, f"http://127.0.0.1:{port}/v1", strategies=2)
    assert_stopped(code, outcome, "model_unreachable")
    assert "the model never answered: 2 call(s) failed" in outcome["detail"]
    assert (outcome["calls"], outcome["answered_calls"]) == (4, 0)  # 2 strategies x 2 connection attempts
    [line] = warnings(err)
    assert "connection (retrying)" in line and "Connection refused" in line


@pytest.mark.parametrize(
    ("entry", "kind", "reason", "attempts"),
    [
        ({"status": 401, "message": "Incorrect API key provided"}, "authentication", "credentials", 1),
        ({"status": 404, "message": "The model `replay-model` does not exist"}, "not_found", "model_unreachable", 1),
        (CONTEXT_EXCEEDED, "context_window", "context_window", 1),
        ({"status": 429, "retry_after": 0}, "rate_limit", "model_unreachable", 4),
        ({"status": 500}, "server_error", "model_unreachable", 4),
        ({"drop": True}, "dropped", "model_unreachable", 4),
        ({"raw": "{not json"}, "bad_response", "model_unreachable", 4),
        ({"delay_s": 3, "content": "too late"}, "timeout", "model_unreachable", 4),
    ],
)
def test_a_model_that_never_answers_stops_the_run(
    harness, replay_server, fast_transport, entry, kind, reason, attempts
):
    server = replay_server([entry | {"repeat": True}])
    code, outcome, err = prove(harness, server.base_url)
    assert_stopped(code, outcome, reason)
    assert len(server.requests) == attempts == outcome["calls"] and outcome["answered_calls"] == 0
    [line] = warnings(err)
    assert f": {kind} (" in line
    replies = [json.loads(x) for x in (Path(outcome["run_folder"]) / "events.jsonl").read_text().splitlines()]
    assert {r["error"]["kind"] for r in replies if r["kind"] == "model_reply"} == {kind}


def test_a_model_that_stops_answering_stops_the_run_after_three_failed_calls(
    harness, replay_server, fast_transport
) -> None:
    server = replay_server([BAD_REPLY, {"status": 503, "repeat": True}])
    code, outcome, err = prove(harness, server.base_url, rounds=10)
    assert_stopped(code, outcome, "model_unreachable")
    assert "the model stopped answering: 3 calls in a row failed" in outcome["detail"]
    assert (outcome["calls"], outcome["answered_calls"]) == (1 + 3 * 4, 1)
    assert len(warnings(err)) == 1


def test_a_prompt_over_the_window_litellm_knows_is_refused_before_it_is_sent(
    harness, replay_server, fast_transport
) -> None:
    """litellm's model info gives groq's llama-prompt-guard-2-22m a 512-token input window; the prompt is larger."""
    server = replay_server([{"content": "never asked", "repeat": True}])
    code, outcome, err = prove(harness, server.base_url, model="groq/meta-llama/llama-prompt-guard-2-22m")
    assert_stopped(code, outcome, "context_window")
    assert server.requests == [] and outcome["calls"] == 0
    assert "takes 512 (litellm's model info); not sent" in outcome["detail"]
    [line] = warnings(err)
    assert "context_window (not retried)" in line


def test_the_summary_shows_attempts_and_answered_calls(harness, replay_server, fast_transport) -> None:
    server = replay_server([{"status": 500}, {"content": f"```rust\n{GOOD_PROOF}```\n", "prompt_tokens": 900}])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    source = harness.task("count_up.rs")
    harness.capsys.readouterr()
    code = run_agent(
        "prove", source, model="openai/replay-model", api_base=server.base_url, strategies=1, verus=str(STANDIN),
        runs_dir=harness.runs_dir, jobs=1,
    )  # fmt: skip
    out = harness.capsys.readouterr().out
    assert code == 0
    assert any("model calls" in line and "2 sent, 1 answered" in line for line in out.splitlines()), out
