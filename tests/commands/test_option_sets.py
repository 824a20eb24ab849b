"""The option sets: each one's conversion to the settings the code takes, and the sets reaching the commands that
take them (`review`, `gate`, `check`) through `@with_options`."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.choices import DEFAULT_RUNS_DIR, DEFAULT_TIMEOUT_S, DEFAULT_VOTES, ReviewMode
from verusagent.cli import app
from verusagent.commands.agent_options import AgentOptions
from verusagent.commands.option_sets import (
    BudgetOptions,
    GuardOptions,
    ModelOptions,
    RecordOptions,
    ReviewOptions,
    VerusOptions,
)
from verusagent.guard import GuardPolicy
from verusagent.llm import Budget, ModelSettings
from verusagent.review.settings import ReviewSettings
from verusagent.verus import RunOptions

from tests.paths import REPO_ROOT
from tests.review.review_fakes import BASE, PROVED

runner = CliRunner()


def test_each_set_converts_to_its_settings():
    assert ModelOptions(model="m", api_base="http://h/v1").model_settings() == ModelSettings(
        model="m", api_base="http://h/v1"
    )
    review = ReviewOptions(review_model="v", review_votes=5, calibration=Path("c.json"))
    assert review.review_settings() == ReviewSettings(model="v", votes=5, calibration=Path("c.json"))
    assert review.review_settings(mode=ReviewMode.SHADOW, prior_review_s=None).mode == ReviewMode.SHADOW
    assert BudgetOptions(max_calls=4, max_cost=1.5).budget() == Budget(max_calls=4, max_cost_usd=1.5)
    assert VerusOptions(timeout=9.0).run_options(rlimit=3.0) == RunOptions(timeout_s=9.0, rlimit=3.0)
    assert GuardOptions(exec_editable=["fn:f"], allow_new_exec=True).policy() == GuardPolicy(
        exec_editable_functions=frozenset({"fn:f"}), allow_new_exec_functions=True
    )


def test_the_sets_defaults_are_the_choices():
    assert ReviewOptions().review_settings() == ReviewSettings()
    assert (ReviewOptions().review_votes, VerusOptions().timeout) == (DEFAULT_VOTES, DEFAULT_TIMEOUT_S)
    assert RecordOptions().runs_dir == DEFAULT_RUNS_DIR
    assert GuardOptions().policy() == GuardPolicy()


def test_a_model_is_needed_for_its_settings():
    with pytest.raises(ValueError, match="--model"):
        ModelOptions().model_settings()


def test_the_agents_review_is_the_review_sets_conversion_with_its_mode_and_priors():
    options = AgentOptions(model="m", review=ReviewMode.ON, review_votes=7, review_prior_rate=0.5)
    assert options.to_config("prove").review == ReviewSettings(mode=ReviewMode.ON, votes=7, prior_rejection_rate=0.5)


def test_review_hands_its_sets_to_the_review(monkeypatch, tmp_path):
    seen = {}

    def fake_review(original, candidate, texts, model, settings, rule, budget, runs_dir):
        seen.update(model=model, settings=settings, budget=budget, runs_dir=runs_dir)
        raise SystemExit(0)

    monkeypatch.setattr("verusagent.commands.review.review_files", fake_review)
    args = ["review", str(REPO_ROOT / BASE), str(REPO_ROOT / PROVED), "--model", "scripted/x", "--review-votes", "5"]
    args += ["--max-tokens", "100", "--runs-dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert seen == {
        "model": ModelSettings(model="scripted/x"),
        "settings": ReviewSettings(votes=5),
        "budget": Budget(max_tokens=100),
        "runs_dir": tmp_path,
    }


def test_review_needs_a_model():
    result = runner.invoke(app, ["review", str(REPO_ROOT / BASE), str(REPO_ROOT / PROVED)])
    assert result.exit_code == 2 and "--model" in result.output


def test_gate_and_check_take_the_guard_set(monkeypatch):
    policies = []

    def fake_gate(base, paths, cwd, policy, precheck):
        policies.append(policy)
        raise SystemExit(0)

    monkeypatch.setattr("verusagent.commands.gate.run_gate", fake_gate)
    result = runner.invoke(app, ["gate", "--no-precheck", "--exec-editable", "fn:f", "--allow-new-exec-functions"])
    assert result.exit_code == 0, result.output
    assert policies == [GuardPolicy(exec_editable_functions=frozenset({"fn:f"}), allow_new_exec_functions=True)]
    check = runner.invoke(app, ["check", str(REPO_ROOT / BASE), str(REPO_ROOT / BASE), "--allow-exec-changes"])
    assert check.exit_code == 0, check.output
