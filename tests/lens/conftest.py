"""Fixtures for the lens tests: the corpus-wide checks in tools/ that the suite runs on samples."""

import importlib
import sys

import pytest

from tests.paths import REPO_ROOT

TOOLS = str(REPO_ROOT / "tools")


def _tool(name: str):
    if TOOLS not in sys.path:
        sys.path.insert(0, TOOLS)
    return importlib.import_module(name)


@pytest.fixture(scope="session")
def corpus_check():
    return _tool("lens_corpus_check")


@pytest.fixture(scope="session")
def lexer_check():
    return _tool("lexer_check")
