"""Selection by dependency, then by budget: what the targets need is shown whatever the budget (and said to be
over it), the spec family as deep as a whole depth fits, methods resolved by their receiver's type, the target's
own type, the elision comments counted, and a closing brace shared with `verus!`'s never doubled."""

import pytest

from verusagent.context import slice_source
from verusagent.context.mentions import NameIndex, SourceFile
from verusagent.context.outline import build_outline
from verusagent.context.select import _extra_bytes, select
from verusagent.context.slicer import BYTES_PER_TOKEN, find_targets
from verusagent.lens import parse_with_tokens, tokenize

from tests.paths import REPO_ROOT

FILLER = "\n".join(f"pub open spec fn filler_{i}(x: int) -> int {{ x + {i} }}" for i in range(200))

# Eight `wf`s: only the receiver's type says which one a call means.
OWNERS = "\n".join(
    f"pub struct Part{i} {{ pub n: u64 }}\nimpl Part{i} {{\n    pub open spec fn wf(&self) -> bool {{ self.n > {i} }}\n}}"  # noqa: E501 (a source text, kept on one line to read as the file reads)
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


def selection_of(source: str, target: str, budget_tokens: int, least_tokens: int = 0, needed_depth: int | None = None):
    model, stream = parse_with_tokens(source)
    file = SourceFile(source, model, stream, build_outline(model))
    index = NameIndex([file])
    targets = find_targets(file.root, [target])
    chosen = select(
        index, targets, budget_tokens * BYTES_PER_TOKEN, least_tokens * BYTES_PER_TOKEN, needed_depth=needed_depth
    )
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


def test_the_whole_spec_family_is_needed_whatever_the_budget(ledger):
    """sum_balances -> inv (named) -> all_valid (one call down) -> Account::valid (two down)."""
    chosen, tight = selection_of(ledger, "sum_balances", budget_tokens=0)
    assert {"Ledger::inv", "all_valid", "Account::valid"} <= tight
    assert chosen.over_budget


def test_with_a_depth_cut_the_family_goes_as_deep_as_a_whole_depth_fits(ledger):
    """The review's context cuts the family (REVIEW_NEEDED_DEPTH): below the cut, a depth is kept while all of it
    fits the budget, and the rest is ranked."""
    _, tight = selection_of(ledger, "sum_balances", budget_tokens=0, needed_depth=1)
    assert "all_valid" in tight and "Account::valid" not in tight  # depth 2 does not fit: ranked, and no room
    _, roomy = selection_of(ledger, "sum_balances", budget_tokens=1500, needed_depth=1)
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
    source = (
        f"use vstd::prelude::*;\nverus! {{\n{FILLER}\npub open spec fn used_last(x: int) -> int {{ x }}\n"
        "proof fn lemma_last(x: int) ensures used_last(x) == x {\n    assert(true);\n}\n"
        "fn grow_last(x: u32) -> u32\n    ensures used_last(x as int) == x as int\n{\n    x\n}} // verus!\n"
    )
    view = slice_source(source, [target], budget_tokens=50).text
    assert view.rstrip().endswith("\n} // verus!") and "}}" not in view
    assert len(tokenize(view.encode()).unbalanced) == 0


# `s[0].marshalable()` on a receiver of unknown type: one trait declares it, every other definition implements it.
TRAIT_METHOD = f"""use vstd::prelude::*;
verus! {{
pub trait Marshal {{
    spec fn marshalable(&self) -> bool;
}}
impl Marshal for u64 {{
    open spec fn marshalable(&self) -> bool {{ true }}
}}
impl Marshal for Vec<u8> {{
    open spec fn marshalable(&self) -> bool {{ self.len() < 100 }}
}}
pub trait Wire: Marshal {{}}
pub struct Other {{ pub n: u64 }}
impl Other {{
    pub open spec fn size(&self) -> int {{ self.n as int }}
}}
pub struct Another {{ pub n: u64 }}
impl Another {{
    pub open spec fn size(&self) -> int {{ 2 * self.n as int }}
}}
pub fn send<T: Wire>(s: Seq<T>, o: &Other)
    requires s[0].marshalable(), o.size() > 0,
{{
}}
{FILLER}
}} // verus!
"""


def test_a_method_of_unknown_receiver_needs_the_traits_declaration_and_ranks_its_impls():
    chosen, names = selection_of(TRAIT_METHOD, "send", budget_tokens=0)
    assert "marshalable" in names  # the declaration (a trait's method: listed by its name alone)
    assert "Marshal" not in {n.name for n in chosen.levels if n.kind == "trait" and chosen.levels[n] == 2}
    assert not {"u64::marshalable", "Vec::marshalable"} & names  # the impls: ranked, and no room
    view = slice_source(TRAIT_METHOD, ["send"], budget_tokens=0).text
    assert "spec fn marshalable(&self) -> bool;" in view


def test_a_method_of_known_receiver_is_still_resolved_by_its_type():
    _, names = selection_of(TRAIT_METHOD, "send", budget_tokens=0)
    assert "Other::size" in names and "Another::size" not in names  # `o: &Other` says which


def test_room_beyond_the_floor_counts_the_spec_family_cut_from_it():
    """A deeper depth that no longer fits whole is cut from the floor, but the room it is ranked back into is
    the growth of all the targets need, up to the budget (no cliff when the floor grows by one definition)."""
    assert _extra_bytes(floor=10_000, needed=10_000, budget_bytes=24_000, least_bytes=3_200, growth=0.5) == 14_000
    assert _extra_bytes(floor=17_000, needed=22_000, budget_bytes=24_000, least_bytes=3_200, growth=0.5) == 16_000
    assert _extra_bytes(floor=17_000, needed=90_000, budget_bytes=24_000, least_bytes=3_200, growth=0.5) == 19_000
    assert _extra_bytes(floor=30_000, needed=30_000, budget_bytes=24_000, least_bytes=3_200, growth=0.5) == 15_000
    assert _extra_bytes(floor=500, needed=900, budget_bytes=0, least_bytes=0, growth=0.0) == 0


def test_a_verusage_prompt_shows_the_trait_declaration_its_ground_truth_calls(shared_dir):
    """storage's logimpl_tentatively_append: `perm.check_permission(s)` with `perm: &Perm`, `Perm:
    CheckPermission<Seq<u8>>`; one impl and the trait's declaration, which the proof needs."""
    path = shared_dir / "corpus" / "verusage-bench" / "storage" / "unverified" / "logimpl_tentatively_append.rs"
    sliced = slice_source(path.read_text(), ["tentatively_append"])
    assert (
        "pub trait CheckPermission<State> {\n    spec fn check_permission(&self, state: State) -> bool;" in sliced.text
    )


@pytest.fixture(scope="module")
def ledger() -> str:
    return (REPO_ROOT / "rust_fixtures" / "slice" / "ledger.rs").read_text()
