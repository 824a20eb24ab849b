"""A bench run's settings, kept in `DIR/bench.json`: what `--resume` continues and `bench-report` reads."""

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, field_validator

from verusagent.agent.config import AgentConfig
from verusagent.choices import DEFAULT_TASK_TIMEOUT_S

BENCH_FILE = "bench.json"


class SelectedTask(BaseModel):
    task_id: str
    source: str


class BenchSettings(BaseModel):
    suite: Path
    suite_kind: str
    mode: str = "prove"
    oracle: bool = False
    model: str | None = None
    agent_config: dict[str, Any] = Field(default_factory=dict)  # every task's AgentConfig, as JSON
    verus: str | None = None  # None: the verus stand-in (oracle runs only)
    task_timeout_s: float = DEFAULT_TASK_TIMEOUT_S
    max_total_cost: float | None = None
    tasks_glob: str | None = None
    limit: int | None = None
    selected: list[SelectedTask] = Field(default_factory=list)
    version: str = ""

    @field_validator("agent_config")
    @classmethod
    def _current_shape(cls, config: dict[str, Any]) -> dict[str, Any]:
        """An earlier bench's config in today's shape (its flat model, budget and verus fields lifted), so that
        --resume compares like with like and its tasks read it."""
        return AgentConfig.model_validate(config).model_dump(mode="json") if config else config

    def comparable_to(self, other: "BenchSettings") -> list[str]:
        """What differs in a way that would mix incomparable results (for --resume)."""
        fields = ("suite", "mode", "oracle", "model", "agent_config", "verus", "selected")
        return [name for name in fields if getattr(self, name) != getattr(other, name)]

    def save(self, folder: Path) -> None:
        (folder / BENCH_FILE).write_text(self.model_dump_json(indent=2), encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> "BenchSettings":
        return cls.model_validate_json((folder / BENCH_FILE).read_bytes())
