"""The crate model on a real crate: vstd from the shared corpus (a `[lib] path = "vstd.rs"` root, nested
`mod.rs` folders, `#[cfg]`-gated modules)."""

from pathlib import Path

from verusagent.crate.discover import find_crate
from verusagent.lens import parse


def test_every_source_file_of_vstd_is_in_its_module_tree(shared_dir: Path) -> None:
    folder = shared_dir / "corpus" / "vstd"
    layout = find_crate(folder).layout
    every_rs = {p.relative_to(folder).as_posix() for p in folder.rglob("*.rs")}
    assert (layout.package, layout.root) == ("vstd", "vstd.rs")
    assert set(layout.paths) == every_rs - {"build.rs"} and layout.build_files == ["Cargo.toml", "build.rs"]
    assert len(layout.paths) == len(set(layout.paths)) and layout.problems == []
    modules = {f.path: f.module for f in layout.files}
    assert modules["arithmetic/internals/mod.rs"] == "arithmetic::internals"
    assert modules["seq_lib.rs"] == "seq_lib"


def test_vstd_ids_carry_their_module_path(shared_dir: Path) -> None:
    folder = shared_dir / "corpus" / "vstd"
    layout = find_crate(folder).layout
    module = layout.module_of("seq_lib.rs")
    model = parse((folder / "seq_lib.rs").read_bytes(), module=module)
    ids = {f.id for f in model.functions}
    assert {"fn:seq_lib::Seq::lemma_fold_left_alt", "fn:seq_lib::lemma_filter_view_commute"} <= ids
    assert all(i.startswith("fn:seq_lib::") for i in ids)
