"""The vstd index cache: by version and content hash, rebuilt when the source changes or the file is broken."""

import shutil
from pathlib import Path

import pytest

from verusagent.lemmas import find_vstd, load_index
from verusagent.lemmas.build import content_hash, source_files
from verusagent.lemmas.cache import cache_path

SMALL_VSTD = {
    "vstd.rs": "pub mod seq_lib;\n",
    "seq_lib.rs": "verus! {\npub proof fn lemma_one(s: Seq<int>)\n    ensures s.len() >= 0,\n{\n}\n}\n",
}


@pytest.fixture
def small_vstd(tmp_path: Path) -> Path:
    folder = tmp_path / "vstd"
    folder.mkdir()
    for name, text in SMALL_VSTD.items():
        (folder / name).write_text(text)
    (folder / "Cargo.toml").write_text('[package]\nname = "vstd"\nversion = "1.2.3"\n[lib]\npath = "vstd.rs"\n')
    return folder


def test_built_once_then_read_from_the_cache(small_vstd, private_cache):
    source = find_vstd(small_vstd)
    first, cached_first = load_index(source)
    second, cached_second = load_index(source)
    assert (cached_first, cached_second) == (False, True)
    assert second == first and [lemma.name for lemma in second.lemmas] == ["lemma_one"]
    path = cache_path(source, first.content_hash)
    assert path.parent == private_cache / "lemmas" and path.name.startswith("vstd-1.2.3-")


def test_an_edited_source_is_rebuilt(small_vstd):
    source = find_vstd(small_vstd)
    load_index(source)
    (small_vstd / "seq_lib.rs").write_text(SMALL_VSTD["seq_lib.rs"].replace("lemma_one", "lemma_two"))
    index, cached = load_index(source)
    assert not cached and [lemma.name for lemma in index.lemmas] == ["lemma_two"]


def test_a_broken_cache_file_is_rebuilt_with_a_warning(small_vstd, capsys):
    source = find_vstd(small_vstd)
    index, _ = load_index(source)
    cache_path(source, index.content_hash).write_text("{ broken")
    again, cached = load_index(source)
    assert not cached and again.lemmas == index.lemmas
    assert "unreadable" in capsys.readouterr().err
    assert load_index(source)[1]  # rewritten whole


def test_an_unwritable_cache_is_only_a_warning(small_vstd, tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(blocker))
    index, cached = load_index(find_vstd(small_vstd))
    assert not cached and len(index.lemmas) == 1
    assert "not cached" in capsys.readouterr().err


def test_the_cache_can_be_bypassed(small_vstd, private_cache):
    index, cached = load_index(find_vstd(small_vstd), use_cache=False)
    assert not cached and not (private_cache / "lemmas").exists()


def test_the_content_hash_sees_renames_and_contents(small_vstd, tmp_path):
    source = find_vstd(small_vstd)
    before = content_hash(small_vstd, source_files(source))
    copy = tmp_path / "copy"
    shutil.copytree(small_vstd, copy)
    assert content_hash(copy, source_files(find_vstd(copy))) == before  # where it lies does not matter
    (copy / "seq_lib.rs").rename(copy / "seq_lib2.rs")
    assert content_hash(copy, source_files(find_vstd(copy))) != before
