"""`verusagent audit RUN` and `tools/check_invariants.py RUN`: exit 0 all hold, 1 a breach, 2 no such run."""

import json
import subprocess
import sys

from typer.testing import CliRunner

from verusagent.cli import app

from tests.audit.audit_records import PROOF_SHA, RUN_ID, good_story, guard_violation, write_story
from tests.paths import REPO_ROOT

TOOL = REPO_ROOT / "tools" / "check_invariants.py"


def dirty_story():
    story = good_story()
    story.change("guard_report", PROOF_SHA, clean=False, violations=[guard_violation()])
    return story


def test_audit_exits_0_when_every_invariant_holds(tmp_path):
    write_story(tmp_path, good_story())
    result = CliRunner().invoke(app, ["audit", RUN_ID[:15], "--runs-dir", str(tmp_path / "runs")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "all invariants hold"


def test_audit_exits_1_naming_the_invariant_and_the_events(tmp_path):
    folder = write_story(tmp_path, dirty_story())
    result = CliRunner().invoke(app, ["audit", str(folder)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[1].startswith("BROKEN invariant 3 (an accepted candidate has a clean guard report)")
    assert lines[2].split() == ["#12", "guard_report", PROOF_SHA[:12]]
    assert lines[3].split() == ["#17", "verdict", PROOF_SHA[:12]]
    assert lines[-1] == "1 breach(es): invariant 3"


def test_audit_json_is_the_report(tmp_path):
    folder = write_story(tmp_path, dirty_story())
    result = CliRunner().invoke(app, ["audit", str(folder), "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["ok"] is False and data["events_checked"] == 19
    assert [(b["invariant"], [e["seq"] for e in b["events"]]) for b in data["breaches"]] == [(3, [12, 17])]


def test_audit_exits_2_for_no_such_run(tmp_path):
    result = CliRunner().invoke(app, ["audit", "nope", "--runs-dir", str(tmp_path)])
    assert result.exit_code == 2 and "no run 'nope'" in result.output


def test_the_tool_script_audits_the_same_way(tmp_path):
    write_story(tmp_path, dirty_story())
    run = subprocess.run(
        [sys.executable, str(TOOL), "latest", "--runs-dir", str(tmp_path / "runs")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    assert "BROKEN invariant 3" in run.stdout and f"#17   verdict           {PROOF_SHA[:12]}" in run.stdout


def test_the_audit_does_not_load_litellm():
    code = (
        "import sys, verusagent.audit, verusagent.commands.audit\n"
        "assert not any(m.split('.')[0] == 'litellm' for m in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
