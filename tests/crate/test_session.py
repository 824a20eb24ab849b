"""Agent-mode tools over a crate: the candidate is a set of files, so views, definitions, edits and verus
results name their file (`src/net.rs`), and functions are found in every file by their crate ids."""

from pathlib import Path

import pytest

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.session.definitions import definition
from verusagent.agent.session.editing import edit
from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.searching import search_lemmas
from verusagent.agent.session.views import view
from verusagent.agent.session.workspace import Workspace
from verusagent.crate.discover import find_crate
from verusagent.crate.model import read_sources
from verusagent.crate.workspace import CrateWorkspace
from verusagent.crate_text import join_files
from verusagent.guard import GuardPolicy, GuardReport
from verusagent.record import RunWriter, sha256_text
from verusagent.verus import Diagnostic, SpanRef, Verdict, VerusResult

from tests.crate.crate_texts import PROVED_SEND
from tests.paths import REPO_ROOT
from tests.review.pass_through import PassThroughReview

NETLIB = REPO_ROOT / "rust_fixtures" / "crates" / "netlib"
ORIGIN = Candidate(text="", sha256="", strategy="agent", round=1)


@pytest.fixture
def crate() -> CrateWorkspace:
    layout = find_crate(NETLIB).layout
    return CrateWorkspace(layout, "src/lib.rs")


@pytest.fixture
def original(crate) -> str:
    return join_files({p: data.decode() for p, data in read_sources(crate.layout).items()}, crate.order)


@pytest.fixture
def workspace(crate, original) -> Workspace:
    base = Evaluation(
        candidate=Candidate(text=original, sha256=sha256_text(original), strategy="baseline", round=0),
        guard=GuardReport(violations=[]),
    )
    return Workspace(base, "netlib", crate)


@pytest.fixture
def evaluator(tmp_path, crate, original) -> Evaluator:
    writer = RunWriter.create(tmp_path / "runs", "crate-tools")
    return Evaluator(original, GuardPolicy(), PassThroughReview(), verifier=None, record=writer, workspace=crate)


def test_the_outline_lists_every_file_with_its_module_and_functions(workspace) -> None:
    text = view(workspace, "outline").text
    assert text.startswith("crate with 5 files (the prompt's file: src/lib.rs); not verified yet")
    assert "src/net.rs (module net): 19 lines, 1 functions" in text
    assert "src/lib.rs (module the crate root)" in text and "fn:net::conn::Conn::open (exec fn)" in text
    assert view(workspace, "src/util/arith_helpers.rs").text.startswith(
        "src/util/arith_helpers.rs (module arith): 25 lines, 2 functions"
    )


def test_views_by_file_and_line_range_by_function_and_by_unit(workspace) -> None:
    lines = view(workspace, "src/net.rs:13-14").text
    assert lines.startswith("lines 13-14 of src/net.rs (19 lines):") and "while sent < n {" in lines
    assert view(workspace, "1-2").text.startswith("lines 1-2 of src/lib.rs (21 lines):")  # the prompt's file
    send = view(workspace, "send").text
    assert send.startswith("fn:net::send (exec fn) in src/net.rs, lines 7-17 of 19:")
    loop = view(workspace, "fn:net::conn::Conn::open/loop#1").text
    assert loop.startswith("fn:net::conn::Conn::open/loop#1 in src/net/conn.rs")
    unknown = view(workspace, "src/extra.rs:1-3")
    assert unknown.error == "unknown_target" and "src/net.rs" in unknown.text


def test_error_lines_are_marked_in_their_own_file_only(workspace) -> None:
    error = Diagnostic(
        kind="decreases_loop",
        level="error",
        message="loop must have a decreases clause",
        location=SpanRef(file="src/net.rs", line=13, col=5),
        unit_id="fn:net::send/loop#1",
    )
    result = VerusResult(
        verdict=Verdict.FAILED,
        partial=False,
        diagnostics=[error],
        duration_s=0.1,
        verus_path="standin",
        verus_version="standin",
        is_standin=True,
        content_sha256="",
        file_name="src/lib.rs",
        flags=[],
    )
    workspace.current = workspace.current.model_copy(update={"verus": result})
    assert ">   13 |     while sent < n {" in view(workspace, "send").text
    assert ">" not in view(workspace, "src/lib.rs:13-13").text.split("\n", 1)[1][:1]
    assert "fn:net::send (exec fn)  <- 1 error" in view(workspace, "outline").text


def test_definitions_name_the_file_they_are_in(workspace) -> None:
    double = definition(workspace, LemmaLibrary(vstd=Path("/nonexistent")), "double").text
    assert double.startswith("fn:arith::double (exec fn) in src/util/arith_helpers.rs, lines 13-23:")
    conn = definition(workspace, LemmaLibrary(vstd=Path("/nonexistent")), "Conn").text
    assert "struct Conn in src/net/conn.rs, lines 5-7:" in conn


def test_lemma_search_covers_every_file_of_the_crate(workspace) -> None:
    found = search_lemmas(workspace, LemmaLibrary(vstd=Path("/nonexistent")), "double bound", 5).text
    assert "In the crate:" in found and "lemma_double_bound" in found


def test_an_edit_goes_to_the_file_defining_the_function(workspace, evaluator) -> None:
    before = workspace.sha
    result = edit(workspace, evaluator, PROVED_SEND, ORIGIN)
    assert result.ok and result.applied, result.text
    assert "src/net.rs: send" in result.text and workspace.sha != before
    files = workspace.crate.files(workspace.text)
    assert "decreases n - sent" in files["src/net.rs"] and "decreases" not in files["src/lib.rs"]


def test_a_cheat_in_another_file_is_refused_naming_that_file(workspace, evaluator) -> None:
    cheat = (
        "pub fn put(len: u32) -> (r: u32)\n    requires\n        len < 1000,\n    ensures\n"
        "        r == len + 1,\n{\n    proof { assume(false); }\n    len + 1\n}\n"
    )
    before = workspace.sha
    result = edit(workspace, evaluator, cheat, ORIGIN)
    assert result.error == "refused" and workspace.sha == before
    assert "[escape-hatch-added] src/store/mod.rs line 11:" in result.text and "fn:store::put" in result.text
