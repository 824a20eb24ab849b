"""A reply as an edit of a crate: the target's file whole, functions into the file that defines them, and
sections for files outside the crate (or none of it) refused."""

import pytest

from verusagent.crate.discover import find_crate
from verusagent.crate.model import read_sources
from verusagent.crate.workspace import CrateWorkspace
from verusagent.crate_text import join_files
from verusagent.edit import Edit
from verusagent.edit.crate_splice import crate_edit as edit_of_reply
from verusagent.edit.crate_splice import edit_from_sections
from verusagent.prompt.feedback import extraction_feedback
from verusagent.reply import ReplyError, ReplySection, edit_reply


def crate_edit(reply: str, workspace: CrateWorkspace, text: str) -> Edit:
    return edit_of_reply(edit_reply(reply), workspace, text)


@pytest.fixture
def netlib(crates):
    layout = find_crate(crates("netlib")).layout
    texts = {path: data.decode() for path, data in read_sources(layout).items()}
    return CrateWorkspace(layout, "src/net.rs"), join_files(texts, layout.paths)


DOUBLE = """pub fn double(n: u32) -> (r: u32)
    requires
        n < 100,
    ensures
        r == 2 * n,
{
    assert(n + n == 2 * n);
    n + n
}
"""


def test_a_function_goes_to_the_file_that_defines_it(netlib) -> None:
    workspace, text = netlib
    edit = crate_edit(f"```rust\n{DOUBLE}```\n", workspace, text)
    assert isinstance(edit, Edit) and edit.replaced == ["src/util/arith_helpers.rs: double"]
    assert workspace.changed(text, edit.candidate) == ["src/util/arith_helpers.rs"]
    assert "assert(n + n == 2 * n);" in workspace.files(edit.candidate)["src/util/arith_helpers.rs"]


def test_a_new_function_goes_to_the_target_file(netlib) -> None:
    workspace, text = netlib
    lemma = "proof fn lemma_new(n: u32)\n    ensures n <= n,\n{\n}\n"
    edit = crate_edit(f"```rust\n{lemma}```\n", workspace, text)
    assert isinstance(edit, Edit) and edit.inserted == ["lemma_new"]
    assert workspace.changed(text, edit.candidate) == ["src/net.rs"]


def test_a_name_defined_in_several_files_is_not_guessed(netlib) -> None:
    workspace, text = netlib
    files = workspace.files(text)
    files["src/store/mod.rs"] = files["src/store/mod.rs"].replace("} // verus!", DOUBLE + "\n} // verus!")
    twice = workspace.text(files)
    with pytest.raises(ReplyError) as refused:
        crate_edit(f"```rust\n{DOUBLE}```\n", workspace, twice)
    assert refused.value.reason == "unchanged"


@pytest.mark.parametrize(
    "file, says",
    [
        ("../outside.rs", "is outside the crate"),
        ("/etc/x.rs", "outside the crate"),
        ("src/new_module.rs", "is not a file of the crate"),
    ],
)
def test_a_section_for_a_file_outside_the_crate_refuses_the_whole_reply(netlib, file, says) -> None:
    workspace, text = netlib
    sections = [
        ReplySection(file=None, text=f"```rust\n{DOUBLE}```\n"),
        ReplySection(file=file, text="```rust\nfn sneaky() { }\n```\n"),
    ]
    with pytest.raises(ReplyError) as refused:
        edit_from_sections(sections, workspace, text)
    assert refused.value.reason == "outside_crate" and says in refused.value.detail
    assert "refused as a whole" in extraction_feedback(refused.value)


def test_a_module_line_in_a_reply_refuses_the_whole_reply_with_feedback(netlib) -> None:
    """`pub mod extra;` would add a module: not silently dropped while the reply's functions go in."""
    workspace, text = netlib
    sections = [
        ReplySection(file=None, text=f"```rust\n{DOUBLE}```\n"),
        ReplySection(file="src/net.rs", text="```rust\npub mod extra;\n\nproof fn lemma_x() {}\n```\n"),
    ]
    with pytest.raises(ReplyError) as refused:
        edit_from_sections(sections, workspace, text)
    assert refused.value.reason == "module_added"
    assert "`mod extra;`" in refused.value.detail and "adds a module" in extraction_feedback(refused.value)


def test_a_section_naming_a_crate_file_edits_that_file(netlib) -> None:
    workspace, text = netlib
    edit = edit_from_sections(
        [ReplySection(file="./src/util/arith_helpers.rs", text=f"```rust\n{DOUBLE}```\n")], workspace, text
    )
    assert isinstance(edit, Edit) and workspace.changed(text, edit.candidate) == ["src/util/arith_helpers.rs"]


def test_a_whole_file_reply_replaces_the_target_file(netlib) -> None:
    workspace, text = netlib
    net = workspace.target_text(text).replace("sent = sent + 1;", "sent = sent + 1; // proof here")
    edit = crate_edit(f"```rust\n{net}```\n", workspace, text)
    assert isinstance(edit, Edit) and edit.kind == "whole_file"
    assert workspace.changed(text, edit.candidate) == ["src/net.rs"]


def test_a_single_file_is_extract_edit_unchanged() -> None:
    from verusagent.edit import extract_edit

    source = "verus! {\nfn f(x: u32) -> u32 { x }\n}\n"
    reply = "```rust\nfn f(x: u32) -> u32 { assert(true); x }\n```\n"
    assert crate_edit(reply, CrateWorkspace.single("f.rs"), source) == extract_edit(reply, source)


PUT = """pub fn put(len: u32) -> (r: u32)
    requires
        len < 1000,
    ensures
        r == len + 1,
{
    assert(len + 1 <= 1000);
    len + 1
}
"""


def test_file_lines_inside_the_code_block_cut_the_reply_into_files(netlib) -> None:
    reply = (
        f"Two files.\n\n```rust\n// file: src/store/mod.rs\n{PUT}\n// file: src/util/arith_helpers.rs\n{DOUBLE}```\n"
    )
    workspace, text = netlib
    edit = crate_edit(reply, workspace, text)
    assert isinstance(edit, Edit)
    assert workspace.changed(text, edit.candidate) == ["src/store/mod.rs", "src/util/arith_helpers.rs"]


def test_a_file_line_in_the_prose_names_the_next_block(netlib) -> None:
    reply = f"File: `src/store/mod.rs`\n\n```rust\n{PUT}```\n"
    workspace, text = netlib
    edit = crate_edit(reply, workspace, text)
    assert isinstance(edit, Edit) and edit.replaced == ["src/store/mod.rs: put"]


def test_functions_before_any_file_line_and_under_the_target_file_both_land(netlib) -> None:
    """The target's file named and unnamed: both sections are read together, neither edit lost."""
    workspace, text = netlib
    lemma = "proof fn lemma_new(n: u32)\n    ensures n <= n,\n{\n}\n"
    other = "proof fn lemma_other(n: u32)\n    ensures n >= n,\n{\n}\n"
    reply = f"```rust\n{lemma}\n// file: src/net.rs\n{other}\n// file: store/mod.rs\n{PUT}```\n"
    edit = crate_edit(reply, workspace, text)
    assert isinstance(edit, Edit) and sorted(edit.inserted) == ["lemma_new", "lemma_other"]
    net = workspace.files(edit.candidate)["src/net.rs"]
    assert "lemma_new" in net and "lemma_other" in net
    assert "assert(len + 1 <= 1000);" in workspace.files(edit.candidate)["src/store/mod.rs"]  # by its unique ending


@pytest.mark.parametrize("line", ["// file: ../outside.rs", "// file: src/added.rs"])
def test_a_file_line_outside_the_crate_refuses_the_reply(netlib, line) -> None:
    workspace, text = netlib
    with pytest.raises(ReplyError) as refused:
        crate_edit(f"```rust\n{DOUBLE}\n{line}\nfn sneaky() {{ }}\n```\n", workspace, text)
    assert refused.value.reason == "outside_crate"
