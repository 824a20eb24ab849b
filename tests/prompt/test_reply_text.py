"""The words of a reply error and of an edit's notes live in ``verusagent.prompt.reply_text``: the text each had
when it was written where the error was raised or the note made (replies are cached by prompt, so it stays byte
for byte), the reading's errors worded on their way to the model, and no module of reply/ or edit/ writing a
detail or a note of its own."""

import ast

import pytest

from verusagent.prompt import reply_text
from verusagent.prompt.feedback import extraction_feedback
from verusagent.reply import ReplyError, ReplyReason

from tests.paths import PACKAGE, package_modules_outside

CRATE = ["src/lib.rs", "src/net.rs"]
WORDS = {
    "no_code": (reply_text.no_code(), "No code was found in the reply."),
    "diff_sent": (reply_text.diff_sent(), "Send the changed code itself, not a diff."),
    "original": (reply_text.original_file_sent(), "The file you sent is the original file."),
    "elided": (reply_text.only_elided_signatures(), "You sent back only signatures shown with an elided body."),
    "identical": (reply_text.identical_functions(), "Every function you sent is identical to the original."),
    "module": (
        reply_text.module_added(["extra", "more"]),
        "It declares `mod extra;`, `mod more;`: a proof adds no module. Put new lemmas in the file itself.",
    ),
    "cut": (reply_text.ended_mid_function(["f", "g"]), "The code ended mid-function (incomplete: f, g)."),
    "cut_before_any": (reply_text.ended_mid_function([]), "The code ended mid-function."),
    "no_functions": (reply_text.no_function_with_a_body(), "The code blocks held no function definition with a body."),
    "outside": (
        reply_text.outside_crate("../x.rs", CRATE),
        "`../x.rs` is outside the crate: edit only the files of the crate (src/lib.rs, src/net.rs).",
    ),
    "not_in_crate": (
        reply_text.not_a_crate_file("src/new.rs", CRATE),
        "`src/new.rs` is not a file of the crate (a proof adds no module): edit only src/lib.rs, src/net.rs.",
    ),
    # the notes of a usable edit (an agent session shows them after the edit)
    "several_files": (reply_text.several_whole_files(3), "the reply held 3 whole files; the last one was used"),
    "unclosed": (reply_text.unclosed_whole_file(), "the code block was not closed, but the file in it is complete"),
    "function_cut": (
        reply_text.function_cut_off("count_true"),
        "function count_true was cut off or unbalanced and was not used",
    ),
    "function_elided": (
        reply_text.function_left_elided("lemma_a"),
        "function lemma_a was sent with its body still elided and was left as it is",
    ),
    "several_homes": (
        reply_text.defined_in_several_files("Conn::open"),
        "function Conn::open is defined in several files of the crate and was not used: name its file",
    ),
    "overlap": (reply_text.overlapping_edit(120), "skipped an edit at byte 120: it overlaps another"),
}


@pytest.mark.parametrize(("said", "text"), WORDS.values(), ids=WORDS.keys())
def test_each_detail_is_the_text_it_always_was(said: str, text: str) -> None:
    assert said == text


@pytest.mark.parametrize(
    ("reason", "detail"),
    [
        (ReplyReason.NO_CODE, "No code was found in the reply."),
        (ReplyReason.UNSUPPORTED_FORMAT, reply_text.diff_sent()),
    ],
)
def test_a_reading_error_gets_its_words_here(reason: ReplyReason, detail: str) -> None:
    error = reply_text.worded(ReplyError(reason))
    assert (error.reason, error.detail, str(error)) == (reason, detail, f"{reason.value}: {detail}")
    assert detail in extraction_feedback(error)


def test_an_error_with_its_detail_keeps_it() -> None:
    error = ReplyError(ReplyReason.NO_CODE, "said already")
    assert reply_text.worded(error) is error
    unworded = ReplyError(ReplyReason.NO_VOTE)
    assert reply_text.worded(unworded) is unworded


def _details_written(tree: ast.AST) -> list[int]:
    """The lines where a ``ReplyError`` is made with a detail written there (a string, an f-string)."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) == "ReplyError"
        and any(isinstance(arg, ast.Constant | ast.JoinedStr) for arg in node.args[1:])
    ]


def test_no_module_of_edit_or_reply_edits_words_a_reply_error() -> None:
    trees = {
        name: tree
        for name, tree in package_modules_outside(PACKAGE / "prompt").items()
        if name.startswith("verusagent/edit/") or name == "verusagent/reply/edits.py"
    }
    assert "verusagent/edit/extract.py" in trees and "verusagent/edit/crate_splice.py" in trees
    assert {name: lines for name, tree in trees.items() if (lines := _details_written(tree))} == {}


def _notes_written(tree: ast.AST) -> list[int]:
    """The lines where an edit's note is written there: a string or an f-string appended to, or put in, ``notes``."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend")
        ):
            target, values = node.func.value, node.args
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            target, values = (node.targets[0] if isinstance(node, ast.Assign) else node.target), [node.value]
        elif isinstance(node, ast.keyword) and node.arg == "notes":
            target, values = ast.Name(id="notes"), [node.value]
        else:
            continue
        written = [n for v in values if v is not None for n in ast.walk(v) if isinstance(n, ast.JoinedStr)]
        written += [
            n
            for v in values
            if v is not None
            for n in ast.walk(v)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip()
        ]
        if ast.unparse(target).endswith("notes") and written:
            found.append(getattr(node, "lineno", 0) or written[0].lineno)
    return found


def test_no_module_of_edit_writes_a_note_of_its_own() -> None:
    trees = {name: tree for name, tree in package_modules_outside(PACKAGE / "prompt").items() if "/edit/" in name}
    assert {name: lines for name, tree in trees.items() if (lines := _notes_written(tree))} == {}


def test_the_scan_sees_a_written_note() -> None:
    assert _notes_written(ast.parse('result.notes.append(f"skipped {x}")')) == [1]
    assert _notes_written(ast.parse('notes = ["the last one was used"] if n else []')) == [1]
    assert _notes_written(ast.parse('notes += [f"function {n} was cut" for n in cut]')) == [1]
    assert _notes_written(ast.parse('Edit(kind="items", notes=[f"{n}" for n in cut])')) == [1]
    assert _notes_written(ast.parse("result.notes.append(reply_text.overlapping_edit(start))")) == []
    assert _notes_written(ast.parse("notes = spliced.notes + [reply_text.function_cut_off(n) for n in cut]")) == []


def test_the_scan_sees_a_written_detail() -> None:
    assert _details_written(ast.parse('ReplyError(ReplyReason.NO_CODE, "No code.")')) == [1]
    assert _details_written(ast.parse('errors.ReplyError(r, f"{x} is out")')) == [1]
    assert _details_written(ast.parse("ReplyError(r, reply_text.no_code())")) == []
