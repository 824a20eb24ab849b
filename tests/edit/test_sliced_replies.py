"""Replies to a sliced prompt: the functions they send are spliced into the whole file; signatures copied with
their body still elided are left alone; a reply that copies the slice back does not replace the file."""

import textwrap

import pytest

from verusagent.context import slice_source
from verusagent.edit.extract import Edit, extract_edit
from verusagent.lens import parse
from verusagent.reply import ReplyError, ReplyReason

from tests.paths import REPO_ROOT

LEDGER = (REPO_ROOT / "rust_fixtures" / "slice" / "ledger.rs").read_text()
LOOP = "        while k < self.accounts.len() {"
PROVED_LOOP = """        while k < self.accounts.len()
            invariant
                k <= self.accounts.len(),
                sum == total(self.accounts@.take(k as int)),
            decreases self.accounts.len() - k,
        {"""


def function_text(source: str, name: str) -> str:
    """The function as a model would send it: its lines as in the file, the common indentation removed."""
    model = parse(source)
    span = model.function(name).span
    return textwrap.dedent(" " * (span.col - 1) + model.slice(span))


def fenced(code: str) -> str:
    return f"Here is the proof.\n\n```rust\n{code}\n```\n"


@pytest.fixture(scope="module")
def view() -> str:
    return slice_source(LEDGER, ["sum_balances"], budget_tokens=700).text


def test_the_changed_function_alone_is_spliced_into_the_whole_file():
    outdented = "\n".join(line[4:] for line in PROVED_LOOP.split("\n"))  # as the method is sent: at column 0
    proved = function_text(LEDGER, "sum_balances").replace(LOOP[4:], outdented)
    edit = extract_edit(fenced(proved), LEDGER)
    assert isinstance(edit, Edit) and edit.kind == "items" and edit.replaced == ["Ledger::sum_balances"]
    assert edit.candidate == LEDGER.replace(LOOP, PROVED_LOOP)


def test_a_reply_that_copies_the_slice_back_with_the_proof_changes_only_the_target(view):
    edit = extract_edit(fenced(view.replace(LOOP, PROVED_LOOP)), LEDGER)
    assert isinstance(edit, Edit) and edit.kind == "items"
    assert edit.replaced == ["Ledger::sum_balances"] and edit.candidate == LEDGER.replace(LOOP, PROVED_LOOP)
    assert any("lemma_total_bounded was sent with its body still elided" in note for note in edit.notes)


def test_copied_signatures_with_an_elided_body_are_not_a_change(view):
    start = view.index("pub proof fn lemma_total_bounded")
    signature = view[start : view.index("}\n", start) + 1]
    assert "// ... body elided" in signature
    with pytest.raises(ReplyError) as failure:
        extract_edit(fenced(signature), LEDGER)
    assert failure.value.reason == ReplyReason.UNCHANGED


def test_a_new_lemma_goes_into_the_whole_file_before_its_first_user():
    lemma = (
        "proof fn lemma_total_take(s: Seq<Account>, k: int)\n    requires 0 <= k < s.len(),\n"
        "    ensures total(s.take(k + 1)) == total(s.take(k)) + s[k].balance,\n{\n"
        "    assert(s.take(k + 1).drop_last() =~= s.take(k));\n}"
    )
    user = function_text(LEDGER, "sum_balances").replace(
        "        k = k + 1;", "        proof { lemma_total_take(self.accounts@, k as int); }\n        k = k + 1;"
    )
    edit = extract_edit(fenced(lemma + "\n\n" + user), LEDGER)
    assert isinstance(edit, Edit) and edit.inserted == ["lemma_total_take"]
    model = parse(edit.candidate)
    assert model.function("lemma_total_take") is not None and len(model.functions) == len(parse(LEDGER).functions) + 1
