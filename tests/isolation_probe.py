"""Not collected by the suite (its name is not test_*.py): tests/test_cache_isolation.py runs it in a child pytest
with a sentinel home and cache folder. Fixtures of every scope write verusagent's caches the way the suite's
module-scoped fixtures do (`world` in tests/commands/test_json_output.py runs `demo` and `bench` before any test's
own `temporary_cache` exists), and a child process leaves a scratch folder behind, as a task process killed
mid-run does. Where everything landed goes to the JSON file named by $ISOLATION_PROBE_OUT."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from verusagent.llm.cache import CachedReply, ResponseCache
from verusagent.paths import cache_dir
from verusagent.verus import RunOptions, find_verus, run_verus

from tests.paths import REPO_ROOT, RUST_FIXTURES

LEFT_BEHIND = (
    "import tempfile, pathlib; folder = pathlib.Path(tempfile.mkdtemp(prefix='verusagent-verus-'));"
    "(folder / 'crash_task.rs').write_text('fn main() {}'); print(folder)"
)
written: dict[str, list[str]] = {}


def write_caches(scope: str, scratch: Path) -> None:
    cache = ResponseCache()
    cache.put(f"{scope}-key", "scripted/probe", CachedReply(texts=[scope]))
    scenario = scratch / "verified.json"
    scenario.write_text('{"name": "verified", "rules": [{"verdict": "verified"}]}')
    os.environ["VERUS_STANDIN_SCENARIO"] = str(scenario)
    source = (RUST_FIXTURES / "agent" / "count_up.rs").read_bytes()
    run_verus(find_verus(str(REPO_ROOT / "tools" / "verus_standin.py")), source, options=RunOptions(file_name="c.rs"))
    left = subprocess.run([sys.executable, "-c", LEFT_BEHIND], capture_output=True, text=True, check=True)
    written[scope] = [str(cache.path), str(cache_dir()), left.stdout.strip()]


@pytest.fixture(scope="session")
def session_writes(tmp_path_factory: pytest.TempPathFactory) -> None:
    write_caches("session", tmp_path_factory.mktemp("session-writes"))


@pytest.fixture(scope="module")
def module_writes(tmp_path_factory: pytest.TempPathFactory) -> None:
    write_caches("module", tmp_path_factory.mktemp("module-writes"))


def test_every_scope_writes(session_writes: None, module_writes: None, tmp_path: Path) -> None:
    write_caches("test", tmp_path)
    Path(os.environ["ISOLATION_PROBE_OUT"]).write_text(json.dumps(written | {"tempdir": [tempfile.gettempdir()]}))
