"""The lens on every file of a crate: ids with module paths, `--fn` resolution, `units CRATE --json`."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.crate.discover import find_crate
from verusagent.crate.model import AmbiguousFunction, CrateModel, UnknownFunction
from verusagent.crate_text import MalformedCrateText, join_files, split_files

runner = CliRunner()


def test_ids_carry_the_module_path_from_the_crate_root(crates) -> None:
    model = CrateModel.read(find_crate(crates("netlib")).layout)
    ids = {path: [f.id for f in m.functions] for path, m in model.models.items()}
    assert ids == {
        "src/lib.rs": ["fn:top"],
        "src/net.rs": ["fn:net::send"],
        "src/net/conn.rs": ["fn:net::conn::Conn::open"],
        "src/store/mod.rs": ["fn:store::put"],
        "src/util/arith_helpers.rs": ["fn:arith::lemma_double_bound", "fn:arith::double"],
    }
    assert [lp.id for lp in model.models["src/net/conn.rs"].loops] == ["fn:net::conn::Conn::open/loop#1"]
    assert model.models["src/net.rs"].functions[0].module == "net"


def test_fn_resolves_module_paths_then_type_paths(crates) -> None:
    model = CrateModel.read(find_crate(crates("netlib")).layout)
    found = {
        name: (path, f.id)
        for name in (
            "net::send",
            "send",
            "Conn::open",
            "net::conn::Conn::open",
            "fn:arith::double",
            "crate::store::put",
        )
        for path, f in [model.resolve(name)]
    }
    assert found["net::send"] == found["send"] == ("src/net.rs", "fn:net::send")
    assert found["Conn::open"] == found["net::conn::Conn::open"] == ("src/net/conn.rs", "fn:net::conn::Conn::open")
    assert found["fn:arith::double"][0] == "src/util/arith_helpers.rs"
    assert found["crate::store::put"] == ("src/store/mod.rs", "fn:store::put")
    with pytest.raises(UnknownFunction, match="--fn nope: no function of that name"):
        model.resolve("nope")


def test_an_ambiguous_name_is_an_error_listing_the_matches(crates) -> None:
    crate = crates("netlib")
    store = crate / "src" / "store" / "mod.rs"
    store.write_text(store.read_text().replace("} // verus!", "pub fn send() {}\n\n} // verus!"))
    model = CrateModel.read(find_crate(crate).layout)
    with pytest.raises(AmbiguousFunction) as raised:
        model.resolve("send")
    assert "fn:net::send (src/net.rs:7)" in str(raised.value) and "fn:store::send (src/store/mod.rs:" in str(
        raised.value
    )
    assert model.resolve("store::send")[1].id == "fn:store::send"


def test_units_crate_json_has_the_root_and_each_file_in_the_single_file_shape(crates, rust_fixtures) -> None:
    result = runner.invoke(app, ["units", str(crates("netlib")), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["root"] == "src/lib.rs" and [f["path"] for f in data["files"]][:2] == ["src/lib.rs", "src/net.rs"]
    net = next(f for f in data["files"] if f["path"] == "src/net.rs")
    assert net["module"] == "net" and [f["id"] for f in net["model"]["functions"]] == ["fn:net::send"]
    single = json.loads(runner.invoke(app, ["units", str(rust_fixtures / "lens_constructs.rs"), "--json"]).stdout)
    assert set(net["model"]) == set(single)  # the same shape as `units FILE`


def test_units_of_a_crate_file_is_that_file_alone(crates) -> None:
    crate = crates("netlib")
    data = json.loads(runner.invoke(app, ["units", str(crate / "src" / "net.rs"), "--json"]).stdout)
    assert [f["id"] for f in data["functions"]] == ["fn:send"]  # `units FILE` is unchanged


def test_units_of_the_build_script_crate_shows_its_outside_reads(crates) -> None:
    result = runner.invoke(app, ["units", str(crates("with_build"))])
    assert result.exit_code == 0
    assert "build files: Cargo.toml, build.rs" in result.stdout
    assert "include_macro" in result.stdout and "env_macro" in result.stdout


def test_units_of_a_workspace_takes_a_package(crates) -> None:
    workspace = crates("workspace")
    assert runner.invoke(app, ["units", str(workspace)]).exit_code == 2
    data = json.loads(runner.invoke(app, ["units", str(workspace), "-p", "core_math", "--json"]).stdout)
    assert data["package"] == "core_math" and [f["module"] for f in data["files"]] == ["", "ops"]


def test_a_crate_text_holds_every_file_and_refuses_another_crates(tmp_path: Path) -> None:
    files = {"src/lib.rs": "mod a;\n//@ file src/a.rs 3\n", "src/a.rs": "fn é() {}"}
    text = join_files(files, list(files))
    assert split_files(text, list(files)) == files
    assert join_files({"x.rs": "fn f() {}\n"}, ["x.rs"]) == "fn f() {}\n"  # a single file is its own text
    for broken in (text[:-3], text.replace("src/a.rs 10", "src/a.rs 11"), "fn f() {}"):
        with pytest.raises(MalformedCrateText):
            split_files(broken, list(files))
    with pytest.raises(MalformedCrateText, match="names src/a.rs where src/b.rs was expected"):
        split_files(text, ["src/lib.rs", "src/b.rs"])
