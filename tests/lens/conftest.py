"""Fixtures for the lens tests: tools/lens_corpus_check.py (the corpus-wide check the suite samples)."""

import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def corpus_check():
    tools = str(REPO_ROOT / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import lens_corpus_check

    return lens_corpus_check
