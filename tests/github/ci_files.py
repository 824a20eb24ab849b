"""Paths and loaders for the CI machinery under .github/, action.yml and tools/ci/ (imported by the tests here)."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import yaml

from tests.paths import REPO_ROOT

WORKFLOWS = REPO_ROOT / ".github" / "workflows"
TOOLS_CI = REPO_ROOT / "tools" / "ci"


def load_tool(name: str) -> ModuleType:
    """tools/ci/NAME.py as a module (tools/ is not a package)."""
    qualified = f"ci_{name}"
    if qualified not in sys.modules:
        spec = importlib.util.spec_from_file_location(qualified, TOOLS_CI / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[qualified] = module
        spec.loader.exec_module(module)
    return sys.modules[qualified]


def load_yaml(path: Path) -> dict:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in document:  # YAML 1.1 reads the key `on` as the boolean true
        document["on"] = document.pop(True)
    return document
