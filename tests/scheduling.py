"""How pytest-xdist deals the tests out to its workers (`--dist loadscope`, pyproject's addopts).

A unit of work is a module, so that its fixtures (a corpus guarded, a bench run) are made once, not once per
worker. Two changes to xdist's own loadscope:

- The bench harness's modules that run a bench in the test process are one unit: the first bench run in a
  process starts a fork server that imports litellm (about 5 s of CPU) and every later run in that process
  reuses it, and their session fixture `oracle_run` (a bench run) is made once, so one worker pays for these
  instead of three.
- The units go out longest first, so that no worker starts a half-minute module while the others have nothing
  left (xdist's loadscope sends the units with the most tests first, which puts the slow corpus modules, with
  their few tests, last).

A unit's weight is about its wall time in a run of the whole suite (seconds per module summed from a per-test log,
on this 2-core machine under load; the fork-server unit's is the sum of its modules'); a unit not listed weighs
nothing and keeps its place in collection order after the listed ones. The weights only order the work: a wrong one
costs time, never a result.
"""

import pytest
from xdist.scheduler import LoadScopeScheduling

ONE_FORK_SERVER = "tests/bench (one bench fork server)"
_FORK_SERVER_MODULES = frozenset(
    f"tests/bench/{name}.py"
    for name in (
        "test_failures",
        "test_oracle",
        "test_oracle_runs",
        "test_ray",
        "test_report",
        "test_resume",
        "test_runner",
        "test_suites",
        "test_vericoding_suite",
    )
)

UNIT_SECONDS = {
    ONE_FORK_SERVER: 100,
    "tests/test_imports.py": 61,
    "tests/agent/test_e2e.py": 60,
    "tests/precheck/test_precheck_corpus.py": 46,
    "tests/guard/test_mutations.py": 46,
    "tests/commands/test_json_output.py": 40,
    "tests/commands/test_demo.py": 29,
    "tests/guard/test_verusage_honest.py": 28,
    "tests/github/test_gate_action_review.py": 27,
    "tests/agent/test_agent_mode.py": 20,
    "tests/guard/test_examples.py": 14,
    "tests/crate/test_prove_e2e.py": 13,
    "tests/agent/test_model_unusable.py": 11,
    "tests/commands/test_dry_run.py": 11,
    "tests/lens/test_bad_input.py": 9,
    "tests/test_cache_isolation.py": 9,
    "tests/guard/adversarial/test_adversarial.py": 9,
    "tests/verus/test_pool.py": 8,
    "tests/lens/test_lexer.py": 8,
}


def unit_of(nodeid: str) -> str:
    module = nodeid.split("::", 1)[0]
    return ONE_FORK_SERVER if module in _FORK_SERVER_MODULES else module


class ModuleScheduling(LoadScopeScheduling):
    """loadscope with `unit_of` as the scope; the order is the workers' collection order (see below)."""

    def __init__(self, config: pytest.Config, log=None) -> None:
        super().__init__(config, log)
        config.option.loadscopereorder = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log) -> LoadScopeScheduling | None:
    return ModuleScheduling(config, log) if config.getoption("dist") == "loadscope" else None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Heaviest unit first; within a unit, and among the units of no weight, collection order. Every worker sorts
    the same collection the same way, as xdist requires."""
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(unit_of(item.nodeid), index)

    def key(item: pytest.Item) -> tuple[int, int]:
        unit = unit_of(item.nodeid)
        return -UNIT_SECONDS.get(unit, 0), first_seen[unit]

    items.sort(key=key)
