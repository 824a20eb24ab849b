"""Shared fixtures: the one way tests find the real data beside the project (../shared or VERUSAGENT_CORPUS)."""

import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set (it is on this project's machines): otherwise every
# test worker and every child Python compiles the package and the tests from source again (collection takes 5 s
# per worker instead of 2). The caches go to __pycache__ folders, which git ignores. Set before the package loads.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402

from tests.agent.agent_harness import AgentHarness  # noqa: E402
from tests.paths import REPO_ROOT, RUST_FIXTURES  # noqa: E402

pytest_plugins = ["tests.network_guard", "tests.scheduling"]

# The verus stand-in (tools/verus_standin.py, `#!/usr/bin/env python3`) and the other scripts the tests start run
# with the interpreter that runs the tests, as in an activated virtual environment: not with whatever `python3`
# comes first on PATH (a pyenv shim costs a bash and a `pyenv exec` per call, about 0.2 s, and a system Python
# may be another version).
_BIN = str(Path(sys.executable).parent)
if os.environ.get("PATH", "").split(os.pathsep)[0] != _BIN:
    os.environ["PATH"] = os.pathsep.join([_BIN, *filter(None, [os.environ.get("PATH")])])


# `-n auto` (pyproject's addopts) means one worker more than the cores this process may use: many tests wait on
# child processes (the verus stand-in, bench task processes, a run stopped with Ctrl-C), and the extra worker keeps
# the cores busy meanwhile (on 2 cores the suite took 203 s with 2 workers, 176 s with 3 and 193 s with 4).
# PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set.
@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
    return len(usable) + 1


# A shell's background job (`pytest &` without job control, nohup) starts with SIGINT ignored, and children
# inherit an ignored signal: the Ctrl-C tests' children would never see their KeyboardInterrupt. A handler
# (unlike SIG_IGN) is reset to the default on exec, so each child Python installs its own again.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session", autouse=True)
def session_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Before any module- or session-scoped fixture runs (they run before a test's own `temporary_cache`), the
    caches go to this session's folder, so a fixture that runs `demo` or `bench` writes no `~/.cache/verusagent`;
    and child processes put their temporary files there (TMPDIR), so a task process killed mid-run (whose
    scratch folder nobody can remove) leaves them in pytest's temporary folder, not in /tmp. This process keeps
    its own temporary folder: Unix socket paths under it (multiprocessing's, Ray's) must stay short."""
    root = tmp_path_factory.mktemp("session")
    (root / "tmp").mkdir()
    tempfile.gettempdir()  # this process's folder, fixed before TMPDIR changes (the first call caches it)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERUSAGENT_CACHE_DIR", str(root / "cache" / "verusagent"))
        patch.setenv("XDG_CACHE_HOME", str(root / "cache"))
        patch.setenv("TMPDIR", str(root / "tmp"))
        yield root


@pytest.fixture(autouse=True)
def temporary_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's caches (model replies, verus results, the lemma index, cargo targets) go to a folder of its
    own, never to the user's (~/.cache/verusagent): $VERUSAGENT_CACHE_DIR, which verusagent.paths reads first,
    and $XDG_CACHE_HOME, where platformdirs puts the user cache folder, both point there."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(folder / "verusagent"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder / "verusagent"


def find_shared() -> Path | None:
    """The shared data folder: $VERUSAGENT_CORPUS if set, else ../shared beside the repository."""
    configured = os.environ.get("VERUSAGENT_CORPUS")
    candidate = Path(configured) if configured else REPO_ROOT.parent / "shared"
    return candidate if (candidate / "corpus").is_dir() else None


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    found = find_shared()
    if found is None:
        pytest.skip(
            "the shared data folder is absent: set VERUSAGENT_CORPUS to a folder holding corpus/ and "
            "verus-outputs/, or place it at ../shared beside the repository"
        )
    return found


@pytest.fixture(scope="session")
def bench_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verus-bench"


@pytest.fixture(scope="session")
def examples_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verus-examples"


@pytest.fixture(scope="session")
def verus_outputs_dir(shared_dir: Path) -> Path:
    return shared_dir / "verus-outputs"


@pytest.fixture(scope="session")
def corpus_rs_files(bench_dir: Path, examples_dir: Path) -> list[Path]:
    return sorted(bench_dir.rglob("*.rs")) + sorted(examples_dir.rglob("*.rs"))


@pytest.fixture
def rust_fixtures() -> Path:
    return RUST_FIXTURES


@pytest.fixture(scope="session")
def machines_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "verus-state-machines"


@pytest.fixture
def crates(tmp_path: Path):
    """copy(name) -> a fresh copy of rust_fixtures/crates/NAME under tmp_path (tests may change it)."""

    def copy(name: str, to: str | None = None) -> Path:
        target = tmp_path / (to or name)
        shutil.copytree(RUST_FIXTURES / "crates" / name, target)
        return target

    return copy


@pytest.fixture
def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> AgentHarness:
    """The agent run end to end with the scripted model and the verus stand-in (tests/agent/agent_harness.py)."""
    return AgentHarness(tmp_path, monkeypatch, capsys)
