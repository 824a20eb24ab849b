"""The portfolio: different ways of asking for a proof, tried in parallel (at most four)."""

from pydantic import BaseModel


class Strategy(BaseModel):
    name: str
    approach: str  # the sentence the prompt gives as "Approach for this attempt"


PORTFOLIO = [
    Strategy(
        name="invariants",
        approach="Start from the loops: give every loop invariants that bound its variables, relate them to "
        "the result built so far and restate the facts about inputs it needs, plus a `decreases` clause.",
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


def portfolio(count: int) -> list[Strategy]:
    return PORTFOLIO[: max(1, min(count, len(PORTFOLIO)))]
