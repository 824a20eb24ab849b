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

# Before verus has run on the attempt (a prove or synth prompt) there is no failing location and no error to
# show: these strategies say what they do without one.
BEFORE_ERRORS: dict[str, str] = {
    "assertions": "Lead verus step by step to each `ensures` with `assert` statements, with `by (nonlinear_arith)` "
    "or `by (bit_vector)` where arithmetic needs it.",
    "minimal": "Add the least proof verus needs: no invariant, assertion or lemma that the specifications do not "
    "call for.",
}


# The strategies whose sentence sends the model to the targets' loops: to targets without one they say nothing
# (a prompt that says "start from the loops" to a lemma with none misleads; most VeruSAGE targets have none).
ABOUT_LOOPS = frozenset({"invariants"})


def approach(strategy: str, *, loops: bool = True, errors: bool = True) -> str:
    """The approach sentence of the strategy named, for targets with loops or without (`loops`) and a prompt that
    shows verus's errors or none yet (`errors`); "" where the strategy has nothing to say to such targets (the
    prompt then shows no approach line)."""
    if strategy in ABOUT_LOOPS and not loops:
        return ""
    return APPROACHES[strategy] if errors else BEFORE_ERRORS.get(strategy, APPROACHES[strategy])
