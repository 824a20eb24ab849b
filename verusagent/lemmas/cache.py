"""The built vstd index, cached by vstd version and content hash under the verusagent cache folder
(`$VERUSAGENT_CACHE_DIR/lemmas/` or the user cache folder). A cache file that cannot be read is rebuilt."""

import os
import re
import sys
import tempfile
from pathlib import Path

from pydantic import ValidationError

from verusagent.lemmas.build import INDEX_FORMAT, build_index, content_hash, source_files
from verusagent.lemmas.model import LemmaIndex, VstdSource
from verusagent.paths import cache_dir


def cache_path(source: VstdSource, digest: str) -> Path:
    version = re.sub(r"[^A-Za-z0-9._-]+", "_", source.version)
    return cache_dir() / "lemmas" / f"vstd-{version}-{digest[:16]}-f{INDEX_FORMAT}.json"


def load_index(source: VstdSource, *, use_cache: bool = True, jobs: int | None = None) -> tuple[LemmaIndex, bool]:
    """The index of this vstd source and whether it came from the cache (built and saved otherwise)."""
    digest = content_hash(Path(source.root), source_files(source))
    path = cache_path(source, digest)
    if use_cache:
        cached = _read(path, digest)
        if cached is not None:
            return cached.model_copy(update={"source": source}), True
    index = build_index(source, jobs=jobs, digest=digest)
    if use_cache:
        _write(path, index)
    return index, False


def _read(path: Path, digest: str) -> LemmaIndex | None:
    try:
        index = LemmaIndex.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValidationError, ValueError) as error:
        print(f"warning: lemma index cache {path} unreadable ({_first_line(error)}); rebuilding it", file=sys.stderr)
        return None
    return index if index.content_hash == digest and index.format == INDEX_FORMAT else None


def _write(path: Path, index: LemmaIndex) -> None:
    """Written whole or not at all (a temporary file renamed); a cache that cannot be written is only a warning."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".lemmas-", delete=False) as handle:
            handle.write(index.model_dump_json().encode("utf-8"))
        os.replace(handle.name, path)
    except OSError as error:
        print(f"warning: lemma index not cached ({path}: {error.strerror or error})", file=sys.stderr)


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__
