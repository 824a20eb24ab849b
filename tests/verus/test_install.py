"""Finding verus: --verus, then VERUS_PATH, then PATH; its version and flags; clear errors."""

import os
import sys
from pathlib import Path

import pytest

from verusagent.verus import VerusInstall, VerusNotFound, VerusUnusable, find_verus
from verusagent.verus.install import _version_document, _version_from_text
from verusagent.verus.process import ProcessOutcome

from tests.verus.verus_support import SCENARIOS, STANDIN


@pytest.fixture
def no_verus(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No VERUS_PATH, and a PATH that holds python3 (the stand-in's interpreter) but no verus."""
    monkeypatch.delenv("VERUS_PATH", raising=False)
    python_only = tmp_path / "python-only-bin"
    python_only.mkdir()
    (python_only / "python3").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(python_only))


def link_as_verus(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "verus"
    link.symlink_to(STANDIN)
    return link


def test_explicit_path_wins(no_verus, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VERUS_PATH", str(tmp_path / "nowhere"))
    install = find_verus(str(STANDIN))
    assert (install.path, install.found_by) == (str(STANDIN), "--verus")
    assert install.version == "0.0.0-standin" and install.is_standin
    assert "STAND-IN" in install.describe()


def test_verus_path_file_or_folder(no_verus, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    link = link_as_verus(tmp_path / "verus-x86-linux")
    for configured in (link, link.parent):
        monkeypatch.setenv("VERUS_PATH", str(configured))
        assert find_verus().found_by == "VERUS_PATH"


def test_verus_on_path(no_verus, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    link = link_as_verus(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{link.parent}:{os.environ['PATH']}")
    assert find_verus().found_by == "PATH"


def test_not_found_names_everything_tried(no_verus) -> None:
    with pytest.raises(VerusNotFound) as error:
        find_verus()
    message = str(error.value)
    assert "--verus (not given)" in message and "$VERUS_PATH (not set)" in message and "on PATH" in message


def test_explicit_path_that_is_no_executable(no_verus, tmp_path: Path) -> None:
    with pytest.raises(VerusNotFound, match="--verus names .* is not an executable file"):
        find_verus(str(tmp_path / "missing"))


def test_bad_verus_path_is_an_error_not_a_fallback(no_verus, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VERUS_PATH", str(tmp_path / "missing"))
    with pytest.raises(VerusNotFound, match="VERUS_PATH names"):
        find_verus()


def test_incomplete_install_is_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(SCENARIOS / "install_incomplete.json"))
    with pytest.raises(VerusUnusable, match="exited with 128.*installation is incomplete"):
        find_verus(str(STANDIN))


def test_flags_come_from_help(use_scenario) -> None:
    assert use_scenario("verified").supports("--no-cheating")
    old = use_scenario("old_verus")
    assert not old.supports("--no-cheating") and old.supports("--rlimit")
    assert old.version == "0.2024.11.10.2a1b3c4"


def make_install(version: str, flags: list[str] | None) -> VerusInstall:
    return VerusInstall(
        path="/v",
        found_by="PATH",
        version=version,
        version_info={},
        supported_flags=flags,
        is_standin=False,
        fingerprint="f",
    )


def test_without_help_no_cheating_follows_the_version_date() -> None:
    assert make_install("0.2025.08.15.7d4628a", None).supports("--no-cheating")
    assert not make_install("0.2025.02.28.1234567", None).supports("--no-cheating")
    assert not make_install("unknown-build", None).supports("--no-cheating")


def test_version_document_and_text(verus_outputs_dir: Path) -> None:
    def body(name: str) -> str:
        text = (verus_outputs_dir / "synthesized" / name).read_text()
        return "\n".join(line for line in text.splitlines() if not line.startswith("# "))

    assert _version_document(body("syn06_version_json.json"))["verus"]["version"] == "0.2026.08.15.7d4628a"
    outcome = ProcessOutcome(0, body("syn07_version_text.txt"), "", 0.1, False, False)
    assert _version_from_text(outcome)["verus"]["version"] == "0.2026.08.15.7d4628a"
    assert _version_document("no json here") is None
