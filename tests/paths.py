"""Where the tests find the repository's own files (the shared corpus: the `shared_dir` fixture, conftest.py)."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
RUST_FIXTURES = REPO_ROOT / "rust_fixtures"
TOOLS = REPO_ROOT / "tools"
