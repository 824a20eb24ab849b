#!/usr/bin/env python3
"""A fingerprint of the lens's full result for every .rs file of the shared corpus: to prove that a change to the
lens (a speed-up, say) leaves its output byte-identical.

    python tools/lens_fingerprint.py OUT.txt [--shared DIR] [--full DIR]

Each line of OUT is `sha256  path`; the hash is over a canonical JSON of everything the parse returns: the
SourceModel (every function, span, clause, attribute, loop, call, site, problem, machine, definition) and the
TokenStream (kinds, texts, offsets, comments, bracket pairs, unbalanced brackets, syntax errors, raw and normalized
identifiers), for the full parse, the outline parse and a parse with a module path. `--full DIR` also writes the
JSON per file, to diff when two fingerprints differ. Compare two runs with `diff`.
"""

import argparse
import dataclasses
import enum
import hashlib
import json
import sys
from pathlib import Path

from pydantic import BaseModel

from verusagent.lens import parse_with_tokens
from verusagent.lens.tokens import TokenStream

REPO = Path(__file__).resolve().parents[1]
_STREAM_SKIPPED = frozenset({"_tokens", "lines", "data"})  # derived from the other fields, or the input itself


def canonical(value: object) -> object:
    """A JSON-ready copy of any lens value: models and dataclasses field by field, sets sorted."""
    if isinstance(value, BaseModel):
        return {"@": type(value).__name__, **{k: canonical(v) for k, v in sorted(vars(value).items())}}
    if isinstance(value, TokenStream):
        return {k: canonical(v) for k, v in sorted(_fields(value).items()) if k not in _STREAM_SKIPPED}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"@": type(value).__name__, **{k: canonical(v) for k, v in _fields(value).items()}}
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.value}"
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(canonical(v) for v in value)
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, bytes):
        return hashlib.sha256(value).hexdigest()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _fields(value: object) -> dict[str, object]:
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}


def fingerprint(data: bytes) -> str:
    model, stream = parse_with_tokens(data)
    outline_model, outline_stream = parse_with_tokens(data, outline=True)
    in_module = parse_with_tokens(data, module="net::conn")[0]
    result = {
        "full": canonical(model),
        "stream": canonical(stream),
        "tokens": [canonical(t) for t in stream.tokens],
        "outline": canonical(outline_model),
        "outline_stream": canonical(outline_stream),
        "module": canonical(in_module),
    }
    return json.dumps(result, sort_keys=True, ensure_ascii=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--full", type=Path, help="also write each file's JSON under this folder")
    args = parser.parse_args()
    root = args.shared / "corpus"
    files = sorted(root.rglob("*.rs"))
    if not files:
        print(f"no .rs files under {root}", file=sys.stderr)
        return 2
    lines = []
    for path in files:
        text = fingerprint(path.read_bytes())
        relative = path.relative_to(root).as_posix()
        lines.append(f"{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()}  {relative}\n")
        if args.full:
            target = args.full / (relative + ".json")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", errors="surrogatepass")
    args.out.write_text("".join(lines))
    print(f"{len(files)} files fingerprinted into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
