"""A reply as an edit of a crate: the target's file whole, functions into the file that defines them, and
sections for files outside the crate (or none of it) refused."""

import pytest

from verusagent.crate.discover import find_crate
from verusagent.crate.files import join_files
from verusagent.crate.model import read_sources
from verusagent.crate.splice import ReplySection, crate_edit, edit_from_sections
from verusagent.crate.workspace import Workspace
from verusagent.llm import Edit, ExtractionFailure


@pytest.fixture
def netlib(crates):
    layout = find_crate(crates("netlib")).layout
    texts = {path: data.decode() for path, data in read_sources(layout).items()}
    return Workspace(layout, "src/net.rs"), join_files(texts, layout.paths)


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
    edit = crate_edit(f"```rust\n{DOUBLE}```\n", workspace, twice)
    assert isinstance(edit, ExtractionFailure) and edit.reason == "unchanged"


@pytest.mark.parametrize("file, says", [("../outside.rs", "is outside the crate"), ("/etc/x.rs", "outside the crate"),
                                        ("src/new_module.rs", "is not a file of the crate")])
def test_a_section_for_a_file_outside_the_crate_refuses_the_whole_reply(netlib, file, says) -> None:
    workspace, text = netlib
    sections = [ReplySection(file=None, text=f"```rust\n{DOUBLE}```\n"),
                ReplySection(file=file, text="```rust\nfn sneaky() { }\n```\n")]
    refused = edit_from_sections(sections, workspace, text)
    assert isinstance(refused, ExtractionFailure) and refused.reason == "outside_crate" and says in refused.detail
    assert "refused as a whole" in refused.feedback()


def test_a_section_naming_a_crate_file_edits_that_file(netlib) -> None:
    workspace, text = netlib
    edit = edit_from_sections([ReplySection(file="./src/util/arith_helpers.rs", text=f"```rust\n{DOUBLE}```\n")],
                              workspace, text)
    assert isinstance(edit, Edit) and workspace.changed(text, edit.candidate) == ["src/util/arith_helpers.rs"]


def test_a_whole_file_reply_replaces_the_target_file(netlib) -> None:
    workspace, text = netlib
    net = workspace.target_text(text).replace("sent = sent + 1;", "sent = sent + 1; // proof here")
    edit = crate_edit(f"```rust\n{net}```\n", workspace, text)
    assert isinstance(edit, Edit) and edit.kind == "whole_file"
    assert workspace.changed(text, edit.candidate) == ["src/net.rs"]


def test_a_single_file_is_extract_edit_unchanged() -> None:
    from verusagent.llm import extract_edit

    source = "verus! {\nfn f(x: u32) -> u32 { x }\n}\n"
    reply = "```rust\nfn f(x: u32) -> u32 { assert(true); x }\n```\n"
    assert crate_edit(reply, Workspace.single("f.rs"), source) == extract_edit(reply, source)
