"""Finds the verus binary, reads its version once and learns which flags it supports."""

import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from verusagent.verus.process import ProcessOutcome, run_in_group

PROBE_TIMEOUT_S = 120.0  # the launcher may go through rustup on its first call
_VERSION_TEXT = re.compile(r"Version:\s*(\S+)")
_VERSION_DATE = re.compile(r"^0\.(\d{4})\.(\d{2})\.(\d{2})")
_FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
NO_CHEATING_SINCE = (2025, 3, 1)  # --no-cheating was added in March 2025


VERUS_INSTALL_PAGE = "https://github.com/verus-lang/verus/blob/main/INSTALL.md"


class VerusNotFound(RuntimeError):
    """No verus binary where we looked; the message names every place tried."""


class VerusUnusable(RuntimeError):
    """A verus binary was found but does not work (e.g. `--version` fails)."""


class VerusInstall(BaseModel):
    path: str
    found_by: str  # "--verus", "VERUS_PATH" or "PATH"
    version: str
    version_info: dict[str, Any]
    supported_flags: list[str] | None  # from `--help`; None when it listed none
    is_standin: bool  # the verus stand-in for tests, not verus: its answers are not verus's
    fingerprint: str  # sha256 of the version output: part of every cache key

    def supports(self, flag: str) -> bool:
        if self.supported_flags is not None:
            return flag in self.supported_flags
        if flag == "--no-cheating":
            date = _VERSION_DATE.match(self.version)
            return date is not None and tuple(int(g) for g in date.groups()) >= NO_CHEATING_SINCE
        return False

    def describe(self) -> str:
        standin = " (the verus STAND-IN for tests, not verus)" if self.is_standin else ""
        return f"verus {self.version} at {self.path}{standin}"


def find_verus(explicit: str | None = None) -> VerusInstall:
    """`--verus PATH` if given, else $VERUS_PATH, else `verus` on PATH; then probe it."""
    path, found_by = locate(explicit)
    return probe(path, found_by)


def locate(explicit: str | None) -> tuple[str, str]:
    if explicit:
        return _required(explicit, "--verus"), "--verus"
    configured = os.environ.get("VERUS_PATH")
    if configured:
        return _required(configured, "VERUS_PATH"), "VERUS_PATH"
    on_path = shutil.which("verus")
    if on_path:
        return on_path, "PATH"
    raise VerusNotFound(
        "verus was not found. Tried: --verus (not given); $VERUS_PATH (not set); `verus` on PATH "
        f"(not in {os.environ.get('PATH', '')}). Install Verus ({VERUS_INSTALL_PAGE}), then pass --verus PATH "
        "or set VERUS_PATH."
    )


def _required(given: str, source: str) -> str:
    candidate = Path(given).expanduser()
    if candidate.is_dir():
        candidate = candidate / "verus"
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate.resolve())
    raise VerusNotFound(f"{source} names {given}, but {candidate} is not an executable file")


def probe(path: str, found_by: str) -> VerusInstall:
    as_json = _call(path, "--version", "--output-json")
    info = _version_document(as_json.stdout)
    version_output = as_json.stdout
    if info is None:
        as_text = _call(path, "--version")
        info, version_output = _version_from_text(as_text), as_text.stdout
        if info is None:
            raise VerusUnusable(_probe_failure(path, as_json, as_text))
    version = str(info["verus"]["version"])
    return VerusInstall(
        path=path,
        found_by=found_by,
        version=version,
        version_info=info,
        supported_flags=_flags_from_help(_call(path, "--help")),
        is_standin=_is_standin(info, version_output),
        fingerprint=hashlib.sha256(version_output.encode()).hexdigest(),
    )


def _call(path: str, *args: str) -> ProcessOutcome:
    with tempfile.TemporaryDirectory(prefix="verusagent-probe-") as scratch:
        return run_in_group([path, *args], cwd=scratch, timeout_s=PROBE_TIMEOUT_S)


def _version_document(stdout: str) -> dict[str, Any] | None:
    start = stdout.find("{")
    if start < 0:
        return None
    try:
        document, _ = json.JSONDecoder().raw_decode(stdout[start:])
    except json.JSONDecodeError:
        return None
    verus = document.get("verus") if isinstance(document, dict) else None
    return document if isinstance(verus, dict) and verus.get("version") else None


def _version_from_text(outcome: ProcessOutcome) -> dict[str, Any] | None:
    match = _VERSION_TEXT.search(outcome.stdout)
    if outcome.exit_code != 0 or match is None:
        return None
    return {"verus": {"version": match.group(1)}, "text": outcome.stdout}


def _probe_failure(path: str, as_json: ProcessOutcome, as_text: ProcessOutcome) -> str:
    detail = (as_text.stderr or as_text.stdout or as_json.stderr).strip()[-500:]
    if as_text.timed_out:
        return f"{path} --version did not finish within {PROBE_TIMEOUT_S:.0f} s"
    return f"{path} does not work: `--version` exited with {as_text.exit_code} and printed no version: {detail}"


def _flags_from_help(outcome: ProcessOutcome) -> list[str] | None:
    flags = sorted(set(_FLAG.findall(outcome.stdout + outcome.stderr)))
    return flags if outcome.exit_code == 0 and flags else None


def _is_standin(info: dict[str, Any], version_output: str) -> bool:
    marked = info.get("standin") is True or info["verus"].get("standin") is True
    return marked or "stand-in" in version_output.lower() or "standin" in str(info["verus"]["version"])
