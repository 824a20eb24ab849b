"""Extraction over a table of messy replies: prose, several blocks, whole files, single functions, cut-offs."""

import pytest

from verusagent.edit.extract import Edit, extract_edit
from verusagent.prompt.feedback import extraction_feedback
from verusagent.reply import ReplyError
from verusagent.reply import ReplyReason as FailureReason

ORIGINAL = """use vstd::prelude::*;

fn main() {}

verus! {

struct Counter {
    n: u64,
}

spec fn sum_to(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + sum_to((n - 1) as nat) }
}

fn count_true(arr: &Vec<bool>) -> (count: u64)
    ensures
        count <= arr.len(),
{
    let mut index = 0;
    let mut counter = 0;
    while index < arr.len() {
        if arr[index] {
            counter += 1;
        }
        index += 1;
    }
    counter
}

impl Counter {
    fn bump(&mut self)
        requires
            old(self).n < 100,
    {
        self.n = self.n + 1;
    }
}

} // verus!
"""

COUNT_TRUE_PROVED = """fn count_true(arr: &Vec<bool>) -> (count: u64)
    ensures
        count <= arr.len(),
{
    let mut index = 0;
    let mut counter = 0;
    while index < arr.len()
        invariant
            0 <= index <= arr.len(),
            counter <= index,
        decreases arr.len() - index,
    {
        if arr[index] {
            counter += 1;
        }
        index += 1;
    }
    counter
}"""

LEMMA = """proof fn lemma_le(a: nat, b: nat)
    requires a <= b,
    ensures a <= b + 1,
{
}"""

COUNT_TRUE_WITH_LEMMA = COUNT_TRUE_PROVED.replace(
    "        index += 1;\n", "        index += 1;\n        proof { lemma_le(counter as nat, index as nat); }\n"
)
WHOLE_FILE = ORIGINAL.replace(
    ORIGINAL[ORIGINAL.index("fn count_true") : ORIGINAL.index("impl Counter")], COUNT_TRUE_PROVED + "\n\n"
)
BUMP_PROVED = """fn bump(&mut self)
    requires
        old(self).n < 100,
{
    assert(self.n < 100);
    self.n = self.n + 1;
}"""


def fence(code: str, lang: str = "rust") -> str:
    return f"```{lang}\n{code}\n```"


def items(reply: str, **kwargs) -> Edit:
    edit = extract_edit(reply, ORIGINAL, **kwargs)
    assert isinstance(edit, Edit), edit
    return edit


def failure(reply: str, **kwargs) -> ReplyError:
    with pytest.raises(ReplyError) as raised:
        extract_edit(reply, ORIGINAL, **kwargs)
    return raised.value


WHOLE_FILE_REPLIES = {
    "fenced with prose around": f"Here is the proof.\n\n{fence(WHOLE_FILE)}\n\nThe invariant bounds index.",
    "no fences, prose first": "Sure! The fixed file:\n\n" + WHOLE_FILE,
    "tilde fence, CRLF": ("~~~rust\n" + WHOLE_FILE + "~~~\n").replace("\n", "\r\n"),
    "unlabelled fence after a text block": fence("error: invariant failed", "text") + "\n" + fence(WHOLE_FILE, ""),
    "draft then final": fence(ORIGINAL.replace("counter\n}", "counter + 0\n}")) + "\nBetter:\n" + fence(WHOLE_FILE),
    "fence never closed but the file is complete": "```rust\n" + WHOLE_FILE,
    "closing fence glued to the last line": "```rust\n" + WHOLE_FILE.rstrip("\n") + "```\nDone.",
}


@pytest.mark.parametrize("reply", WHOLE_FILE_REPLIES.values(), ids=WHOLE_FILE_REPLIES.keys())
def test_whole_file_replies(reply):
    edit = items(reply)
    assert edit.kind == "whole_file"
    assert edit.candidate == WHOLE_FILE


def test_several_whole_files_take_the_last_and_say_so():
    edit = items(fence(WHOLE_FILE.replace("counter <= index", "true")) + "\n" + fence(WHOLE_FILE))
    assert edit.candidate == WHOLE_FILE and "last one was used" in edit.notes[0]


ITEM_REPLIES = {
    "one function in a block": (fence(COUNT_TRUE_PROVED), ["count_true"], []),
    "one function, no language tag": (fence(COUNT_TRUE_PROVED, ""), ["count_true"], []),
    "function wrapped in verus!": (fence("verus! {\n" + COUNT_TRUE_PROVED + "\n}"), ["count_true"], []),
    "function indented inside a list item": (
        "1. Replace it:\n\n   ```rust\n"
        + "\n".join("   " + line for line in COUNT_TRUE_PROVED.split("\n"))
        + "\n   ```\n",
        ["count_true"],
        [],
    ),
    "function and a new lemma": (fence(LEMMA + "\n\n" + COUNT_TRUE_WITH_LEMMA), ["count_true"], ["lemma_le"]),
    "lemma and function in separate blocks": (
        "First a lemma:\n" + fence(LEMMA) + "\nthen:\n" + fence(COUNT_TRUE_WITH_LEMMA),
        ["count_true"],
        ["lemma_le"],
    ),
    "method inside its impl": (fence("impl Counter {\n" + BUMP_PROVED + "\n}"), ["Counter::bump"], []),
    "method given bare": (fence(BUMP_PROVED), ["Counter::bump"], []),
    "json and text blocks around the code": (
        fence('{"note": 1}', "json") + "\n" + fence("verus output", "text") + "\n" + fence(COUNT_TRUE_PROVED),
        ["count_true"],
        [],
    ),
    "prose with unicode quotes around the code": (
        "Here’s the “fixed” function — note the invariant:\n" + fence(COUNT_TRUE_PROVED) + "\nThat’s it.",
        ["count_true"],
        [],
    ),
}


@pytest.mark.parametrize(("reply", "replaced", "inserted"), ITEM_REPLIES.values(), ids=ITEM_REPLIES.keys())
def test_item_replies(reply, replaced, inserted):
    edit = items(reply)
    assert edit.kind == "items"
    assert edit.replaced == replaced and edit.inserted == inserted
    for untouched in ["spec fn sum_to(n: nat) -> nat", "fn main() {}", "struct Counter {", "} // verus!"]:
        assert untouched in edit.candidate
    assert edit.candidate.count("fn count_true(") == 1 and edit.candidate.count("fn bump(") == 1


def test_a_replaced_function_lands_exactly_where_the_original_was():
    edit = items(fence(COUNT_TRUE_PROVED))
    assert edit.candidate == WHOLE_FILE


def test_a_new_lemma_goes_before_its_first_user():
    candidate = items(fence(COUNT_TRUE_WITH_LEMMA + "\n\n" + LEMMA)).candidate
    assert candidate.index("proof fn lemma_le") < candidate.index("fn count_true(")
    assert candidate.index("spec fn sum_to") < candidate.index("proof fn lemma_le")


def test_an_unused_new_function_goes_at_the_end_of_the_verus_block():
    candidate = items(fence("spec fn unused_helper(x: int) -> int { x + 1 }")).candidate
    assert candidate.index("impl Counter") < candidate.index("spec fn unused_helper") < candidate.index("} // verus!")


def test_a_new_method_goes_into_its_impl_with_its_indentation():
    reply = fence(
        "impl Counter {\n    fn reset(&mut self)\n        ensures self.n == 0,\n    {\n        self.n = 0;\n    }\n}"
    )
    edit = items(reply)
    assert edit.inserted == ["Counter::reset"]
    candidate = edit.candidate
    assert candidate.index("fn bump") < candidate.index("    fn reset(&mut self)") < candidate.index("} // verus!")
    assert candidate.count("impl Counter") == 1


def test_a_method_given_at_column_zero_is_reindented_into_its_impl():
    candidate = items(fence(BUMP_PROVED)).candidate
    assert "\n        assert(self.n < 100);\n" in candidate


def test_the_last_version_of_a_function_wins():
    draft = COUNT_TRUE_PROVED.replace("counter <= index,", "counter < index,")
    edit = items(fence(draft) + "\nOops, that is wrong; corrected:\n" + fence(COUNT_TRUE_PROVED))
    assert edit.candidate == WHOLE_FILE


def test_a_complete_function_is_kept_from_a_reply_cut_off_in_the_next():
    cut = COUNT_TRUE_PROVED[: COUNT_TRUE_PROVED.index("counter += 1;")]
    edit = items("```rust\n" + BUMP_PROVED + "\n\n" + cut, truncated=True)
    assert edit.replaced == ["Counter::bump"]
    assert any("count_true" in note and "cut off" in note for note in edit.notes)
    assert "counter += 1;" in edit.candidate  # the original count_true is intact


FAILURES = {
    "prose only": ("I think the loop needs an invariant about index.", FailureReason.NO_CODE),
    "empty reply": ("", FailureReason.NO_CODE),
    "diff only": (
        fence("- while i < n {\n+ while i < n invariant i <= n, {", "diff"),
        FailureReason.UNSUPPORTED_FORMAT,
    ),
    "cut off mid-function": ("```rust\n" + COUNT_TRUE_PROVED[:200], FailureReason.TRUNCATED),
    "cut off without a fence": ("Here:\n" + COUNT_TRUE_PROVED[:250], FailureReason.TRUNCATED),
    "code without a function": (fence("invariant\n    0 <= index <= arr.len(),"), FailureReason.NO_FUNCTIONS),
    "the same function unchanged": (
        fence(ORIGINAL[ORIGINAL.index("fn count_true") : ORIGINAL.index("\n\nimpl")]),
        FailureReason.UNCHANGED,
    ),
    "the original file unchanged": (fence(ORIGINAL), FailureReason.UNCHANGED),
    "a module line among new lemmas": (
        fence("pub mod extra;\n\nproof fn lemma_fresh() ensures 1int == 1 {}"),
        FailureReason.MODULE_ADDED,
    ),
}


@pytest.mark.parametrize(("reply", "reason"), FAILURES.values(), ids=FAILURES.keys())
def test_unusable_replies_are_typed_failures_with_feedback(reply, reason):
    result = failure(reply)
    assert result.reason == reason
    message = extraction_feedback(result)
    assert "```rust" in message and result.detail in message


# The detail each failure gives the model (its words are verusagent.prompt.reply_text's): as it always was.
DETAILS = {
    "prose only": "No code was found in the reply.",
    "empty reply": "No code was found in the reply.",
    "diff only": "Send the changed code itself, not a diff.",
    "cut off mid-function": "The code ended mid-function (incomplete: count_true).",
    "cut off without a fence": "The code ended mid-function (incomplete: count_true).",
    "code without a function": "The code blocks held no function definition with a body.",
    "the same function unchanged": "Every function you sent is identical to the original.",
    "the original file unchanged": "The file you sent is the original file.",
    "a module line among new lemmas": (
        "It declares `mod extra;`: a proof adds no module. Put new lemmas in the file itself."
    ),
}


@pytest.mark.parametrize("case", FAILURES)
def test_each_failure_tells_the_model_what_it_always_did(case):
    assert failure(FAILURES[case][0]).detail == DETAILS[case]


def test_a_reply_cut_by_max_tokens_without_any_function_is_truncated():
    assert failure(fence("// thinking about the invariant..."), truncated=True).reason == FailureReason.TRUNCATED


GARBAGE = [
    "```",
    "```rust",
    "```rust\n}}}}\n```",
    "{{{{",
    "\x00\x01",
    "````````",
    "fn",
    "fn f(",
    "verus! {",
    "```rust\nfn f() -> (r: u8) ensures r == 0 { 0 }\n",
    "~~~\n~~~",
    "```rust\n/* unclosed comment fn f() {}\n```",
    '```rust\nfn f() { let s = "unclosed; }\n```',
    "\r\n\r\n```\r\n",
    "´´´rust\nfn x() {}\n´´´",
]


@pytest.mark.parametrize("reply", GARBAGE)
def test_garbage_raises_nothing_but_a_reply_error(reply):
    try:
        assert isinstance(extract_edit(reply, ORIGINAL), Edit)
    except ReplyError as error:
        assert error.reason in FailureReason and error.detail
