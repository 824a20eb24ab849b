"""The guard in synth mode, on a vericoding task (rust_fixtures/vericoding/power_recursive): the target's body, a
`decreases` on it, new exec helpers with their own specs, new spec fns and lemmas are the model's; a new
function's name follows the guard's rule for new names (issue 19, rule 3); everything else stays."""

import pytest

from verusagent.agent.config import AgentConfig, TaskMode
from verusagent.agent.setup import guard_policy
from verusagent.crate.workspace import CrateWorkspace
from verusagent.guard import guard

from tests.paths import REPO_ROOT

TASK = REPO_ROOT / "rust_fixtures" / "vericoding" / "power_recursive"
SPEC, SOLUTION = (TASK / "verus_spec.rs").read_text(), (TASK / "solution.rs").read_text()
POLICY = guard_policy(AgentConfig(mode=TaskMode.SYNTH), SPEC, CrateWorkspace.single("verus_spec.rs"))


def violations(candidate: str) -> set[tuple[str, str | None]]:
    return {(str(v.rule), v.function) for v in guard(SPEC, candidate, POLICY).violations}


def test_the_policy_names_the_target_and_lets_helpers_in() -> None:
    assert "power" in POLICY.exec_editable_functions and POLICY.allow_new_exec_functions
    assert violations(SOLUTION) == set()


@pytest.mark.parametrize(
    "change, expected",
    [
        # the problem: the preamble's spec fn, the target's spec, fn main under #[verifier::external]
        (("base * pow(base, (exp - 1) as nat)", "pow(base, (exp - 1) as nat)"), ("spec-changed", "fn:pow")),
        (
            (
                "        result == pow(base as nat, exp as nat),\n    decreases",
                "        result <= pow(base as nat, exp as nat),\n    decreases",
            ),
            ("spec-changed", "fn:power"),
        ),
        (
            (
                "        base >= 1,\n        pow(base as nat, exp as nat) <= u64::MAX,\n    ensures",
                "        base >= 1,\n    ensures",
            ),
            ("spec-changed", "fn:power"),
        ),
        (('println!("{}", power(3, 4));', 'println!("{}", power(2, 4));'), ("exec-changed", "fn:main")),
        # escape hatches stay barred in written code and helpers
        (("    a * b\n}", "    assume(false);\n    a * b\n}"), ("escape-hatch-added", "fn:mul_within")),
        (("fn mul_within(", "#[verifier::external_body]\nfn mul_within("), ("escape-hatch-added", "fn:mul_within")),
    ],
)
def test_the_problem_stays(change: tuple[str, str], expected: tuple[str, str]) -> None:
    old, new = change
    assert old in SOLUTION
    assert expected in violations(SOLUTION.replace(old, new))


@pytest.mark.parametrize("name", ["view", "pow", "power", "main"])
def test_a_new_function_needs_a_name_of_its_own(name: str) -> None:
    """A helper named like a function of the original or a vstd trait method (`x@` calls `view`) could change
    what a name of the problem resolves to."""
    renamed = SOLUTION.replace("mul_within", name)
    assert any(
        rule in ("name-shadowed", "function-deleted", "spec-changed", "exec-changed") for rule, _ in violations(renamed)
    ), name


def test_no_new_type_or_trait() -> None:
    assert any(
        rule in ("item-changed", "name-shadowed")
        for rule, _ in violations(SOLUTION.replace("// <helpers>\n", "// <helpers>\nstruct Scratch {}\n"))
    )
