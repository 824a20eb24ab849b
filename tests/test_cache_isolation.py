"""The test suite never writes into the user's cache folder: each test has a temporary one (the autouse
`temporary_cache` fixture of tests/conftest.py), and every cache verusagent keeps honours it."""

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
