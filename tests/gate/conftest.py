"""A temporary git repository with real commits, for the gate tests."""

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "guard"


@dataclass
class Repo:
    root: Path

    def git(self, *args: str) -> str:
        env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(self.root.parent)}
        done = subprocess.run(["git", *args], cwd=self.root, capture_output=True, text=True, env=env, check=True)
        return done.stdout.strip()

    def write(self, path: str, text: str) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        return target

    def commit(self, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD")


@pytest.fixture
def base_text() -> str:
    return (FIXTURES / "base.rs").read_text()


@pytest.fixture
def proved_text() -> str:
    return (FIXTURES / "base_proved.rs").read_text()


@pytest.fixture
def repo(tmp_path: Path, base_text: str, monkeypatch) -> Repo:
    """main has one commit: src/find.rs (the problem) and a README; the gate runs from the repository root."""
    root = tmp_path / "project"
    root.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    repository = Repo(root)
    repository.git("init", "-q", "-b", "main")
    repository.git("config", "user.email", "gate@example.invalid")
    repository.git("config", "user.name", "Gate Test")
    repository.write("src/find.rs", base_text)
    repository.write("README.md", "a project\n")
    repository.commit("the problem")
    monkeypatch.chdir(root)
    return repository
