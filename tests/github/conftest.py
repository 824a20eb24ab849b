"""Fixtures for the CI machinery: the tools/ci/ scripts, imported from their files."""

from types import ModuleType

import pytest

from tests.github.ci_files import load_tool


@pytest.fixture(scope="session")
def verus_release() -> ModuleType:
    return load_tool("verus_release")


@pytest.fixture(scope="session")
def bench_floor() -> ModuleType:
    return load_tool("bench_floor")


@pytest.fixture(scope="session")
def gate_fixture() -> ModuleType:
    return load_tool("gate_fixture")
