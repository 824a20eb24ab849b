"""End to end over HTTP: litellm's OpenAI provider against the replay server (a stand-in) on 127.0.0.1.

Checks that our retry count is the true count (the server sees exactly the requests we record), that a slow
reply hits the timeout, and that the API key reaches the server but no file of the run folder or the cache.
"""

import time
from pathlib import Path

import pytest

from verusagent.llm.cache import ResponseCache
from verusagent.llm.client import ModelClient
from verusagent.llm.errors import ModelCallError
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.settings import ModelSettings
from verusagent.record import RunResult, RunStarted, RunWriter, read_run, spend_of

SECRET = "sk-verusagent-test-0123456789abcdefSECRET"
MESSAGES = [{"role": "system", "content": "rules"}, {"role": "user", "content": "prove binary_search"}]


@pytest.fixture
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    return SECRET


def client_for(server, tmp_path: Path, writer=None, timeout_s: float = 10.0, max_attempts: int = 4, **settings):
    sleeps: list[float] = []
    client = ModelClient(
        ModelSettings(model="openai/replay-model", api_base=server.base_url, timeout_s=timeout_s, **settings),
        retry=RetryPolicy(max_attempts=max_attempts, base_delay_s=0.01, max_delay_s=0.05),
        cache=ResponseCache(tmp_path / "cache" / "responses.sqlite3"),
        recorder=writer,
        sleep=sleeps.append,
    )
    return client, sleeps


def test_429_then_success_is_two_requests_on_the_wire(replay_server, tmp_path, api_key):
    server = replay_server([{"status": 429, "retry_after": 0}, {"content": "proved", "prompt_tokens": 12}])
    client, sleeps = client_for(server, tmp_path)
    completion = client.complete(MESSAGES)
    assert completion.texts == ["proved"] and completion.attempts == 2
    assert len(server.requests) == 2 and len(sleeps) == 1
    assert completion.usage.prompt_tokens == 12
    assert completion.cost_usd is None  # litellm has no price for "replay-model"
    assert server.requests[0]["headers"]["x-stainless-retry-count"] == "0"  # the OpenAI client did not retry


def test_500_then_success(replay_server, tmp_path, api_key):
    server = replay_server([{"status": 500}, {"content": "ok"}])
    client, _ = client_for(server, tmp_path)
    assert client.complete(MESSAGES).texts == ["ok"]
    assert len(server.requests) == 2


def test_persistent_errors_reach_the_server_exactly_max_attempts_times(replay_server, tmp_path, api_key):
    server = replay_server([{"status": 500}] * 5)
    client, _ = client_for(server, tmp_path, max_attempts=3)
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.attempts == 3 and raised.value.error.kind == "server_error"
    assert len(server.requests) == 3


def test_a_slow_reply_hits_the_timeout(replay_server, tmp_path, api_key):
    server = replay_server([{"content": "too late", "delay_s": 5}])
    client, _ = client_for(server, tmp_path, timeout_s=1.0, max_attempts=1)
    started = time.monotonic()
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.error.kind == "timeout" and raised.value.error.retryable
    assert time.monotonic() - started < 4.0
    assert len(server.requests) == 1


def test_a_slow_reply_then_a_retry_that_succeeds(replay_server, tmp_path, api_key):
    server = replay_server([{"content": "too late", "delay_s": 5}, {"content": "in time"}])
    client, _ = client_for(server, tmp_path, timeout_s=1.0)
    assert client.complete(MESSAGES).texts == ["in time"]
    assert len(server.requests) == 2


def test_native_n_is_one_request_with_n(replay_server, tmp_path, api_key):
    server = replay_server([{"content": "sample"}])
    client, _ = client_for(server, tmp_path, n=3, temperature=0.7)
    assert client.complete(MESSAGES).texts == ["sample"] * 3
    assert len(server.requests) == 1 and server.requests[0]["body"]["n"] == 3


def test_the_api_key_reaches_the_server_but_no_file_of_the_run(replay_server, tmp_path, api_key):
    server = replay_server([{"status": 429, "retry_after": 0}, {"content": "fn f() {}"}, {"status": 401}])
    writer = RunWriter.create(tmp_path / "runs", "secret-run")
    settings_view = ModelSettings(model="openai/replay-model", api_base=server.base_url).public_view()
    writer.emit(RunStarted(run_id=writer.run_id, command="prove", config=settings_view))
    client, _ = client_for(server, tmp_path, writer=writer)
    client.complete(MESSAGES)
    with pytest.raises(ModelCallError) as raised:
        client.complete([{"role": "user", "content": "again"}])
    assert raised.value.error.kind == "authentication" and "API key" in raised.value.error.hint
    writer.write_candidate("fn f() {}\n")
    writer.write_result(RunResult(run_id=writer.run_id, spend=client.budget.snapshot()))
    writer.close()

    assert all(r["headers"]["authorization"] == f"Bearer {SECRET}" for r in server.requests)
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name == "events.jsonl" for p in files) and any(p.suffix == ".sqlite3" for p in files)
    for path in files:
        data = path.read_bytes()
        assert SECRET.encode() not in data, f"the API key leaked into {path}"
        assert b"Bearer" not in data, f"an authorization header leaked into {path}"
    log = read_run(writer.folder)
    assert spend_of(log.events).calls == 3 == log.result.spend.calls


def test_an_explicit_key_variable_is_sent_and_never_written(replay_server, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("LOCAL_ENDPOINT_PASS", "local-endpoint-key-987654321")
    server = replay_server([{"content": "ok"}])
    writer = RunWriter.create(tmp_path / "runs", "key-env")
    client, _ = client_for(server, tmp_path, writer=writer, api_key_env="LOCAL_ENDPOINT_PASS")
    client.complete(MESSAGES)
    writer.close()
    assert server.requests[0]["headers"]["authorization"] == "Bearer local-endpoint-key-987654321"
    for path in (p for p in tmp_path.rglob("*") if p.is_file()):
        assert b"local-endpoint-key-987654321" not in path.read_bytes()


def test_a_missing_key_variable_fails_before_any_request(replay_server, tmp_path, monkeypatch):
    monkeypatch.delenv("NO_SUCH_KEY_VAR", raising=False)
    server = replay_server([{"content": "unused"}])
    writer = RunWriter.create(tmp_path / "runs", "no-key")
    client, _ = client_for(server, tmp_path, writer=writer, api_key_env="NO_SUCH_KEY_VAR")
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.attempts == 0 and raised.value.error.kind == "authentication"
    assert server.requests == [] and read_run(writer.folder).events == []


def test_a_local_server_is_reached_without_any_key(replay_server, tmp_path, monkeypatch):
    """litellm's OpenAI client refuses to send without a key; a server on 127.0.0.1 gets a placeholder."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_ADMIN_KEY", raising=False)
    server = replay_server([{"content": "ok"}])
    client, _ = client_for(server, tmp_path)
    assert client.complete(MESSAGES).texts == ["ok"]
    assert server.requests[0]["headers"]["authorization"] == "Bearer no-key-needed"
