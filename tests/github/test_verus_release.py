"""tools/ci/verus_release.py: the pinned release read strictly, the zip's SHA-256 checked before anything is
unpacked (or reported as unpinned), and `check` refusing anything but the real verus of the pinned version."""

import hashlib
import io
import zipfile
from pathlib import Path

import pytest

from tests.github.ci_files import REPO_ROOT

GOOD = "VERUS_VERSION=0.2026.08.15.7d4628a\nVERUS_SHA256={sha}\nRUST_TOOLCHAIN=1.97.1-x86_64-unknown-linux-gnu\n"


def release_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "verus-release.env"
    path.write_text(text, encoding="utf-8")
    return path


def fake_release_zip(tmp_path: Path, *, top: str = "verus-x86-linux") -> tuple[Path, str]:
    """A zip laid out as a verus release (the binaries are shell scripts); returns it and its SHA-256."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ("verus", "rust_verify", "z3", "cargo-verus"):
            info = zipfile.ZipInfo(f"{top}/{name}")
            info.external_attr = 0o644 << 16  # as if the packer had lost the x bits
            archive.writestr(info, "#!/bin/sh\necho fake\n")
        archive.writestr(f"{top}/version.txt", "0.2026.08.15.7d4628a\n")
    path = tmp_path / "verus-0.2026.08.15.7d4628a-x86-linux.zip"
    path.write_bytes(buffer.getvalue())
    return path, hashlib.sha256(buffer.getvalue()).hexdigest()


def test_the_repository_pin_reads(verus_release) -> None:
    release = verus_release.read_release()
    assert release == verus_release.read_release(REPO_ROOT / "verus-release.env")
    assert release.asset_url == (
        "https://github.com/verus-lang/verus/releases/download/release/"
        f"{release.version}/verus-{release.version}-x86-linux.zip"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.format(sha="") + "EXTRA=1\n", "expected one of"),
        (GOOD.format(sha="") + "VERUS_SHA256=\n", "set twice"),
        (GOOD.format(sha="abc123"), "malformed"),
        (GOOD.format(sha="").replace("0.2026.08.15.7d4628a", "latest"), "malformed"),
        ("VERUS_VERSION=0.2026.08.15.7d4628a\n", "does not set RUST_TOOLCHAIN, VERUS_SHA256"),
        (GOOD.format(sha="") + "just words\n", "expected one of"),
    ],
)
def test_a_malformed_release_file_is_refused(verus_release, tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(verus_release.ReleaseError, match=message):
        verus_release.read_release(release_file(tmp_path, text))
    assert verus_release.main(["--release", str(tmp_path / "verus-release.env"), "show"]) == 2


def test_show_writes_the_step_outputs(verus_release, tmp_path: Path) -> None:
    outputs = tmp_path / "github-output"
    assert verus_release.main(["show", "--github-output", str(outputs)]) == 0
    values = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    release = verus_release.read_release()
    assert values["version"] == release.version and values["rust-toolchain"] == release.rust_toolchain
    assert values["pinned"] == str(release.pinned).lower() and values["sha256"] == release.sha256


def install(verus_release, tmp_path: Path, sha: str, archive: Path) -> tuple[int, Path, str]:
    release = release_file(tmp_path, GOOD.format(sha=sha))
    dest, summary = tmp_path / "opt" / "verus", tmp_path / "summary.md"
    code = verus_release.main(
        ["--release", str(release), "install", str(dest), "--zip", str(archive), "--summary", str(summary)]
    )
    return code, dest, summary.read_text() if summary.exists() else ""


def test_unpinned_installs_and_reports_the_digest_it_saw(verus_release, tmp_path: Path, capsys) -> None:
    archive, digest = fake_release_zip(tmp_path)
    code, dest, summary = install(verus_release, tmp_path, "", archive)
    assert code == 0
    assert f"SHA-256 seen `{digest}`" in summary and "**unpinned**" in summary
    assert "::warning title=verus release unpinned::" in capsys.readouterr().out
    for name in ("verus", "rust_verify", "z3", "cargo-verus"):
        assert (dest / name).stat().st_mode & 0o111 == 0o111, name
    assert (dest / "version.txt").read_text() == "0.2026.08.15.7d4628a\n"


def test_a_matching_pin_installs(verus_release, tmp_path: Path) -> None:
    archive, digest = fake_release_zip(tmp_path)
    code, dest, summary = install(verus_release, tmp_path, digest, archive)
    assert code == 0 and (dest / "verus").is_file()
    assert "matches the pin" in summary and "unpinned" not in summary


def test_a_mismatching_pin_installs_nothing(verus_release, tmp_path: Path, capsys) -> None:
    archive, digest = fake_release_zip(tmp_path)
    code, dest, summary = install(verus_release, tmp_path, "0" * 64, archive)
    assert code == 1 and not dest.exists()
    assert f"SHA-256 seen `{digest}`" in summary and "does not match the pin" in summary
    assert "does not match the pin" in capsys.readouterr().err
    assert sorted(p.name for p in dest.parent.iterdir()) == []  # no staging left behind


def test_a_zip_that_is_not_a_verus_release_is_refused(verus_release, tmp_path: Path, capsys) -> None:
    archive, _ = fake_release_zip(tmp_path, top="something-else")
    code, dest, _ = install(verus_release, tmp_path, "", archive)
    assert code == 1 and not dest.exists()
    assert "not a verus release zip" in capsys.readouterr().err
    garbage = tmp_path / "garbage.zip"
    garbage.write_bytes(b"not a zip at all")
    code, dest, _ = install(verus_release, tmp_path, "", garbage)
    assert code == 1 and not dest.exists()
    assert "cannot unpack" in capsys.readouterr().err


def test_install_never_unpacks_over_an_existing_folder(verus_release, tmp_path: Path, capsys) -> None:
    archive, _ = fake_release_zip(tmp_path)
    (tmp_path / "opt" / "verus").mkdir(parents=True)
    (tmp_path / "opt" / "verus" / "mine").write_text("keep")
    code, dest, summary = install(verus_release, tmp_path, "", archive)
    assert code == 1 and (dest / "mine").read_text() == "keep" and summary == ""
    assert "already exists" in capsys.readouterr().err


def test_download_refuses_anything_but_https(verus_release, tmp_path: Path) -> None:
    with pytest.raises(verus_release.ReleaseError, match="not https"):
        verus_release.download("http://example.invalid/verus.zip", tmp_path / "verus.zip")


def test_check_refuses_the_stand_in(verus_release, capsys) -> None:
    assert verus_release.main(["check", str(REPO_ROOT / "tools" / "verus_standin.py")]) == 1
    assert "the stand-in, not the real verus" in capsys.readouterr().err


def test_check_refuses_a_missing_verus(verus_release, tmp_path: Path, capsys) -> None:
    assert verus_release.main(["check", str(tmp_path / "no-verus")]) == 1
    assert "is not an executable file" in capsys.readouterr().err


def test_check_refuses_another_verus_version(verus_release, tmp_path: Path, capsys) -> None:
    other = tmp_path / "verus"
    other.write_text("#!/bin/sh\nprintf 'Verus\\n  Version: 0.2025.01.02.abcdef0\\n'\n")
    other.chmod(0o755)
    assert verus_release.main(["check", str(other)]) == 1
    pinned = verus_release.read_release().version
    assert f"expected the pinned version {pinned}" in capsys.readouterr().err
