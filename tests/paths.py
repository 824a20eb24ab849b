"""Where the tests find the repository's own files (the shared corpus: the `shared_dir` fixture, conftest.py)."""

import ast
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
RUST_FIXTURES = REPO_ROOT / "rust_fixtures"
TOOLS = REPO_ROOT / "tools"
PACKAGE = REPO_ROOT / "verusagent"


def package_modules_outside(folder: Path) -> dict[str, ast.Module]:
    """Every module of the package outside `folder`, parsed, by its path from the repository root."""
    return {
        str(path.relative_to(REPO_ROOT)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if folder not in path.parents
    }
