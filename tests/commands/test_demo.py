"""`verusagent demo`, as the README runs it: in a fresh folder, as a separate process."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from verusagent.cli import app


def test_demo_proves_the_fixture_and_says_who_verified_it(tmp_path: Path) -> None:
    env = {**os.environ, "VERUSAGENT_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("VERUSAGENT_SCRIPT", None)
    result = subprocess.run(
        [sys.executable, "-m", "verusagent.cli", "demo"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    first_line = result.stdout.splitlines()[0]
    if shutil.which("verus") is None:
        assert "STAND-IN" in first_line and "not the real verus" in first_line
        assert "verified, by the verus STAND-IN" in result.stdout
    else:
        assert "verus found at" in first_line
    name = "double.standin-verified.rs" if shutil.which("verus") is None else "double.verified.rs"
    proved = (tmp_path / ".verusagent" / "demo" / name).read_text()
    assert "n <= 1000,\n            r == 2 * i," in proved
    run_folder = next((tmp_path / ".verusagent" / "runs").iterdir())
    audit = subprocess.run(
        [sys.executable, "-m", "verusagent.cli", "audit", run_folder.name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_a_second_demo_says_it_replays_cached_replies_and_no_cache_asks_again(tmp_path: Path, monkeypatch) -> None:
    """In this process (the demo as a process is the test above): each demo imports litellm again otherwise."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.delenv("VERUSAGENT_SCRIPT", raising=False)

    def demo(*extra: str) -> str:
        run = CliRunner().invoke(app, ["demo", *extra], catch_exceptions=False)
        assert run.exit_code == 0, run.output
        return next(line for line in run.stdout.splitlines() if "model calls" in line)

    assert "replayed" not in demo()
    assert "0 sent, 0 answered, and 2 replies replayed from the response cache" in demo()
    fresh = demo("--no-cache")
    assert "replayed" not in fresh and re.search(r"model calls\W+(\d+)", fresh).group(1) == "2"
