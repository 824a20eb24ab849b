"""`verusagent check ORIGINAL CANDIDATE [--json]`: exit 0 clean, 1 violations, 2 usage."""

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "guard"
runner = CliRunner()


def _cheat(tmp_path: Path, proved_text: str) -> Path:
    path = tmp_path / "cheat.rs"
    path.write_text(proved_text.replace("lemma_absent_extends(v@, k, i as int);", "assume(false);"))
    return path


def test_clean_candidate_exits_0() -> None:
    result = runner.invoke(app, ["check", str(FIXTURES / "base.rs"), str(FIXTURES / "base_proved.rs")])
    assert result.exit_code == 0, result.output
    assert "clean (6 functions compared" in result.stdout


def test_violations_exit_1_with_located_lines(tmp_path, proved_text) -> None:
    cheat = _cheat(tmp_path, proved_text)
    result = runner.invoke(app, ["check", str(FIXTURES / "base.rs"), str(cheat)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith("1 violation against " + str(FIXTURES / "base.rs"))
    assert f"{cheat}:" in lines[1]
    assert "error[escape-hatch-added] escape hatch `assume(false)` added in `find`" in lines[1]


def test_json_report(tmp_path, proved_text) -> None:
    result = runner.invoke(app, ["check", str(FIXTURES / "base.rs"), str(_cheat(tmp_path, proved_text)), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["clean"] is False
    assert [v["rule"] for v in report["violations"]] == ["escape-hatch-added"]
    assert report["violations"][0]["candidate"]["line"] > 0


def test_policy_options(tmp_path, proved_text) -> None:
    changed = tmp_path / "changed.rs"
    changed.write_text(proved_text.replace("self.value = self.value + 1;", "self.value = self.value + 2;"))
    base = str(FIXTURES / "base.rs")
    assert runner.invoke(app, ["check", base, str(changed)]).exit_code == 1
    assert runner.invoke(app, ["check", base, str(changed), "--exec-editable", "fn:Counter::bump"]).exit_code == 0
    assert runner.invoke(app, ["check", base, str(changed), "--allow-exec-changes"]).exit_code == 0


def test_usage_errors_exit_2(tmp_path) -> None:
    missing = runner.invoke(app, ["check", str(FIXTURES / "base.rs"), str(tmp_path / "nope.rs")])
    assert missing.exit_code == 2
    assert "error: cannot read" in missing.output and "nope.rs" in missing.output
    binary = tmp_path / "binary.rs"
    binary.write_bytes(b"\x00\x01fn main() {}")
    assert runner.invoke(app, ["check", str(FIXTURES / "base.rs"), str(binary)]).exit_code == 2
    assert runner.invoke(app, ["check", str(FIXTURES / "base.rs")]).exit_code == 2


def test_help_starts_without_heavy_imports() -> None:
    # check's help loads its own module and what its options convert to (guard, review settings), never litellm
    # or the CI gate's package
    code = (
        "import sys; from typer.testing import CliRunner; from verusagent.cli import app; "
        "r = CliRunner().invoke(app, ['check', '--help']); assert r.exit_code == 0, r.output; "
        "print(sorted(m for m in ('litellm', 'verusagent.gate') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
