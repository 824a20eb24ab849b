"""The agent's Verifier: the budget of fresh verus runs (cached answers cost none) and a consumer that stops
early (its batch stops, the pool stays usable). Against the verus stand-in, not verus."""

from pathlib import Path

import pytest

from verusagent.agent.verifier import Verifier, VerusBudgetExceeded
from verusagent.verus import RunOptions, find_verus

from tests.agent.agent_harness import REPO_ROOT, STANDIN

SCENARIOS = REPO_ROOT / "tools" / "standin_scenarios"
ONE = "verus! { fn one() {} }\n"
TWO = "verus! { fn two() {} }\n"


@pytest.fixture
def verifier(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(SCENARIOS / "slow.json"))

    def make(max_runs: int | None = None, jobs: int = 1) -> Verifier:
        made = Verifier(find_verus(str(STANDIN)), RunOptions(file_name="task.rs"), jobs=jobs, max_runs=max_runs)
        verifiers.append(made)
        return made

    verifiers: list[Verifier] = []
    yield make
    for made in verifiers:
        made.cancel()


def test_a_cached_answer_needs_no_budget(verifier) -> None:
    checker = verifier(max_runs=1)
    [(_, first)] = list(checker.run_many([("one", ONE)]))
    assert not first.from_cache and checker.fresh_runs == 1
    [(_, again)] = list(checker.run_many([("one", ONE)]))  # the budget is spent; the cache answers
    assert again.from_cache and again.is_standin and again.verdict == first.verdict
    assert checker.fresh_runs == 1


def test_cached_answers_come_before_the_budget_stops_fresh_runs(verifier) -> None:
    checker = verifier(max_runs=1)
    list(checker.run_many([("one", ONE)]))
    runs = checker.run_many([("two", TWO), ("one", ONE)])
    tag, result = next(runs)
    assert tag == "one" and result.from_cache
    with pytest.raises(VerusBudgetExceeded):
        next(runs)


def test_acceptance_runs_are_fresh_and_count(verifier) -> None:
    checker = verifier(max_runs=2)
    list(checker.run_many([("one", ONE)]))
    [(_, fresh)] = list(checker.run_many([("one", ONE)], fresh=True))
    assert not fresh.from_cache and checker.fresh_runs == 2
    with pytest.raises(VerusBudgetExceeded):
        list(checker.run_many([("one", ONE)], fresh=True))


def test_stopping_early_leaves_the_verifier_usable(verifier) -> None:
    checker = verifier(jobs=1)
    runs = checker.run_many([("fast", "verus! { fn FAST() {} }\n"), ("one", ONE), ("two", TWO)])
    tag, _ = next(runs)
    runs.close()
    assert tag == "fast" and checker.fresh_runs == 1
    [(_, result)] = list(checker.run_many([("again", "verus! { fn FAST_again() {} }\n")]))
    assert result.verdict.value == "verified" and result.is_standin
