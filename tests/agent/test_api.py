"""The run API: `plan` decides the run (a stop before it is a typed exception), `run` returns its outcome; the
scripted model (a stand-in) answers and the verus stand-in (not verus) judges."""

from pathlib import Path

import pytest

from verusagent.agent.api import PlanError, RunInputs, plan, preview, run
from verusagent.agent.config import AgentConfig, TaskMode
from verusagent.commands.progress import Reporter
from verusagent.llm import ModelSettings
from verusagent.verus import VerusNotFound

from tests.agent.agent_harness import BASELINE_RULE, GOOD_PROOF, GOOD_RULE, STANDIN, file_reply


def _config(mode: TaskMode = TaskMode.PROVE, **fields) -> AgentConfig:
    return AgentConfig(
        mode=mode,
        model_settings=ModelSettings(model="scripted/test"),
        strategies=1,
        rounds=3,
        jobs=1,
        samples=1,
        **fields,
    )


def _inputs(harness, source: Path, **fields) -> RunInputs:
    return RunInputs(file=source, runs_dir=harness.runs_dir, verus=str(STANDIN), **fields)


def test_a_plan_resolves_the_fn_names_and_finds_verus_before_any_model_call(harness):
    source = harness.task("count_up.rs")
    decided = plan(_inputs(harness, source), _config(targets=["count_up"]))
    assert decided.run.config.targets == ["count_up"] and decided.resumed is None
    assert decided.run.task.out_path == harness.tmp / "count_up.verified.rs"
    assert decided.install.is_standin and not harness.runs_dir.exists()  # no record before the run


@pytest.mark.parametrize(
    ("text", "targets", "message"),
    [
        ("", [], "is empty: nothing to prove"),
        ("fn main() {}\n", ["nowhere"], "nowhere"),
        ("struct S;\n", [], "has no function"),
    ],
)
def test_inputs_that_cannot_make_a_run_are_a_plan_error(harness, text, targets, message):
    source = harness.task("f.rs", text)
    with pytest.raises(PlanError, match=message):
        plan(_inputs(harness, source), _config(targets=targets))


def test_a_missing_verus_stops_the_plan(harness, tmp_path):
    source = harness.task("count_up.rs")
    with pytest.raises(VerusNotFound):
        plan(RunInputs(file=source, runs_dir=harness.runs_dir, verus=str(tmp_path / "no-verus")), _config())


def test_a_dry_run_preview_refuses_resume_and_a_repair_without_its_log(harness):
    source = harness.task("count_up.rs")
    with pytest.raises(PlanError, match="cannot be combined with --resume"):
        preview(_inputs(harness, source, resume="latest"), _config())
    with pytest.raises(PlanError, match="needs --log LOG"):
        preview(_inputs(harness, source), _config(TaskMode.REPAIR))
    task, config = preview(_inputs(harness, source), _config(targets=["count_up"]))
    assert task.out_path == source and config.targets == ["count_up"]


def test_run_returns_the_outcome_of_the_planned_run(harness):
    source = harness.task("count_up.rs")
    harness.script([file_reply(GOOD_PROOF)])
    harness.scenario([GOOD_RULE, BASELINE_RULE])
    outcome = run(plan(_inputs(harness, source), _config()), Reporter(quiet=True))
    assert outcome.verdict == "verified" and outcome.verus_is_standin and outcome.model_is_standin
    assert outcome.run_folder.parent == harness.runs_dir
    assert (harness.tmp / "count_up.standin-verified.rs").read_text() == GOOD_PROOF
