"""The test suite never writes into the user's cache folder: each test has a temporary one (the autouse
`temporary_cache` fixture of tests/conftest.py), and every cache verusagent keeps honours it."""

import json
import os
import subprocess
import sys
from pathlib import Path

from verusagent.llm.client import make_client
from verusagent.llm.provider import install_script
from verusagent.llm.script import Script, ScriptedReply
from verusagent.llm.settings import ModelSettings
from verusagent.paths import cache_dir
from verusagent.verus import RunOptions, find_verus, run_verus

REPO = Path(__file__).resolve().parents[1]
STANDIN = REPO / "tools" / "verus_standin.py"
USER_CACHE = Path(os.path.expanduser("~")) / ".cache"


def test_each_test_has_its_own_cache_folder(temporary_cache: Path, tmp_path_factory) -> None:
    assert cache_dir() == temporary_cache
    assert tmp_path_factory.getbasetemp() in temporary_cache.parents
    assert USER_CACHE not in cache_dir().parents


def test_every_cache_lands_in_the_test_folder_and_none_in_the_user_cache(
    temporary_cache: Path, tmp_path: Path, monkeypatch
) -> None:
    """The user's cache location (what platformdirs computes) is a sentinel folder here: after the response
    cache, the verus result cache and the lemma index have each been written, it is still empty."""
    user_home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(user_home))
    install_script(Script(replies=[ScriptedReply(text="cached reply")]))
    client = make_client(ModelSettings(model="scripted/cache", temperature=0.0))
    assert client.complete([{"role": "user", "content": "hello"}]).texts == ["cached reply"]
    scenario = tmp_path / "verified.json"
    scenario.write_text('{"name": "verified", "rules": [{"verdict": "verified"}]}')
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(scenario))
    source = (REPO / "rust_fixtures" / "agent" / "count_up.rs").read_bytes()
    run_verus(find_verus(str(STANDIN)), source, options=RunOptions(file_name="count_up.rs"))
    vstd = tmp_path / "vstd"
    vstd.mkdir()
    (vstd / "vstd.rs").write_text("verus! { pub proof fn lemma_x(s: Seq<int>) ensures s.len() >= 0 { } }\n")
    lemmas = subprocess.run(
        [sys.executable, "-m", "verusagent", "lemmas", "seq", "len", "--vstd", str(vstd)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert lemmas.returncode == 0, lemmas.stderr
    written = {p.relative_to(temporary_cache).parts[0] for p in temporary_cache.rglob("*") if p.is_file()}
    assert {"responses.sqlite3", "verus-results.sqlite3", "lemmas"} <= written
    assert not user_home.exists()  # nothing under the (sentinel) user's home: no ~/.cache/verusagent


def test_fixtures_of_every_scope_leave_the_users_folders_alone(tmp_path: Path) -> None:
    """The suite's fixture order in a child pytest (tests/isolation_probe.py): session- and module-scoped
    fixtures run before any test's own cache folder exists. With HOME, XDG_CACHE_HOME and TMPDIR pointing at
    sentinel folders and no VERUSAGENT_CACHE_DIR, nothing lands in them: the caches go to the session's folder,
    and a child's leftover scratch folder stays inside pytest's temporary folder (--basetemp)."""
    home, xdg, tmp, base = (tmp_path / name for name in ("home", "xdg", "tmp", "base"))
    for folder in (home, xdg, tmp):
        folder.mkdir()
    out = tmp_path / "written.json"
    env = {k: v for k, v in os.environ.items() if k != "VERUSAGENT_CACHE_DIR"}
    env |= {"HOME": str(home), "XDG_CACHE_HOME": str(xdg), "TMPDIR": str(tmp), "ISOLATION_PROBE_OUT": str(out)}
    probe = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", f"--basetemp={base}"]
        + ["tests/isolation_probe.py"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0, probe.stdout[-3000:] + probe.stderr[-2000:]
    written = json.loads(out.read_text())
    assert set(written) == {"session", "module", "test", "tempdir"}
    assert [p for p in (home, xdg, tmp) if any(p.iterdir())] == []
    for scope in ("session", "module", "test"):
        assert all(base in Path(path).parents for path in written[scope]), written[scope]
