"""The import allowances (guard/imports.py): what a new `use` may be, depending on what the guard knows of the
file's place in its crate. The adversarial suite holds the cheats aimed at each allowance."""

import pytest

from verusagent.guard import GuardPolicy, Rule, guard
from verusagent.guard.crate import compare_folders
from verusagent.guard.imports import Entry, module_imports
from verusagent.guard.source import analyse

ROOT_FNS = """use vstd::prelude::*;

verus! {

pub open spec fn inv(x: int) -> bool { x >= 0 }

pub proof fn next_preserves_inv(x: int)
    requires inv(x),
    ensures inv(x + 1),
{
}

proof fn step(x: int)
    requires inv(x),
    ensures inv(x + 2),
{
    next_preserves_inv(x);
    next_preserves_inv(x + 1);
}

} // verus!
"""

WITH_IMPORT = ROOT_FNS.replace("verus! {\n", "verus! {\n\nuse crate::next_preserves_inv;\nuse self::inv;\n")

RELATIVE_GLOB = """use vstd::prelude::*;

verus! {

mod defs {
    pub const MAX_BASE: u64 = 64;
}

use defs::*;

fn at_most(x: u64) -> (r: u64)
    ensures r <= MAX_BASE,
{
    if x <= MAX_BASE { x } else { MAX_BASE }
}

} // verus!
"""


def shadowed(report) -> list[str]:
    return [v.reason for v in report.violations if v.rule == Rule.NAME_SHADOWED]


def test_a_crate_root_imports_its_own_functions() -> None:
    assert guard(ROOT_FNS, WITH_IMPORT, module="").violations == []


@pytest.mark.parametrize("module", [None, "net"], ids=["unknown-module", "another-module"])
def test_crate_paths_are_not_this_file_unless_it_is_the_root(module: str | None) -> None:
    reasons = shadowed(guard(ROOT_FNS, WITH_IMPORT, module=module))
    assert len(reasons) == 1 and "`next_preserves_inv`" in reasons[0]  # `self::inv` is this module's either way


def test_a_relative_glob_vouches_for_a_crate_path_only_at_the_root() -> None:
    candidate = RELATIVE_GLOB.replace("use defs::*;\n", "use defs::*;\nuse crate::defs::MAX_BASE;\n")
    assert guard(RELATIVE_GLOB, candidate, module="").violations == []
    assert shadowed(guard(RELATIVE_GLOB, candidate))
    assert shadowed(guard(RELATIVE_GLOB, candidate, module="mem"))


def test_an_import_the_candidate_drops_vouches_for_nothing() -> None:
    candidate = RELATIVE_GLOB.replace("use defs::*;\n", "use defs::MAX_BASE;\n")
    rules = {str(v.rule) for v in guard(RELATIVE_GLOB, candidate, module="").violations}
    assert rules == {"item-changed", "name-shadowed"}


def test_the_same_words_in_another_module_are_a_new_import() -> None:
    original = "mod a {\n    use crate::lax::*;\n}\nmod lax {\n    pub fn ok() {}\n}\nfn main() {}\n"
    candidate = "mod a {\n}\nuse crate::lax::*;\nmod lax {\n    pub fn ok() {}\n}\nfn main() {}\n"
    assert any("glob" in reason for reason in shadowed(guard(original, candidate, module="")))


def test_a_public_or_attributed_import_gets_no_allowance() -> None:
    for prefix in ("pub ", "#[allow(unused_imports)]\n"):
        candidate = RELATIVE_GLOB.replace("use defs::*;\n", f"use defs::*;\n{prefix}use defs::MAX_BASE;\n")
        assert shadowed(guard(RELATIVE_GLOB, candidate, module="")), prefix


def test_a_module_import_in_a_crate_file(tmp_path) -> None:
    files = {
        "Cargo.toml": '[package]\nname = "k"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "use vstd::prelude::*;\nmod defs;\nmod ops;\nuse defs::*;\n",
        "src/defs.rs": "use vstd::prelude::*;\nverus! {\npub const MAX_BASE: u64 = 8;\n}\n",
        "src/ops.rs": (
            "use vstd::prelude::*;\nuse crate::defs::*;\nverus! {\nfn f() -> (r: u64) ensures r <= MAX_BASE { 1 }\n}\n"
        ),
    }
    changed = dict(files)
    changed["src/lib.rs"] += "use defs::MAX_BASE;\n"
    changed["src/ops.rs"] = changed["src/ops.rs"].replace("verus! {\n", "verus! {\nuse crate::defs::MAX_BASE;\n")
    roots = [_write(tmp_path / side, texts) for side, texts in (("a", files), ("b", changed))]
    report = compare_folders(roots[0], roots[1], None, GuardPolicy()).merged()
    assert report.violations == []


def _write(folder, files: dict[str, str]):
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    return folder


def test_use_trees_read_into_names() -> None:
    source = analyse(b"use a::{b as c, d::{self, *}, e};\nfn f() { use g::h; }\n")
    first, second = module_imports(source)
    assert first.scope == () and second.scope is None
    assert first.entries == (
        Entry(("a", "b"), "c"),
        Entry(("a", "d", "self"), "d"),
        Entry(("a", "d", "*"), "*"),
        Entry(("a", "e"), "e"),
    )
