"""Fixtures for the guard tests: the corpus pairs (input, ground truth), the mutation generator, the base program."""

import re
import sys
from pathlib import Path

import pytest

from tests.paths import REPO_ROOT

GUARD_FIXTURES = REPO_ROOT / "rust_fixtures" / "guard"


@pytest.fixture(scope="session")
def mutate_module():
    """tools/mutate.py, imported with tools/ on sys.path."""
    tools = str(REPO_ROOT / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import mutate

    return mutate


def input_of(ground_truth: Path) -> Path:
    """The task input of a ground truth: same name, or without a `_v2` suffix (bubble_v1, filter_v2, ...)."""
    inputs = ground_truth.parent.parent / "unverified"
    exact = inputs / ground_truth.name
    return exact if exact.exists() else inputs / (re.sub(r"_v\d+$", "", ground_truth.stem) + ".rs")


@pytest.fixture(scope="session")
def corpus_pairs(bench_dir: Path) -> list[tuple[Path, Path]]:
    truths = sorted(bench_dir.glob("*/verified/*.rs"))
    return [(input_of(truth), truth) for truth in truths]


@pytest.fixture(scope="session")
def base_text() -> str:
    return (GUARD_FIXTURES / "base.rs").read_text()


@pytest.fixture(scope="session")
def proved_text() -> str:
    return (GUARD_FIXTURES / "base_proved.rs").read_text()
