"""What an agent run is asked to do, and with what limits."""

from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from verusagent.choices import (
    CONTEXT_CEILING_TOKENS,
    DEFAULT_JOBS,
    DEFAULT_ROUNDS,
    DEFAULT_SAMPLES,
    DEFAULT_SESSION_SECONDS,
    DEFAULT_SESSION_TOOL_CALLS,
    DEFAULT_SESSION_VERUS_RUNS,
    DEFAULT_STRATEGIES,
    FocusMode,
    ToolProtocol,
)
from verusagent.crate.layout import CrateTask
from verusagent.llm.budget import Budget
from verusagent.llm.settings import ModelSettings
from verusagent.review.settings import ReviewSettings
from verusagent.verus.models import RunOptions


class TaskMode(StrEnum):
    PROVE = "prove"  # add proofs; specs and exec code stay
    REPAIR = "repair"  # the same, started from verus's diagnostics of a failing file
    SYNTH = "synth"  # write the bodies of `unimplemented!()`/`todo!()`/empty spec'd functions, and their proofs


class SessionLimits(BaseModel):
    """The budgets of one agent-mode session; the run's own budgets hold across sessions as well."""

    max_tool_calls: int = Field(default=DEFAULT_SESSION_TOOL_CALLS, ge=1)
    max_tokens: int | None = Field(default=None, ge=0)
    max_cost_usd: float | None = Field(default=None, ge=0)
    max_verus_runs: int | None = Field(
        default=DEFAULT_SESSION_VERUS_RUNS, ge=0
    )  # fresh verus runs of the session's verify calls
    max_seconds: float = Field(default=DEFAULT_SESSION_SECONDS, gt=0)  # wall time of the session


# The fields a config held flat before it held the settings (records and bench.json files of 2026-12-06 and before):
# each settings object of AgentConfig, and the old keys it takes, under the same names.
_FLAT = {
    "model_settings": ("model", "api_base", "temperature"),
    "budget": ("max_calls", "max_tokens", "max_cost_usd"),
    "run_options": ("timeout_s", "rlimit"),
}


class AgentConfig(BaseModel):
    """The run's settings. The model's, the budget's and verus's are the option sets' own conversions
    (ModelOptions.model_settings, BudgetOptions.budget, VerusOptions.run_options), used as they are: the run adds
    only what is its own (the samples, the cache, the file's name)."""

    model_config = ConfigDict(protected_namespaces=())  # `model_settings` is a field, not pydantic's

    mode: TaskMode = TaskMode.PROVE
    targets: list[str] = Field(default_factory=list)  # function names; empty: every function
    # --model, --api-base, --temperature (n and cache: `samples` and `use_cache` below)
    model_settings: ModelSettings = Field(default_factory=lambda: ModelSettings(model="scripted/demo"))
    samples: int = Field(default=DEFAULT_SAMPLES, ge=1, le=16)  # k replies per strategy and round
    strategies: int = Field(default=DEFAULT_STRATEGIES, ge=1, le=4)
    rounds: int = Field(default=DEFAULT_ROUNDS, ge=1)
    budget: Budget = Field(default_factory=Budget)  # --max-calls, --max-tokens, --max-cost
    max_verus_runs: int | None = None
    jobs: int = Field(default=DEFAULT_JOBS, ge=1)
    # --timeout (seconds per verus run) and the rlimit (file_name and use_cache: the run's own)
    run_options: RunOptions = Field(default_factory=RunOptions)
    houdini_steps: int = Field(default=6, ge=0)
    feedback_items: int = Field(default=6, ge=0)  # how many earlier findings a prompt repeats
    context_tokens: int | None = Field(default=None, ge=0)  # a large file's slice budget (None: the slicer's)
    # the tokens no sliced prompt counts beyond but by its targets alone (None: what they need is shown whatever it
    # costs; prompt/capped.py)
    context_ceiling: int | None = Field(default=CONTEXT_CEILING_TOKENS, ge=0)
    focus: FocusMode = FocusMode.AUTO  # focused screening runs (`--verify-function`) in large files
    review: ReviewSettings = Field(default_factory=ReviewSettings)  # --review, --review-model, --review-votes, ...
    strategy_names: list[str] = Field(default_factory=list)  # `--strategy NAME`...; empty: the default portfolio
    session: SessionLimits = Field(default_factory=SessionLimits)  # each agent-mode session's budgets
    tool_protocol: ToolProtocol = ToolProtocol.AUTO
    vstd: Path | None = None  # the vstd source for search_lemmas (else beside verus, else cargo's registry)
    use_cache: bool = True  # read model replies and verus results from the caches (--no-cache: never)
    precheck: bool = True  # the static pre-check before verus (verusagent.precheck)
    description: str | None = None  # the task statement (`--description FILE`, a bench task's verus_nl.txt)

    @model_validator(mode="before")
    @classmethod
    def _lift_flat_fields(cls, data: Any) -> Any:
        """An old config's flat fields (`model`, `max_calls`, `timeout_s`, ...) into the settings that hold them."""
        if not isinstance(data, dict) or not any(key in data for keys in _FLAT.values() for key in keys):
            return data
        data = dict(data)
        for name, keys in _FLAT.items():
            flat = {key: data.pop(key) for key in keys if key in data}
            if flat:
                given = data.get(name)
                held = given.model_dump() if isinstance(given, BaseModel) else dict(given or {})
                data[name] = {**held, **flat}
        return data


class Task(BaseModel):
    """The input of a run: the file as read (never modified) and where results go."""

    source_path: Path
    original: str
    out_path: Path
    in_place: bool = False
    log_text: str | None = None  # `repair --log LOG`: saved verus output for the baseline
    crate: CrateTask | None = None  # a crate (then `original` holds every module file, verusagent.crate_text)
