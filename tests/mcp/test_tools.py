"""The server's tools in-process, on a crate of files (rust_fixtures/crates/netlib) and on real corpus data. verus
is the stand-in for tests: its verdicts are not verus's, and the results say so."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verusagent.mcp import tools
from verusagent.mcp.accept import accept
from verusagent.mcp.specs import original_specs
from verusagent.mcp.tree import ToolError, Tree
from verusagent.record.reader import read_run

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
VERIFIED = REPO_ROOT / "tools" / "standin_scenarios" / "verified.json"
LOOP = "    while sent < n {"
HONEST = "    while sent < n\n        invariant\n            sent <= n,\n        decreases n - sent,\n    {"


@pytest.fixture
def netlib(crates, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tools.Workbench:
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(VERIFIED))
    return tools.Workbench(Tree.open(crates("netlib")), verus=str(STANDIN), runs_dir=tmp_path / "runs")


def test_a_crate_edit_is_guarded_file_by_file(netlib: tools.Workbench) -> None:
    net = netlib.tree.root / "src" / "net.rs"
    net.write_text(net.read_text().replace("sent == n,", "sent <= n,"))
    result = tools.check(netlib)
    assert not result.clean
    assert [(v.rule, v.file, v.function) for v in result.violations] == [("spec-changed", "src/net.rs", "fn:net::send")]


def test_a_crate_acceptance_is_recorded_and_audits_clean(netlib: tools.Workbench) -> None:
    net = netlib.tree.root / "src" / "net.rs"
    net.write_text(net.read_text().replace(LOOP, HONEST))
    accepted = accept(netlib)
    assert accepted.verdict == "verified" and accepted.verus is not None and accepted.verus.standin
    assert "STAND-IN" in accepted.note
    log = read_run(Path(accepted.run))
    assert [e.kind for e in log.events][-2:] == ["verdict", "run_stopped"]
    audit = subprocess.run(
        [sys.executable, "-m", "verusagent", "audit", accepted.run], capture_output=True, text=True, check=False
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_refused_acceptance_runs_no_verus(netlib: tools.Workbench) -> None:
    net = netlib.tree.root / "src" / "net.rs"
    net.write_text(net.read_text().replace(LOOP, "    assume(false);\n" + LOOP))
    refused = accept(netlib)
    assert refused.verdict == "failed" and refused.verus is None and refused.precheck is None
    assert {v.rule for v in refused.guard.violations} == {"escape-hatch-added"}
    kinds = [e.kind for e in read_run(Path(refused.run)).events]
    assert "verus_run" not in kinds and kinds[-2:] == ["verdict", "run_stopped"]


def test_units_and_focused_verify_name_functions_by_module(netlib: tools.Workbench) -> None:
    assert [u.id for u in tools.units(netlib, "src/net.rs")] == ["fn:net::send"]
    focused = tools.verify(netlib, "net::send")
    assert focused.partial and focused.standin
    with pytest.raises(ToolError, match="no function"):
        tools.verify(netlib, "net::nothing")


def test_a_new_module_file_is_part_of_the_next_snapshot(netlib: tools.Workbench) -> None:
    lib = netlib.tree.root / "src" / "lib.rs"
    lib.write_text(lib.read_text().replace("pub mod store;", "pub mod store;\npub mod extra;"))
    (netlib.tree.root / "src" / "extra.rs").write_text("use vstd::prelude::*;\nverus! {\npub fn e() {}\n}\n")
    assert "src/extra.rs" in netlib.tree.snapshot().files
    assert any(v.file == "src/extra.rs" for v in tools.check(netlib).violations)  # a new exec fn is exec code


def test_specs_resource_shows_each_contract(netlib: tools.Workbench) -> None:
    specs = original_specs(netlib.tree.original)
    assert "// src/net.rs:" in specs and "sent == n," in specs and "r == 2 * n," in specs


def test_context_of_a_function_in_a_large_systems_file(shared_dir: Path, tmp_path: Path) -> None:
    tasks = sorted((shared_dir / "corpus" / "verusage-bench").glob("*/unverified/*.rs"), key=lambda p: p.stat().st_size)
    largest = tasks[-1]
    copy = tmp_path / largest.name
    copy.write_bytes(largest.read_bytes())
    bench = tools.Workbench(Tree.open(copy))
    function = next(u for u in tools.units(bench) if u.mode == "proof")
    shown = tools.context(bench, function.id)
    assert shown.targets and len(shown.source) < len(largest.read_text())
    assert tools.check(bench).clean and json.loads(tools.precheck(bench).model_dump_json())["clean"]


def test_the_server_does_not_import_litellm() -> None:
    probe = (
        "import sys; from pathlib import Path; from verusagent.mcp.server import build_server; "
        "from verusagent.mcp.tools import Workbench; from verusagent.mcp.tree import Tree; "
        f"build_server(Workbench(Tree.open(Path({str(REPO_ROOT / 'rust_fixtures/agent/count_up.rs')!r})))); "
        "assert 'litellm' not in sys.modules, 'litellm imported'"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_lemmas_from_the_vstd_source(shared_dir: Path) -> None:
    bench = tools.Workbench(Tree.open(REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs"))
    bench.vstd_path = shared_dir / "corpus" / "vstd"
    hits = tools.lemmas(bench, "s.take(n).len() == n", limit=5)
    assert len(hits) == 5 and all(h.path.startswith("vstd::") for h in hits)
    with pytest.raises(ToolError, match="limit"):
        tools.lemmas(bench, "len", limit=0)


def test_every_verus_run_takes_the_servers_run_options(netlib: tools.Workbench, monkeypatch) -> None:
    """The server's verus options are its option set's conversion (VerusOptions.run_options); each tool's run only
    adds its own scope: verify a function's, accept a fresh whole run."""
    from verusagent.commands.mcp import McpOptions
    from verusagent.mcp import accept as accepting

    netlib.run_options = McpOptions(timeout=7.0).run_options()
    seen = []
    real = tools.run_on

    def spy(bench, now, options):
        seen.append(options)
        return real(bench, now, options)

    monkeypatch.setattr(tools, "run_on", spy)
    monkeypatch.setattr(accepting, "run_on", spy)
    tools.verify(netlib, "send")
    net = netlib.tree.root / "src" / "net.rs"
    net.write_text(net.read_text().replace(LOOP, HONEST))
    accept(netlib)
    assert [(o.timeout_s, o.verify_function is not None, o.use_cache) for o in seen] == [
        (7.0, True, True),
        (7.0, False, False),
    ]
