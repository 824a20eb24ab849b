"""The model is checked before any work: an unknown model is a usage error (exit 2), a missing provider key
stops with its variable's name (exit 3), both before the baseline verus run and without a run record; a key
refused in the middle of a run stops it at once with exit 3 (not four rounds of retried calls)."""

import pytest

from verusagent.llm.preflight import MissingCredentials, UnknownModel, check_model, missing_keys


@pytest.fixture
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_ADMIN_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("model", ["nosuchprovider/foo", "gpt-banana"])
def test_an_unknown_model_is_refused_before_verus_runs(harness, capsys, no_keys, model) -> None:
    harness.script([{"text": "never asked"}])
    source = harness.task("count_up.rs")
    run = harness.run("prove", source, model=model, verus=str(harness.tmp / "no-such-verus"))
    assert run.exit_code == 2 and run.verus_calls == []
    assert f"unknown model '{model}'" in harness.last_err and "no-such-verus" not in harness.last_err
    assert not harness.runs_dir.exists()


def test_a_missing_key_is_named_before_verus_runs(harness, no_keys) -> None:
    harness.script([{"text": "never asked"}])
    source = harness.task("count_up.rs")
    run = harness.run("prove", source, model="openai/gpt-4o")
    assert run.exit_code == 3 and run.verus_calls == [] and not harness.runs_dir.exists()
    assert "OPENAI_API_KEY" in harness.last_err and "export OPENAI_API_KEY=" in harness.last_err


def test_a_key_refused_during_the_run_stops_it_after_one_call_per_strategy(harness) -> None:
    harness.script([{"error": "missing_credentials", "repeat": True}])
    source = harness.task("count_up.rs")
    run = harness.run("prove", source, strategies=2, rounds=4)
    assert run.exit_code == 3
    assert run.outcome["stopped_reason"] == "credentials" and "OPENAI_API_KEY" in run.outcome["detail"]
    assert len(harness.model.requests) == 2  # one per strategy, none retried, no second round


def test_the_check_names_what_litellm_expects(no_keys) -> None:
    with pytest.raises(UnknownModel):
        check_model("nosuchprovider/foo")
    with pytest.raises(MissingCredentials) as raised:
        check_model("anthropic/claude-sonnet-4-5")
    assert "ANTHROPIC_API_KEY" in str(raised.value) and raised.value.exit_code == 3
    with pytest.raises(MissingCredentials, match="MY_KEY"):
        check_model("openai/gpt-4o", api_key_env="MY_KEY")


def test_a_local_server_and_the_scripted_model_need_no_key(no_keys) -> None:
    check_model("openai/local-model", api_base="http://127.0.0.1:8000/v1")
    check_model("hosted_vllm/m", api_base="http://localhost:8000/v1")
    check_model("scripted/anything")
    assert missing_keys("openai/gpt-4o", "https://proxy.example.com/v1") == ["OPENAI_API_KEY"]
