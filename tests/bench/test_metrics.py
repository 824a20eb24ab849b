"""A task's result from how its process ended: a run stopped because its model could not be used (exit 3 with an
outcome) is an error that says so, not "verus missing"; exit 3 without an outcome is still verus."""

from verusagent.bench.jobs import TaskJob
from verusagent.bench.metrics import TaskEnd, classify

JOB = TaskJob(task_id="t", source="s", suite="x", mode="prove", file_name="f.rs", text="fn f() {}", config={})


def test_a_model_stop_is_an_error_naming_its_reason():
    detail = "the model never answered: 2 call(s) failed; ... Connection refused"
    end = TaskEnd(exit_code=3, outcome={"verdict": None, "stopped_reason": "model_unreachable", "detail": detail})
    outcome, verdict, reason = classify(JOB, end, None)
    assert (outcome, verdict) == ("error", None)
    assert reason == f"the model calls failed (model_unreachable): {detail}"


def test_exit_3_without_an_outcome_is_verus():
    assert classify(JOB, TaskEnd(exit_code=3), None) == ("error", None, "the agent stopped: verus missing or unusable")
