"""synth with `--fn NAME`: the name is checked (a method `f` is `Counter::f`), and its body is the model's to
write, whichever way it was named."""

import pytest

from tests.agent.agent_harness import file_reply

SOURCE = """use vstd::prelude::*;

verus! {

pub struct Counter {
    pub n: u32,
}

impl Counter {
    pub fn bump(&self) -> (r: u32)
        requires
            self.n < 100,
        ensures
            r == self.n + 1,
    {
        unimplemented!()
    }
}

} // verus!
"""


@pytest.mark.parametrize("name", ["bump", "Counter::bump", "fn:Counter::bump"])
def test_a_method_named_any_way_may_get_its_body(harness, name) -> None:
    source = harness.task("counter.rs", SOURCE)
    harness.script([file_reply(SOURCE.replace("unimplemented!()", "self.n + 1"))])
    harness.scenario(
        [
            {
                "when_contains": "unimplemented!()",
                "verdict": "failed",
                "errors": [{"message": "postcondition not satisfied", "line_contains": "r == self.n + 1"}],
            },
            {"verdict": "verified"},
        ]
    )
    run = harness.run("synth", source, fn=[name])
    assert run.outcome["verdict"] == "verified", harness.last_err
    assert all(e["clean"] for e in run.events("guard_report"))
    assert f"Functions to implement: `{name}`" in run.prompts[0]  # a single file's names stay as given
