"""What a prompt shows of a crate: the target's file, and of the other files what the shown text names (with
what is left out marked), failing functions of other files whole; a single file exactly as before crates."""

import pytest

from verusagent.context import prompt_view
from verusagent.crate.discover import find_crate
from verusagent.crate.model import read_sources
from verusagent.crate.workspace import CrateWorkspace
from verusagent.crate_text import join_files
from verusagent.prompt.crate import crate_view
from verusagent.prompt.templates import render


@pytest.fixture
def netlib(crates):
    layout = find_crate(crates("netlib")).layout
    texts = {path: data.decode() for path, data in read_sources(layout).items()}
    return layout, join_files(texts, layout.paths)


def test_the_other_files_show_what_the_target_file_uses_of_them(netlib) -> None:
    layout, text = netlib
    view = crate_view(CrateWorkspace(layout, "src/lib.rs"), text, [], [])
    assert view.file_name == "src/lib.rs" and view.reply_format == "crate"
    assert view.source == CrateWorkspace(layout, "src/lib.rs").target_text(text)  # a small target file, whole
    [arith] = view.other_files  # lib.rs names `arith::double` and nothing of net, conn or store
    assert arith.path == "src/util/arith_helpers.rs" and arith.targets == []
    assert "pub fn double(n: u32) -> (r: u32)" in arith.source and "r == 2 * n," in arith.source
    assert "n + n" not in arith.source and "// ... body elided" in arith.source


def test_a_failing_function_of_another_file_is_shown_whole(netlib) -> None:
    layout, text = netlib
    view = crate_view(CrateWorkspace(layout, "src/lib.rs"), text, [], ["fn:store::put"])
    store = next(f for f in view.other_files if f.path == "src/store/mod.rs")
    assert store.targets == ["store::put"] and "len + 1\n" in store.source


def test_a_file_the_target_file_names_nothing_of_is_left_out(netlib) -> None:
    layout, text = netlib
    view = crate_view(CrateWorkspace(layout, "src/net/conn.rs"), text, ["net::conn::Conn::open"], [])
    assert view.other_files == [] and view.reply_format == "file"


def test_a_single_file_is_its_prompt_view(netlib) -> None:
    source = "verus! {\nfn f(x: u32) -> u32 { x }\n}\n"
    view = crate_view(CrateWorkspace.single("f.rs"), source, [], [])
    plain = prompt_view(source, [], [])
    assert (view.source, view.reply_format, view.targets, view.other_files) == (
        plain.source,
        plain.reply_format,
        plain.targets,
        [],
    )


def test_the_prompt_shows_each_other_file_and_asks_for_file_lines(netlib) -> None:
    layout, text = netlib
    view = crate_view(CrateWorkspace(layout, "src/lib.rs"), text, [], [])
    prompt = render(
        "prove",
        file_name=view.file_name,
        source=view.source,
        strategy="",
        feedback=[],
        review_findings=[],
        reply_format=view.reply_format,
        other_files=view.other_files,
        targets=[],
    )
    assert "File `src/util/arith_helpers.rs` of the same crate (only what `src/lib.rs` uses of it" in prompt
    words = " ".join(prompt.split())
    assert "Put a line `// file: src/net.rs`" in words and "functions after no such line go to `src/lib.rs`" in words
    assert prompt.index("File `src/lib.rs`") < prompt.index("File `src/util/arith_helpers.rs`")
    assert "Prove every function of the crate: verus checks all of its files." in prompt
