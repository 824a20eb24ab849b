"""Each class name means one thing in the package: no two modules define a class of the same name (a reader, and a
`from ... import X`, should not have to know which `Level` or `Candidate` is meant)."""

import ast
from collections import defaultdict
from pathlib import Path

from tests.paths import PACKAGE


def classes_by_name(root: Path) -> dict[str, list[str]]:
    found: defaultdict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        if path.is_symlink():  # verusagent/standin.py is tools/verus_standin.py: one module
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                found[node.name].append(str(path.relative_to(root)))
    return found


def test_no_class_name_is_defined_twice() -> None:
    twice = {name: where for name, where in classes_by_name(PACKAGE).items() if len(where) > 1}
    assert twice == {}


def test_the_check_sees_a_name_defined_twice(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Level:\n    pass\n")
    (tmp_path / "b.py").write_text("class Level(int):\n    pass\n")
    assert classes_by_name(tmp_path)["Level"] == ["a.py", "b.py"]
