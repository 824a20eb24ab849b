"""The retry policy, counted exactly: every request that goes out is one scripted request, one record event."""

import random

import pytest

from verusagent.llm.client import ModelClient
from verusagent.llm.errors import ModelCallError
from verusagent.llm.retry import RetryPolicy, classify
from verusagent.llm.settings import ModelSettings
from verusagent.record import ModelReply, ModelRequest, RunWriter, read_run

MESSAGES = [{"role": "user", "content": "prove it"}]


def make_client(tmp_path, **policy):
    sleeps: list[float] = []
    writer = RunWriter.create(tmp_path / "runs", "r1")
    client = ModelClient(
        ModelSettings(model="scripted/test", cache=False),
        retry=RetryPolicy(**policy),
        recorder=writer,
        sleep=sleeps.append,
        rng=random.Random(7),
    )
    return client, sleeps, writer


def test_backoff_grows_exponentially_with_jitter_and_a_cap():
    policy = RetryPolicy(base_delay_s=1.0, max_delay_s=8.0)
    rng = random.Random(1)
    for retry, step in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (5, 8.0), (9, 8.0)]:
        delays = {policy.delay(retry, rng) for _ in range(50)}
        assert all(step / 2 <= d <= step for d in delays)
        assert len(delays) > 1  # jittered, not a constant


def test_retry_after_from_the_server_is_honoured_up_to_the_cap():
    policy = RetryPolicy(base_delay_s=0.1, max_delay_s=5.0)
    assert policy.delay(1, random.Random(0), retry_after=3.0) == 3.0
    assert policy.delay(1, random.Random(0), retry_after=60.0) == 5.0


def test_rate_limit_then_server_error_then_success_is_three_requests(tmp_path, scripted):
    model = scripted({"error": "rate_limit"}, {"error": "server_error"}, {"text": "done"})
    client, sleeps, writer = make_client(tmp_path, max_attempts=4)
    completion = client.complete(MESSAGES)
    assert completion.texts == ["done"]
    assert completion.attempts == 3
    assert len(model.requests) == 3
    assert len(sleeps) == 2
    log = read_run(writer.folder)
    assert [e.attempt for e in log.of_kind("model_request")] == [1, 2, 3]
    errors = [e.error.kind for e in log.of_kind("model_reply") if e.error]
    assert errors == ["rate_limit", "server_error"]


def test_retries_stop_at_max_attempts_exactly(tmp_path, scripted):
    model = scripted(*[{"error": "service_unavailable"}] * 6)
    client, sleeps, writer = make_client(tmp_path, max_attempts=3)
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.attempts == 3
    assert raised.value.error.kind == "server_error"
    assert len(model.requests) == 3
    assert len(sleeps) == 2  # no sleep after the last attempt
    log = read_run(writer.folder)
    assert len(log.of_kind("model_request")) == 3
    assert len([e for e in log.of_kind("model_reply") if e.error]) == 3


@pytest.mark.parametrize(
    ("scripted_error", "kind", "hint_word"),
    [
        ("context_window", "context_window", "context window"),
        ("authentication", "authentication", "API key"),
        ("bad_request", "bad_request", "malformed"),
        ("missing_credentials", "authentication", "OPENAI_API_KEY"),
    ],
)
def test_fatal_errors_are_not_retried_and_carry_a_hint(tmp_path, scripted, scripted_error, kind, hint_word):
    model = scripted({"error": scripted_error}, {"text": "never served"})
    client, sleeps, _ = make_client(tmp_path, max_attempts=5)
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.attempts == 1
    assert raised.value.error.kind == kind
    assert not raised.value.error.retryable
    assert hint_word in raised.value.error.hint
    assert hint_word in str(raised.value)
    assert len(model.requests) == 1
    assert sleeps == []


def test_a_timeout_is_retried_by_default_and_can_be_made_fatal(tmp_path, scripted):
    scripted({"error": "timeout"}, {"text": "ok"})
    client, _, _ = make_client(tmp_path)
    assert client.complete(MESSAGES).attempts == 2
    model = scripted({"error": "timeout"}, {"text": "ok"})
    client, _, _ = make_client(tmp_path / "second", retry_timeouts=False)
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.error.kind == "timeout" and len(model.requests) == 1


def test_a_scripted_delay_longer_than_the_timeout_times_out(tmp_path, scripted):
    scripted({"text": "late", "delay_s": 5.0}, {"text": "on time"})
    writer = RunWriter.create(tmp_path / "runs", "r")
    settings = ModelSettings(model="scripted/test", cache=False, timeout_s=0.2)
    client = ModelClient(settings, retry=RetryPolicy(max_attempts=2), recorder=writer, sleep=lambda s: None)
    assert client.complete(MESSAGES).texts == ["on time"]
    replies = read_run(writer.folder).of_kind("model_reply")
    assert isinstance(replies[0], ModelReply) and replies[0].error.kind == "timeout"
    assert replies[0].latency_s < 2.0


def test_classify_maps_status_codes_of_unknown_exceptions():
    class Odd(Exception):
        def __init__(self, status_code):
            super().__init__(f"status {status_code}")
            self.status_code = status_code

    from verusagent.llm.provider import load_litellm

    load_litellm()
    assert classify(Odd(429)).kind == "rate_limit" and classify(Odd(429)).retryable
    assert classify(Odd(502)).kind == "server_error"
    assert classify(Odd(418)).kind == "other" and not classify(Odd(418)).retryable
    assert classify(ValueError("boom")).kind == "other"


def test_request_events_carry_the_prompt_once_per_call(tmp_path, scripted):
    scripted({"error": "rate_limit"}, {"text": "ok"})
    client, _, writer = make_client(tmp_path)
    client.complete(MESSAGES, purpose="prove")
    requests = [e for e in read_run(writer.folder).events if isinstance(e, ModelRequest)]
    assert requests[0].messages == MESSAGES and requests[1].messages == []
    assert {r.purpose for r in requests} == {"prove"}
    assert requests[0].call_id == requests[1].call_id


def test_a_missing_key_from_the_real_openai_provider_is_fatal_at_once(tmp_path, monkeypatch):
    """litellm's real OpenAI path without a key (it fails before any connection): one attempt, not four."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    sleeps: list[float] = []
    client = ModelClient(
        ModelSettings(model="openai/gpt-4o", cache=False), retry=RetryPolicy(max_attempts=4), sleep=sleeps.append
    )
    with pytest.raises(ModelCallError) as raised:
        client.complete(MESSAGES)
    assert raised.value.attempts == 1 and sleeps == []
    assert raised.value.error.kind == "authentication" and "OPENAI_API_KEY" in raised.value.error.hint


@pytest.mark.parametrize(
    ("status", "kind", "retryable"),
    [(401, "authentication", False), (403, "permission", False), (409, "server_error", True)],
)
def test_a_bare_status_is_classified_as_litellm_retries_it(status, kind, retryable):
    from verusagent.llm.provider import load_litellm

    load_litellm()

    class Bare(Exception):
        status_code = status

    error = classify(Bare("refused"))
    assert (error.kind, error.retryable) == (kind, retryable)
