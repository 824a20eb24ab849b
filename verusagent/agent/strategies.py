"""The portfolio: different ways of asking for a proof, tried in parallel (at most four by default; any named
ones with `--strategy`). `agent` is a session in which the model drives with tools (verusagent.agent.session)."""

from typing import Literal

from pydantic import BaseModel


class Strategy(BaseModel):
    name: str
    approach: str  # the sentence the prompt gives as "Approach for this attempt"
    kind: Literal["prompt", "session"] = "prompt"  # one request for k candidates, or an agent-mode session


PORTFOLIO = [
    Strategy(
        name="invariants",
        approach="Start from the loops: their invariants and `decreases` clauses.",
    ),
    Strategy(
        name="assertions",
        approach="Work from the failing location: add `assert` statements that lead verus step by step to the "
        "fact it could not prove there, with `by (nonlinear_arith)` or `by (bit_vector)` where arithmetic needs it.",
    ),
    Strategy(
        name="lemmas",
        approach="Factor the hard step into a new `proof fn` lemma with its own requires/ensures (proved by "
        "induction with `decreases` where needed) and call it from a `proof { }` block.",
    ),
    Strategy(
        name="minimal",
        approach="Make the smallest change that fixes the errors shown; keep every part of the proof that "
        "verus did not complain about.",
    ),
]


AGENT = Strategy(
    name="agent",
    approach="Drive the proof yourself with the tools: read what you need, run verus when it helps, edit, and "
    "submit when verus verifies the whole file.",
    kind="session",
)
STRATEGIES = {strategy.name: strategy for strategy in [*PORTFOLIO, AGENT]}


def portfolio(count: int, names: list[str] | None = None) -> list[Strategy]:
    """The strategies named (in that order), or else the first `count` of the default portfolio."""
    if names:
        return [STRATEGIES[name] for name in names]
    return PORTFOLIO[: max(1, min(count, len(PORTFOLIO)))]
