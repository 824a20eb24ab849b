"""The sentence each strategy of the portfolio gives its prompt as "Approach for this attempt" (the strategies
themselves, their names and kinds, are ``verusagent.agent.strategies``')."""

APPROACHES: dict[str, str] = {
    "invariants": "Start from the loops: their invariants and `decreases` clauses.",
    "assertions": "Work from the failing location: add `assert` statements that lead verus step by step to the "
    "fact it could not prove there, with `by (nonlinear_arith)` or `by (bit_vector)` where arithmetic needs it.",
    "lemmas": "Factor the hard step into a new `proof fn` lemma with its own requires/ensures (proved by "
    "induction with `decreases` where needed) and call it from a `proof { }` block.",
    "minimal": "Make the smallest change that fixes the errors shown; keep every part of the proof that "
    "verus did not complain about.",
    "agent": "Drive the proof yourself with the tools: read what you need, run verus when it helps, edit, and "
    "submit when verus verifies the whole file.",
}


def approach(strategy: str) -> str:
    """The approach sentence of the strategy named."""
    return APPROACHES[strategy]
