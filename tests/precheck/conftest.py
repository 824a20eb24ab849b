"""Fixtures for the pre-check: the names and methods of the shared corpus's vstd (built once, in a private
cache folder)."""

from pathlib import Path

import pytest

from verusagent.lemmas import find_vstd
from verusagent.precheck import VstdMethods, vstd_methods, vstd_names


@pytest.fixture(scope="session")
def shared_vstd_names(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> frozenset[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path_factory.mktemp("precheck-cache")))
        return vstd_names(find_vstd(shared_dir / "corpus" / "vstd"))


@pytest.fixture(scope="session")
def shared_vstd_methods(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> VstdMethods:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path_factory.mktemp("precheck-methods-cache")))
        return vstd_methods(find_vstd(shared_dir / "corpus" / "vstd"))
