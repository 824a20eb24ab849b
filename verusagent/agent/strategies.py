"""The portfolio: different ways of asking for a proof, tried in parallel (at most four by default; any named
ones with `--strategy`). `agent` is a session in which the model drives with tools (verusagent.agent.session)."""

from typing import Literal

from pydantic import BaseModel


class Strategy(BaseModel):
    name: str  # the prompt's "Approach for this attempt" is its sentence (verusagent.prompt.approaches)
    kind: Literal["prompt", "session"] = "prompt"  # one request for k candidates, or an agent-mode session


PORTFOLIO = [Strategy(name=name) for name in ("invariants", "assertions", "lemmas", "minimal")]


AGENT = Strategy(name="agent", kind="session")
STRATEGIES = {strategy.name: strategy for strategy in [*PORTFOLIO, AGENT]}


def portfolio(count: int, names: list[str] | None = None) -> list[Strategy]:
    """The strategies named (in that order), or else the first `count` of the default portfolio."""
    if names:
        return [STRATEGIES[name] for name in names]
    return PORTFOLIO[: max(1, min(count, len(PORTFOLIO)))]
