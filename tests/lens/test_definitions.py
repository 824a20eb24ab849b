"""The lens's definitions: every item that is not a function, with kind, name and exact span."""

import pytest

from verusagent.lens import parse
from verusagent.lens.model import DefinitionKind

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "slice"


@pytest.fixture(scope="module")
def ledger():
    return parse((FIXTURES / "ledger.rs").read_bytes())


def named(model, kind: DefinitionKind) -> list[str]:
    return [d.name for d in model.definitions if d.kind == kind]


def test_every_kind_of_item_is_found(ledger):
    assert named(ledger, DefinitionKind.STRUCT) == ["Account", "Ledger", "Audit"]
    assert named(ledger, DefinitionKind.ENUM) == ["Entry"]
    assert named(ledger, DefinitionKind.TYPE) == ["AccountId", "Amount"]
    assert named(ledger, DefinitionKind.CONST) == ["MAX_ACCOUNTS", "MAX_BALANCE"]
    assert named(ledger, DefinitionKind.TRAIT) == ["Summable"]
    assert named(ledger, DefinitionKind.IMPL) == ["Account", "Account", "Ledger", "Audit"]
    assert named(ledger, DefinitionKind.MOD) == ["reports"]
    assert len(named(ledger, DefinitionKind.USE)) == 3


def test_spans_run_from_doc_comments_and_attributes_to_the_end(ledger):
    account = next(d for d in ledger.definitions if d.name == "Account" and d.kind == DefinitionKind.STRUCT)
    assert ledger.slice(account.span).startswith("/// One account of the ledger.\npub struct Account {")
    assert ledger.slice(account.span).endswith("pub frozen: bool,\n}")
    assert ledger.slice(account.body).startswith("{") and account.in_verus and account.container is None
    const = next(d for d in ledger.definitions if d.name == "MAX_BALANCE")
    assert ledger.slice(const.span) == "pub const MAX_BALANCE: u64 = 1_000_000_000;" and const.body is None


def test_impls_name_their_type_and_trait_and_hold_their_methods(ledger):
    impl = next(d for d in ledger.definitions if d.kind == DefinitionKind.IMPL and d.trait_name == "Summable")
    assert impl.name == "Account"
    weight = next(f for f in ledger.functions if f.name == "weight" and f.container == "impl Summable for Account")
    assert impl.body.covers(weight.span)
    uses = [d for d in ledger.definitions if d.kind == DefinitionKind.USE and d.container == "mod reports"]
    assert [ledger.slice(d.span) for d in uses] == ["use super::*;"]


def test_constants_statics_macros_and_const_fns():
    source = b"""
const A: u64 = { 1 + 2 };
static mut COUNT: u32 = 0;
const fn seven() -> u64 { 7 }
macro_rules! twice { ($e:expr) => { $e + $e } }
verus! {
exec const C: u64
    ensures C == 7,
{
    7
}
spec fn after() -> int { 1 }
implement_view!(Pod);
broadcast group group_a { lemma_a }
broadcast use group_a;
}
"""
    model = parse(source)
    kinds = [(d.kind.value, d.name) for d in model.definitions]
    assert kinds == [
        ("const", "A"),
        ("static", "COUNT"),
        ("macro_rules", "twice"),
        ("const", "C"),
        ("macro", "implement_view"),
        ("broadcast_group", "group_a"),
        ("broadcast_use", ""),
    ]
    assert [f.name for f in model.functions] == ["seven", "after"]
    const_c = next(d for d in model.definitions if d.name == "C")
    assert model.slice(const_c.span).endswith("{\n    7\n}")
