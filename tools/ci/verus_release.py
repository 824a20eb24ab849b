#!/usr/bin/env python3
"""The pinned verus release (verus-release.env at the repository root): read it, install it, check it.

    python tools/ci/verus_release.py show [--github-output FILE]
    python tools/ci/verus_release.py install DEST [--zip FILE] [--summary FILE]
    python tools/ci/verus_release.py check VERUS

`install` downloads verus-<version>-x86-linux.zip (or takes a local --zip), computes its SHA-256 and writes it
to the summary (the job summary on GitHub). With a pinned digest, a mismatch stops it before anything is
unpacked. With no pin it warns "unpinned" and goes on, so that the digest can be read off a run and recorded.
`check` runs `verus --version` through the verus adapter: the binary must be the real verus of the pinned
version, not the stand-in. Exit codes: 0 done, 1 refused (digest, version, stand-in), 2 bad input.
"""

import argparse
import hashlib
import os
import shutil
import stat
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

REPO = Path(__file__).resolve().parents[2]
RELEASE_FILE = REPO / "verus-release.env"
ASSET_BASE = "https://github.com/verus-lang/verus/releases/download/release"
UNPACKED_DIR = "verus-x86-linux"
BINARIES = ("verus", "rust_verify", "z3", "cargo-verus")
DOWNLOAD_TIMEOUT_S = 300
_KEYS = {"VERUS_VERSION": "version", "VERUS_SHA256": "sha256", "RUST_TOOLCHAIN": "rust_toolchain"}


class ReleaseError(RuntimeError):
    """The release file, the download or the installed verus is not what the pin says."""


class VerusRelease(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    version: str = Field(pattern=r"^0\.\d{4}\.\d{2}\.\d{2}\.[0-9a-f]{7,40}$")
    sha256: str = Field(pattern=r"^(|[0-9a-f]{64})$")  # empty: not pinned yet
    rust_toolchain: str = Field(pattern=r"^\d+\.\d+\.\d+-x86_64-unknown-linux-gnu$")

    @property
    def pinned(self) -> bool:
        return bool(self.sha256)

    @property
    def asset_name(self) -> str:
        return f"verus-{self.version}-x86-linux.zip"

    @property
    def asset_url(self) -> str:
        return f"{ASSET_BASE}/{self.version}/{self.asset_name}"


def read_release(path: Path = RELEASE_FILE) -> VerusRelease:
    """KEY=VALUE lines (comments and blank lines allowed); every key exactly once, no other key."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ReleaseError(f"cannot read {path}: {error}") from error
    fields = _fields(text, path)
    missing = sorted(key for key, name in _KEYS.items() if name not in fields)
    if missing:
        raise ReleaseError(f"{path} does not set {', '.join(missing)}")
    try:
        return VerusRelease(**fields)
    except ValidationError as error:
        raise ReleaseError(f"{path} holds a malformed value: {error}") from error


def _fields(text: str, path: Path) -> dict[str, str]:
    fields: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, equals, value = line.partition("=")
        name = _KEYS.get(key.strip())
        if not equals or name is None:
            raise ReleaseError(f"{path}:{number}: expected one of {', '.join(_KEYS)} as KEY=VALUE, got {line!r}")
        if name in fields:
            raise ReleaseError(f"{path}:{number}: {key.strip()} is set twice")
        fields[name] = value.strip()
    return fields


def github_outputs(release: VerusRelease) -> str:
    lines = {
        "version": release.version,
        "sha256": release.sha256,
        "rust-toolchain": release.rust_toolchain,
        "pinned": str(release.pinned).lower(),
        "asset-url": release.asset_url,
    }
    return "".join(f"{key}={value}\n" for key, value in lines.items())


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download(url: str, target: Path) -> None:
    if not url.startswith("https://"):
        raise ReleaseError(f"refusing to download {url}: not https")
    try:
        with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response, target.open("wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as error:
        raise ReleaseError(f"cannot download {url}: {error}") from error


def digest_report(release: VerusRelease, seen: str) -> tuple[str, bool]:
    """The job-summary text for the digest seen, and whether it may be installed."""
    head = f"### verus {release.version}\n\n`{release.asset_name}`: SHA-256 seen `{seen}`\n\n"
    if not release.pinned:
        return head + (
            "> [!WARNING]\n> **unpinned**: verus-release.env has no VERUS_SHA256, so this zip was installed "
            "unverified. Check the digest above against the release and record it as VERUS_SHA256 in "
            "verus-release.env and the Dockerfile.\n"
        ), True
    if seen == release.sha256:
        return head + "The digest matches the pin in verus-release.env.\n", True
    return head + f"**The digest does not match the pin** `{release.sha256}`: nothing was installed.\n", False


def unpack(archive: Path, dest: Path) -> Path:
    """Unzips into DEST (which must not exist yet) and makes the binaries executable; returns DEST/verus."""
    if dest.exists():
        raise ReleaseError(f"{dest} already exists; refusing to unpack over it")
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=".verus-unpack-") as staging:
        try:
            with zipfile.ZipFile(archive) as zipped:
                zipped.extractall(staging)
                modes = {info.filename.rstrip("/"): info.external_attr >> 16 for info in zipped.infolist()}
        except (zipfile.BadZipFile, OSError) as error:
            raise ReleaseError(f"cannot unpack {archive}: {error}") from error
        root = Path(staging) / UNPACKED_DIR
        if not (root / "verus").is_file():
            raise ReleaseError(f"{archive} has no {UNPACKED_DIR}/verus: not a verus release zip")
        _restore_modes(Path(staging), modes)
        shutil.move(str(root), dest)
    for name in BINARIES:
        binary = dest / name
        if binary.is_file():
            binary.chmod(binary.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return dest / "verus"


def _restore_modes(staging: Path, modes: dict[str, int]) -> None:
    """zipfile drops permission bits; put back the ones the archive recorded."""
    for name, mode in modes.items():
        target = staging / name
        if mode & 0o777 and target.is_file() and not target.is_symlink():
            target.chmod(mode & 0o777)


def install(release: VerusRelease, dest: Path, local_zip: Path | None, summary: Path | None) -> Path:
    dest = dest.resolve()
    if dest.exists():
        raise ReleaseError(f"{dest} already exists; refusing to install over it")
    if local_zip is not None and not local_zip.is_file():
        raise ReleaseError(f"{local_zip} is not a file")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=".verus-download-") as scratch:
        archive = local_zip or Path(scratch) / release.asset_name
        if local_zip is None:
            download(release.asset_url, archive)
        seen = sha256_of(archive)
        report, allowed = digest_report(release, seen)
        _append(summary, report)
        print(report)
        if not release.pinned:
            print(f"::warning title=verus release unpinned::{release.asset_name} has SHA-256 {seen}; not verified")
        if not allowed:
            raise ReleaseError(f"{release.asset_name}: SHA-256 {seen} does not match the pin {release.sha256}")
        return unpack(archive, dest)


def check(release: VerusRelease, verus: str) -> str:
    """The real verus of the pinned version at VERUS, probed the way verusagent probes it."""
    from verusagent.verus.install import VerusNotFound, VerusUnusable, find_verus

    try:
        found = find_verus(verus)
    except (VerusNotFound, VerusUnusable) as error:
        raise ReleaseError(str(error)) from error
    if found.is_standin:
        raise ReleaseError(f"{found.describe()}: the stand-in, not the real verus")
    if found.version != release.version:
        raise ReleaseError(f"{found.describe()}: expected the pinned version {release.version}")
    return found.describe()


def _append(summary: Path | None, text: str) -> None:
    if summary is not None:
        with summary.open("a", encoding="utf-8") as out:
            out.write(text + "\n")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", type=Path, default=RELEASE_FILE, help="the release file [verus-release.env]")
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser("show", help="print the pinned values (KEY=VALUE, as GitHub step outputs)")
    show.add_argument("--github-output", type=Path, help="append them to this file ($GITHUB_OUTPUT)")
    setup = commands.add_parser("install", help="download, check the SHA-256, unpack into DEST")
    setup.add_argument("dest", type=Path)
    setup.add_argument("--zip", type=Path, help="use this zip instead of downloading the release asset")
    setup.add_argument("--summary", type=Path, default=_env_path("GITHUB_STEP_SUMMARY"))
    verify = commands.add_parser("check", help="VERUS must be the real verus of the pinned version")
    verify.add_argument("verus")
    return parser


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None


def main(argv: list[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        release = read_release(arguments.release)
    except ReleaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        return _run(arguments, release)
    except ReleaseError as error:
        print(f"::error::{error}" if os.environ.get("GITHUB_ACTIONS") else f"error: {error}", file=sys.stderr)
        return 1


def _run(arguments: argparse.Namespace, release: VerusRelease) -> int:
    if arguments.command == "show":
        _append(arguments.github_output, github_outputs(release).rstrip("\n"))
        print(github_outputs(release), end="")
    elif arguments.command == "install":
        print(f"installed {install(release, arguments.dest, arguments.zip, arguments.summary)}")
    else:
        print(check(release, arguments.verus))
    return 0


if __name__ == "__main__":
    sys.exit(main())
