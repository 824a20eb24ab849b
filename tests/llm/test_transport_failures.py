"""Each way a provider fails, over HTTP through litellm's OpenAI provider: the replay server (a stand-in for a model
endpoint) on 127.0.0.1 answers, fails with a status, hangs, drops the connection or sends what is not JSON; a
closed port refuses; TLS to a plain-HTTP server fails its handshake. Each failure gets its kind (in the provider's
words, with the cause litellm hides), its retries, one line on stderr the first time, and its place in the model's
health: the errors that mean the model cannot be used are ``ModelUnavailable`` with the run's stop reason."""

import socket
from pathlib import Path

import pytest

from verusagent.llm.client import ModelClient
from verusagent.llm.errors import ModelCallError, ModelUnavailable
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.settings import ModelSettings
from verusagent.record import RunWriter, read_run, spend_of

MESSAGES = [{"role": "user", "content": "prove binary_search"}]
CONTEXT_EXCEEDED = {
    "status": 400,
    "code": "context_length_exceeded",
    "message": "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
}


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-transport-test")


def client_for(api_base: str, tmp_path: Path, timeout_s: float = 5.0, **retry) -> tuple[ModelClient, list[str]]:
    told: list[str] = []
    writer = RunWriter.create(tmp_path / "runs", "transport")
    client = ModelClient(
        ModelSettings(model="openai/replay-model", api_base=api_base, timeout_s=timeout_s, cache=False),
        retry=RetryPolicy(base_delay_s=0.001, max_delay_s=0.01, **retry),
        recorder=writer,
        notice=told.append,
    )
    return client, told


def fails(client: ModelClient) -> ModelCallError:
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    return raised.value


def closed_port_url() -> str:
    with socket.socket() as probe:  # a port the system just gave out and nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def test_a_refused_connection_is_tried_twice_and_named_with_its_cause(tmp_path):
    client, told = client_for(closed_port_url(), tmp_path)
    error = fails(client)
    assert (error.error.kind, error.attempts) == ("connection", 2)
    assert "Connection refused" in error.error.message and "Connection error." in error.error.message
    assert not isinstance(error, ModelUnavailable)  # one failed call: the round decides (never_answered)
    assert client.health.never_answered().reason == "model_unreachable"
    [line] = told  # the first occurrence only, in one line, with the endpoint
    assert "connection (retrying)" in line and "Connection refused" in line and "127.0.0.1" in line


def test_a_name_that_does_not_resolve_is_a_connection_failure(tmp_path, monkeypatch):
    """The resolver's failure, raised where httpx asks for the connection (no DNS query leaves the machine)."""
    real = socket.create_connection

    def resolve_nothing(address, *args, **kwargs):
        if address[0] == "model.invalid":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", resolve_nothing)
    error = fails(client_for("http://model.invalid/v1", tmp_path)[0])
    assert error.error.kind == "connection" and "Name or service not known" in error.error.message


def test_tls_to_a_plain_http_server_fails_its_handshake(replay_server, tmp_path):
    server = replay_server([{"content": "never sent", "repeat": True}])
    error = fails(client_for(server.base_url.replace("http://", "https://"), tmp_path)[0])
    assert error.error.kind == "connection" and "SSL" in error.error.message
    assert server.requests == []


def test_a_dropped_connection_is_retried(replay_server, tmp_path):
    server = replay_server([{"drop": True}, {"content": "after the reset"}])
    client, told = client_for(server.base_url, tmp_path)
    assert client.complete(MESSAGES).texts == ["after the reset"]
    assert len(server.requests) == 2 and "dropped (retrying)" in told[0] and "reset" in told[0].lower()


def test_a_reply_that_is_not_json_is_retried_then_counts_as_a_transport_failure(replay_server, tmp_path):
    server = replay_server([{"raw": "<html>502 Bad Gateway</html>", "repeat": True}])
    error = fails(client_for(server.base_url, tmp_path, max_attempts=3)[0])
    assert (error.error.kind, error.attempts) == ("bad_response", 3) and len(server.requests) == 3
    assert "Expecting value" in error.error.message


def test_a_hanging_server_times_out_on_every_attempt(replay_server, tmp_path):
    server = replay_server([{"content": "too late", "delay_s": 5, "repeat": True}])
    client, told = client_for(server.base_url, tmp_path, timeout_s=0.3, max_attempts=2)
    error = fails(client)
    assert (error.error.kind, error.attempts) == ("timeout", 2) and "timeout (retrying)" in told[0]


@pytest.mark.parametrize(
    ("entry", "kind", "reason"),
    [
        ({"status": 401, "message": "Incorrect API key provided: sk-tr***"}, "authentication", "credentials"),
        ({"status": 403, "message": "Project does not have access to model"}, "permission", "credentials"),
        ({"status": 404, "message": "The model `replay-model` does not exist"}, "not_found", "model_unreachable"),
        (CONTEXT_EXCEEDED, "context_window", "context_window"),
    ],
)
def test_errors_no_retry_can_fix_stop_the_run_at_once(replay_server, tmp_path, entry, kind, reason):
    server = replay_server([entry | {"repeat": True}])
    client, told = client_for(server.base_url, tmp_path)
    error = fails(client)
    assert isinstance(error, ModelUnavailable) and (error.reason, error.error.kind, error.attempts) == (reason, kind, 1)
    assert entry["message"] in error.error.message and entry["message"] in told[0]
    assert len(server.requests) == 1
    assert fails(client) is error  # once stopped, every later failure is the same stop


@pytest.mark.parametrize("status", [429, 500, 503])
def test_retries_exhausted_on_a_rate_limit_or_server_error(replay_server, tmp_path, status):
    server = replay_server([{"status": status, "retry_after": 0, "repeat": True}])
    client, told = client_for(server.base_url, tmp_path, max_attempts=3)
    error = fails(client)
    assert error.error.kind == ("rate_limit" if status == 429 else "server_error") and error.attempts == 3
    assert len(server.requests) == 3 and len(told) == 1 and f"scripted {status}" in told[0]


def test_three_calls_in_a_row_that_fail_after_an_answer_stop_the_model(replay_server, tmp_path):
    server = replay_server([{"content": "first"}, {"status": 500, "repeat": True}])
    client, _ = client_for(server.base_url, tmp_path, max_attempts=2)
    client.complete(MESSAGES)
    first, second = fails(client), fails(client)
    assert not isinstance(first, ModelUnavailable) and not isinstance(second, ModelUnavailable)
    assert client.health.never_answered() is None  # it did answer once
    third = fails(client)
    assert isinstance(third, ModelUnavailable) and third.reason == "model_unreachable"
    assert "3 calls in a row failed" in str(third)
    log = read_run(client.recorder.folder)
    spend = spend_of(log.events)
    live = client.budget.snapshot()
    assert (spend.calls, spend.answered_calls) == (7, 1) == (live.calls, live.answered_calls)


def test_the_notice_goes_to_stderr_by_default(replay_server, tmp_path, capsys):
    server = replay_server([{"status": 503, "message": "upstream\nunavailable", "repeat": True}])
    client = ModelClient(
        ModelSettings(model="openai/replay-model", api_base=server.base_url, cache=False),
        retry=RetryPolicy(max_attempts=2, base_delay_s=0.001),
    )
    fails(client)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("warning: model openai/replay-model at http://127.0.0.1:")
    assert "upstream unavailable" in err[0]
