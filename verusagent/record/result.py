"""``result.json``: the summary a run writes when it ends (absent if the run was killed)."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Spend(BaseModel):
    calls: int = 0  # requests that went out, retries included (what the call budget counts)
    answered_calls: int = 0  # of them, the ones the model answered (the others failed: see their errors)
    cached_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0  # the sum over calls whose price is known
    unknown_cost_calls: int = 0  # calls whose price is unknown: cost_usd is then a lower bound

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class RunResult(BaseModel):
    model_config = ConfigDict(extra="allow")

    run_id: str
    verdict: Literal["verified", "partial", "failed"] | None = None  # None: stopped before a verdict
    accepted_sha256: str | None = None
    obligations: list[dict[str, Any]] = Field(default_factory=list)
    stopped_reason: str | None = None
    spend: Spend = Field(default_factory=Spend)
    started_ts: float = 0.0
    finished_ts: float = 0.0
