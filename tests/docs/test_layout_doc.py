"""The internals documents against the code: docs/internals/layout.md's layer table names the layers of
tests/test_layers.py, in their order, and every `verusagent/...` path docs/internals/ writes exists."""

import re

from tests.paths import REPO_ROOT
from tests.test_layers import LAYERS

INTERNALS = REPO_ROOT / "docs" / "internals"
LAYOUT = INTERNALS / "layout.md"
DOCUMENTS = [LAYOUT, INTERNALS / "design.md"]
# `verusagent/x/y.py`, `verusagent/x/`: not `verusagent[mcp]` (an extra), `verusagent.x` (a module name) nor
# `.verusagent/runs/` (a run's folder).
PATH = re.compile(r"(?<![\w.])verusagent/[\w./-]*")


def layout_rows(text: str) -> list[list[str]]:
    """The layer table's rows, lowest first: each row's cells `paths.py`, `record/`, ... as written."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            rows.append([name.strip(" `") for name in cells[1].split(",")])
    return rows


def as_module(name: str) -> str:
    """`record/` -> `verusagent.record`, `cli_app.py` -> `verusagent.cli_app`."""
    return "verusagent." + name.rstrip("/").removesuffix(".py").replace("/", ".")


def documented_layers(text: str) -> list[set[str]]:
    return [{as_module(name) for name in row} - {"verusagent.__init__"} for row in layout_rows(text)]


def checked_layers() -> list[set[str]]:
    """The test's layers without the bare `verusagent` prefix (the package's `__init__`, which the table omits)."""
    return [set(layer) - {"verusagent"} for layer in LAYERS]


def test_the_layout_table_lists_the_checked_layers_in_order():
    layout = LAYOUT.read_text(encoding="utf-8")
    assert [int(line.split("|")[1]) for line in layout.splitlines() if re.match(r"\| \d+ \|", line)] == list(
        range(1, len(LAYERS) + 1)
    )
    assert documented_layers(layout) == checked_layers()


def test_the_comparison_sees_a_missing_row():
    rows = LAYOUT.read_text(encoding="utf-8").splitlines()
    without_precheck = "\n".join(line for line in rows if "`precheck/`" not in line)
    assert documented_layers(without_precheck) != checked_layers()


def test_every_package_and_module_of_the_layout_table_exists():
    names = [name for row in layout_rows(LAYOUT.read_text(encoding="utf-8")) for name in row]
    assert [name for name in names if not (REPO_ROOT / "verusagent" / name).exists()] == []


def test_every_verusagent_path_the_internals_documents_write_exists():
    written = {
        (document.name, path.rstrip("."))
        for document in DOCUMENTS
        for path in PATH.findall(document.read_text(encoding="utf-8"))
    }
    assert written  # the pattern still finds the paths
    assert sorted((name, path) for name, path in written if not (REPO_ROOT / path).exists()) == []
