"""A crate made mechanically from one single-file task, for tests: the items of its `verus!` blocks split, in
order, into modules of about equal size (`src/a.rs`, `src/b.rs`, ...), each opening every module with
`use crate::x::*;` so that every name still resolves; the root (`src/lib.rs`) declares them and keeps what lay
outside the blocks. Written to a temporary folder, never into the repository."""

from pathlib import Path

from verusagent.context.outline import build_outline
from verusagent.lens import parse

MANIFEST = '[package]\nname = "split"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "*"\n'


def split_into_modules(text: str, folder: Path, parts: int = 3) -> dict[str, str]:
    """Writes the crate to `folder`; returns the module files' texts by path (relative to the folder)."""
    lines = text.split("\n")
    items = [
        child for block in build_outline(parse(text)).children if block.kind == "verus" for child in block.children
    ]
    groups = _groups(items, parts)
    names = [chr(ord("a") + n) for n in range(len(groups))]
    header = "use vstd::prelude::*;\n" + "".join(f"#[allow(unused_imports)]\nuse crate::{n}::*;\n" for n in names)
    files = {}
    for name, group in zip(names, groups, strict=True):
        body = "\n".join(lines[group[0].first_line - 1 : group[-1].last_line])
        files[f"src/{name}.rs"] = f"{header}\nverus! {{\n\n{body}\n\n}} // verus!\n"
    blocks = _blocks(text)
    outside = [line for n, line in enumerate(lines, 1) if not any(_inside(block, n) for block in blocks)]
    root = "".join(f"pub mod {n};\n" for n in names) + "\n".join(outside)
    (folder / "src").mkdir(parents=True, exist_ok=True)
    (folder / "Cargo.toml").write_text(MANIFEST)
    (folder / "src" / "lib.rs").write_text(root)
    for path, content in files.items():
        (folder / path).write_text(content)
    return files


def _groups(items: list, parts: int) -> list[list]:
    sizes = [item.last_line - item.first_line + 1 for item in items]
    share, groups, current, filled = sum(sizes) / parts, [], [], 0
    for item, size in zip(items, sizes, strict=True):
        current.append(item)
        filled += size
        if filled >= share * (len(groups) + 1) and len(groups) < parts - 1:
            groups.append(current)
            current = []
    return [*groups, current] if current else groups


def _blocks(text: str) -> list:
    return [b for b in build_outline(parse(text)).children if b.kind == "verus"]


def _inside(block, line: int) -> bool:
    return block.first_line <= line <= block.last_line
