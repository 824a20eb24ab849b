"""Selection by dependency, then by budget: what the targets need is shown whatever the budget (and said to be
over it), the spec family as deep as a whole depth fits, methods resolved by their receiver's type, the target's
own type, the elision comments counted, and a closing brace shared with `verus!`'s never doubled."""

import pytest

from verusagent.context import slice_source
from verusagent.context.mentions import NameIndex, SourceFile
from verusagent.context.outline import build_outline
from verusagent.context.select import select
from verusagent.context.slicer import BYTES_PER_TOKEN, find_targets
from verusagent.lens import parse_with_tokens, tokenize

from tests.paths import REPO_ROOT

FILLER = "\n".join(f"pub open spec fn filler_{i}(x: int) -> int {{ x + {i} }}" for i in range(200))

# Eight `wf`s: only the receiver's type says which one a call means.
OWNERS = "\n".join(
    f"pub struct Part{i} {{ pub n: u64 }}\nimpl Part{i} {{\n    pub open spec fn wf(&self) -> bool {{ self.n > {i} }}\n}}"
    for i in range(8)
)
RECEIVERS = f"""use vstd::prelude::*;
verus! {{
{OWNERS}
pub struct Endpoint {{ pub id: u64 }}
pub struct ProcessManager {{
    pub free: Part3,
    pub used: Part5,
    pub owner: Endpoint,
}}
impl ProcessManager {{
    pub open spec fn wf(&self) -> bool {{
        &&& self.free.wf()
        &&& self.used.wf()
    }}

    pub fn grow(&mut self, s: Seq<u64>)
        requires old(self).wf(), s.len() > 0,
        ensures self.wf(),
    {{
    }}
}}
{FILLER}
}} // verus!
"""


def selection_of(source: str, target: str, budget_tokens: int, least_tokens: int = 0):
    model, stream = parse_with_tokens(source)
    file = SourceFile(source, model, stream, build_outline(model))
    index = NameIndex([file])
    targets = find_targets(file.root, [target])
    chosen = select(index, targets, budget_tokens * BYTES_PER_TOKEN, least_tokens * BYTES_PER_TOKEN)
    return chosen, {f"{n.parent.name}::{n.name}" if n.parent.kind == "impl" else n.name for n in chosen.levels}


def test_a_method_is_resolved_by_its_receivers_type_and_the_targets_own_type_is_shown():
    chosen, names = selection_of(RECEIVERS, "grow", budget_tokens=0)
    assert {"ProcessManager", "ProcessManager::wf", "Part3::wf", "Part5::wf"} <= names
    assert not {f"Part{i}::wf" for i in (0, 1, 2, 4, 6, 7)} & names  # a name defined 8 times costs 2
    assert "Endpoint" not in names and "Seq" not in names  # a field's type is not needed; Seq is not the file's
    view = slice_source(RECEIVERS, ["grow"], budget_tokens=0).text
    assert "pub struct ProcessManager {\n    pub free: Part3," in view  # the Self type, whole


def test_what_the_targets_need_is_shown_over_the_budget_and_said_to_be(ledger):
    tight, names = selection_of(ledger, "sum_balances", budget_tokens=0)
    assert {"Ledger::sum_balances", "Ledger", "Ledger::inv", "total", "all_valid", "ids_unique"} <= names
    assert tight.over_budget and tight.floor > 0 and tight.spent == 0 and tight.optional == []
    sliced = slice_source(ledger, ["sum_balances"], budget_tokens=1)
    assert sliced.over_budget and sliced.floor_tokens == tight.floor // BYTES_PER_TOKEN and sliced.budget_tokens == 1


def test_the_spec_family_goes_as_deep_as_a_whole_depth_fits(ledger):
    """sum_balances -> inv (named) -> all_valid (one call down) -> Account::valid (two down)."""
    _, tight = selection_of(ledger, "sum_balances", budget_tokens=0)
    assert "all_valid" in tight and "Account::valid" not in tight  # depth 2 does not fit: ranked, and no room
    _, roomy = selection_of(ledger, "sum_balances", budget_tokens=1500)
    assert "Account::valid" in roomy


def test_beyond_the_floor_the_rest_is_ranked_within_the_budget(ledger):
    chosen, names = selection_of(ledger, "sum_balances", budget_tokens=0, least_tokens=400)
    assert 0 < chosen.spent <= 400 * BYTES_PER_TOKEN
    assert "lemma_total_bounded" in names  # a lemma's signature: the likeliest extra


@pytest.mark.parametrize("budget", [1000, 1500, 2200])
def test_a_slice_within_its_budget_counts_its_elision_comments(ledger, budget):
    sliced = slice_source(ledger, ["deposit"], budget_tokens=budget)
    assert not sliced.over_budget
    assert len(sliced.text.encode()) <= (budget + 800) * BYTES_PER_TOKEN  # the budget and LEAST_EXTRA_TOKENS


@pytest.mark.parametrize("target", ["grow_last", "lemma_last", "used_last"])
def test_an_item_closing_on_the_verus_blocks_line_keeps_one_brace_each(target):
    source = (f"use vstd::prelude::*;\nverus! {{\n{FILLER}\npub open spec fn used_last(x: int) -> int {{ x }}\n"
              "proof fn lemma_last(x: int) ensures used_last(x) == x {\n    assert(true);\n}\n"
              "fn grow_last(x: u32) -> u32\n    ensures used_last(x as int) == x as int\n{\n    x\n}} // verus!\n")
    view = slice_source(source, [target], budget_tokens=50).text
    assert view.rstrip().endswith("\n} // verus!") and "}}" not in view
    assert len(tokenize(view.encode()).unbalanced) == 0


@pytest.fixture(scope="module")
def ledger() -> str:
    return (REPO_ROOT / "rust_fixtures" / "slice" / "ledger.rs").read_text()
