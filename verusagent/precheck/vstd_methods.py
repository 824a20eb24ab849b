"""The methods vstd's collection types have, read from the vstd source with the lens: for `Seq`, `Set`, `Map` and
`Multiset`, the methods of every impl of the type (and of the types behind it: `SeqInner`), and the methods that
any type may have (every trait's, every blanket impl's, Rust's traits'). Cached by content hash, as the names are.
"""

import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from verusagent.lemmas.build import content_hash, source_files
from verusagent.lemmas.model import VstdSource
from verusagent.lens import parse
from verusagent.paths import cache_dir

METHODS_FORMAT = 1
TYPES = ("Seq", "Set", "Map", "Multiset")
# Methods of Rust's traits a type may implement (or that every type has through blanket impls).
RUST_TRAIT_METHODS = frozenset(
    {
        "clone", "clone_from", "into", "try_into", "from", "try_from", "to_owned", "borrow", "borrow_mut",
        "type_id", "eq", "ne", "cmp", "partial_cmp", "lt", "le", "gt", "ge", "max", "min", "clamp", "hash",
        "fmt", "to_string", "as_ref", "as_mut", "default", "deref", "deref_mut", "drop", "index", "index_mut",
        "add", "sub", "mul", "div", "rem", "neg", "not", "iter", "into_iter", "next", "view", "deep_view",
    }
)  # fmt: skip


class VstdMethods(BaseModel):
    by_type: dict[str, frozenset[str]]
    any_type: frozenset[str]

    def has(self, type_name: str, method: str) -> bool:
        return method in self.any_type or method in self.by_type.get(type_name, frozenset())


def vstd_methods(source: VstdSource) -> VstdMethods:
    return _methods(source.root, source.crate_root)


@lru_cache(maxsize=4)
def _methods(root: str, crate_root: str) -> VstdMethods:
    files = source_files(VstdSource(root=root, crate_root=crate_root, found_by="", version=""))
    digest = content_hash(Path(root), files)
    path = cache_dir() / "precheck" / f"vstd-methods-{digest[:16]}-f{METHODS_FORMAT}.json"
    cached = _read(path, digest)
    if cached is not None:
        return cached
    methods = _collect(files)
    _write(path, digest, methods)
    return methods


def _collect(files: list[Path]) -> VstdMethods:
    by_type: dict[str, set[str]] = {name: set() for name in TYPES}
    any_type = set(RUST_TRAIT_METHODS)
    for file in files:
        for function in parse(file.read_bytes()).functions:
            owner = _self_type(function.container or "")
            if owner is None:
                continue
            if owner in ("", "_"):
                any_type.add(function.name)
            for name in TYPES:
                if owner.startswith(name):  # `SeqInner` stands behind `Seq`
                    by_type[name].add(function.name)
    return VstdMethods(by_type={k: frozenset(v) for k, v in by_type.items()}, any_type=frozenset(any_type))


def _self_type(container: str) -> str | None:
    """`impl Seq` -> Seq; `impl Trait for Seq` -> Seq; `impl Trait for _` and `trait T` -> "" (any type)."""
    if container.startswith("trait "):
        return ""
    if not container.startswith("impl "):
        return None
    words = container.split()
    return words[words.index("for") + 1] if "for" in words else words[1] if len(words) > 1 else ""


def _read(path: Path, digest: str) -> VstdMethods | None:
    try:
        stored = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        print(f"warning: vstd method cache {path} unreadable ({error}); rebuilding it", file=sys.stderr)
        return None
    if not isinstance(stored, dict) or stored.get("digest") != digest:
        return None
    try:
        return VstdMethods.model_validate(stored["methods"])
    except (KeyError, ValueError):
        return None


def _write(path: Path, digest: str, methods: VstdMethods) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, prefix=".methods-", delete=False) as handle:
            json.dump({"digest": digest, "methods": methods.model_dump(mode="json")}, handle)
        os.replace(handle.name, path)
    except OSError as error:
        print(f"warning: vstd methods not cached ({path}: {error.strerror or error})", file=sys.stderr)
