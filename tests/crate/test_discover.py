"""From a path to a crate: the root, every module file (`x.rs`, `x/mod.rs`, nested folders, `#[path]`), the
workspace member, and the errors that say what to pass instead."""

import pytest

from verusagent.crate.discover import find_crate
from verusagent.crate.layout import CrateError
from verusagent.crate.modules import declarations, module_files

NETLIB_FILES = [
    ("src/lib.rs", ""),
    ("src/net.rs", "net"),
    ("src/net/conn.rs", "net::conn"),
    ("src/store/mod.rs", "store"),
    ("src/util/arith_helpers.rs", "arith"),
]


def modules(layout) -> list[tuple[str, str]]:
    return [(f.path, f.module) for f in layout.files]


@pytest.mark.parametrize("given", ["netlib", "netlib/Cargo.toml", "netlib/src/lib.rs", "netlib/src/store/mod.rs"])
def test_every_way_of_naming_the_crate_finds_the_same_module_tree(crates, given) -> None:
    located = find_crate(crates("netlib").parent / given)
    assert modules(located.layout) == NETLIB_FILES
    assert located.layout.package == "netlib" and located.layout.build_files == ["Cargo.toml"]
    expected_target = None if not given.endswith(".rs") else given.removeprefix("netlib/")
    assert located.target == expected_target


def test_a_workspace_member_is_the_member_holding_the_path(crates) -> None:
    workspace = crates("workspace")
    located = find_crate(workspace / "core_math" / "src" / "ops.rs")
    layout = located.layout
    assert (layout.package, layout.root, located.target) == ("core_math", "src/lib.rs", "src/ops.rs")
    assert layout.workspace == workspace.resolve() and layout.tree_prefix == "core_math/"
    assert modules(layout) == [("src/lib.rs", ""), ("src/ops.rs", "ops")]


def test_a_workspace_folder_needs_a_package_and_lists_them(crates) -> None:
    workspace = crates("workspace")
    with pytest.raises(CrateError, match=r"pass --package NAME \(its packages: core_math, app\)"):
        find_crate(workspace)
    app = find_crate(workspace, package="app").layout
    assert (app.package, app.root, app.workspace_build_files) == ("app", "src/main.rs", ["Cargo.toml"])
    with pytest.raises(CrateError, match="no package 'nope' here; the packages are: core_math, app"):
        find_crate(workspace, package="nope")


def test_a_build_script_is_a_build_file(crates) -> None:
    layout = find_crate(crates("with_build")).layout
    assert layout.build_files == ["Cargo.toml", "build.rs"] and modules(layout) == [("src/lib.rs", "")]


def test_a_lone_file_is_a_crate_of_one_file(tmp_path) -> None:
    single = tmp_path / "count_up.rs"
    single.write_text("verus! { fn f() {} }\n")
    layout = find_crate(single).layout
    assert layout.is_single_file and layout.root == "count_up.rs" and layout.manifest is None


def test_a_root_file_without_cargo_follows_its_mod_lines(tmp_path) -> None:
    (tmp_path / "main.rs").write_text("mod a;\nmod b;\nfn main() {}\n")
    (tmp_path / "a.rs").write_text("pub mod inner;\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "inner.rs").write_text("pub fn g() {}\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "mod.rs").write_text("pub fn h() {}\n")
    layout = find_crate(tmp_path / "main.rs").layout
    assert modules(layout) == [("main.rs", ""), ("a.rs", "a"), ("a/inner.rs", "a::inner"), ("b/mod.rs", "b")]
    assert not layout.is_single_file and layout.tree is None


def test_a_file_outside_the_module_tree_is_its_own_crate(crates) -> None:
    crate = crates("netlib")
    (crate / "examples").mkdir()
    (crate / "examples" / "demo.rs").write_text("fn main() {}\n")
    located = find_crate(crate / "examples" / "demo.rs")
    assert located.layout.is_single_file and located.layout.root == "demo.rs" and located.target is None


def test_missing_module_files_are_problems_and_cfg_gated_ones_are_not(tmp_path) -> None:
    (tmp_path / "lib.rs").write_text("mod gone;\n#[cfg(test)]\nmod tests;\n")
    files, problems = module_files(tmp_path, "lib.rs")
    assert [f.path for f in files] == ["lib.rs"]
    assert problems == ["lib.rs:1: `mod gone;` names no file: neither gone.rs nor gone/mod.rs"]


def test_a_path_attribute_outside_the_crate_folder_is_refused(tmp_path) -> None:
    crate = tmp_path / "c"
    crate.mkdir()
    (tmp_path / "elsewhere.rs").write_text("pub fn x() {}\n")
    (crate / "lib.rs").write_text('#[path = "../elsewhere.rs"]\nmod elsewhere;\n')
    with pytest.raises(CrateError, match="outside the crate folder"):
        module_files(crate, "lib.rs")


def test_declarations_see_inline_modules_visibility_attributes_and_verus_blocks() -> None:
    text = b"""
pub(crate) mod a;
#[cfg(feature = "x")] #[path = "b_impl.rs"] pub mod b;
mod outer { mod nested; fn f() { } }
verus! { mod in_verus; }
mod inline { }
"""
    found = [(d.name, d.inline, d.path_attribute, d.conditional) for d in declarations(text)]
    assert found == [
        ("a", (), None, False),
        ("b", (), "b_impl.rs", True),
        ("nested", ("outer",), None, False),
        ("in_verus", (), None, False),
    ]


def test_nested_inline_and_path_modules_resolve_as_rustc_does(tmp_path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text('mod outer { pub mod nested; }\n#[path = "gen/p.rs"]\nmod p;\n')
    (tmp_path / "src" / "outer").mkdir()
    (tmp_path / "src" / "outer" / "nested.rs").write_text("")
    (tmp_path / "src" / "gen").mkdir()
    (tmp_path / "src" / "gen" / "p.rs").write_text("mod q;\n")  # a #[path] file is a mod-rs file: q beside it
    (tmp_path / "src" / "gen" / "q.rs").write_text("")
    files, problems = module_files(tmp_path, "src/lib.rs")
    assert [(f.path, f.module) for f in files] == [
        ("src/lib.rs", ""),
        ("src/outer/nested.rs", "outer::nested"),
        ("src/gen/p.rs", "p"),
        ("src/gen/q.rs", "p::q"),
    ]
    assert problems == []


def test_not_a_crate_says_what_to_pass(tmp_path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("")
    with pytest.raises(CrateError, match="holds no Cargo.toml; pass its root file, e.g. .*src/lib.rs"):
        find_crate(tmp_path)
    (tmp_path / "Cargo.toml").write_text("[package\nname=")
    with pytest.raises(CrateError, match="is not a valid Cargo.toml"):
        find_crate(tmp_path)
    with pytest.raises(CrateError, match="does not exist"):
        find_crate(tmp_path / "nope")
