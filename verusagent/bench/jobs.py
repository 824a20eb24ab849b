"""What goes to a worker (a `TaskJob`: everything a task needs, so workers need no shared filesystem) and what
comes back (a `TaskReport`: the results line and the run record's files)."""

from typing import Any, Literal

from pydantic import BaseModel, Field

from verusagent.choices import DEFAULT_TASK_TIMEOUT_S

Outcome = Literal["solved", "unsolved", "error", "skipped"]


class TaskJob(BaseModel):
    task_id: str
    source: str
    suite: str
    mode: str  # prove | repair | synth
    file_name: str
    text: str
    config: dict[str, Any]  # the task's AgentConfig, as JSON (`targets`: the function a VeruSAGE task proves)
    verus: str | None = None  # the verus on the worker; None: $VERUS_PATH or PATH there
    standin_scenario: dict | None = None  # set: the shipped verus stand-in answers, from this scenario
    script: dict | None = None  # the scripted model's replies (--oracle)
    timeout_s: float = DEFAULT_TASK_TIMEOUT_S  # the task's wall-clock limit


class TaskResult(BaseModel):
    """One line of results.jsonl."""

    task_id: str
    source: str
    suite: str
    outcome: Outcome
    verdict: str | None = None  # the agent's verdict (verified, partial, failed); "timeout" when stopped at the limit
    reason: str = ""  # why it ended so: the run's stop reason, the error, or why the task was skipped
    error: str | None = None  # set exactly when outcome is "error"
    guard_clean: bool | None = None  # no candidate of the run was rejected by the guard
    guard_rejections: int = 0
    guard_rules: list[str] = Field(default_factory=list)
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    verus_runs: int = 0
    verus_seconds: float = 0.0
    review_rejections: int = 0
    precheck_rejections: int = 0  # candidates the static pre-check rejected without a verus run
    wall_s: float = 0.0
    run_id: str | None = None
    record: str | None = None  # the record's folder, relative to the bench folder
    verus_version: str | None = None
    verus_is_standin: bool | None = None  # the verus STAND-IN gave the verdicts, not verus
    model: str | None = None
    model_is_standin: bool | None = None  # the scripted model (a stand-in) gave the replies
    finished_at: float = 0.0


class TaskReport(BaseModel):
    result: TaskResult
    files: dict[str, bytes] = Field(default_factory=dict)  # the record, by path relative to its folder
