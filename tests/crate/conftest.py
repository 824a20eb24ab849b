"""The crate tests: the fixture crates copied into a temporary folder, and the agent harness."""

import shutil
from pathlib import Path

import pytest

from tests.agent.agent_harness import AgentHarness
from tests.paths import REPO_ROOT

CRATES = REPO_ROOT / "rust_fixtures" / "crates"


@pytest.fixture
def crates(tmp_path: Path):
    """copy(name) -> a fresh copy of rust_fixtures/crates/NAME under tmp_path (tests may change it)."""
    def copy(name: str, to: str | None = None) -> Path:
        target = tmp_path / (to or name)
        shutil.copytree(CRATES / name, target)
        return target

    return copy


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> AgentHarness:
    return AgentHarness(tmp_path, monkeypatch, capsys)
