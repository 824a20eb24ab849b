"""Every name vstd's source mentions, and the names of `verus_builtin` (which vstd's prelude re-exports whole)
and of Rust's prelude: what a bare call may resolve to without the file naming it.

The vstd names are every identifier of every vstd `.rs` file (a superset of what vstd exports: a name that is
only a local there counts too, which can only make the unknown-function rule report less). They are cached by
content hash under the verusagent cache folder, as the lemma index is; a cache that cannot be read is rebuilt.
"""

import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from verusagent.lemmas.build import content_hash, source_files
from verusagent.lemmas.model import VstdSource
from verusagent.lens.lexer import lex
from verusagent.paths import cache_dir

NAMES_FORMAT = 1

# verus_builtin's public functions (source/builtin/src/lib.rs), and its types callable as constructors.
BUILTIN_NAMES = frozenset(
    {
        "admit",
        "no_method_body",
        "requires",
        "ensures",
        "returns",
        "recommends",
        "invariant_except_break",
        "invariant",
        "decreases",
        "decreases_when",
        "decreases_by",
        "recommends_by",
        "extra_dependency",
        "opens_invariants_none",
        "opens_invariants_any",
        "opens_invariants",
        "opens_invariants_except",
        "opens_invariants_set",
        "no_unwind",
        "no_unwind_when",
        "reveal_hide_",
        "reveal_hide_internal_path_",
        "default_ensures",
        "imply",
        "forall",
        "exists",
        "choose",
        "choose_tuple",
        "with_triggers",
        "constrain_type",
        "equal",
        "ext_equal",
        "ext_equal_deep",
        "old",
        "final",
        "is_variant",
        "get_variant_field",
        "get_union_field",
        "assume_",
        "assert_",
        "assert_by",
        "assert_by_compute",
        "assert_by_compute_only",
        "assert_nonlinear_by",
        "assert_bitvector_by",
        "assert_forall_by",
        "assert_bit_vector",
        "use_type_invariant",
        "ghost_exec",
        "tracked_exec",
        "tracked_exec_borrow",
        "spec_literal_integer",
        "spec_literal_int",
        "spec_literal_nat",
        "spec_literal_decimal",
        "add",
        "sub",
        "mul",
        "spec_cast_integer",
        "spec_cast_real",
        "spec_cast_float",
        "spec_eq",
        "spec_chained_value",
        "spec_chained_le",
        "spec_chained_lt",
        "spec_chained_ge",
        "spec_chained_gt",
        "spec_chained_cmp",
        "spec_chained_eq",
        "f32_to_bits",
        "f64_to_bits",
        "strslice_is_ascii",
        "strslice_len",
        "strslice_get_char",
        "reveal_strlit",
        "closure_to_fn_spec",
        "call_requires",
        "call_ensures",
        "infer_spec_for_loop_iter",
        "Ghost",
        "Tracked",
        "int",
        "nat",
        "real",
    }
)
# Rust's prelude (2021 and 2024 editions): functions, tuple variants and types a bare call may name.
PRELUDE_NAMES = frozenset(
    {
        "drop",
        "Some",
        "None",
        "Ok",
        "Err",
        "Box",
        "Vec",
        "String",
        "Option",
        "Result",
        "size_of",
        "size_of_val",
        "align_of",
        "align_of_val",
        "Default",
        "Clone",
        "From",
        "Into",
        "ToString",
        "ToOwned",
        "Iterator",
    }
)


def vstd_names(source: VstdSource) -> frozenset[str]:
    """The names of this vstd source, from the cache when its content hash matches (once per process)."""
    return _names(source.root, source.crate_root)


@lru_cache(maxsize=4)
def _names(root: str, crate_root: str) -> frozenset[str]:
    files = source_files(VstdSource(root=root, crate_root=crate_root, found_by="", version=""))
    digest = content_hash(Path(root), files)
    path = cache_dir() / "precheck" / f"vstd-names-{digest[:16]}-f{NAMES_FORMAT}.json"
    cached = _read(path, digest)
    if cached is not None:
        return cached
    names = frozenset(name for f in files for name in _identifiers(f.read_bytes()))
    _write(path, digest, names)
    return names


def known_elsewhere() -> frozenset[str]:
    return BUILTIN_NAMES | PRELUDE_NAMES


def _identifiers(data: bytes) -> set[str]:
    lexed = lex(data)
    return {text.removeprefix("r#") for kind, text in zip(lexed.kinds, lexed.texts) if kind == "ident"}


def _read(path: Path, digest: str) -> frozenset[str] | None:
    try:
        stored = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        print(f"warning: vstd name cache {path} unreadable ({error}); rebuilding it", file=sys.stderr)
        return None
    if not isinstance(stored, dict) or stored.get("digest") != digest or not isinstance(stored.get("names"), list):
        return None
    return frozenset(str(n) for n in stored["names"])


def _write(path: Path, digest: str, names: frozenset[str]) -> None:
    """Written whole or not at all; a cache that cannot be written is only a warning."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=path.parent, prefix=".names-", delete=False, encoding="utf-8"
        ) as handle:
            json.dump({"digest": digest, "names": sorted(names)}, handle)
        os.replace(handle.name, path)
    except OSError as error:
        print(f"warning: vstd names not cached ({path}: {error.strerror or error})", file=sys.stderr)
