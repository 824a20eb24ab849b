"""The index over the real vstd source (the shared corpus copy): module paths, kinds, groups, public only."""

from pathlib import Path

import pytest

from verusagent.lemmas.build import module_path


@pytest.fixture(scope="module")
def by_path(vstd_index):
    return {lemma.path: lemma for lemma in vstd_index.lemmas}


def test_the_index_covers_vstd(vstd_index):
    assert vstd_index.source.version == "0.0.0-2026-08-09-0044"  # vstd's Cargo.toml: this copy has no release files
    assert len(vstd_index.lemmas) > 1200 and not vstd_index.problems
    kinds = {lemma.kind for lemma in vstd_index.lemmas}
    assert kinds == {"lemma", "broadcast lemma", "axiom"}


def test_free_lemma_path_spec_and_group(by_path):
    lemma = by_path["vstd::seq_lib::lemma_seq_take_len"]
    assert lemma.module == "vstd::seq_lib" and lemma.file == "seq_lib.rs"
    assert lemma.signature == "pub broadcast proof fn lemma_seq_take_len<A>(s: Seq<A>, n: int)"
    assert lemma.ensures == ["0 <= n <= s.len() ==> #[trigger] s.take(n).len() == n"]
    assert lemma.broadcast_groups == ["vstd::seq_lib::group_seq_properties"]


def test_methods_nested_modules_and_groups_of_groups(by_path):
    method = by_path["vstd::seq_lib::Seq::lemma_seq_skip_skip"]
    assert method.container == "impl Seq"
    assert "vstd::seq_lib::group_seq_extra" in method.broadcast_groups
    arithmetic = by_path["vstd::arithmetic::mul::lemma_mul_is_commutative"]
    assert arithmetic.file == "arithmetic/mul.rs"
    default = by_path["vstd::seq::lemma_seq_index_decreases"]
    assert {"vstd::seq::group_seq_lemmas", "vstd::group_vstd_default"} <= set(default.broadcast_groups)


def test_axioms_and_only_public_lemmas(vstd_index, by_path):
    assert by_path["vstd::std_specs::btree::axiom_key_obeys_cmp_spec_meaning"].kind == "axiom"  # `axiom fn`
    private = [lemma for lemma in vstd_index.lemmas if not lemma.signature.startswith("pub ")]
    assert all(
        lemma.container and (lemma.container.startswith("trait ") or " for " in lemma.container) for lemma in private
    )


def test_module_paths(vstd_dir):
    root = vstd_dir
    crate_root = root / "vstd.rs"
    assert module_path(root, crate_root, crate_root) == "vstd"
    assert module_path(root, crate_root, root / "arithmetic" / "mod.rs") == "vstd::arithmetic"
    assert module_path(root, crate_root, root / "std_specs" / "vec.rs") == "vstd::std_specs::vec"
    assert module_path(Path("/x"), Path("/x/lib.rs"), Path("/x/a/b.rs")) == "vstd::a::b"


def test_parallel_and_serial_builds_agree(vstd_source, vstd_index):
    from verusagent.lemmas import build_index

    serial = build_index(vstd_source, jobs=1)
    assert [lemma.path for lemma in serial.lemmas] == [lemma.path for lemma in vstd_index.lemmas]
    assert serial.content_hash == vstd_index.content_hash


def test_worker_processes_only_where_fork_is_safe(monkeypatch):
    import threading

    from verusagent.lemmas import build

    files = [Path(f"f{i}.rs") for i in range(64)]
    assert build._jobs(3, files) == 3 and build._jobs(0, files) == 1
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # another thread runs: fork could deadlock
    assert build._jobs(None, files) == 1
