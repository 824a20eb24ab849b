"""The agent with the real verus: runs only where `verus` is on PATH (pytest -m verus), e.g. in the Docker image."""

import shutil

import pytest

from tests.agent.agent_harness import GOOD_PROOF, assert_audited, file_reply

pytestmark = pytest.mark.verus


@pytest.fixture
def real_verus() -> str:
    found = shutil.which("verus")
    if found is None:
        pytest.skip("the real verus is not on PATH (install it, e.g. with the Dockerfile, and run pytest -m verus)")
    return found


def test_prove_count_up_with_real_verus(harness, real_verus: str) -> None:
    source = harness.task("count_up.rs")
    harness.script([{**file_reply(GOOD_PROOF), "repeat": True}])
    run = harness.run("prove", source, verus=real_verus)
    assert run.outcome["verus_is_standin"] is False
    assert run.outcome["verdict"] == "verified", run.outcome
    assert (harness.tmp / "count_up.verified.rs").read_text() == GOOD_PROOF
    assert_audited(run)
