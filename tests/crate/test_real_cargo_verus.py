"""Crates with the real verus (pytest -m verus, where `verus`, `cargo` and `cargo-verus` are installed, as in the
verus workflow): `cargo verus verify` on a crate made by `cargo verus new` (so that its vstd matches the
verus), and `verus src/lib.rs` on the same crate; diagnostics land in the module file, relative to the crate."""

import json
import os
import shutil
import subprocess

import pytest
from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.verus.cargo import CARGO_VERUS_ENV, find_cargo_verus

from tests.crate.crate_texts import PROVED_SEND

pytestmark = pytest.mark.verus

NET = f"use vstd::prelude::*;\n\nverus! {{\n\n{PROVED_SEND}\n}} // verus!\n"


@pytest.fixture
def real_crate(tmp_path):
    verus = shutil.which("verus")
    if verus is None or find_cargo_verus(verus) is None:
        pytest.skip("the real verus, cargo and cargo-verus are not all installed (run pytest -m verus where they are)")
    cargo_verus = find_cargo_verus(verus)
    subprocess.run([cargo_verus, "verus", "new", "--lib", "demo"], cwd=tmp_path, check=True, timeout=600)
    crate = tmp_path / "demo"
    lib = crate / "src" / "lib.rs"
    lib.write_text("pub mod net;\n" + lib.read_text())
    (crate / "src" / "net.rs").write_text(NET)
    return verus, crate


def verify(verus: str, crate) -> dict:
    result = CliRunner().invoke(app, ["verify", str(crate), "--verus", verus, "--json", "--timeout", "1200"])
    return json.loads(result.stdout) | {"exit_code": result.exit_code}


def test_cargo_verus_verifies_a_crate_of_two_files(real_crate) -> None:
    verus, crate = real_crate
    data = verify(verus, crate)
    assert data["is_standin"] is False and data["crate"]["runner"].startswith("cargo verus")
    assert data["verdict"] == "verified" and data["exit_code"] == 0, data


def test_a_failure_in_a_module_file_is_named_by_its_crate_path(real_crate) -> None:
    verus, crate = real_crate
    (crate / "src" / "net.rs").write_text(NET.replace("        decreases n - sent,\n", ""))
    data = verify(verus, crate)
    assert data["verdict"] != "verified" and data["exit_code"] == 1, data
    assert any(g["file"] == "src/net.rs" and g["function"] == "fn:net::send" for g in data["groups"]), data["groups"]


def test_verus_on_the_root_file_without_cargo_verus(real_crate, monkeypatch, tmp_path) -> None:
    verus, crate = real_crate
    missing = tmp_path / "no-cargo-verus"
    monkeypatch.setenv(CARGO_VERUS_ENV, str(missing))  # not executable: `verus src/lib.rs` instead
    assert not os.access(missing, os.X_OK)
    data = verify(verus, crate)
    assert data["crate"]["runner"] == "verus src/lib.rs"
    assert data["verdict"] == "verified", data
