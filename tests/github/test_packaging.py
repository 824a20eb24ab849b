"""The package's metadata: the MIT license as an SPDX expression with its LICENSE file, project URLs,
classifiers that match the CI matrix, and `py.typed` shipped (PEP 561)."""

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    project = PROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and re.search(r"Copyright \(c\) \d{4} verusagent developers", text)
    backend = " ".join(PROJECT["build-system"]["requires"])
    lower = re.search(r"setuptools>=(\d+)", backend)
    assert lower and int(lower.group(1)) >= 77  # the first setuptools that reads an SPDX license string


def test_urls_and_classifiers() -> None:
    project = PROJECT["project"]
    assert project["urls"] and all(url.startswith("https://") for url in project["urls"].values())
    classifiers = set(project["classifiers"])
    assert "Typing :: Typed" in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the SPDX field says it; both is an error
    for version in ("3.11", "3.12", "3.13"):  # .github/workflows/ci.yml's matrix
        assert f"Programming Language :: Python :: {version}" in classifiers


def test_py_typed_ships_with_the_package() -> None:
    assert (REPO / "verusagent" / "py.typed").is_file()
    assert "py.typed" in PROJECT["tool"]["setuptools"]["package-data"]["verusagent"]


def test_tiktoken_is_pinned_since_verusagent_imports_it() -> None:
    assert any(re.fullmatch(r"tiktoken>=[\d.]+,<[\d.]+", d) for d in PROJECT["project"]["dependencies"])
