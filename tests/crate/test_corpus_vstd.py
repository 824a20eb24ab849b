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


def test_the_crate_prompt_on_vstd_shows_a_bounded_part_of_the_other_files(shared_dir: Path) -> None:
    """127 files: what the target needs of the others and the likeliest rest, from the files that define it,
    within the one budget of the crate's prompt (the target's file included), not from every file."""
    from verusagent.context import LEAST_EXTRA_TOKENS, SLICE_BUDGET_TOKENS, estimate_tokens
    from verusagent.crate.model import read_sources
    from verusagent.crate.workspace import CrateWorkspace
    from verusagent.crate_text import join_files
    from verusagent.prompt.crate import crate_view

    layout = find_crate(shared_dir / "corpus" / "vstd").layout
    text = join_files({path: data.decode() for path, data in read_sources(layout).items()}, layout.paths)
    view = crate_view(CrateWorkspace(layout, "seq_lib.rs"), text, ["seq_lib::Seq::lemma_fold_left_alt"], [])
    shown = {f.path: f.source for f in view.other_files}
    assert "seq.rs" in shown and len(shown) <= 5
    assert not view.fit.over_budget
    total = estimate_tokens(view.source) + sum(estimate_tokens(source) for source in shown.values())
    assert total <= SLICE_BUDGET_TOKENS + LEAST_EXTRA_TOKENS
    assert view.reply_format == "crate" and "pub closed spec fn len(self) -> nat" in shown["seq.rs"]
