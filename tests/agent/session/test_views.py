"""view(target): a unit's text by name, id or line range, or the outline; numbered and bounded."""

from verusagent.agent.session.views import MAX_VIEW_LINES, view
from verusagent.agent.session.workspace import Workspace
from verusagent.bench.verusage import discover

from tests.agent.session.session_support import baseline


def test_a_function_by_name_by_qualified_name_and_by_id(workspace):
    shown = view(workspace, "total")
    assert shown.ok and shown.text.startswith("fn:total (exec fn), lines 40-54 of 59:")
    assert "    49 |     while i < n {" in shown.text and shown.text.count("\n") == 15
    for target in ("Counter::bump", "fn:Counter::bump", "bump"):
        assert view(workspace, target).text.startswith("fn:Counter::bump (exec fn), lines 29-37")


def test_a_loop_by_its_unit_id_and_line_ranges(workspace):
    assert view(workspace, "fn:total/loop#1").text.startswith("fn:total/loop#1, lines 49-52 of 59:")
    ranged = view(workspace, "lines 9-12").text
    assert ranged.startswith("lines 9-12 of 59:") and "     9 | pub struct Counter {" in ranged
    assert view(workspace, "7").text.splitlines()[1] == "     7 | pub const LIMIT: u64 = 1000;"
    assert view(workspace, "55-400").text.startswith("lines 55-59 of 59:")


def test_what_does_not_exist_is_an_error_with_the_closest_names(workspace):
    missing = view(workspace, "totl")
    assert not missing.ok and missing.error == "unknown_target" and "Did you mean: total" in missing.text
    assert view(workspace, "90-95").error == "unknown_target"
    assert view(workspace, "fn:total/loop#7").error == "unknown_target"


def test_the_outline(workspace):
    outline = view(workspace, "outline").text.splitlines()
    assert outline[0] == "session_tools.rs: 59 lines, 5 functions; not verified yet (call verify)"
    assert "  lines 18-26  fn:lemma_scaled_grows (proof fn)" in outline
    assert "  lines 14-16  fn:scaled (open spec fn)" in outline


def test_output_is_bounded_on_a_large_verusage_file(shared_dir):
    tasks = discover(shared_dir / "corpus" / "verusage-bench" / "anvil-controller")
    largest = max(tasks, key=lambda t: t.task_path.stat().st_size)
    text = largest.task_path.read_text(encoding="utf-8")
    workspace = Workspace(baseline(text), largest.task_path.name)
    everything = view(workspace, "1-100000")
    assert everything.text.count("\n") == MAX_VIEW_LINES + 1 and "more lines: view(" in everything.text
    assert len(view(workspace, "outline").bounded().text) <= 12_100
