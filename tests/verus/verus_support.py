"""Fixtures for the adapter's tests: the verus stand-in, its scenarios, and a private result cache."""

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from verusagent.verus import VerusInstall, find_verus

from tests.paths import REPO_ROOT

STANDIN = REPO_ROOT / "tools" / "verus_standin.py"
SCENARIOS = REPO_ROOT / "tools" / "standin_scenarios"


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def use_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str | dict], VerusInstall]:
    """Points the stand-in at a shipped scenario (by name) or at one written here (a dict); returns the
    stand-in probed as a verus install."""

    def choose(scenario: str | dict) -> VerusInstall:
        if isinstance(scenario, dict):
            path = tmp_path / f"scenario-{len(list(tmp_path.glob('scenario-*')))}.json"
            path.write_text(json.dumps(scenario), encoding="utf-8")
        else:
            path = SCENARIOS / f"{scenario}.json"
        monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(path))
        return find_verus(str(STANDIN))

    return choose


@pytest.fixture
def standin_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[dict]]:
    """The stand-in's calls so far, one record each (argv, cwd, start and end times)."""
    log = tmp_path / "standin-calls.jsonl"
    monkeypatch.setenv("VERUS_STANDIN_LOG", str(log))

    def calls() -> list[dict]:
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]

    return calls


@pytest.fixture
def pidfile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "standin-pids.txt"
    monkeypatch.setenv("VERUS_STANDIN_PIDFILE", str(path))
    return path


def pids_in(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def is_running(pid: int) -> bool:
    """True while the process exists and is not a zombie (a zombie has exited; only its parent, which may be
    an init that does not reap, still holds its entry)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


def wait_until(condition: Callable[[], bool], timeout_s: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


@pytest.fixture
def real_verus() -> VerusInstall:
    if not os.environ.get("VERUS_PATH") and not __import__("shutil").which("verus"):
        pytest.skip("the real verus is not installed: put `verus` on PATH or set VERUS_PATH to run these")
    install = find_verus()
    assert not install.is_standin, "VERUS_PATH/PATH lead to the stand-in, not to verus"
    return install
