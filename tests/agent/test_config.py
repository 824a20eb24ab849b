"""The run's config holds the option sets' settings as they are (ModelSettings, Budget, RunOptions); a config written
before it did, with their fields flat (a run record's plan read by --resume, a bench's agent_config), still reads."""

from verusagent.agent.config import AgentConfig
from verusagent.agent.setup import RunPlan
from verusagent.llm import Budget, ModelSettings
from verusagent.verus import RunOptions

# the config as a run record of 2026-12-06 holds it (`run_started.config.plan.config`)
OLD = {
    "mode": "prove",
    "targets": [],
    "model": "openai/gpt-4o",
    "api_base": "http://127.0.0.1:8000/v1",
    "temperature": 0.7,
    "samples": 3,
    "strategies": 2,
    "rounds": 4,
    "max_calls": 9,
    "max_tokens": None,
    "max_cost_usd": 1.5,
    "max_verus_runs": 20,
    "jobs": 2,
    "timeout_s": 42.0,
    "rlimit": 10.0,
    "houdini_steps": 6,
    "use_cache": False,
}


def test_an_old_flat_config_still_reads():
    config = AgentConfig.model_validate(OLD)
    assert config.model_settings == ModelSettings(
        model="openai/gpt-4o", api_base="http://127.0.0.1:8000/v1", temperature=0.7
    )
    assert config.budget == Budget(max_calls=9, max_cost_usd=1.5)
    assert config.run_options == RunOptions(timeout_s=42.0, rlimit=10.0)
    assert (config.samples, config.max_verus_runs, config.use_cache) == (3, 20, False)


def test_an_old_plan_reads_for_resume_and_the_new_one_round_trips():
    plan = RunPlan.model_validate(
        {"task": {"source_path": "f.rs", "original": "", "out_path": "f.verified.rs"}, "config": OLD}
    )
    assert plan.config == AgentConfig.model_validate(OLD)
    again = RunPlan.model_validate(plan.model_dump(mode="json"))
    assert again == plan
    assert set(plan.model_dump(mode="json")["config"]).isdisjoint({"model", "api_base", "max_calls", "timeout_s"})


def test_the_default_config():
    config = AgentConfig()
    assert (config.model_settings.model, config.budget, config.run_options) == ("scripted/demo", Budget(), RunOptions())


def test_an_old_bench_config_reads_in_todays_shape():
    """bench --resume compares the earlier bench's agent_config with today's: an old flat one is lifted first."""
    from verusagent.bench.settings import BenchSettings

    old = BenchSettings(suite="s", suite_kind="verus-bench", agent_config=OLD)
    new = BenchSettings(suite="s", suite_kind="verus-bench", agent_config=AgentConfig.model_validate(OLD).model_dump())
    assert old.comparable_to(new) == [] and old.agent_config["budget"]["max_calls"] == 9
