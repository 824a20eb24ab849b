"""Fixtures for the lemma index: the shared corpus's vstd source, its index (built once per session, in a
private cache folder), and the small fixture file with lemmas of every kind."""

from pathlib import Path

import pytest

from verusagent.lemmas import LemmaIndex, VstdSource, build_index, find_vstd

from tests.paths import REPO_ROOT

DEMO = REPO_ROOT / "rust_fixtures" / "lemmas" / "lemmas_demo.rs"


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def vstd_dir(shared_dir: Path) -> Path:
    return shared_dir / "corpus" / "vstd"


@pytest.fixture(scope="session")
def vstd_source(vstd_dir: Path) -> VstdSource:
    return find_vstd(vstd_dir)


@pytest.fixture(scope="session")
def vstd_index(vstd_source: VstdSource) -> LemmaIndex:
    return build_index(vstd_source)


@pytest.fixture
def demo_file() -> Path:
    return DEMO


@pytest.fixture(scope="session")
def warm_cache_dir(tmp_path_factory: pytest.TempPathFactory, vstd_source: VstdSource, vstd_index: LemmaIndex) -> Path:
    """A cache folder already holding the vstd index, so that commands under test need not build it again."""
    from verusagent.lemmas.cache import _write, cache_path

    folder = tmp_path_factory.mktemp("warm-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERUSAGENT_CACHE_DIR", str(folder))
        _write(cache_path(vstd_source, vstd_index.content_hash), vstd_index)
    return folder
