"""Finding the vstd source: --vstd, beside the verus binary (a release's layout), the cargo registry."""

import json
import os
from pathlib import Path

import pytest

from verusagent.lemmas import VstdNotFound, find_vstd


def fake_release(folder: Path, version_file: tuple[str, str] | None = ("version.json", "")) -> Path:
    """A verus release's layout: `verus` (an executable; never run here) with `vstd/` beside it."""
    (folder / "vstd").mkdir(parents=True)
    (folder / "vstd" / "vstd.rs").write_text("pub mod seq;\n")
    verus = folder / "verus"
    verus.write_text("#!/bin/sh\nexit 1\n")
    verus.chmod(0o755)
    if version_file:
        name, text = version_file
        (folder / name).write_text(text or json.dumps({"verus": {"version": "0.2026.08.15.7d4628a"}}))
    return verus


@pytest.fixture
def no_verus_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.delenv("VERUS_PATH", raising=False)
    monkeypatch.setenv("CARGO_HOME", str(tmp_path / "cargo"))
    return tmp_path


def test_an_explicit_folder_wins_and_its_cargo_version_is_read(vstd_dir, no_verus_anywhere):
    source = find_vstd(vstd_dir)
    assert source.found_by == "--vstd" and source.version == "0.0.0-2026-08-09-0044"
    assert Path(source.crate_root).name == "vstd.rs"


def test_an_explicit_release_folder_finds_its_vstd(tmp_path, no_verus_anywhere):
    fake_release(tmp_path / "verus-x86-linux")
    source = find_vstd(tmp_path / "verus-x86-linux")
    assert source.root == str((tmp_path / "verus-x86-linux" / "vstd").resolve())
    assert source.version == "0.2026.08.15.7d4628a"


def test_beside_verus_on_path_through_a_symlink(tmp_path, no_verus_anywhere, monkeypatch):
    verus = fake_release(tmp_path / "release", ("version.txt", "0.2026.01.01.abc\n"))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "verus").symlink_to(verus)
    monkeypatch.setenv("PATH", str(bin_dir))
    source = find_vstd()
    assert source.root == str((tmp_path / "release" / "vstd").resolve())
    assert source.found_by.startswith("beside verus at") and "(PATH)" in source.found_by
    assert source.version == "0.2026.01.01.abc"


def test_beside_verus_named_by_the_verus_option(tmp_path, no_verus_anywhere):
    verus = fake_release(tmp_path / "release")
    assert "(--verus)" in find_vstd(verus=str(verus)).found_by


def test_the_cargo_registry_newest_version(tmp_path, no_verus_anywhere):
    registry = tmp_path / "cargo" / "registry" / "src" / "index.crates.io-6f17d22bba15001f"
    for version in ("0.0.0-2025-9-1-0001", "0.0.0-2025-10-2-0001"):
        crate = registry / f"vstd-{version}"
        crate.mkdir(parents=True)
        (crate / "Cargo.toml").write_text(f'[package]\nname = "vstd"\nversion = "{version}"\n[lib]\npath = "vstd.rs"\n')
        (crate / "vstd.rs").write_text("")
    source = find_vstd()
    assert source.version == "0.0.0-2025-10-2-0001"  # 10 > 9 as numbers, not as text
    assert source.found_by.startswith("in the cargo registry")


def test_verus_without_vstd_falls_through_to_the_registry_then_fails_naming_every_place(
    tmp_path, no_verus_anywhere, monkeypatch
):
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "verus").write_text("#!/bin/sh\n")
    (bare / "verus").chmod(0o755)
    monkeypatch.setenv("VERUS_PATH", str(bare / "verus"))
    with pytest.raises(VstdNotFound) as raised:
        find_vstd()
    message = str(raised.value)
    assert str(bare / "vstd") in message and "cargo registry" in message and "--vstd" in message


def test_nothing_anywhere(no_verus_anywhere):
    with pytest.raises(VstdNotFound, match="verus not found"):
        find_vstd()


def test_an_explicit_folder_without_vstd_is_an_error(tmp_path):
    with pytest.raises(VstdNotFound, match="no vstd source there"):
        find_vstd(tmp_path)


def test_a_broken_version_file_or_manifest_gives_unknown(tmp_path, no_verus_anywhere):
    fake_release(tmp_path / "r", ("version.json", "{not json"))
    (tmp_path / "r" / "vstd" / "Cargo.toml").write_text("not [ toml")
    assert find_vstd(tmp_path / "r").version == "unknown"
    assert os.access(tmp_path / "r" / "verus", os.X_OK)
