"""Where the vstd source is: `--vstd DIR`, else beside the verus binary (a release has `vstd/` next to `verus`),
else the crates.io `vstd` in the cargo registry (`$CARGO_HOME/registry/src/*/vstd-*/`, the newest)."""

import json
import os
import re
import tomllib
from pathlib import Path

from verusagent.lemmas.model import VstdSource
from verusagent.verus.install import VerusNotFound, locate

_ROOT_FILES = ("vstd.rs", "src/lib.rs", "lib.rs")


class VstdNotFound(RuntimeError):
    """No vstd source where we looked; the message names every place tried."""


def find_vstd(explicit: Path | None = None, verus: str | None = None) -> VstdSource:
    if explicit is not None:
        source = _explicit(explicit)
        if source is None:
            raise VstdNotFound(
                f"--vstd {explicit}: no vstd source there (looked for vstd.rs, src/lib.rs, vstd/vstd.rs)"
            )
        return source
    tried: list[str] = []
    for finder in (_beside_verus, _in_cargo_registry):
        source = finder(verus, tried)
        if source is not None:
            return source
    raise VstdNotFound(
        "the vstd source was not found. Tried: "
        + "; ".join(tried)
        + ". Pass --vstd DIR (the vstd folder of a Verus release or checkout)."
    )


def _explicit(folder: Path) -> VstdSource | None:
    for candidate in (folder, folder / "vstd", folder / "source" / "vstd"):
        crate_root = _crate_root(candidate)
        if crate_root is not None:
            return _source(candidate, crate_root, "--vstd", _version(candidate, candidate.parent))
    return None


def _beside_verus(verus: str | None, tried: list[str]) -> VstdSource | None:
    try:
        binary, found_by = locate(verus)
    except VerusNotFound:
        tried.append("beside verus (verus not found: not on PATH, $VERUS_PATH unset)")
        return None
    folders = dict.fromkeys([Path(binary).parent, Path(binary).resolve().parent])
    for folder in folders:
        crate_root = _crate_root(folder / "vstd")
        if crate_root is not None:
            return _source(
                folder / "vstd", crate_root, f"beside verus at {binary} ({found_by})", _version(folder / "vstd", folder)
            )
    tried.append(f"beside verus ({' and '.join(str(f / 'vstd') for f in folders)}: no vstd source)")
    return None


def _in_cargo_registry(verus: str | None, tried: list[str]) -> VstdSource | None:
    home = Path(os.environ.get("CARGO_HOME") or Path.home() / ".cargo")
    pattern = home / "registry" / "src" / "*" / "vstd-*"
    crates = sorted(home.glob("registry/src/*/vstd-*"), key=_version_key)
    for crate in reversed(crates):
        crate_root = _crate_root(crate)
        if crate_root is not None:
            return _source(crate, crate_root, f"in the cargo registry ({crate.parent})", _version(crate, None))
    tried.append(f"the cargo registry ({pattern}: {'no vstd crate' if not crates else 'no crate root'})")
    return None


def _crate_root(folder: Path) -> Path | None:
    manifest = folder / "Cargo.toml"
    declared = _manifest(manifest).get("lib", {}).get("path") if manifest.is_file() else None
    for name in ([declared] if declared else []) + list(_ROOT_FILES):
        if (folder / name).is_file():
            return folder / name
    return None


def _source(folder: Path, crate_root: Path, found_by: str, version: str) -> VstdSource:
    return VstdSource(
        root=str(crate_root.parent.resolve()), crate_root=str(crate_root.resolve()), found_by=found_by, version=version
    )


def _version(folder: Path, release: Path | None) -> str:
    """The verus release's version (version.json / version.txt beside verus), else vstd's Cargo.toml version."""
    if release is not None:
        for reader in (_version_json, _version_txt):
            version = reader(release)
            if version:
                return version
    manifest = folder / "Cargo.toml"
    version = _manifest(manifest).get("package", {}).get("version") if manifest.is_file() else None
    return str(version) if version else "unknown"


def _version_json(folder: Path) -> str | None:
    try:
        data = json.loads((folder / "version.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    nested = data.get("verus")
    version = nested.get("version") if isinstance(nested, dict) else data.get("version")
    return str(version) if version else None


def _version_txt(folder: Path) -> str | None:
    try:
        text = (folder / "version.txt").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return text.splitlines()[0].strip() if text else None


def _manifest(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # tomllib.TOMLDecodeError is a ValueError
        return {}


def _version_key(crate: Path) -> list[int | str]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", crate.name)]
