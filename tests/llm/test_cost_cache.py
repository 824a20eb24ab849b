"""Cost accounting (known, unknown, given) and the SQLite response cache."""

import pytest

from verusagent.llm.budget import BudgetTracker
from verusagent.llm.cache import CachedReply, ResponseCache, default_cache_dir, request_key
from verusagent.llm.client import ModelClient
from verusagent.llm.cost import call_cost, has_known_price
from verusagent.llm.settings import ModelSettings
from verusagent.record import RunWriter, TokenUsage, read_run

USAGE = TokenUsage(prompt_tokens=1000, completion_tokens=500)
MESSAGES = [{"role": "user", "content": "prove it"}]


def test_a_model_with_a_known_price_costs_what_litellm_says():
    assert has_known_price("openai/gpt-4o")
    cost = call_cost(ModelSettings(model="openai/gpt-4o"), USAGE)
    assert cost is not None and cost > 0


def test_a_model_without_a_price_costs_unknown_not_zero():
    assert call_cost(ModelSettings(model="scripted/anything"), USAGE) is None
    assert call_cost(ModelSettings(model="openai/some-private-finetune-xyz"), USAGE) is None
    assert call_cost(ModelSettings(model="openai/gpt-4o"), None) is None  # no usage reported


def test_prices_given_in_the_settings_win():
    settings = ModelSettings(model="scripted/x", input_cost_per_token=1e-6, output_cost_per_token=2e-6)
    assert call_cost(settings, USAGE) == pytest.approx(0.002)


def test_unknown_cost_shows_in_the_completion_and_the_record(tmp_path, scripted):
    scripted({"text": "a"})
    writer = RunWriter.create(tmp_path / "runs", "r")
    completion = ModelClient(ModelSettings(model="scripted/x", cache=False), recorder=writer).complete(MESSAGES)
    assert completion.cost_usd is None
    reply = read_run(writer.folder).of_kind("model_reply")[0]
    assert reply.cost_usd is None and reply.usage is not None


def test_cache_key_covers_the_whole_request():
    base = {"model": "m", "messages": MESSAGES, "params": {"temperature": 0}, "sample": 0}
    assert request_key(base) == request_key(dict(reversed(list(base.items()))))
    for change in [
        {"model": "m2"},
        {"messages": [{"role": "user", "content": "other"}]},
        {"params": {"temperature": 0.5}},
        {"sample": 1},
    ]:
        assert request_key(base | change) != request_key(base)


def test_cache_round_trip_and_default_folder(private_cache):
    assert default_cache_dir() == private_cache
    cache = ResponseCache()
    assert cache.path.parent == private_cache
    reply = CachedReply(
        texts=["t"], finish_reasons=["stop"], usage=TokenUsage(prompt_tokens=1, completion_tokens=2), cost_usd=None
    )
    assert cache.get("k") is None
    cache.put("k", "m", reply)
    assert cache.get("k") == reply and len(cache) == 1


def test_a_rerun_at_temperature_zero_is_served_from_the_cache(tmp_path, scripted):
    model = scripted({"text": "first"}, {"text": "second"})
    cache = ResponseCache(tmp_path / "c.sqlite3")
    writer = RunWriter.create(tmp_path / "runs", "r")
    budget = BudgetTracker()
    client = ModelClient(ModelSettings(model="scripted/x"), cache=cache, recorder=writer, budget=budget)
    assert client.complete(MESSAGES).texts == ["first"]
    again = client.complete(MESSAGES)
    assert again.texts == ["first"] and again.from_cache and again.attempts == 0
    assert len(model.requests) == 1
    assert budget.spend.calls == 1 and budget.spend.cached_calls == 1
    requests = read_run(writer.folder).of_kind("model_request")
    assert [r.cached for r in requests] == [False, True]


def test_sampling_is_not_cached_unless_asked(tmp_path, scripted):
    model = scripted({"text": "a"}, {"text": "b"}, {"text": "c"}, {"text": "d"})
    cache = ResponseCache(tmp_path / "c.sqlite3")
    sampling = ModelClient(ModelSettings(model="scripted/x", temperature=0.8), cache=cache)
    assert sampling.complete(MESSAGES).texts == ["a"]
    assert sampling.complete(MESSAGES).texts == ["b"]
    assert len(cache) == 0
    asked = ModelClient(ModelSettings(model="scripted/x", temperature=0.8, cache_sampling=True), cache=cache)
    assert asked.complete(MESSAGES).texts == ["c"]
    assert asked.complete(MESSAGES).texts == ["c"]
    assert len(model.requests) == 3


def test_emulated_samples_are_separate_requests_and_separately_cached(tmp_path, scripted):
    model = scripted({"text": "s1"}, {"text": "s2"}, {"text": "s3"})
    cache = ResponseCache(tmp_path / "c.sqlite3")
    client = ModelClient(ModelSettings(model="scripted/x", n=3), cache=cache)
    completion = client.complete(MESSAGES)
    assert completion.texts == ["s1", "s2", "s3"] and len(completion.call_ids) == 3
    assert len(model.requests) == 3 and len(cache) == 3
    assert client.complete(MESSAGES).texts == ["s1", "s2", "s3"]
    assert len(model.requests) == 3


def test_make_client_uses_the_shared_cache_only_when_asked(private_cache, scripted):
    from verusagent.llm.client import make_client

    scripted({"text": "cached once"})
    assert make_client(ModelSettings(model="scripted/x")).complete(MESSAGES).texts == ["cached once"]
    assert make_client(ModelSettings(model="scripted/x")).complete(MESSAGES).from_cache
    assert (private_cache / "responses.sqlite3").is_file()
    assert make_client(ModelSettings(model="scripted/x", cache=False)).cache is None


def test_a_corrupt_response_cache_is_dropped_with_a_warning(scripted, tmp_path, capsys):
    from verusagent.llm.cache import ResponseCache
    from verusagent.llm.client import ModelClient
    from verusagent.llm.settings import ModelSettings

    path = tmp_path / "responses.sqlite3"
    cache = ResponseCache(path)
    path.write_bytes(b"this is not a sqlite database" * 100)
    scripted({"text": "first"}, {"text": "second"})
    client = ModelClient(ModelSettings(model="scripted/test"), cache=cache)
    assert client.complete([{"role": "user", "content": "hi"}]).texts == ["first"]
    assert client.cache is None and "response cache" in capsys.readouterr().err
    assert client.complete([{"role": "user", "content": "hi"}]).texts == ["second"]
