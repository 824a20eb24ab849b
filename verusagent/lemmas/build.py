"""Build the lemma index of a vstd source folder with the lens: every file's lemmas, module paths and
broadcast groups. Also the lemmas of a single user file.

Tokenizing ~54k lines is most of the cost, so files are parsed in worker processes when there are cores for it.
"""

import hashlib
import multiprocessing
import os
import re
import threading
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from verusagent.lemmas.extract import lemmas_of
from verusagent.lemmas.groups import BroadcastGroup, assign_groups, groups_of
from verusagent.lemmas.model import Lemma, LemmaIndex, VstdSource
from verusagent.lens import MAX_BYTES, parse, parse_with_tokens
from verusagent.lens.parse import parse_file

INDEX_FORMAT = 1  # bump when the index's content or meaning changes: old cache files are then ignored
CRATE = "vstd"
MAX_JOBS = 4
_HAS_LEMMAS = re.compile(rb"\b(?:proof|axiom)\s+fn\b|\bbroadcast\s+group\b")


@dataclass
class _Part:
    lemmas: list[Lemma] = field(default_factory=list)
    groups: list[BroadcastGroup] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def source_files(source: VstdSource) -> list[Path]:
    root = Path(source.root)
    return sorted(p for p in root.rglob("*.rs") if p.is_file() and p.relative_to(root).as_posix() != "build.rs")


def content_hash(root: Path, files: list[Path]) -> str:
    digest = hashlib.sha256(f"format {INDEX_FORMAT}\n".encode())
    for path in files:
        data = path.read_bytes()
        digest.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def module_path(root: Path, crate_root: Path, path: Path) -> str:
    """`seq_lib.rs` -> `vstd::seq_lib`, `arithmetic/mod.rs` -> `vstd::arithmetic`, the crate root -> `vstd`."""
    if path == crate_root:
        return CRATE
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "mod":
        parts.pop()
    return "::".join([CRATE, *parts])


def build_index(source: VstdSource, *, jobs: int | None = None, digest: str | None = None) -> LemmaIndex:
    root = Path(source.root)
    files = source_files(source)
    digest = digest or content_hash(root, files)
    part = _parse_all(root, Path(source.crate_root), files, _jobs(jobs, files))
    part.lemmas.sort(key=lambda lemma: (lemma.file, lemma.line))  # the same order however the files were shared
    assign_groups(part.lemmas, part.groups)
    return LemmaIndex(
        format=INDEX_FORMAT, source=source, content_hash=digest, lemmas=part.lemmas, problems=part.problems
    )


def _jobs(requested: int | None, files: list[Path]) -> int:
    """Worker processes only where fork is safe: a spawned worker re-imports the lens, which costs what it saves."""
    if requested is not None:
        return max(1, requested)
    if not _fork_is_safe():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, MAX_JOBS, len(files) // 16))


def _fork_is_safe() -> bool:
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def _parse_all(root: Path, crate_root: Path, files: list[Path], jobs: int) -> _Part:
    if jobs == 1:
        return _parse_files(root, crate_root, files)
    chunks = _balanced(files, jobs)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_start_method()) as pool:
        parts = list(pool.map(_parse_files, [root] * jobs, [crate_root] * jobs, chunks))
    merged = _Part()
    for part in parts:
        merged.lemmas += part.lemmas
        merged.groups += part.groups
        merged.problems += part.problems
    return merged


def _start_method() -> multiprocessing.context.BaseContext:
    # fork is instant (the lens is already imported) but unsafe once other threads run; then spawn
    return multiprocessing.get_context("fork" if _fork_is_safe() else "spawn")


def _balanced(files: list[Path], jobs: int) -> list[list[Path]]:
    """Files split into `jobs` lists of about equal bytes, each kept in path order."""
    loads = [0] * jobs
    chunks: list[list[Path]] = [[] for _ in range(jobs)]
    for path in sorted(files, key=lambda p: -p.stat().st_size):
        lightest = loads.index(min(loads))
        chunks[lightest].append(path)
        loads[lightest] += path.stat().st_size
    return [sorted(chunk) for chunk in chunks]


def _parse_files(root: Path, crate_root: Path, files: list[Path]) -> _Part:
    part = _Part()
    for path in files:
        relative = path.relative_to(root).as_posix()
        data = path.read_bytes()
        if len(data) > MAX_BYTES or b"\x00" in data[:65536]:
            part.problems.append(f"{relative}: not read (binary, or larger than {MAX_BYTES} bytes)")
            continue
        if not _HAS_LEMMAS.search(data):
            continue
        module = module_path(root, crate_root, path)
        model, stream = parse_with_tokens(data, outline=True)
        part.lemmas += lemmas_of(model, module=module, file=relative, origin="vstd", public_only=True)
        part.groups += groups_of(stream, module)
    return part


def file_lemmas(path: Path) -> list[Lemma]:
    """The lemmas of the user's file (all of them, private ones too), with its broadcast groups.
    Raises `UnreadableSource` when nothing of the file can be read."""
    return model_lemmas(parse_file(path), str(path))


def source_lemmas(data: bytes | str, file: str) -> list[Lemma]:
    """The same for source text held in memory (e.g. the current candidate), named `file` in the results."""
    return model_lemmas(parse(data), file)


def model_lemmas(model, file: str) -> list[Lemma]:
    """The lemmas of a file already parsed by the lens (a `SourceModel`), named `file` in the results."""
    lemmas = lemmas_of(model, module="", file=file, origin="file", public_only=False)
    if re.search(rb"\bbroadcast\s+group\b", model.data):  # groups need the token stream: a second, outline parse
        assign_groups(lemmas, groups_of(parse_with_tokens(model.data, outline=True)[1], ""))
    return lemmas
