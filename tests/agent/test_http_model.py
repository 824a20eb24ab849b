"""The agent through litellm's OpenAI provider over HTTP, against the replay server on 127.0.0.1 (a stand-in for
a model endpoint): a rate limit is retried, the proof is accepted, and the API key is in no file of the run."""

import json
from pathlib import Path

from tests.agent.agent_harness import BASELINE_RULE, GOOD_PROOF, GOOD_RULE, STANDIN, assert_audited

SECRET = "sk-verusagent-agent-test-9876543210SECRET"


def test_prove_over_http_with_a_rate_limit_first(harness, replay_server, monkeypatch) -> None:
    from tests.agent.agent_harness import run_agent

    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    server = replay_server(
        [
            {"status": 429, "retry_after": 0},
            {"content": f"Invariants added.\n\n```rust\n{GOOD_PROOF}```\n", "prompt_tokens": 900},
        ]
    )
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    source = harness.task("count_up.rs")
    harness.capsys.readouterr()
    code = run_agent(
        "prove",
        source,
        model="openai/replay-model",
        api_base=server.base_url,
        strategies=1,
        rounds=2,
        verus=str(STANDIN),
        runs_dir=harness.runs_dir,
        as_json=True,
        jobs=1,
    )
    outcome = json.loads(harness.capsys.readouterr().out)
    assert code == 0 and outcome["verdict"] == "verified"
    assert len(server.requests) == 2 and outcome["calls"] == 2
    assert any(SECRET in json.dumps(r["headers"]) for r in server.requests)
    run_folder = Path(outcome["run_folder"])
    for path in [*run_folder.rglob("*"), *(harness.tmp / "cache").rglob("*")]:
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert_audited(type("Run", (), {"folder": run_folder})())
