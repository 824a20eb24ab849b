"""The Dockerfile's verus download (tools/ci/verus_fetch.sh, which it runs): an empty VERUS_SHA256 refuses the
download and prints the one command that computes the pinned release's digest, and how to record it; a digest
is checked before the zip is used. `docker build` cannot run here, so the script runs alone."""

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tools" / "ci" / "verus_fetch.sh"
RELEASE = dict(re.findall(r"^(\w+)=(.*)$", (REPO / "verus-release.env").read_text(), re.MULTILINE))
ZIP_BYTES = b"PK\x05\x06" + b"\x00" * 18  # an empty zip archive


@pytest.fixture
def fake_curl(tmp_path: Path) -> Path:
    """A `curl` that logs its arguments and writes ZIP_BYTES (to -o FILE, else to stdout)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "curl.log"
    curl = bin_dir / "curl"
    curl.write_text(
        f'#!/bin/sh\necho "$@" >> "{log}"\nout=""\nwhile [ $# -gt 0 ]; do\n'
        '  if [ "$1" = "-o" ]; then out="$2"; shift; fi\n  shift\ndone\n'
        "if [ -n \"$out\" ]; then printf 'PK\\005\\006%018d' 0 | tr 0 '\\000' > \"$out\"; "
        "else printf 'PK\\005\\006%018d' 0 | tr 0 '\\000'; fi\n"
    )
    curl.chmod(0o755)
    return log


def run(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    path = f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run(
        args, cwd=tmp_path, capture_output=True, text=True, timeout=60, env={**os.environ, "PATH": path, **env}
    )


def test_an_empty_digest_refuses_and_prints_the_command_that_computes_it(tmp_path, fake_curl) -> None:
    refused = run(["sh", str(SCRIPT), RELEASE["VERUS_VERSION"], "", str(tmp_path / "verus.zip")], tmp_path)
    assert refused.returncode == 1 and not fake_curl.exists() and not (tmp_path / "verus.zip").exists()
    assert "refusing an unverified download" in refused.stderr
    assert "VERUS_SHA256=<digest> in verus-release.env" in refused.stderr and "ARG VERUS_SHA256=" in refused.stderr
    [command] = [line.strip() for line in refused.stderr.splitlines() if "sha256sum" in line]
    shutil.copy(REPO / "verus-release.env", tmp_path)
    digest = run(["sh", "-c", command], tmp_path)  # the printed command, as a user would paste it
    assert digest.returncode == 0, digest.stderr
    assert digest.stdout.split()[0] == hashlib.sha256(ZIP_BYTES).hexdigest()
    version = RELEASE["VERUS_VERSION"]
    assert fake_curl.read_text().split()[-1] == (
        f"https://github.com/verus-lang/verus/releases/download/release/{version}/verus-{version}-x86-linux.zip"
    )


def test_a_digest_is_checked_before_the_zip_is_used(tmp_path: Path) -> None:
    version = RELEASE["VERUS_VERSION"]
    asset = tmp_path / "releases" / "release" / version / f"verus-{version}-x86-linux.zip"
    asset.parent.mkdir(parents=True)
    asset.write_bytes(ZIP_BYTES)
    base = {"VERUS_RELEASES_URL": (tmp_path / "releases").as_uri()}
    good = run(["sh", str(SCRIPT), version, hashlib.sha256(ZIP_BYTES).hexdigest(), "ok.zip"], tmp_path, **base)
    assert good.returncode == 0, good.stderr
    assert (tmp_path / "ok.zip").read_bytes() == ZIP_BYTES
    bad = run(["sh", str(SCRIPT), version, "0" * 64, "bad.zip"], tmp_path, **base)
    assert bad.returncode != 0 and "FAILED" in bad.stdout + bad.stderr


def test_the_dockerfile_runs_the_script_with_its_pinned_arguments() -> None:
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY tools/ci/verus_fetch.sh /tmp/verus_fetch.sh" in text
    assert 'RUN sh /tmp/verus_fetch.sh "${VERUS_VERSION}" "${VERUS_SHA256}" /tmp/verus.zip' in text
    assert text.index("COPY tools/ci/verus_fetch.sh") < text.index("RUN sh /tmp/verus_fetch.sh")


def test_the_readme_gives_the_same_command(tmp_path, fake_curl) -> None:
    refused = run(["sh", str(SCRIPT), RELEASE["VERUS_VERSION"], "", str(tmp_path / "verus.zip")], tmp_path)
    [command] = [line.strip() for line in refused.stderr.splitlines() if "sha256sum" in line]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"```bash\n{command}\n```" in readme and "VERUS_SHA256=<digest>` in `verus-release.env`" in readme
